/**
 * The SQL writer: a query (query.ts) on the table the chooser picked (rollup-chooser.ts) as one
 * parameterised statement. Dimension and filter columns and measure formulas come from the typed model,
 * operators and window functions from closed lists; every value is bound.
 */
import { MAP_ONLY_PROVINCES, monthRange, PROVINCES } from '@car/contracts';
import { bandCount, MEASURES, MeasureKey, type PriceBands } from './measures';
import { DIMENSIONS, DimensionKey, FILTERS, FilterCondition, FilterKey, Filters } from './model';
import { AnalyticsQuery, bandsSales, cityBands, groupsByTime, isEmpty, isIdList, readsYearToDateSum, spanOf, WindowRequest } from './query';
import { chooseTable } from './rollup-chooser';
import { RAW_FACTS, RollupDef } from './rollups';

export interface BuiltQuery {
  sql: string;
  params: unknown[];
  rollup: string;
}

const NAME = /^[a-zA-Z][a-zA-Z0-9]{0,30}$/;

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

/** Values bound in order as $1, $2, …: `bind(value)` answers the placeholder, `params` the values. */
export function binder(): { params: unknown[]; bind: (value: unknown) => string } {
  const params: unknown[] = [];
  return {
    params,
    bind: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** One filter as SQL, its values bound: the closed operator list. An empty list is written too, and matches nothing. */
export function filterSql(column: string, condition: FilterCondition, bind: (value: unknown) => string): string {
  if (isIdList(condition)) return `${column} = ANY(${bind([...condition])}::int[])`;
  if ('in' in condition) return `${column} = ANY(${bind([...condition.in])}::int[])`;
  if ('between' in condition) return `${column} BETWEEN ${bind(condition.between[0])}::int AND ${bind(condition.between[1])}::int`;
  if ('gte' in condition) return `${column} >= ${bind(condition.gte)}::int`;
  if ('lte' in condition) return `${column} <= ${bind(condition.lte)}::int`;
  throw new Error(`unknown filter operator ${JSON.stringify(condition)}`);
}

/** The filters as SQL on the columns FILTERS names, each value bound; an absent or empty filter narrows nothing. */
export function filtersSql(filters: Filters, bind: (value: unknown) => string): string[] {
  return Object.entries(filters).flatMap(([key, condition]) =>
    condition === undefined || isEmpty(condition) ? [] : [filterSql(FILTERS[key as FilterKey].column, condition, bind)],
  );
}

/**
 * Writes the parameterised SQL for a query: dimension and filter columns and measure formulas from the
 * typed model, every value bound. It reads the table the chooser picks, or `table` when given (the
 * benchmark's raw-fact baseline), which must keep every level the query needs.
 */
export function buildQuery(query: AnalyticsQuery, table?: RollupDef): BuiltQuery {
  const requests = query.measures;
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
  const { rollup, bandRollup, cityBandRollup } = chooseTable(query, table);
  // Grouped by time, each month must be summed on its own; otherwise a January-to-date span reads the
  // year-to-date sums of its last month, where the rollup keeps them.
  const byTime = groupsByTime(query);
  // Sales volume banded by price: the sales rollup keeps the trim, the band comes from the price tables …
  // or, for bounds in whole thousands of yuan, a rollup that keeps each trim-month's prices rounded to them.
  const bandedSales = bandsSales(query);
  const { params, bind } = binder();

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
    const yearToDateBands = !bandedSales || bandRollup;
    if (rollup.yearToDate && yearToDateBands && readsYearToDateSum(request, span, byTime)) {
      months.add(span.to);
      selects.push(`coalesce(sum(qty_ytd) FILTER (WHERE month = ${bind(span.to)}), 0) AS "${request.as}"`);
      continue;
    }
    for (const m of monthRange(span.from, span.to)) months.add(m);
    const during = `FILTER (WHERE month BETWEEN ${bind(span.from)} AND ${bind(span.to)})`;
    if (def.kind !== 'sum') nullable.add(request.as);
    selects.push(`${measureSql(request.measure, during, query.pricesInWholeYuan === true)} AS "${request.as}"`);
  }
  const where = [`month = ANY(${bind([...months].sort((a, b) => a - b))}::int[])`, ...filtersSql(query.filters ?? {}, bind)];
  // A province lies in one region, and the province tables' keys lead with the region (month, area_id,
  // province_id, …): naming the regions of the provinces asked lets the key narrow to them instead of
  // reading every province of each month. Redundant, so the answer is the same.
  const regions = rollup.levels.has('province') ? regionsOfProvinces(query.filters) : null;
  if (regions) where.push(`area_id = ANY(${bind(regions)}::int[])`);
  const grouping = groups.length ? ` GROUP BY ${groups.join(', ')}` : '';
  const inner =
    query.dimensions.includes('priceBand') && !bandRollup
      ? `SELECT ${selects.join(', ')} FROM (${(bandedSales ? (cityBandRollup ? cityBandedSalesTrimMonths : bandedSalesTrimMonths) : bandedTrimMonths)(query, rollup, where, bind)}) AS r${grouping}`
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
    const windowed = `SELECT g.*${windowSelects()
      .map((s) => `, ${s}`)
      .join('')} FROM (${inner}) g${sold}`;
    sql = `SELECT w.*${nameSelects.map((s) => `, ${s}`).join('')} FROM (${windowed}) w ${joins.join(' ')} WHERE ${keep.join(' AND ')}`;
  } else {
    sql = `SELECT g.*${nameSelects.map((s) => `, ${s}`).join('')} FROM (${inner}) g ${joins.join(' ')}`.trim() + sold;
  }
  sql = orderAndPage(sql, query, names, bind);
  return { sql, params, rollup: rollup.name };
}

/**
 * One measure over the rows its FILTER clause keeps: the SQL of each kind of MEASURES. With `wholeYuan`, a
 * weighted price is rounded to the yuan, also where a derived measure reads it.
 */
function measureSql(key: MeasureKey, during: string, wholeYuan: boolean): string {
  const def = MEASURES[key];
  switch (def.kind) {
    case 'sum':
      return `coalesce(sum(${def.column}) ${during}, 0)`;
    case 'weighted': {
      const price = `((sum(${def.amount}) ${during})::float8 / nullif(sum(${def.weight}) ${during}, 0))`;
      // Half up, as Math.round (a float8 round() would round half to even).
      return wholeYuan ? `floor(${price} + 0.5)` : price;
    }
    case 'min':
    case 'max':
      return `${def.kind}(${def.column}) ${during}`;
    case 'difference':
      return `(${measureSql(def.of[0], during, wholeYuan)} - ${measureSql(def.of[1], during, wholeYuan)})`;
    case 'quotient':
      return `(${measureSql(def.of[0], during, wholeYuan)} / nullif(${measureSql(def.of[1], during, wholeYuan)}, 0))`;
  }
}

/**
 * A price column in whole thousands of yuan as the query's band key (0 below, n + 1 at or above `high`).
 * With bounds in whole thousands, a price rounded down to thousands falls in the band of the exact price.
 */
function bandOfPrice(query: AnalyticsQuery, column: string, bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  if (!bands) throw new Error("the priceBand dimension needs the query's priceBand");
  if (column !== 'tp_floor' && column !== 'msrp_floor') throw new Error(`no band price column ${column}`);
  const n = bandCount(bands);
  return `CASE WHEN ${column} < ${bind(bands.low)}::int THEN 0 WHEN ${column} >= ${bind(bands.high)}::int THEN ${bind(n + 1)}::int
    ELSE (${column} - ${bind(bands.low)}::int) / ${bind(bands.width)}::int + 1 END`;
}

/** A band stage's grouping: month, trim and the query's other dimensions that are not time, each once. */
function bandStageColumns(query: AnalyticsQuery): string[] {
  const columns = [
    'month',
    'car_id',
    ...query.dimensions.filter((d) => d !== 'priceBand' && DIMENSIONS[d].level !== 'time').map((d) => DIMENSIONS[d].expression),
  ];
  return [...new Set(columns)];
}

/** The band of `price`, an SQL price in yuan: 0 below `low`, n + 1 at or above `high`, else 1 + its step of `width` above `low`. */
function bandOfYuan(price: string, bands: PriceBands, bind: (value: unknown) => string): string {
  const n = bandCount(bands);
  return `CASE WHEN ${price} < ${bind(bands.low)}::int THEN 0 WHEN ${price} >= ${bind(bands.high)}::int THEN ${bind(n + 1)}::int
    ELSE floor((${price} - ${bind(bands.low)}::int) / ${bind(bands.width)}::int)::int + 1 END`;
}

/**
 * The price-band stage: the query's rows summed per trim and month (and per value of its other
 * dimensions), each with the band of its weighted MSRP or TP over those rows. A trim-month is thus
 * banded by its national price, or by its price in the geography the query narrows to or groups by.
 */
function bandedTrimMonths(query: AnalyticsQuery, rollup: RollupDef, where: string[], bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  if (!bands) throw new Error("the priceBand dimension needs the query's priceBand");
  const unique = bandStageColumns(query);
  // A table of one row per month and trim (it keeps the trim but no place) needs no summing first: each row is its trim-month.
  const trimGrain = rollup.levels.has('car') && !rollup.levels.has('province') && !rollup.levels.has('city');
  const amount = bands.basis === 'tp' ? 'tp_amount' : 'msrp_amount';
  const price = trimGrain ? `(${amount}::float8 / nullif(qty, 0))` : `(sum(${amount})::float8 / nullif(sum(qty), 0))`;
  const band = bandOfYuan(price, bands, bind);
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
  if (!bands) throw new Error("the priceBand dimension needs the query's priceBand");
  const unique = bandStageColumns(query).map((c) => `b.${c}`);
  const msrp = 'coalesce(mm.msrp, c.msrp)::float8';
  const city = cityBands(query);
  const cityTp = city === undefined ? '' : 'ct.tp::float8, ';
  const price = bands.basis === 'tp' ? `coalesce(${cityTp}pc.tp_amount::float8 / nullif(pc.qty, 0), ${msrp})` : msrp;
  const band = bandOfYuan(price, bands, bind);
  // where[0] is the months the measures read: the price tables are read for those months only.
  const months = where[0];
  // On the raw sales facts (the benchmark's baseline) the TP comes from the raw price facts too.
  const prices =
    rollup === RAW_FACTS[query.source]
      ? `SELECT month, car_id, sum(tp::bigint * qty) AS tp_amount, sum(qty) AS qty FROM price_fact WHERE ${months} GROUP BY month, car_id`
      : `SELECT month, car_id, tp_amount, qty FROM rollup_price_car WHERE ${months}`;
  let priceJoin = bands.basis === 'tp' ? `LEFT JOIN (${prices}) pc ON pc.month = b.month AND pc.car_id = b.car_id` : '';
  // The city's own TP of the trim-month (its price fact).
  if (city !== undefined) priceJoin += ` LEFT JOIN (${cityPrices(months, city, bind)}) ct ON ct.month = b.month AND ct.car_id = b.car_id`;
  return `SELECT ${unique.join(', ')}, sum(b.qty) AS qty, ${band} AS price_band
    FROM (SELECT * FROM ${rollup.from} AS f WHERE ${where.join(' AND ')}) AS b ${priceJoin}
    LEFT JOIN (SELECT month, car_id, msrp FROM msrp_month WHERE ${months}) mm ON mm.month = b.month AND mm.car_id = b.car_id
    JOIN car c ON c.id = b.car_id
    GROUP BY ${unique.join(', ')}, ${bands.basis === 'tp' ? 'pc.tp_amount, pc.qty, ' : ''}${city !== undefined ? 'ct.tp, ' : ''}mm.msrp, c.msrp`;
}

/**
 * A city's TP of each trim-month of `months` (an SQL condition on month): its price fact, one a trim, month and city
 * (the facts' key), so it is the TP weighted over the city's facts. Read from the index by month and city alone.
 */
function cityPrices(months: string, city: number, bind: (value: unknown) => string): string {
  return `SELECT month, car_id, tp FROM price_fact WHERE ${months} AND city_id = ${bind(city)}::int`;
}

/**
 * The TP-city price-band stage (decision 147) on a sales band rollup without year-to-date rows (decision 294): each
 * trim-month in the band of its TP weighted over the city's own price facts, else of the national price the rollup
 * keeps in whole thousands — its national TP, else its MSRP of the month, else its launch MSRP, as
 * bandedSalesTrimMonths falls back — which bands alike for bounds in whole thousands (the only ones that choose it).
 */
function cityBandedSalesTrimMonths(query: AnalyticsQuery, rollup: RollupDef, where: string[], bind: (value: unknown) => string): string {
  const bands = query.priceBand;
  const city = cityBands(query);
  if (!bands || city === undefined) throw new Error("a city band stage needs the query's priceBand and tpCity");
  const unique = bandStageColumns(query).map((c) => `b.${c}`);
  const band = bandOfYuan('coalesce(ct.tp, b.tp_floor)::float8', bands, bind);
  // Each of the rollup's rows (a trim-month) banded as it is: the query around this stage sums them, so grouping here
  // would only add a hash of every row (it took half of a 累计's 46 ms).
  return `SELECT ${unique.join(', ')}, b.qty, ${band} AS price_band
    FROM (SELECT * FROM ${rollup.from} AS f WHERE ${where.join(' AND ')}) AS b
    LEFT JOIN (${cityPrices(where[0], city, bind)}) ct ON ct.month = b.month AND ct.car_id = b.car_id`;
}

function windowSql(w: WindowRequest, query: AnalyticsQuery, names: ReadonlySet<string>): string {
  for (const d of w.partitionBy ?? []) if (!query.dimensions.includes(d)) throw new Error(`window ${w.as}: ${d} is not a dimension of the query`);
  const partition = w.partitionBy?.length ? `PARTITION BY ${w.partitionBy.map((d) => `g."${d}"`).join(', ')}` : '';
  if (w.fn === 'count') return `count(*) OVER (${partition})`;
  const measures = query.measures.map((r) => r.as);
  if (!w.of || !measures.includes(w.of) || !names.has(w.of)) throw new Error(`window ${w.as}: ${w.of} is not a measure of the query`);
  const of = `g."${w.of}"`;
  if (w.fn === 'growth' || w.fn === 'shareChange') {
    if (!w.over || !measures.includes(w.over)) throw new Error(`window ${w.as}: ${String(w.over)} is not a measure of the query`);
    const over = `g."${w.over}"`;
    const fraction =
      w.fn === 'growth'
        ? `(${of}::float8 / nullif(${over}, 0) - 1)`
        : `(${of}::float8 / nullif(sum(${of}) OVER (${partition}), 0) - ${over}::float8 / nullif(sum(${over}) OVER (${partition}), 0))`;
    // The display rule (contracts/src/display.ts): one decimal of a percent; 0.0 and beyond ±1000 % show '-' (null).
    const tenths = `round((${fraction} * 1000)::numeric)`;
    return `(CASE WHEN abs(${tenths}) > 0 AND abs(${tenths}) < 10000 THEN ${tenths} END)`;
  }
  switch (w.fn) {
    case 'share':
      return `(${of}::float8 / nullif(sum(${of}) OVER (${partition}), 0))`;
    case 'total':
      return `sum(${of}) OVER (${partition})`;
    case 'max':
      return `max(${of}) OVER (${partition})`;
    case 'rank': {
      const rank = `rank() OVER (${`${partition} ORDER BY ${of} DESC NULLS LAST`.trim()})`;
      return w.nullWhenZero ? `(CASE WHEN coalesce(${of}, 0) <> 0 THEN ${rank} END)` : rank;
    }
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
  const orderOf = (alias: string): string => order.map((o) => `${alias}."${o.by}" ${o.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`).join(', ');
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
