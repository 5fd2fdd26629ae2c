/**
 * What the query layer can compute, declared once as data (Cube's measures and time shifts): each
 * measure says how it aggregates and which rollup columns it reads; each shift says which months a
 * measure covers relative to the query's month. Any measure takes any shift; no module assembles spans.
 */
import { addMonths, yearOf } from '@car/contracts';

/** Inclusive span of months, YYYYMM. */
export interface MonthSpan {
  from: number;
  to: number;
}

/**
 * Which facts a query reads: 1 wholesale and 2 retail (the spec's 数据来源 codes), or `price`, the
 * transaction-price facts (month × trim × city TP with the retail volume it was weighted over, joined
 * to the month's MSRP and rebate of the trim).
 */
export type QuerySource = 1 | 2 | 'price';

/**
 * The columns measures read. `qty` is the volume (for the price facts: the retail volume the TPs were
 * weighted over); the amounts are price × that volume, in yuan, so a weighted price is a ratio of sums
 * and any rollup of them stays exact.
 */
export type ValueColumn = 'qty' | 'tp_amount' | 'msrp_amount' | 'rebate_amount' | 'rebate_qty' | 'tp_min' | 'tp_max';

export type MeasureKey = 'qty' | 'msrp' | 'tp' | 'discount' | 'discountRate' | 'rebate' | 'tpLow' | 'tpHigh';

/** How a measure aggregates: a closed list, each kind written as SQL in one place (sql-writer.ts). */
export type MeasureDef =
  /** Σ column; 0 where nothing was sold. */
  | { kind: 'sum'; column: ValueColumn; sources: readonly QuerySource[]; label: string }
  /** Σ amount / Σ weight (a volume-weighted price); null where the weight is 0. */
  | { kind: 'weighted'; amount: ValueColumn; weight: ValueColumn; sources: readonly QuerySource[]; label: string }
  /** The lowest or highest value of the column in the group; null where there is none. */
  | { kind: 'min' | 'max'; column: ValueColumn; sources: readonly QuerySource[]; label: string }
  /** a − b, or a / b (null where b is 0), of two other measures over the same months. */
  | { kind: 'difference' | 'quotient'; of: readonly [MeasureKey, MeasureKey]; sources: readonly QuerySource[]; label: string };

const PRICE: readonly QuerySource[] = ['price'];

export const MEASURES: Record<MeasureKey, MeasureDef> = {
  qty: { kind: 'sum', column: 'qty', sources: [1, 2, 'price'], label: '销量' },
  msrp: { kind: 'weighted', amount: 'msrp_amount', weight: 'qty', sources: PRICE, label: '厂商指导价' },
  tp: { kind: 'weighted', amount: 'tp_amount', weight: 'qty', sources: PRICE, label: '成交价' },
  // The one definition of 优惠 and 优惠率, for pages and exports alike: of the prices as the query asks for
  // them (exact, or in whole yuan with `pricesInWholeYuan`, decision 163).
  discount: { kind: 'difference', of: ['msrp', 'tp'], sources: PRICE, label: '优惠' },
  discountRate: { kind: 'quotient', of: ['discount', 'msrp'], sources: PRICE, label: '优惠率' },
  // Weighted by the volume of the trim-months whose rebate is known (rebate_qty), not by all volume.
  rebate: { kind: 'weighted', amount: 'rebate_amount', weight: 'rebate_qty', sources: PRICE, label: '返点' },
  tpLow: { kind: 'min', column: 'tp_min', sources: PRICE, label: '最低成交价' },
  tpHigh: { kind: 'max', column: 'tp_max', sources: PRICE, label: '最高成交价' },
};

export type ShiftKey =
  'current' | 'lastYear' | 'previousMonth' | 'january' | 'yearToDate' | 'lastYearToDate' | 'newYearToDate' | 'lastYearNewYearToDate' | 'beforeNewYear';

/** The months a shifted measure covers, from the query's month. The spec's wire names in brackets. */
export const SHIFTS: Record<ShiftKey, { label: string; span: (month: number) => MonthSpan }> = {
  current: { label: '当月', span: (m) => ({ from: m, to: m }) },
  lastYear: { label: '同期 (tq)', span: (m) => ({ from: m - 100, to: m - 100 }) },
  previousMonth: { label: '环比 (hb)', span: (m) => ({ from: addMonths(m, -1), to: addMonths(m, -1) }) },
  // January of the month's year alone: the price cards' 较1月 (`…Down`, decision 54), not January to date.
  january: { label: '1月 (较1月)', span: (m) => ({ from: yearOf(m) * 100 + 1, to: yearOf(m) * 100 + 1 }) },
  yearToDate: { label: '累计 (lj)', span: (m) => ({ from: yearOf(m) * 100 + 1, to: m }) },
  lastYearToDate: { label: '去年累计 (tqLj)', span: (m) => ({ from: yearOf(m) * 100 + 1 - 100, to: m - 100 }) },
  // 春节口径 (decisions 197, 198): January and February of the month's year together, whether the month is
  // January or February; its year-ago twin; and the two months before them (November-December), the 环比.
  newYearToDate: { label: '1-2月合计', span: (m) => ({ from: yearOf(m) * 100 + 1, to: yearOf(m) * 100 + 2 }) },
  lastYearNewYearToDate: { label: '去年1-2月', span: (m) => ({ from: (yearOf(m) - 1) * 100 + 1, to: (yearOf(m) - 1) * 100 + 2 }) },
  beforeNewYear: { label: '上年11-12月', span: (m) => ({ from: (yearOf(m) - 1) * 100 + 11, to: (yearOf(m) - 1) * 100 + 12 }) },
};

/**
 * 价格段: a trim-month falls in the band of its weighted MSRP or TP. Bounds and width in yuan; bands
 * are [low + (k − 1)·width, low + k·width) for k = 1 … n, with 0 below `low` and n + 1 at or above `high`.
 */
export interface PriceBands {
  basis: 'msrp' | 'tp';
  low: number;
  high: number;
  width: number;
  /**
   * Sales bands by TP only: band each trim-month by its TP weighted over this city's sales (the price
   * facts of the city), where the city has one; else by its national TP, else its MSRP (decision 147).
   */
  tpCity?: number;
}

/** The spec's defaults: 5万 to 40万 in bands of 5万. */
export const PRICE_BAND_DEFAULTS: PriceBands = { basis: 'tp', low: 50_000, high: 400_000, width: 50_000 };

/** The number of closed bands between low and high; refuses bounds that do not divide into bands. */
export function bandCount(bands: PriceBands): number {
  const { low, high, width } = bands;
  const n = (high - low) / width;
  if (![low, high, width].every(Number.isSafeInteger) || low < 0 || width <= 0 || !Number.isInteger(n) || n < 1 || n > 100) {
    throw new Error(`price bands need whole yuan, 0 ≤ low < high and (high − low) a multiple of width (at most 100 bands): ${JSON.stringify(bands)}`);
  }
  return n;
}

/** 50000 → '5', 75000 → '7.5': yuan as 万 without trailing zeros. */
function wan(yuan: number): string {
  return String(Math.round(yuan / 10) / 1000);
}

/** A band key as the spec's label: `5万以下`, `5-10万`, `40万以上`. */
export function bandLabel(bands: PriceBands, key: number): string {
  const n = bandCount(bands);
  if (key <= 0) return `${wan(bands.low)}万以下`;
  if (key > n) return `${wan(bands.high)}万以上`;
  const from = bands.low + (key - 1) * bands.width;
  return `${wan(from)}-${wan(from + bands.width)}万`;
}
