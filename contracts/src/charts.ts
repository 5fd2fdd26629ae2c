/**
 * The charts' rules and the product's colours as the pages draw them, for what is drawn outside the
 * stylesheets: the charts (chart.js on the pages) and the decks (issue 31). The stylesheets hold the same values as CSS custom
 * properties; `frontend/app/utils/sign-colors.spec.ts` holds the two to one palette.
 */

import type { ChartSeries } from './sale-volume';

/** A growth series (同比, 环比 …): drawn as a line on the percent axis, its points coloured by sign. */
export function isGrowthSeries(series: Pick<ChartSeries, 'name'>): boolean {
  return /同比|环比|增速|增长/.test(series.name);
}

/** Whether a series is drawn on the right (percent) axis: as the answer says, else when it is a growth. */
export function onRightAxis(series: Pick<ChartSeries, 'name' | 'yAxis'>): boolean {
  return series.yAxis === 1 || (series.yAxis === undefined && isGrowthSeries(series));
}

/** What a sign colour says: a growth (同比, 环比) or a price's move on the month before. */
export type SignKind = 'growth' | 'price';

/**
 * The charts' sign colours (decision 176): growth up green, down red (the display rule of spec 000 §4);
 * prices up teal, down pink (spec 001 §9). The same shades as the text colours of the stylesheets
 * (`--up`, `--down` in app.css, `--chart-up`, `--chart-down` in kit.css: the palette of decision 181, at
 * least 4.5:1 on white).
 */
export const SIGN_COLORS: Readonly<Record<SignKind, { up: string; down: string }>> = {
  growth: { up: '#1b7a3d', down: '#c41d1d' },
  price: { up: '#08797a', down: '#c41d7f' },
};

/** The series colours of the charts, in order: the first is the brand blue. */
export const CHART_PALETTE: readonly string[] = ['#1a5fd0', '#f59f00', '#7048e8', '#37b24d', '#e8590c', '#0c8599', '#c2255c', '#5c940d', '#364fc7', '#862e9c'];

/** The house colours of app.css (`--brand`, `--brand-dark`, `--brand-soft`, `--text`, `--text-3`, `--line`, `--page-bg`). */
export const HOUSE_COLORS = {
  brand: '#1a5fd0',
  brandDark: '#0d3b8c',
  brandSoft: '#e8f0fe',
  text: '#1f2d3d',
  text3: '#5f6b7d',
  line: '#e3e8ef',
  pageBg: '#f2f4f7',
} as const;
