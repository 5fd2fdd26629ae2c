/**
 * The price charts' value axes (spec 001 §9, decisions 57 and 215), one rule for the page's chart.js canvas
 * (PriceChart) and the deck's native chart (导出PPT): prices on the left axis in whole yuan with thousands
 * separators, the discount (元) or the discount rate (%) on the right; both from zero.
 *
 * The second axis's break (floor 55, break 50 to 100): values up to 50 are drawn as they are; the stretch
 * from 50 to 100 is squeezed into 50…55 (the floor of what lies above the break), and values past 100
 * continue from 55 at full scale. So a rate of 10-20 % keeps its detail while an outlier (a discount rate
 * of 90 %, a price index of 100) still fits, its ticks labelled with the real values. A native PowerPoint
 * axis is linear: the deck draws the real values on a plain axis (decision 215).
 */
import { thousands } from './display';
import { PRICE_AXIS_BREAK } from './price';
import type { ChartResult } from './sale-volume';

const { floor, from, to } = PRICE_AXIS_BREAK;
const SQUEEZE = (floor - from) / (to - from);

/** Where a value is drawn on the broken axis. */
export function toBrokenAxis(value: number): number {
  if (value <= from) return value;
  if (value <= to) return from + (value - from) * SQUEEZE;
  return floor + (value - to);
}

/** The real value at a point of the broken axis (tick labels). */
export function fromBrokenAxis(drawn: number): number {
  if (drawn <= from) return drawn;
  if (drawn <= floor) return from + (drawn - from) / SQUEEZE;
  return to + (drawn - floor);
}

/** Whether any value needs the break (otherwise the axis is drawn plain). */
export function needsBreak(values: ReadonlyArray<number | null>): boolean {
  return values.some((v) => v !== null && v > from);
}

/** A value axis of a price chart: its title, its unit, where it starts, whether the page breaks it, its number format. */
export interface PriceAxis {
  title: string;
  unit: '元' | '%';
  /** Where the axis starts: zero, on the page and in the deck; none fixed (below zero, as chart.js's beginAtZero) when a value is negative. */
  min: number | undefined;
  /** The page squeezes 50-100 (a percent axis with a value above 50); the deck's native axis stays linear. */
  broken: boolean;
  /** The axis labels' spreadsheet number format (the deck's chart): as the page's tick text. */
  format: string;
}

/** The axis labels' formats: whole yuan with thousands separators ('123,456'); a percent number as a whole percent ('12%'). */
const AXIS_FORMATS: Record<PriceAxis['unit'], string> = { 元: '#,##0', '%': '0"%"' };

/** The unit an axis title names: '优惠率（%）' is a percent axis; every other price axis is in yuan. */
function unitOfTitle(title: string): PriceAxis['unit'] {
  return /%/.test(title) ? '%' : '元';
}

/** The two value axes of a price chart answer (yAxis 0: prices; 1: the discount or the rate), with the series on each. */
export function priceChartAxes(chart: ChartResult): [PriceAxis, PriceAxis] {
  const axis = (index: 0 | 1): PriceAxis => {
    const title = chart.yAxis[index]?.title ?? '';
    const unit = unitOfTitle(title);
    const values = chart.series.filter((s) => (s.yAxis ?? 0) === index).flatMap((s) => s.data);
    const negative = values.some((v) => v !== null && v < 0);
    return { title, unit, min: negative ? undefined : 0, broken: unit === '%' && needsBreak(values), format: AXIS_FORMATS[unit] };
  };
  return [axis(0), axis(1)];
}

/** An axis tick's text at a point drawn on `axis` (a broken axis's point reads its real value): '123,456' or '12%'. */
export function priceAxisTickText(axis: PriceAxis, drawn: number): string {
  if (axis.unit === '元') return thousands(drawn);
  return `${Math.round(axis.broken ? fromBrokenAxis(drawn) : drawn)}%`;
}

/** The axis title as the page writes it: a broken axis says so. */
export function priceAxisTitle(axis: PriceAxis): string {
  return `${axis.title}${axis.broken ? '（50-100 压缩）' : ''}`;
}

/** A price chart's series as its legend names it: with comparisons, the subject's price columns carry the car's name ('朗逸厂商指导价'). */
export function priceSeriesLabel(series: ChartResult['series'][number]): string {
  return series.type === 'column' && series.group ? `${series.group}${series.name}` : series.name;
}
