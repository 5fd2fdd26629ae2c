import { ApiException } from '../common/api-codes';
import { MAP_ONLY_PROVINCES, monthRange, PROVINCES, yearOf } from '@car/contracts';
import { bandCount, MEASURES, MeasureKey, MonthSpan, PriceBands, QuerySource, SHIFTS, ShiftKey } from './measures';
import { DIMENSIONS, DimensionKey, FILTERS, FilterCondition, FilterKey, Filters, Level, RAW_FACTS, ROLLUPS, RollupDef } from './model';

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
 * `max` of a measure, competition `rank` by a measure (largest first: 1, 2, 2, 4), the `count` of rows.
 * `partitionBy` takes them within each value of those dimensions instead.
 */
export interface WindowRequest {
  fn: 'share' | 'total' | 'max' | 'rank' | 'count';
  /** A measure's `as`; not for `count`. */
  of?: string;
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
 * order, top-N per group and paging, all in SQL. The older form `measures: { name: span }` sums the
 * volume over each span. `priceBand` parameterises the `priceBand` dimension.
 */
export interface AnalyticsQuery {
  source: QuerySource;
  dimensions: readonly DimensionKey[];
  filters?: Filters;
  /** The month shifts count from (YYYYMM); needed by every measure asked with a shift. */
  month?: number;
  measures: readonly MeasureRequest[] | Readonly<Record<string, MonthSpan>>;
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
   * After the windows (so shares, totals and ranks still cover every row), answer only the rows whose
   * values of these dimensions are listed; names are joined for those rows only. A few series' trims
   * ranked within their segments read the names of those trims, not of the segments' thousand.
   */
  within?: Partial<Record<DimensionKey, readonly number[]>>;
}

export interface BuiltQuery {
  sql: string;
  params: unknown[];
  rollup: string;
}

const NAME = /^[a-zA-Z][a-zA-Z0-9]{0,30}$/;

/** The query's measures as requests: the older `{ name: span }` form is the volume over each span. */
export function measureRequests(query: Pick<AnalyticsQuery, 'measures'>): readonly MeasureRequest[] {
  if (Array.isArray(query.measures)) return query.measures as readonly MeasureRequest[];
  return Object.entries(query.measures as Record<string, MonthSpan>).map(([as, span]) => ({ measure: 'qty' as const, as, span }));
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
function isIdList(condition: FilterCondition): condition is readonly number[] {
  return Array.isArray(condition);
}

function isEmpty(condition: FilterCondition | undefined): boolean {
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

/**
 * The smallest table that keeps every level the query needs, for its data source. A question that reads
 * a January-to-date sum (`yearToDate`) takes the first of them that keeps year-to-date sums, where one
 * does: a table without them is smaller a month (no rows carried through months without sales) but
 * would sum up to twelve months instead of reading one.
 */
export function chooseRollup(source: QuerySource, levels: ReadonlySet<Level>, yearToDate = false): RollupDef {
  const found = firstRollup(ROLLUPS.filter((r) => r.source === source && [...levels].every((l) => r.levels.has(l))), yearToDate);
  if (!found) {
    throw ApiException.badRequest(source === 1 ? '批发量数据没有地区维度，请选择零售量（数据来源 2）' : '该查询维度组合不受支持');
  }
  return found;
}

function firstRollup(candidates: readonly RollupDef[], yearToDate: boolean): RollupDef | undefined {
  return (yearToDate ? candidates.find((r) => r.yearToDate) : undefined) ?? candidates[0];
}

/**
 * Whether a request is a volume from January to a later month, which a table with year-to-date sums
 * answers from its last month's `qty_ytd` — unless the query groups by time (each month summed on its own).
 */
function readsYearToDateSum(request: MeasureRequest, span: MonthSpan, groupsByTime: boolean): boolean {
  const def = MEASURES[request.measure];
  return def.kind === 'sum' && def.column === 'qty' && !groupsByTime && span.to > span.from && span.from === yearOf(span.to) * 100 + 1;
}

const REGION_OF = new Map([...PROVINCES, ...MAP_ONLY_PROVINCES].map((p) => [p.code, p.regionId]));

/** The regions of a province list filter without a region filter; null when none applies or a province is unknown. */
export function regionsOfProvinces(filters: Filters | undefined): number[] | null {
  const provinces = filters?.provinceIds;
  if (!provinces || isEmpty(provinces) || (filters.areaIds && !isEmpty(filters.areaIds))) return null;
  const ids = isIdList(provinces) ? provinces : 'in' in provinces ? provinces.in : null;
  if (!ids) return null;
  const regions = ids.map((id) => REGION_OF.get(id));
  if (regions.some((r) => r === undefined)) return null;
  return [...new Set(regions as number[])].sort((a, b) => a - b);
}

/** One filter as SQL, its values bound: the closed operator list. */
function filterSql(column: string, condition: FilterCondition, bind: (value: unknown) => string): string {
  if (isIdList(condition)) return `${column} = ANY(${bind([...condition])}::int[])`;
  if ('in' in condition) return `${column} = ANY(${bind([...condition.in])}::int[])`;
  if ('between' in condition) return `${column} BETWEEN ${bind(condition.between[0])}::int AND ${bind(condition.between[1])}::int`;
  if ('gte' in condition) return `${column} >= ${bind(condition.gte)}::int`;
  if ('lte' in condition) return `${column} <= ${bind(condition.lte)}::int`;
  throw new Error(`unknown filter operator ${JSON.stringify(condition)}`);
}

/**
 * Writes the parameterised SQL for a query: dimension and filter columns and measure formulas from the
 * typed model, every value bound. It reads the smallest rollup that answers, or `table` when given (the
 * benchmark's raw-fact baseline), which must keep every level the query needs.
 */
export function buildQuery(query: AnalyticsQuery, table?: RollupDef): BuiltQuery {
  const requests = measureRequests(query);
  if (requests.length === 0) throw new Error('a query needs at least one measure');
  const names = new Set<string>(query.dimensions);
  for (const name of [...requests.map((r) => r.as), ...(query.windows ?? []).map((w) => w.as)]) {
    if (!NAME.test(name)) throw new Error(`bad measure name ${name}`);
    if (names.has(name)) throw new Error(`the name ${name} is used twice`);
    names.add(name);
  }
  for (const r of requests) {
    if (!MEASURES[r.measure]?.sources.includes(query.source)) throw new Error(`measure ${r.measure} is not kept for source ${query.source}`);
  }
  const levels = levelsOf(query);
  // Grouped by time, each month must be summed on its own; otherwise a January-to-date span reads the
  // year-to-date sums of its last month, where the rollup keeps them.
  const groupsByTime = query.dimensions.some((d) => DIMENSIONS[d].level === 'time');
  const yearToDate = requests.some((r) => readsYearToDateSum(r, spanOf(r, query.month), groupsByTime));
  // Sales volume banded by price: the sales rollup keeps the trim, the band comes from the price tables.
  const bandedSales = query.source !== 'price' && query.dimensions.includes('priceBand');
  // … or, for bounds in whole thousands of yuan, a rollup that keeps each trim-month's prices rounded to them.
  let bandRollup: RollupDef | undefined;
  if (bandedSales) {
    if (query.filters?.msrp && !isEmpty(query.filters.msrp)) throw new Error('the msrp filter needs the price source');
    levels.delete('trimPrice');
    // A city's TP is not kept by the band rollups: those bands are joined to the city's price facts.
    bandRollup = table || cityBands(query) !== undefined ? undefined : salesBandRollup(query, levels, yearToDate);
    levels.add('car');
  }
  if (table && (table.source !== query.source || ![...levels].every((l) => table.levels.has(l)))) {
    throw new Error(`${table.name} cannot answer this query`);
  }
  const rollup = bandRollup ?? table ?? chooseRollup(query.source, levels, yearToDate);
  const params: unknown[] = [];
  const bind = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };

  const selects: string[] = [];
  const groups: string[] = [];
  query.dimensions.forEach((d, i) => {
    const expression = d === 'priceBand' && bandRollup ? bandOfPrice(query, `${query.priceBand?.basis}_floor`, bind) : DIMENSIONS[d].expression;
    selects.push(`${expression} AS "${d}"`);
    groups.push(String(i + 1));
  });
  const months = new Set<number>();
  const nullable = new Set<string>();
  for (const request of requests) {
    const span = spanOf(request, query.month);
    if (span.from > span.to) throw new Error(`measure ${request.as} spans backwards`);
    const def = MEASURES[request.measure];
    // Banded on a rollup without prices, each month's band comes from its own price: never the year-to-date sum.
    const yearToDateBands = !bandedSales || bandRollup !== undefined;
    if (rollup.yearToDate && yearToDateBands && readsYearToDateSum(request, span, groupsByTime)) {
      months.add(span.to);
      selects.push(`coalesce(sum(qty_ytd) FILTER (WHERE month = ${bind(span.to)}), 0) AS "${request.as}"`);
      continue;
    }
    for (const m of monthRange(span.from, span.to)) months.add(m);
    const during = `FILTER (WHERE month BETWEEN ${bind(span.from)} AND ${bind(span.to)})`;
    if (def.kind !== 'sum') nullable.add(request.as);
    selects.push(`${measureSql(request.measure, during)} AS "${request.as}"`);
  }
  const where = [`month = ANY(${bind([...months].sort((a, b) => a - b))}::int[])`];
  for (const [key, condition] of Object.entries(query.filters ?? {})) {
    if (isEmpty(condition)) continue;
    where.push(filterSql(FILTERS[key as FilterKey].column, condition, bind));
  }
  // A province lies in one region, and the province tables' keys lead with the region (month, area_id,
  // province_id, …): naming the regions of the provinces asked lets the key narrow to them instead of
  // reading every province of each month. Redundant, so the answer is the same.
  const regions = rollup.levels.has('province') ? regionsOfProvinces(query.filters) : null;
  if (regions) where.push(`area_id = ANY(${bind(regions)}::int[])`);
  const grouping = groups.length ? ` GROUP BY ${groups.join(', ')}` : '';
  const inner = query.dimensions.includes('priceBand') && !bandRollup
    ? `SELECT ${selects.join(', ')} FROM (${(bandedSales ? bandedSalesTrimMonths : bandedTrimMonths)(query, rollup, where, bind)}) AS r${grouping}`
    : `SELECT ${selects.join(', ')} FROM ${rollup.from} AS r WHERE ${where.join(' AND ')}${grouping}`;

  // Names are joined on the answer's rows (alias `g`), or with `within` on the rows it keeps after the windows (`w`).
  const within = Object.entries(query.within ?? {}) as Array<[DimensionKey, readonly number[]]>;
  const on = within.length ? 'w' : 'g';
  const nameSelects: string[] = [];
  const joins: string[] = [];
  const windowSelects = (): string[] => (query.windows ?? []).map((w) => `${windowSql(w, query, names)} AS "${w.as}"`);
  if (within.length) {
    for (const [d] of within) if (!query.dimensions.includes(d)) throw new Error(`within ${d}: not a dimension of the query`);
  }
  query.dimensions.forEach((d, i) => {
    const source = DIMENSIONS[d].names;
    if ('table' in source) {
      joins.push(`LEFT JOIN ${source.table} n${i} ON n${i}.id = ${on}."${d}"`);
      nameSelects.push(`n${i}.${source.column ?? 'name'} AS "${d}Name"`);
    } else if ('dictionary' in source) {
      joins.push(`LEFT JOIN dictionary n${i} ON n${i}.type = ${bind(source.dictionary)} AND n${i}.key = ${on}."${d}"::text`);
      nameSelects.push(`n${i}.value AS "${d}Name"`);
    }
  });
  if (!within.length) nameSelects.push(...windowSelects());
  // Year-to-date rows carry keys through months without sales: a group with nothing in any span is
  // no answer, as it would not be on the facts.
  const kept = query.keepWhenAny ?? requests.map((r) => r.as);
  for (const k of kept) if (!requests.some((r) => r.as === k)) throw new Error(`keepWhenAny names no measure: ${k}`);
  const sold = groups.length ? ` WHERE ${kept.map((m) => (nullable.has(m) ? `coalesce(g."${m}", 0) <> 0` : `g."${m}" <> 0`)).join(' OR ')}` : '';
  let sql: string;
  if (within.length) {
    const keep = within.map(([d, ids]) => `w."${d}" = ANY(${bind([...ids])}::int[])`);
    const windowed = `SELECT g.*${windowSelects().map((s) => `, ${s}`).join('')} FROM (${inner}) g${sold}`;
    sql = `SELECT w.*${nameSelects.map((s) => `, ${s}`).join('')} FROM (${windowed}) w ${joins.join(' ')} WHERE ${keep.join(' AND ')}`;
  } else {
    sql = `SELECT g.*${nameSelects.map((s) => `, ${s}`).join('')} FROM (${inner}) g ${joins.join(' ')}`.trim() + sold;
  }
  sql = orderAndPage(sql, query, names, bind);
  return { sql, params, rollup: rollup.name };
}

/** One measure over the rows its FILTER clause keeps: the SQL of each kind of MEASURES. */
function measureSql(key: MeasureKey, during: string): string {
  const def = MEASURES[key];
  switch (def.kind) {
    case 'sum':
      return `coalesce(sum(${def.column}) ${during}, 0)`;
    case 'weighted':
      return `((sum(${def.amount}) ${during})::float8 / nullif(sum(${def.weight}) ${during}, 0))`;
    case 'min':
    case 'max':
      return `${def.kind}(${def.column}) ${during}`;
    case 'difference':
      return `(${measureSql(def.of[0], during)} - ${measureSql(def.of[1], during)})`;
    case 'quotient':
      return `(${measureSql(def.of[0], during)} / nullif(${measureSql(def.of[1], during)}, 0))`;
  }
}

/**
 * The rollup that answers a sales price-band question with no join, if any: one of the query's source
 * keeping each trim-month's prices in whole thousands (`bandPrice`) and every other level it needs, for
 * bounds that are whole thousands of yuan (every band the API accepts; docs/query-layer.md "Price bands").
 */
function salesBandRollup(query: AnalyticsQuery, levels: ReadonlySet<Level>, yearToDate: boolean): RollupDef | undefined {
  const bands = query.priceBand;
  if (!bands || ![bands.low, bands.high, bands.width].every((b) => b % 1000 === 0)) return undefined;
  const needed = [...levels, 'bandPrice' as const];
  return firstRollup(ROLLUPS.filter((r) => r.source === query.source && needed.every((l) => r.levels.has(l))), yearToDate);
}

/** The city whose TP bands a sales question (`priceBand.tpCity`), where it applies: TP bands of sales volume only. */
function cityBands(query: AnalyticsQuery): number | undefined {
  const city = query.priceBand?.tpCity;
  if (city === undefined) return undefined;
  if (query.source === 'price') throw new Error('tpCity bands sales volume, not the price facts');
  return query.priceBand?.basis === 'tp' ? city : undefined;
}

/**
 * A price column in whole thousands of yuan as the query's band key (0 below, n + 1 at or above `high`).
 * With bounds in whole thousands, a price rounded down to thousands falls in the band of the exact price.
 */
function bandOfPrice(query: AnalyticsQuery, column: string, bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  if (!bands) throw new Error('the priceBand dimension needs the query\'s priceBand');
  if (column !== 'tp_floor' && column !== 'msrp_floor') throw new Error(`no band price column ${column}`);
  const n = bandCount(bands);
  return `CASE WHEN ${column} < ${bind(bands.low)}::int THEN 0 WHEN ${column} >= ${bind(bands.high)}::int THEN ${bind(n + 1)}::int
    ELSE (${column} - ${bind(bands.low)}::int) / ${bind(bands.width)}::int + 1 END`;
}

/**
 * The price-band stage: the query's rows summed per trim and month (and per value of its other
 * dimensions), each with the band of its weighted MSRP or TP over those rows. A trim-month is thus
 * banded by its national price, or by its price in the geography the query narrows to or groups by.
 */
function bandedTrimMonths(query: AnalyticsQuery, rollup: RollupDef, where: string[], bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  if (!bands) throw new Error('the priceBand dimension needs the query\'s priceBand');
  const n = bandCount(bands);
  const columns = ['month', 'car_id', ...query.dimensions.filter((d) => d !== 'priceBand' && DIMENSIONS[d].level !== 'time').map((d) => DIMENSIONS[d].expression)];
  const unique = [...new Set(columns)];
  // A table of one row per month and trim (it keeps the trim but no place) needs no summing first: each row is its trim-month.
  const trimGrain = rollup.levels.has('car') && !rollup.levels.has('province') && !rollup.levels.has('city');
  const amount = bands.basis === 'tp' ? 'tp_amount' : 'msrp_amount';
  const price = trimGrain ? `(${amount}::float8 / nullif(qty, 0))` : `(sum(${amount})::float8 / nullif(sum(qty), 0))`;
  const band = `CASE WHEN ${price} < ${bind(bands.low)}::int THEN 0 WHEN ${price} >= ${bind(bands.high)}::int THEN ${bind(n + 1)}::int
    ELSE floor((${price} - ${bind(bands.low)}::int) / ${bind(bands.width)}::int)::int + 1 END`;
  if (trimGrain) {
    return `SELECT ${unique.join(', ')}, qty, tp_amount, msrp_amount, rebate_amount, rebate_qty, tp_min, tp_max, ${band} AS price_band
    FROM ${rollup.from} AS b WHERE ${where.join(' AND ')}`;
  }
  return `SELECT ${unique.join(', ')}, sum(qty) AS qty, sum(tp_amount) AS tp_amount, sum(msrp_amount) AS msrp_amount,
    sum(rebate_amount) AS rebate_amount, sum(rebate_qty) AS rebate_qty, min(tp_min) AS tp_min, max(tp_max) AS tp_max, ${band} AS price_band
    FROM ${rollup.from} AS b WHERE ${where.join(' AND ')} GROUP BY ${unique.join(', ')}`;
}

/**
 * The price-band stage of a sales (retail or wholesale) question: the volume per trim and month (and per
 * value of the other dimensions), each trim-month in the band of its national weighted TP
 * (`rollup_price_car`) or its MSRP of the month (`msrp_month`). A trim-month with no TP is banded by its
 * MSRP, and one with neither by the trim's launch MSRP (`car.msrp`), so every unit sold falls in a band
 * and the bands add up to the market.
 */
function bandedSalesTrimMonths(query: AnalyticsQuery, rollup: RollupDef, where: string[], bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  if (!bands) throw new Error('the priceBand dimension needs the query\'s priceBand');
  const n = bandCount(bands);
  const columns = ['month', 'car_id', ...query.dimensions.filter((d) => d !== 'priceBand' && DIMENSIONS[d].level !== 'time').map((d) => DIMENSIONS[d].expression)];
  const unique = [...new Set(columns)].map((c) => `b.${c}`);
  const msrp = 'coalesce(mm.msrp, c.msrp)::float8';
  const city = cityBands(query);
  const cityTp = city === undefined ? '' : 'ct.tp_amount::float8 / nullif(ct.qty, 0), ';
  const price = bands.basis === 'tp' ? `coalesce(${cityTp}pc.tp_amount::float8 / nullif(pc.qty, 0), ${msrp})` : msrp;
  const band = `CASE WHEN ${price} < ${bind(bands.low)}::int THEN 0 WHEN ${price} >= ${bind(bands.high)}::int THEN ${bind(n + 1)}::int
    ELSE floor((${price} - ${bind(bands.low)}::int) / ${bind(bands.width)}::int)::int + 1 END`;
  // where[0] is the months the measures read: the price tables are read for those months only.
  const months = where[0];
  // On the raw sales facts (the benchmark's baseline) the TP comes from the raw price facts too.
  const prices = rollup === RAW_FACTS[query.source]
    ? `SELECT month, car_id, sum(tp::bigint * qty) AS tp_amount, sum(qty) AS qty FROM price_fact WHERE ${months} GROUP BY month, car_id`
    : `SELECT month, car_id, tp_amount, qty FROM rollup_price_car WHERE ${months}`;
  let priceJoin = bands.basis === 'tp' ? `LEFT JOIN (${prices}) pc ON pc.month = b.month AND pc.car_id = b.car_id` : '';
  if (city !== undefined) {
    // The TP weighted over the city's own price facts: Σ(tp × qty) / Σ qty of the trim-month in that city.
    const cityPrices = `SELECT month, car_id, sum(tp::bigint * qty) AS tp_amount, sum(qty) AS qty FROM price_fact
      WHERE ${months} AND city_id = ${bind(city)}::int GROUP BY month, car_id`;
    priceJoin += ` LEFT JOIN (${cityPrices}) ct ON ct.month = b.month AND ct.car_id = b.car_id`;
  }
  return `SELECT ${unique.join(', ')}, sum(b.qty) AS qty, ${band} AS price_band
    FROM (SELECT * FROM ${rollup.from} AS f WHERE ${where.join(' AND ')}) AS b ${priceJoin}
    LEFT JOIN (SELECT month, car_id, msrp FROM msrp_month WHERE ${months}) mm ON mm.month = b.month AND mm.car_id = b.car_id
    JOIN car c ON c.id = b.car_id
    GROUP BY ${unique.join(', ')}, ${bands.basis === 'tp' ? 'pc.tp_amount, pc.qty, ' : ''}${city !== undefined ? 'ct.tp_amount, ct.qty, ' : ''}mm.msrp, c.msrp`;
}

function windowSql(w: WindowRequest, query: AnalyticsQuery, names: ReadonlySet<string>): string {
  for (const d of w.partitionBy ?? []) if (!query.dimensions.includes(d)) throw new Error(`window ${w.as}: ${d} is not a dimension of the query`);
  const partition = w.partitionBy?.length ? `PARTITION BY ${w.partitionBy.map((d) => `g."${d}"`).join(', ')}` : '';
  if (w.fn === 'count') return `count(*) OVER (${partition})`;
  const measures = measureRequests(query).map((r) => r.as);
  if (!w.of || !measures.includes(w.of) || !names.has(w.of)) throw new Error(`window ${w.as}: ${w.of} is not a measure of the query`);
  const of = `g."${w.of}"`;
  switch (w.fn) {
    case 'share':
      return `(${of}::float8 / nullif(sum(${of}) OVER (${partition}), 0))`;
    case 'total':
      return `sum(${of}) OVER (${partition})`;
    case 'max':
      return `max(${of}) OVER (${partition})`;
    case 'rank':
      return `rank() OVER (${`${partition} ORDER BY ${of} DESC NULLS LAST`.trim()})`;
  }
}

/**
 * Order, top-N per group and paging around the answer, in SQL. Order names are checked against the
 * query's own dimensions, measures and windows; limit, offset and N are bound.
 */
function orderAndPage(answer: string, query: AnalyticsQuery, names: ReadonlySet<string>, bind: (value: unknown) => string): string {
  const order = query.order ?? [];
  if (order.length === 0 && query.limit === undefined && query.offset === undefined && !query.topPerGroup) return answer;
  for (const o of order) {
    if (!names.has(o.by)) throw new Error(`order by ${o.by}: not a dimension, measure or window of the query`);
    if (o.direction !== 'asc' && o.direction !== 'desc') throw new Error(`order direction ${String(o.direction)}`);
  }
  const orderOf = (alias: string): string =>
    order.map((o) => `${alias}."${o.by}" ${o.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`).join(', ');
  let sql = `SELECT a.* FROM (${answer}) a`;
  if (query.topPerGroup) {
    const { by, n } = query.topPerGroup;
    if (order.length === 0) throw new Error('top-N per group needs an order');
    for (const d of by) if (!query.dimensions.includes(d)) throw new Error(`top-N per ${d}: not a dimension of the query`);
    sql = `SELECT a.* FROM (SELECT t.*, row_number() OVER (PARTITION BY ${by.map((d) => `t."${d}"`).join(', ')} ORDER BY ${orderOf('t')}) AS "rowInGroup"
      FROM (${answer}) t) a WHERE a."rowInGroup" <= ${bind(n)}::int`;
  }
  if (order.length) sql += ` ORDER BY ${orderOf('a')}`;
  if (query.limit !== undefined) sql += ` LIMIT ${bind(query.limit)}::int`;
  if (query.offset !== undefined) sql += ` OFFSET ${bind(query.offset)}::int`;
  return sql;
}
