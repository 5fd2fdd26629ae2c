/**
 * The chart answer of the sales calls (highCharts, list2chart): `xAxis[0].categories` and `series[]`
 * with name, type (column, line or spline), data and its y axis. Turned here into chart.js datasets;
 * growth series and the columns they describe are teal when up and pink when down (spec 000 §9).
 */
import type { ChartConfiguration } from 'chart.js';
import { type ChartResult, type ChartSeries, thousands } from '@car/contracts';

export const UP_COLOR = '#13c2c2';
export const DOWN_COLOR = '#eb2f96';
const PALETTE = ['#1a5fd0', '#f59f00', '#7048e8', '#37b24d', '#e8590c', '#0c8599', '#c2255c', '#5c940d', '#364fc7', '#862e9c'];

export function isGrowthSeries(series: ChartSeries): boolean {
  return /同比|环比|增速|增长/.test(series.name);
}

export function signColor(value: number | null | undefined, neutral: string): string {
  if (typeof value !== 'number' || value === 0) return neutral;
  return value > 0 ? UP_COLOR : DOWN_COLOR;
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
  order: number;
  hidden?: boolean;
}

/** chart.js datasets of a chart answer: columns first (drawn behind), lines on the right axis when they are growths. */
export function datasetsOf(chart: ChartResult): DatasetSpec[] {
  const growth = chart.series.find((s) => s.type !== 'column' && isGrowthSeries(s));
  const columns = chart.series.filter((s) => s.type === 'column');
  return chart.series.map((series, index) => {
    const color = PALETTE[index % PALETTE.length];
    const rightAxis = series.yAxis === 1 || (series.yAxis === undefined && isGrowthSeries(series));
    if (series.type === 'column') {
      // A single column series with a growth line beside it: each column says whether it grew.
      const colors = growth && columns.length === 1 ? series.data.map((_, i) => signColor(growth.data[i], color)) : color;
      return { type: 'bar', label: series.name, data: series.data, yAxisID: rightAxis ? 'y1' : 'y', backgroundColor: colors, borderColor: colors, order: 2 };
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
      tension: series.type === 'spline' ? 0.35 : 0,
      order: 1,
      // A series the answer hides at first (the mobile chart's 环比): shown by a click on its legend.
      hidden: (series as { hidden?: boolean }).hidden === true,
    };
  });
}

type TooltipItem = { raw: unknown; dataset: { label?: string; yAxisID?: string }; dataIndex: number; datasetIndex: number };

/**
 * What every columns-and-lines chart of the pages shares: it fills its fixed-height box, a short
 * animation, the legend on top, one tooltip per month whose lines `label` writes; the axes are the chart's.
 */
export function comboOptions(
  label: (item: TooltipItem, right: boolean) => string,
  scales: NonNullable<ChartConfiguration['options']>['scales'],
): ChartConfiguration['options'] {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 300 },
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
export function trendChartConfig(chart: ChartResult, percent: boolean): ChartConfiguration {
  const datasets = datasetsOf(chart);
  const hasRightAxis = datasets.some((d) => d.yAxisID === 'y1');
  return {
    type: 'bar',
    data: { labels: chart.xAxis[0]?.categories ?? [], datasets },
    options: comboOptions(
      (item, right) => {
        const value = item.raw as number | null;
        return `${item.dataset.label}: ${value === null ? '-' : right || percent ? `${value.toFixed(1)}%` : thousands(value)}`;
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
