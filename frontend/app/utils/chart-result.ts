/**
 * The chart answer of the sales calls (highCharts, list2chart): `xAxis[0].categories` and `series[]`
 * with name, type (column, line or spline), data and its y axis. Turned here into chart.js datasets;
 * growth series and the columns they describe, and price points, are teal when up and pink when down, each
 * chart saying so in its legend (CHANGE_COLORS of the contracts' display.ts, decisions 176 and 269). Lines are
 * straight, a spline monotone, so no line overshoots its points (decision 270).
 */
import type { ChartConfiguration } from 'chart.js';
import {
  CHANGE_COLORS,
  CHART_PALETTE,
  type ChartResult,
  growthText,
  intText,
  isGrowthSeries,
  isGrowthShown,
  onRightAxis,
  type SignKind,
  thousands,
} from '@car/contracts';
import { z } from 'zod';

import { chartAnimation } from './motion';
import { urlState } from './url-state';

export { type SignKind };

/** The legend that explains a chart's sign colours, where the chart uses them: one pair, its words by what it colours. */
export function signLegend(kind: SignKind): { lead: string; items: Array<{ color: string; text: string }> } {
  const { up, down } = CHANGE_COLORS;
  return kind === 'growth'
    ? {
        lead: '颜色表示增速：',
        items: [
          { color: up, text: '青色 增长（同比、环比为正）' },
          { color: down, text: '粉色 下降（为负）' },
        ],
      }
    : {
        lead: '点的颜色表示较上月：',
        items: [
          { color: up, text: '青色 上涨' },
          { color: down, text: '粉色 下降' },
        ],
      };
}

/** The sign legend as one line of text, for the exported image. */
export function signLegendText(kind: SignKind): string {
  const { lead, items } = signLegend(kind);
  return `${lead}${items.map((i) => i.text).join('，')}`;
}

/**
 * The trend chart's page-only key: the same periods a year earlier (显示去年同期) are drawn unless `lastYear=0`
 * (on by default, decision 270).
 */
export const TREND_PAGE_KEYS = z.object({ lastYear: intText() });

export function lastYearShown(search: string): boolean {
  return urlState(TREND_PAGE_KEYS, new URLSearchParams(search)).value('lastYear', { fallback: 1 }) !== 0;
}

/** How a line runs between its points: straight, or for a 'spline' of the answer monotone, never past a point (decision 270). */
export function lineShape(type: string): { tension: number; cubicInterpolationMode: 'monotone' | 'default' } {
  return type === 'spline' ? { tension: 0.35, cubicInterpolationMode: 'monotone' } : { tension: 0, cubicInterpolationMode: 'default' };
}

/** The colour of the year-ago columns (显示去年同期). */
export const LAST_YEAR_COLOR = '#b8c2cc';
const PALETTE = CHART_PALETTE;

export { isGrowthSeries };

/** A point's or a column's colour by the sign of its change (a growth, or a price on the month before); `neutral` for none. */
export function signColor(value: number | null | undefined, neutral: string): string {
  if (typeof value !== 'number' || value === 0) return neutral;
  return value > 0 ? CHANGE_COLORS.up : CHANGE_COLORS.down;
}

/** The unit an axis title names in its brackets: '销量（辆）' → '辆', 'MIX(%)' → '%'; a bare '月均销量' counts 辆; none → ''. */
export function unitOf(axisTitle: string | undefined): string {
  const title = axisTitle ?? '';
  return /[（(]([^）)]+)[）)]\s*$/.exec(title)?.[1] ?? (/销量$/.test(title) ? '辆' : '');
}

/** A figure with its unit: '1,234辆', '150,000元', '12.3%'; unknown '-'. */
export function valueText(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return unit === '%' ? `${value.toFixed(1)}%` : `${thousands(value)}${unit}`;
}

/**
 * A tooltip line of every chart: the series, its value with the unit and, where the chart knows it,
 * the growth: '销量：1,234辆（同比 5.2%）', '成交价：150,000元（环比 -1.2%）'. A growth the dash rule hides is left out.
 */
export function tooltipText(
  label: string,
  value: number | null | undefined,
  unit: string,
  growth?: { label: string; percent: number | null | undefined },
): string {
  const text = `${label}：${valueText(value, unit)}`;
  return growth && isGrowthShown(growth.percent) ? `${text}（${growth.label} ${growthText(growth.percent)}）` : text;
}

/** The change on the point before, as a one-decimal percent (a price's 环比), or null. */
export function changeOnBefore(data: ReadonlyArray<number | null>, index: number): number | null {
  const now = data[index];
  const before = index > 0 ? data[index - 1] : null;
  if (now === null || now === undefined || before === null || before === undefined || before === 0) return null;
  return Math.round((now / before - 1) * 1000) / 10;
}

/** What a chart canvas's accessible name says: its title, then each series' latest figure ('销量走势，2026-10：销量 1,234辆，同比 5.2%'). */
export function chartSummary(
  title: string,
  labels: readonly string[],
  datasets: ReadonlyArray<{ label?: string; data: ReadonlyArray<unknown>; values?: ReadonlyArray<unknown>; unit?: string; hidden?: boolean }>,
): string {
  const at = labels.length - 1;
  if (at < 0) return title;
  const figures = datasets
    .filter((d) => !d.hidden)
    .map((d) => {
      // `values`: the real figures where the drawn ones differ (the price chart's broken rate axis).
      const value = (d.values ?? d.data)[at];
      return typeof value === 'number' ? `${d.label ?? ''} ${valueText(value, d.unit ?? '')}` : null;
    })
    .filter((t): t is string => t !== null);
  return figures.length ? `${title}，${labels[at]}：${figures.join('，')}` : title;
}

export interface DatasetSpec {
  type: 'bar' | 'line';
  label: string;
  data: Array<number | null>;
  yAxisID: 'y' | 'y1';
  backgroundColor: string | string[];
  borderColor: string | string[];
  pointBackgroundColor?: string[];
  tension?: number;
  cubicInterpolationMode?: 'monotone' | 'default';
  order: number;
  hidden?: boolean;
  /** The unit of its values, for the tooltip and the canvas's accessible name. */
  unit: string;
  /** Its growth at each point, where the chart has one (the 同比 beside the sales columns). */
  growth?: { label: string; data: Array<number | null> };
}

/** chart.js datasets of a chart answer: columns first (drawn behind), lines on the right axis when they are growths. */
export function datasetsOf(chart: ChartResult, percent = false): DatasetSpec[] {
  const growth = chart.series.find((s) => s.type !== 'column' && isGrowthSeries(s));
  const columns = chart.series.filter((s) => s.type === 'column');
  const leftUnit = percent ? '%' : unitOf(chart.yAxis?.[0]?.title);
  return chart.series.map((series, index) => {
    const color = PALETTE[index % PALETTE.length];
    const rightAxis = onRightAxis(series);
    const unit = rightAxis ? '%' : leftUnit;
    if (series.type === 'column') {
      // A single column series with a growth line beside it: each column says whether it grew.
      const colors = growth && columns.length === 1 ? series.data.map((_, i) => signColor(growth.data[i], color)) : color;
      const grows = growth && columns.length === 1 ? { label: growth.name, data: growth.data } : undefined;
      return {
        type: 'bar',
        label: series.name,
        data: series.data,
        yAxisID: rightAxis ? 'y1' : 'y',
        backgroundColor: colors,
        borderColor: colors,
        order: 2,
        unit,
        growth: grows,
      };
    }
    // Each line in its own colour, which its legend swatch shows too (two growth lines, 同比 and 环比, stay
    // apart); a growth line's points say up or down.
    const points = isGrowthSeries(series) ? series.data.map((v) => signColor(v, color)) : undefined;
    return {
      type: 'line',
      label: series.name,
      data: series.data,
      yAxisID: rightAxis ? 'y1' : 'y',
      backgroundColor: color,
      borderColor: color,
      pointBackgroundColor: points,
      ...lineShape(series.type),
      order: 1,
      // A series the answer hides at first (the mobile chart's 环比): shown by a click on its legend.
      hidden: (series as { hidden?: boolean }).hidden === true,
      unit,
    };
  });
}

/** Whether a chart colours anything by the sign of a growth (then it shows the growth legend). */
export function colorsByGrowth(chart: ChartResult | null): boolean {
  return chart !== null && chart.series.some((s) => s.type !== 'column' && isGrowthSeries(s));
}

/** The year-ago columns of the series that carry them (显示去年同期), drawn grey beside this year's. */
export function lastYearDatasets(chart: ChartResult, percent = false): DatasetSpec[] {
  const unit = percent ? '%' : unitOf(chart.yAxis?.[0]?.title);
  return chart.series
    .filter((s) => s.lastYear)
    .map((s) => ({
      type: 'bar' as const,
      label: chart.series.filter((x) => x.lastYear).length > 1 ? `${s.name}（去年同期）` : '去年同期',
      data: s.lastYear ?? [],
      yAxisID: 'y' as const,
      backgroundColor: LAST_YEAR_COLOR,
      borderColor: LAST_YEAR_COLOR,
      order: 3,
      unit,
    }));
}

type TooltipItem = { raw: unknown; dataset: { label?: string; yAxisID?: string }; dataIndex: number; datasetIndex: number };

/**
 * What every columns-and-lines chart of the pages shares: it fills its fixed-height box, a short
 * animation (none for a visitor who asked for less motion, utils/motion.ts), the legend on top, one tooltip per
 * month whose lines `label` writes; the axes are the chart's.
 */
export function comboOptions(
  label: (item: TooltipItem, right: boolean) => string,
  scales: NonNullable<ChartConfiguration['options']>['scales'],
): ChartConfiguration['options'] {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: chartAnimation(),
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      legend: { position: 'top' },
      tooltip: { callbacks: { label: (item) => label(item, (item.dataset as { yAxisID?: string }).yAxisID === 'y1') } },
    },
    scales,
  };
}

/**
 * The chart.js configuration of a sales chart: columns and lines over the months (datasetsOf), counts on
 * the left axis (or one-decimal percents with `percent`), growth percents on the right. The mobile
 * page's MpChart draws the same.
 */
export function trendChartConfig(chart: ChartResult, percent: boolean, lastYear = false): ChartConfiguration {
  const shown = datasetsOf(chart, percent);
  // The year-ago columns go right after this year's, so each month reads this year | last year.
  const datasets = lastYear ? [...shown.filter((d) => d.type === 'bar'), ...lastYearDatasets(chart, percent), ...shown.filter((d) => d.type !== 'bar')] : shown;
  const hasRightAxis = datasets.some((d) => d.yAxisID === 'y1');
  return {
    type: 'bar',
    data: { labels: chart.xAxis[0]?.categories ?? [], datasets },
    options: comboOptions(
      (item) => {
        const spec = datasets[item.datasetIndex];
        const growth = spec?.growth;
        return tooltipText(
          item.dataset.label ?? '',
          item.raw as number | null,
          spec?.unit ?? '',
          growth && { label: growth.label, percent: growth.data[item.dataIndex] },
        );
      },
      {
        y: {
          beginAtZero: true,
          title: { display: Boolean(chart.yAxis?.[0]?.title), text: chart.yAxis?.[0]?.title ?? '' },
          ticks: { callback: (v) => (percent ? `${v}%` : thousands(Number(v))) },
        },
        ...(hasRightAxis
          ? {
              y1: {
                position: 'right' as const,
                grid: { drawOnChartArea: false },
                title: { display: Boolean(chart.yAxis?.[1]?.title), text: chart.yAxis?.[1]?.title ?? '' },
                ticks: { callback: (v: string | number) => `${v}%` },
              },
            }
          : {}),
      },
    ),
  };
}
