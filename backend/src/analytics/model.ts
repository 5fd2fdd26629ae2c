/**
 * The analytics model, declared once as data: what can be grouped on (dimensions), narrowed by
 * (filters), and which pre-aggregated tables (rollups) hold which of them. The SQL builder reads only
 * these tables of facts; no endpoint writes its own GROUP BY.
 */

import type { QuerySource, ValueColumn } from './measures';
import { JLL_LABELS, TIER_LABELS } from '@car/contracts';

/**
 * How detailed a question is: the grain a table must keep to answer it. `market` is the three
 * attributes the shared filter panel narrows by (segment, fuel, producer property); every table
 * that keeps `product` keeps them too. `trimPrice` is a trim's own price of the month (its MSRP, and
 * its weighted TP for price bands): only the price tables, at trim grain, keep it. `brandType` is the
 * brand's jll type (新创 / 自主 / 合资): every table that keeps `product` keeps it, and the city × brand
 * type rollup (the dashboard's city table) keeps it without the rest of the product. `maker` is the
 * producer and brand (producer-brand, family, brand property): every table that keeps `product` keeps
 * it, and the price maker rollups keep it without the sub-series and trims (decision 122).
 */
export type Level = 'market' | 'product' | 'brandType' | 'maker' | 'car' | 'province' | 'city' | 'retailDetail' | 'trimPrice'
  /** A trim-month's national TP and MSRP in whole thousands of yuan beside its sales: a sales price band's grain. */
  | 'bandPrice';

export type DimensionKey =
  | 'month' | 'quarter' | 'year'
  | 'segment' | 'family' | 'producer' | 'producerProperty' | 'brand' | 'brandProperty' | 'producerBrand'
  | 'series' | 'subSeries' | 'car' | 'fuel' | 'bodyType' | 'jllType'
  | 'area' | 'province' | 'city' | 'tier'
  | 'priceBand';

/** Where a dimension's display name comes from. */
type NameSource =
  | { table: string; column?: string }
  | { dictionary: string }
  | { labels: Readonly<Record<number, string>> }
  | { time: 'month' | 'quarter' | 'year' }
  /** The label of the query's price bands (`5-10万`). */
  | { band: true };

export interface DimensionDef {
  /** The column (or, for time, SQL expression over `month`) in every table that has the level. */
  expression: string;
  level: Level | 'time';
  names: NameSource;
  label: string;
}


export const DIMENSIONS: Record<DimensionKey, DimensionDef> = {
  month: { expression: 'month', level: 'time', names: { time: 'month' }, label: '月份' },
  quarter: { expression: '(month / 100) * 10 + (month % 100 + 2) / 3', level: 'time', names: { time: 'quarter' }, label: '季度' },
  year: { expression: 'month / 100', level: 'time', names: { time: 'year' }, label: '年份' },
  segment: { expression: 'segment_id', level: 'market', names: { table: 'segment' }, label: '细分市场' },
  family: { expression: 'family_id', level: 'maker', names: { table: 'family' }, label: '系别' },
  producer: { expression: 'producer_id', level: 'maker', names: { table: 'producer' }, label: '厂商' },
  producerProperty: { expression: 'producer_property', level: 'market', names: { dictionary: 'dicProducerProperty' }, label: '厂商属性' },
  brand: { expression: 'brand_id', level: 'maker', names: { table: 'brand' }, label: '品牌' },
  brandProperty: { expression: 'brand_property', level: 'maker', names: { dictionary: 'dicBoundProperty' }, label: '品牌属性' },
  producerBrand: { expression: 'producer_brand_id', level: 'maker', names: { table: 'producer_brand' }, label: '厂商品牌' },
  series: { expression: 'series_id', level: 'product', names: { table: 'series' }, label: '车系' },
  subSeries: { expression: 'sub_series_id', level: 'product', names: { table: 'sub_series' }, label: '子车系' },
  car: { expression: 'car_id', level: 'car', names: { table: 'car' }, label: '车型' },
  fuel: { expression: 'fuel', level: 'market', names: { dictionary: 'dicFuel' }, label: '燃料类型' },
  bodyType: { expression: 'body_type', level: 'product', names: { dictionary: 'dicBodyShape' }, label: '车身形式' },
  jllType: { expression: 'jll_type', level: 'brandType', names: { labels: JLL_LABELS }, label: '品牌类型' },
  area: { expression: 'area_id', level: 'province', names: { table: 'area' }, label: '大区' },
  province: { expression: 'province_id', level: 'province', names: { table: 'province', column: 'short_name' }, label: '省份' },
  city: { expression: 'city_id', level: 'city', names: { table: 'city' }, label: '城市' },
  tier: { expression: 'tier', level: 'city', names: { labels: TIER_LABELS }, label: '城市级别' },
  // Computed per trim-month by the builder from the query's `priceBand` (see PriceBands).
  priceBand: { expression: 'price_band', level: 'trimPrice', names: { band: true }, label: '价格段' },
};

/** What a query can be narrowed by: ids or codes, and (`msrp`) a trim's MSRP of the month in yuan. */
export type FilterKey =
  | 'segmentIds' | 'familyIds' | 'producerIds' | 'producerProperties' | 'brandIds' | 'brandProperties'
  | 'producerBrandIds' | 'seriesIds' | 'subSeriesIds' | 'carIds' | 'fuels' | 'bodyTypes' | 'jllTypes'
  | 'areaIds' | 'provinceIds' | 'cityIds' | 'tiers' | 'msrp';

/**
 * The closed list of operators, each written with bound values only: a list (`= ANY`), both bounds
 * included (`BETWEEN`), at least, at most. A bare list means `in`; an empty list narrows nothing.
 */
export type FilterCondition =
  | readonly number[]
  | { in: readonly number[] }
  | { between: readonly [number, number] }
  | { gte: number }
  | { lte: number };

export type Filters = Partial<Record<FilterKey, FilterCondition>>;

export const FILTERS: Record<FilterKey, { column: string; level: Level }> = {
  segmentIds: { column: 'segment_id', level: 'market' },
  familyIds: { column: 'family_id', level: 'maker' },
  producerIds: { column: 'producer_id', level: 'maker' },
  producerProperties: { column: 'producer_property', level: 'market' },
  brandIds: { column: 'brand_id', level: 'maker' },
  brandProperties: { column: 'brand_property', level: 'maker' },
  producerBrandIds: { column: 'producer_brand_id', level: 'maker' },
  seriesIds: { column: 'series_id', level: 'product' },
  subSeriesIds: { column: 'sub_series_id', level: 'product' },
  carIds: { column: 'car_id', level: 'car' },
  fuels: { column: 'fuel', level: 'market' },
  bodyTypes: { column: 'body_type', level: 'product' },
  jllTypes: { column: 'jll_type', level: 'brandType' },
  areaIds: { column: 'area_id', level: 'province' },
  provinceIds: { column: 'province_id', level: 'province' },
  cityIds: { column: 'city_id', level: 'city' },
  tiers: { column: 'tier', level: 'city' },
  msrp: { column: 'msrp', level: 'trimPrice' },
};

/** 数据来源: 1 wholesale (association), 2 retail (insurance registrations). */
export type DataSource = 1 | 2;

export interface RollupDef {
  name: string;
  /** A table, or for the raw facts a subquery that exposes the same columns. */
  from: string;
  source: QuerySource;
  levels: ReadonlySet<Level>;
  /**
   * Keeps `qty_ytd`, the volume from January to the row's month, with a row for every month after a
   * key's first sale of the year: a January-to-date span (累计) then reads one month, not up to twelve.
   */
  yearToDate: boolean;
}

const PRODUCT_COLUMNS = `c.sub_series_id, c.series_id, c.producer_brand_id, c.producer_id, c.brand_id, c.segment_id,
  b.family_id, p.property AS producer_property, b.property AS brand_property, b.jll_type, s.fuel, s.body_type`;
const PRODUCT_JOINS = `JOIN car c ON c.id = f.car_id JOIN sub_series s ON s.id = c.sub_series_id
  JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id`;

/** The raw retail facts with every attribute joined on: the fallback no rollup covers. */
export const RAW_RETAIL_SQL = `(SELECT f.month, f.car_id, f.city_id, ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}, f.qty
  FROM retail_fact f ${PRODUCT_JOINS} JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id)`;

/** The raw wholesale facts with their attributes joined on (wholesale has no geography). */
export const RAW_WHOLESALE_SQL = `(SELECT f.month, f.car_id, ${PRODUCT_COLUMNS}, f.qty FROM wholesale_fact f ${PRODUCT_JOINS})`;

/**
 * The price value columns of one price fact: volume, amounts (price × volume, bigint: 40万 × 10,000
 * units overflows integer), the MSRP of the trim-month, and the TP as its own lowest and highest.
 * `rebate_qty` is the volume whose rebate is known, the rebate's weight.
 */
const PRICE_FACT_VALUES = `f.qty, f.tp::bigint * f.qty AS tp_amount, m.msrp, m.msrp::bigint * f.qty AS msrp_amount,
  rb.rebate::bigint * f.qty AS rebate_amount, CASE WHEN rb.rebate IS NULL THEN 0 ELSE f.qty END AS rebate_qty, f.tp AS tp_min, f.tp AS tp_max`;
const PRICE_FACT_JOINS = `JOIN msrp_month m ON m.month = f.month AND m.car_id = f.car_id
  LEFT JOIN rebate_month rb ON rb.month = f.month AND rb.car_id = f.car_id`;

/** The raw price facts (month × trim × city) with MSRP, rebate and every attribute joined on. */
export const RAW_PRICE_SQL = `(SELECT f.month, f.car_id, f.city_id, ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}, ${PRICE_FACT_VALUES}
  FROM price_fact f ${PRICE_FACT_JOINS} ${PRODUCT_JOINS} JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id)`;

/** A table that keeps the product keeps its brand type and its maker (producer, brand) too. */
const withBrandType = (levels: Level[]): Set<Level> => new Set<Level>(levels.includes('product') ? [...levels, 'brandType', 'maker'] : levels);

/**
 * The raw facts of each source as a table the builder can read. Retail and prices fall back to them
 * where no rollup answers; the benchmark reads them to time the same question without rollups.
 */
export const RAW_FACTS: Record<QuerySource, RollupDef> = {
  1: { name: 'wholesale_fact', from: RAW_WHOLESALE_SQL, source: 1, levels: withBrandType(['market', 'product', 'car']), yearToDate: false },
  2: { name: 'retail_fact', from: RAW_RETAIL_SQL, source: 2, levels: withBrandType(['market', 'product', 'car', 'province', 'city']), yearToDate: false },
  price: {
    name: 'price_fact',
    from: RAW_PRICE_SQL,
    source: 'price',
    levels: withBrandType(['market', 'product', 'car', 'province', 'city', 'trimPrice']),
    yearToDate: false,
  },
};

const rollup = (name: string, source: QuerySource, levels: Level[], yearToDate = true): RollupDef => ({
  name,
  from: name,
  source,
  levels: withBrandType(levels),
  yearToDate,
});

/**
 * Smallest first: the builder takes the first that has every level a query needs. Rows per month at
 * the large scale in brackets; bench/RESULTS.md has the measured sizes.
 */
export const ROLLUPS: readonly RollupDef[] = [
  rollup('rollup_retail_market', 2, ['market']), // month × segment × fuel × producer property (~100)
  rollup('rollup_retail_sub_series', 2, ['market', 'product']), // month × sub-series (~600)
  rollup('rollup_retail_car', 2, ['market', 'product', 'car']), // month × trim (~2,900)
  rollup('rollup_retail_province_market', 2, ['market', 'province']), // month × province × market (~3,000)
  // Sales price bands only (no other question needs bandPrice). The months' own sales, no year-to-date rows:
  // a band question that reads no January-to-date sum (the structure pages' twelve months, a single month).
  rollup('rollup_retail_car_band_month', 2, ['market', 'product', 'car', 'bandPrice'], false), // month × trim × TP × MSRP in 千元 (~2,000-3,300)
  // … and a trim-month per TP and MSRP pair so far this year: January to date reads one month (chooseRollup).
  rollup('rollup_retail_car_band', 2, ['market', 'product', 'car', 'bandPrice']), // month × trim × TP × MSRP in 千元 (~3,000-14,000)
  rollup('rollup_retail_province', 2, ['market', 'product', 'province']), // month × province × sub-series (~17,000)
  rollup('rollup_retail_city_market', 2, ['market', 'province', 'city']), // month × city × market (~30,000)
  // The dashboard's city table by brand type (decision 105): no market attributes, so it answers
  // only questions without the shared filters, listed after the city market rollup so those keep theirs.
  rollup('rollup_retail_city_jll', 2, ['brandType', 'province', 'city']), // month × city × jll type (~1,000)
  // Cities × sub-series carry no year-to-date rows: they would grow by half (sparse cities) for few readers.
  rollup('rollup_retail_city', 2, ['market', 'product', 'province', 'city'], false), // month × city × sub-series (~115,000)
  RAW_FACTS[2],
  rollup('rollup_wholesale_market', 1, ['market']),
  rollup('rollup_wholesale_sub_series', 1, ['market', 'product']),
  rollup('rollup_wholesale_car', 1, ['market', 'product', 'car']),
  // Prices keep the trim (a price band buckets trim-months); no year-to-date sums (a 累计 price reads up
  // to twelve months of a small table). Rows per month at the demo scale in brackets; docs/query-layer.md has sizes.
  // The market's and the makers' prices nationally (decision 122): no sub-series, no trim.
  { name: 'rollup_price_market', from: 'rollup_price_market', source: 'price', levels: new Set<Level>(['market', 'brandType']), yearToDate: false }, // month × market × jll type (~135)
  { name: 'rollup_price_maker', from: 'rollup_price_maker', source: 'price', levels: new Set<Level>(['market', 'brandType', 'maker']), yearToDate: false }, // month × producer-brand × segment × fuel (~550)
  rollup('rollup_price_car', 'price', ['market', 'product', 'car', 'trimPrice'], false), // month × trim (~2,000)
  // A region's or each province's market prices (decision 116): the market attributes and brand type, no product.
  { name: 'rollup_price_province_market', from: 'rollup_price_province_market', source: 'price', levels: new Set<Level>(['market', 'brandType', 'province']), yearToDate: false }, // month × province × market × jll type (~3,000)
  // A region's or each province's producers and brands (decision 122).
  { name: 'rollup_price_province_maker', from: 'rollup_price_province_maker', source: 'price', levels: new Set<Level>(['market', 'brandType', 'maker', 'province']), yearToDate: false }, // month × province × producer-brand × segment × fuel (~12,000)
  rollup('rollup_price_province', 'price', ['market', 'product', 'car', 'province', 'trimPrice'], false), // month × province × trim (~20,000)
  RAW_FACTS.price,
];

/**
 * How one rollup is built for some months: `monthly` sums one month per key, reading `month = ANY($1)`
 * of the facts or of a rollup built before it; `attributes` joins the columns that hang off the key
 * (to the aliased row `k`). RollupRepository adds the year-to-date sums where the rollup keeps them.
 */
export interface RollupBuild {
  table: string;
  source: QuerySource;
  keys: readonly string[];
  monthly: string;
  attributes: { columns: readonly string[]; select: string; joins: string };
  /** The value columns `monthly` yields after the keys; the volume `qty` unless said otherwise. */
  values?: readonly (ValueColumn | 'msrp')[];
  yearToDate: boolean;
}

/** A price rollup's values: volume, amounts, the trim-month's MSRP (the `msrp` filter), lowest and highest TP. */
const PRICE_VALUES = ['qty', 'tp_amount', 'msrp', 'msrp_amount', 'rebate_amount', 'rebate_qty', 'tp_min', 'tp_max'] as const;
/** The same values summed over finer rows of a price rollup. */
const PRICE_VALUES_SUMMED = `sum(qty) AS qty, sum(tp_amount) AS tp_amount, max(msrp) AS msrp, sum(msrp_amount) AS msrp_amount,
  sum(rebate_amount) AS rebate_amount, sum(rebate_qty) AS rebate_qty, min(tp_min) AS tp_min, max(tp_max) AS tp_max`;

const KEY_PRODUCT = {
  columns: ['sub_series_id', 'series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id', 'family_id', 'producer_property', 'brand_property', 'jll_type', 'fuel', 'body_type'],
  select: PRODUCT_COLUMNS,
  joins: PRODUCT_JOINS.replace('f.car_id', 'k.car_id'),
};

/** The attributes of a sub-series key (the city and province rollups). */
const SUB_SERIES_ATTRIBUTES = {
  columns: KEY_PRODUCT.columns.slice(1),
  select: `s.series_id, s.producer_brand_id, s.producer_id, s.brand_id, s.segment_id, b.family_id, p.property, b.property, b.jll_type, s.fuel, s.body_type`,
  joins: `JOIN sub_series s ON s.id = k.sub_series_id JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id`,
};

const MARKET_KEYS = ['segment_id', 'fuel', 'producer_property'] as const;
/** A maker price rollup's key: producer-brand, segment and fuel, then the attributes that hang off the producer-brand. */
const MAKER_KEYS = ['producer_brand_id', 'segment_id', 'fuel', 'producer_id', 'brand_id', 'family_id', 'producer_property', 'brand_property', 'jll_type'] as const;
const NO_ATTRIBUTES = { columns: [], select: '', joins: '' };

/**
 * The sales band rollups' monthly rows: the trim rollup's volume beside the trim-month's national TP (else
 * its MSRP, else the launch MSRP) and MSRP, rounded down to whole thousands in integer arithmetic:
 * floor(floor(a / q) / 1000) = floor(a / q / 1000).
 */
const CAR_BAND_MONTHLY = `SELECT r.month, r.car_id,
        coalesce(pc.tp_amount / nullif(pc.qty, 0), coalesce(mm.msrp, c.msrp)) / 1000 * 1000 AS tp_floor,
        coalesce(mm.msrp, c.msrp) / 1000 * 1000 AS msrp_floor, r.qty
      FROM rollup_retail_car r JOIN car c ON c.id = r.car_id
      LEFT JOIN rollup_price_car pc ON pc.month = r.month AND pc.car_id = r.car_id
      LEFT JOIN msrp_month mm ON mm.month = r.month AND mm.car_id = r.car_id
      WHERE r.month = ANY($1) AND r.qty <> 0`;

/** In this order: each reads only the facts or rollups listed before it. */
export const ROLLUP_BUILDS: readonly RollupBuild[] = [
  {
    table: 'rollup_retail_car',
    source: 2,
    keys: ['car_id'],
    monthly: `SELECT month, car_id, sum(qty) AS qty FROM retail_fact WHERE month = ANY($1) GROUP BY month, car_id`,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_car',
    source: 1,
    keys: ['car_id'],
    monthly: `SELECT month, car_id, qty FROM wholesale_fact WHERE month = ANY($1)`,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    table: 'rollup_retail_city',
    source: 2,
    keys: ['city_id', 'sub_series_id'],
    monthly: `SELECT f.month, f.city_id, c.sub_series_id, sum(f.qty) AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id
      WHERE f.month = ANY($1) GROUP BY f.month, f.city_id, c.sub_series_id`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier', ...SUB_SERIES_ATTRIBUTES.columns],
      select: `ci.province_id, pr.area_id, ci.tier, ${SUB_SERIES_ATTRIBUTES.select}`,
      joins: `JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id ${SUB_SERIES_ATTRIBUTES.joins}`,
    },
    yearToDate: false,
  },
  {
    // Summed from the city rollup, much smaller than the facts it came from.
    table: 'rollup_retail_province',
    source: 2,
    keys: ['province_id', 'sub_series_id'],
    monthly: `SELECT month, province_id, sub_series_id, sum(qty) AS qty FROM rollup_retail_city WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['area_id', ...SUB_SERIES_ATTRIBUTES.columns],
      select: `pr.area_id, ${SUB_SERIES_ATTRIBUTES.select}`,
      joins: `JOIN province pr ON pr.id = k.province_id ${SUB_SERIES_ATTRIBUTES.joins}`,
    },
    yearToDate: true,
  },
  {
    table: 'rollup_retail_sub_series',
    source: 2,
    keys: ['sub_series_id'],
    monthly: `SELECT month, sub_series_id, sum(qty) AS qty FROM rollup_retail_car WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: SUB_SERIES_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_sub_series',
    source: 1,
    keys: ['sub_series_id'],
    monthly: `SELECT month, sub_series_id, sum(qty) AS qty FROM rollup_wholesale_car WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: SUB_SERIES_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_retail_market',
    source: 2,
    keys: MARKET_KEYS,
    monthly: `SELECT month, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_sub_series WHERE month = ANY($1) GROUP BY 1, 2, 3, 4`,
    attributes: NO_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_wholesale_market',
    source: 1,
    keys: MARKET_KEYS,
    monthly: `SELECT month, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_wholesale_sub_series WHERE month = ANY($1) GROUP BY 1, 2, 3, 4`,
    attributes: NO_ATTRIBUTES,
    yearToDate: true,
  },
  {
    table: 'rollup_retail_province_market',
    source: 2,
    keys: ['province_id', ...MARKET_KEYS],
    monthly: `SELECT month, province_id, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_province
      WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    yearToDate: true,
  },
  {
    table: 'rollup_retail_city_market',
    source: 2,
    keys: ['city_id', ...MARKET_KEYS],
    monthly: `SELECT month, city_id, segment_id, fuel, producer_property, sum(qty) AS qty FROM rollup_retail_city
      WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier'],
      select: 'ci.province_id, pr.area_id, ci.tier',
      joins: 'JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id',
    },
    yearToDate: true,
  },
  {
    // Summed from the city rollup: the dashboard's city table (jllType) reads a thousand rows a month.
    table: 'rollup_retail_city_jll',
    source: 2,
    keys: ['city_id', 'jll_type'],
    monthly: `SELECT month, city_id, jll_type, sum(qty) AS qty FROM rollup_retail_city WHERE month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: {
      columns: ['province_id', 'area_id', 'tier'],
      select: 'ci.province_id, pr.area_id, ci.tier',
      joins: 'JOIN city ci ON ci.id = k.city_id JOIN province pr ON pr.id = ci.province_id',
    },
    yearToDate: true,
  },
  {
    // Month × province × trim of the price facts (tier 1-2 cities carry TPs), MSRP and rebate joined on.
    table: 'rollup_price_province',
    source: 'price',
    keys: ['province_id', 'car_id'],
    monthly: `SELECT f.month, ci.province_id, f.car_id,
        sum(f.qty) AS qty, sum(f.tp::bigint * f.qty) AS tp_amount, max(m.msrp) AS msrp, sum(m.msrp::bigint * f.qty) AS msrp_amount,
        coalesce(sum(rb.rebate::bigint * f.qty), 0) AS rebate_amount, sum(CASE WHEN rb.rebate IS NULL THEN 0 ELSE f.qty END) AS rebate_qty,
        min(f.tp) AS tp_min, max(f.tp) AS tp_max
      FROM price_fact f JOIN city ci ON ci.id = f.city_id ${PRICE_FACT_JOINS}
      WHERE f.month = ANY($1) GROUP BY 1, 2, 3`,
    attributes: { columns: ['area_id', ...KEY_PRODUCT.columns], select: `pr.area_id, ${PRODUCT_COLUMNS}`, joins: `JOIN province pr ON pr.id = k.province_id ${KEY_PRODUCT.joins}` },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Summed from the province price rollup: the market's prices by region and province (no product, no trim).
    table: 'rollup_price_province_market',
    source: 'price',
    keys: ['province_id', 'segment_id', 'fuel', 'producer_property', 'jll_type'],
    monthly: `SELECT month, province_id, segment_id, fuel, producer_property, jll_type, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_province WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5, 6`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Summed from the province price rollup: each province's prices per producer-brand, segment and fuel.
    // The maker's attributes are keys too (each depends on the producer-brand), so no join is needed.
    table: 'rollup_price_province_maker',
    source: 'price',
    keys: ['province_id', ...MAKER_KEYS],
    monthly: `SELECT month, province_id, ${MAKER_KEYS.join(', ')}, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_province WHERE month = ANY($1) GROUP BY ${MAKER_KEYS.map((_, i) => i + 3).join(', ')}, 1, 2`,
    attributes: { columns: ['area_id'], select: 'pr.area_id', joins: 'JOIN province pr ON pr.id = k.province_id' },
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    table: 'rollup_price_car',
    source: 'price',
    keys: ['car_id'],
    monthly: `SELECT month, car_id, ${PRICE_VALUES_SUMMED} FROM rollup_price_province WHERE month = ANY($1) GROUP BY 1, 2`,
    attributes: KEY_PRODUCT,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // The market's prices nationally, summed from the trim price rollup.
    table: 'rollup_price_market',
    source: 'price',
    keys: [...MARKET_KEYS, 'jll_type'],
    monthly: `SELECT month, ${MARKET_KEYS.join(', ')}, jll_type, ${PRICE_VALUES_SUMMED} FROM rollup_price_car WHERE month = ANY($1) GROUP BY 1, 2, 3, 4, 5`,
    attributes: NO_ATTRIBUTES,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Each producer-brand's prices nationally per segment and fuel, summed from the trim price rollup.
    table: 'rollup_price_maker',
    source: 'price',
    keys: MAKER_KEYS,
    monthly: `SELECT month, ${MAKER_KEYS.join(', ')}, ${PRICE_VALUES_SUMMED}
      FROM rollup_price_car WHERE month = ANY($1) GROUP BY ${MAKER_KEYS.map((_, i) => i + 2).join(', ')}, 1`,
    attributes: NO_ATTRIBUTES,
    values: PRICE_VALUES,
    yearToDate: false,
  },
  {
    // Keyed by the price pair, so the year-to-date sums are per price pair: a January-to-date band reads one month.
    table: 'rollup_retail_car_band',
    source: 2,
    keys: ['car_id', 'tp_floor', 'msrp_floor'],
    monthly: CAR_BAND_MONTHLY,
    attributes: KEY_PRODUCT,
    yearToDate: true,
  },
  {
    // The same rows without the year-to-date carry rows (volume 0 in the months a pair did not sell).
    table: 'rollup_retail_car_band_month',
    source: 2,
    keys: ['car_id', 'tp_floor', 'msrp_floor'],
    monthly: CAR_BAND_MONTHLY,
    attributes: KEY_PRODUCT,
    yearToDate: false,
  },
];
