/**
 * The charts' rules and the product's colours as the pages draw them, for what is drawn outside the
 * stylesheets: the charts (chart.js on the pages) and the decks (issue 31). The stylesheets hold the house colours
 * as CSS custom properties; `frontend/app/utils/sign-colors.spec.ts` holds the two to one palette. The colour of a
 * change is display.ts's CHANGE_COLORS.
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

/**
 * What a chart's sign colours describe, for its legend's words: a growth (同比, 环比) or a price's move on the
 * month before. The colours are one pair for both, CHANGE_COLORS of display.ts (decision 269).
 */
export type SignKind = 'growth' | 'price';

/** The series colours of the charts, in order: the first is the brand blue. */
export const CHART_PALETTE: readonly string[] = [
  '#1a5fd0',
  '#f59f00',
  '#7048e8',
  '#37b24d',
  '#e8590c',
  '#0c8599',
  '#c2255c',
  '#5c940d',
  '#364fc7',
  '#862e9c',
  '#495057',
];

/**
 * The trace chart's lines (issue 45 §2, decision 275): each in the palette colour of its place in the pick (the
 * subject first, then the compared series and trims in the URL's order), so a car keeps its colour across measures
 * and reloads; the subject's line solid and thicker, the rivals' thinner. Eleven colours: the subject and 5 + 5 rivals.
 */
export function traceLineColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length];
}

/** A trace line as drawn: its colour, its width and its points' radius (pixels on the page, points in the deck). */
export interface TraceLineStyle {
  color: string;
  width: number;
  pointRadius: number;
}

/** The subject's (本品) line and a rival's: the subject's thicker, with larger points. */
export const TRACE_LINES = { own: { width: 3.5, pointRadius: 4 }, rival: { width: 1.5, pointRadius: 2.5 } } as const;

/**
 * How the trace chart draws the line of the car at `index` of the pick (0 the subject): the page's and the deck's
 * one rule (decisions 275, 287).
 */
export function traceLineStyle(index: number): TraceLineStyle {
  return { color: traceLineColor(index), ...(index === 0 ? TRACE_LINES.own : TRACE_LINES.rival) };
}

/** How many points of a price × figure chart carry their trim's name on the chart; the rest name themselves on hover (issue 45 §2). */
export const LABELLED_POINTS = 6;

/**
 * The points a price × figure chart names on it, on the page and in the deck (decision 287): the largest by sales (a
 * tie by name, then by the order given), each name once (a trim drawn in two years is named at its larger point), at
 * most LABELLED_POINTS, the largest first.
 */
export function labelledPoints<Point extends { name: string; sales: number }>(points: readonly Point[]): Point[] {
  const byName = (a: Point, b: Point) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const named = new Set<string>();
  const chosen: Point[] = [];
  for (const point of [...points].sort((a, b) => b.sales - a.sales || byName(a, b))) {
    if (chosen.length === LABELLED_POINTS) break;
    if (named.has(point.name)) continue;
    named.add(point.name);
    chosen.push(point);
  }
  return chosen;
}

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
