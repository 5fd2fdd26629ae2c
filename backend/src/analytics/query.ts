/**
 * The query's shape (Cube's `{ measures, dimensions, filters, order, limit }`): what an endpoint asks the
 * query layer, and what follows from the question alone — the months each measure covers, the levels of
 * detail it needs, whether it reads a January-to-date sum. Which table answers is rollup-chooser.ts; the
 * SQL is sql-writer.ts.
 */
import { yearOf } from '@car/contracts';
import { MEASURES, MeasureKey, MonthSpan, PriceBands, QuerySource, SHIFTS, ShiftKey } from './measures';
import { DIMENSIONS, DimensionKey, FILTERS, FilterCondition, FilterKey, Filters, Level } from './model';

export type { MonthSpan } from './measures';

/**
 * One measure of an answer: `measure` over the months of `shift` (relative to the query's `month`,
 * default `current`) or over an explicit `span`, answered under the name `as`.
 */
export interface MeasureRequest {
  measure: MeasureKey;
  as: string;
  shift?: ShiftKey;
  span?: MonthSpan;
}

/**
 * A figure over the whole answer (after groups that sold nothing are left out, before paging, so a page
 * never changes it), from a closed list: `share` of a measure in its total, the `total` itself, the
 * `max` of a measure, competition `rank` by a measure (largest first: 1, 2, 2, 4), the `count` of rows,
 * a measure's `growth` over another and the `shareChange` between two measures' shares (sort keys).
 * `partitionBy` takes them within each value of those dimensions instead.
 */
export interface WindowRequest {
  fn: 'share' | 'total' | 'max' | 'rank' | 'count' | 'growth' | 'shareChange';
  /** A measure's `as`; not for `count`. */
  of?: string;
  /**
   * For `growth` (of / over − 1) and `shareChange` (share of `of` − share of `over`, in percentage points): the
   * measure compared with. Both answer tenths of a percent as shown, null where the display rule shows '-', so an
   * order by them is the order of the figures on the page (decision 171).
   */
  over?: string;
  /** For `rank`: a row whose measure is zero has no rank (null), as the pages show it. */
  nullWhenZero?: boolean;
  as: string;
  partitionBy?: readonly DimensionKey[];
}

export interface OrderRequest {
  /** A dimension of the query, or the `as` of a measure or window. */
  by: string;
  direction: 'asc' | 'desc';
}

/**
 * One question to the facts, Cube's query shape: group by `dimensions`, narrow by `filters`, compute
 * `measures` (each a measure of MEASURES under a shift of SHIFTS, or over a span), then windows,
 * order, top-N per group and paging, all in SQL. `priceBand` parameterises the `priceBand` dimension.
 */
export interface AnalyticsQuery {
  source: QuerySource;
  dimensions: readonly DimensionKey[];
  filters?: Filters;
  /** The month shifts count from (YYYYMM); needed by every measure asked with a shift. */
  month?: number;
  measures: readonly MeasureRequest[];
  windows?: readonly WindowRequest[];
  /** A group is answered when one of these measures is non-zero (default: any measure). */
  keepWhenAny?: readonly string[];
  order?: readonly OrderRequest[];
  /** The first `n` rows of each value of `by`, in the query's order. */
  topPerGroup?: { by: readonly DimensionKey[]; n: number };
  limit?: number;
  offset?: number;
  priceBand?: PriceBands;
  /**
   * Weighted prices rounded to whole yuan, as the pages show them (decision 54), before the measures derived
   * from them read them: the discount is then the MSRP shown less the TP shown, and its rate that discount
   * over that MSRP. The exports ask for the exact prices.
   */
  pricesInWholeYuan?: boolean;
  /**
   * After the windows (so shares, totals and ranks still cover every row), answer only the rows whose
   * values of these dimensions are listed; names are joined for those rows only. A few series' trims
   * ranked within their segments read the names of those trims, not of the segments' thousand.
   */
  within?: Partial<Record<DimensionKey, readonly number[]>>;
}

/** The months a request covers. */
export function spanOf(request: MeasureRequest, month: number | undefined): MonthSpan {
  if (request.span) {
    if (request.shift) throw new Error(`measure ${request.as}: a span or a shift, not both`);
    return request.span;
  }
  if (month === undefined) throw new Error(`measure ${request.as}: a shift needs the query's month`);
  return SHIFTS[request.shift ?? 'current'].span(month);
}

/** Whether a condition is a plain id list (`Array.isArray` alone would make a readonly list `any[]`). */
export function isIdList(condition: FilterCondition): condition is readonly number[] {
  return Array.isArray(condition);
}

export function isEmpty(condition: FilterCondition | undefined): boolean {
  if (condition === undefined) return true;
  if (isIdList(condition)) return condition.length === 0;
  return 'in' in condition && condition.in.length === 0;
}

/** The levels of detail a query needs, from its dimensions and its (non-empty) filters. */
export function levelsOf(query: Pick<AnalyticsQuery, 'dimensions' | 'filters'>): Set<Level> {
  const levels = new Set<Level>();
  for (const d of query.dimensions) {
    const level = DIMENSIONS[d].level;
    if (level !== 'time') levels.add(level);
  }
  for (const [key, condition] of Object.entries(query.filters ?? {})) {
    if (!isEmpty(condition)) levels.add(FILTERS[key as FilterKey].level);
  }
  return levels;
}

/** Whether the query groups by a time bucket: then each month is summed on its own. */
export function groupsByTime(query: Pick<AnalyticsQuery, 'dimensions'>): boolean {
  return query.dimensions.some((d) => DIMENSIONS[d].level === 'time');
}

/**
 * Whether a request is a volume from January to a later month, which a table with year-to-date sums
 * answers from its last month's `qty_ytd` — unless the query groups by time (each month summed on its own).
 */
export function readsYearToDateSum(request: MeasureRequest, span: MonthSpan, byTime: boolean): boolean {
  const def = MEASURES[request.measure];
  return def.kind === 'sum' && def.column === 'qty' && !byTime && span.to > span.from && span.from === yearOf(span.to) * 100 + 1;
}

/** Whether any measure of the query reads a January-to-date sum. */
export function readsYearToDate(query: AnalyticsQuery): boolean {
  const byTime = groupsByTime(query);
  return query.measures.some((r) => readsYearToDateSum(r, spanOf(r, query.month), byTime));
}

/** Whether the query bands sales volume (retail or wholesale) by price: the band comes from the price tables. */
export function bandsSales(query: Pick<AnalyticsQuery, 'source' | 'dimensions'>): boolean {
  return query.source !== 'price' && query.dimensions.includes('priceBand');
}

/** The city whose TP bands a sales question (`priceBand.tpCity`), where it applies: TP bands of sales volume only. */
export function cityBands(query: AnalyticsQuery): number | undefined {
  const city = query.priceBand?.tpCity;
  if (city === undefined) return undefined;
  if (query.source === 'price') throw new Error('tpCity bands sales volume, not the price facts');
  return query.priceBand?.basis === 'tp' ? city : undefined;
}
