/**
 * The analytics model, declared once as data: what can be grouped on (dimensions), narrowed by
 * (filters), and which pre-aggregated tables (rollups) hold which of them. The SQL builder reads only
 * these tables of facts; no endpoint writes its own GROUP BY.
 */

/** How detailed a question is: the grain a table must keep to answer it. */
export type Level = 'product' | 'car' | 'province' | 'city' | 'retailDetail';

export type DimensionKey =
  | 'month' | 'quarter' | 'year'
  | 'segment' | 'family' | 'producer' | 'producerProperty' | 'brand' | 'brandProperty' | 'producerBrand'
  | 'series' | 'subSeries' | 'car' | 'fuel' | 'bodyType' | 'jllType'
  | 'area' | 'province' | 'city' | 'tier';

/** Where a dimension's display name comes from. */
type NameSource =
  | { table: string; column?: string }
  | { dictionary: string }
  | { labels: Record<number, string> }
  | { time: 'month' | 'quarter' | 'year' };

export interface DimensionDef {
  /** The column (or, for time, SQL expression over `month`) in every table that has the level. */
  expression: string;
  level: Level | 'time';
  names: NameSource;
  label: string;
}

export const TIER_LABELS: Record<number, string> = { 1: '一线及新一线城市', 2: '二线城市', 3: '三线城市', 4: '四线城市', 5: '五线及以下城市' };
export const JLL_LABELS: Record<number, string> = { 2: '新创', 1: '自主', 0: '合资' };

export const DIMENSIONS: Record<DimensionKey, DimensionDef> = {
  month: { expression: 'month', level: 'time', names: { time: 'month' }, label: '月份' },
  quarter: { expression: '(month / 100) * 10 + (month % 100 + 2) / 3', level: 'time', names: { time: 'quarter' }, label: '季度' },
  year: { expression: 'month / 100', level: 'time', names: { time: 'year' }, label: '年份' },
  segment: { expression: 'segment_id', level: 'product', names: { table: 'segment' }, label: '细分市场' },
  family: { expression: 'family_id', level: 'product', names: { table: 'family' }, label: '系别' },
  producer: { expression: 'producer_id', level: 'product', names: { table: 'producer' }, label: '厂商' },
  producerProperty: { expression: 'producer_property', level: 'product', names: { dictionary: 'dicProducerProperty' }, label: '厂商属性' },
  brand: { expression: 'brand_id', level: 'product', names: { table: 'brand' }, label: '品牌' },
  brandProperty: { expression: 'brand_property', level: 'product', names: { dictionary: 'dicBoundProperty' }, label: '品牌属性' },
  producerBrand: { expression: 'producer_brand_id', level: 'product', names: { table: 'producer_brand' }, label: '厂商品牌' },
  series: { expression: 'series_id', level: 'product', names: { table: 'series' }, label: '车系' },
  subSeries: { expression: 'sub_series_id', level: 'product', names: { table: 'sub_series' }, label: '子车系' },
  car: { expression: 'car_id', level: 'car', names: { table: 'car' }, label: '车型' },
  fuel: { expression: 'fuel', level: 'product', names: { dictionary: 'dicFuel' }, label: '燃料类型' },
  bodyType: { expression: 'body_type', level: 'product', names: { dictionary: 'dicBodyShape' }, label: '车身形式' },
  jllType: { expression: 'jll_type', level: 'product', names: { labels: JLL_LABELS }, label: '品牌类型' },
  area: { expression: 'area_id', level: 'province', names: { table: 'area' }, label: '大区' },
  province: { expression: 'province_id', level: 'province', names: { table: 'province', column: 'short_name' }, label: '省份' },
  city: { expression: 'city_id', level: 'city', names: { table: 'city' }, label: '城市' },
  tier: { expression: 'tier', level: 'city', names: { labels: TIER_LABELS }, label: '城市级别' },
};

/** What a query can be narrowed by: each a list of ids or codes, matched with = ANY(bound array). */
export type FilterKey =
  | 'segmentIds' | 'familyIds' | 'producerIds' | 'producerProperties' | 'brandIds' | 'brandProperties'
  | 'producerBrandIds' | 'seriesIds' | 'subSeriesIds' | 'carIds' | 'fuels' | 'bodyTypes' | 'jllTypes'
  | 'areaIds' | 'provinceIds' | 'cityIds' | 'tiers';

export type Filters = Partial<Record<FilterKey, readonly number[]>>;

export const FILTERS: Record<FilterKey, { column: string; level: Level }> = {
  segmentIds: { column: 'segment_id', level: 'product' },
  familyIds: { column: 'family_id', level: 'product' },
  producerIds: { column: 'producer_id', level: 'product' },
  producerProperties: { column: 'producer_property', level: 'product' },
  brandIds: { column: 'brand_id', level: 'product' },
  brandProperties: { column: 'brand_property', level: 'product' },
  producerBrandIds: { column: 'producer_brand_id', level: 'product' },
  seriesIds: { column: 'series_id', level: 'product' },
  subSeriesIds: { column: 'sub_series_id', level: 'product' },
  carIds: { column: 'car_id', level: 'car' },
  fuels: { column: 'fuel', level: 'product' },
  bodyTypes: { column: 'body_type', level: 'product' },
  jllTypes: { column: 'jll_type', level: 'product' },
  areaIds: { column: 'area_id', level: 'province' },
  provinceIds: { column: 'province_id', level: 'province' },
  cityIds: { column: 'city_id', level: 'city' },
  tiers: { column: 'tier', level: 'city' },
};

/** 数据来源: 1 wholesale (association), 2 retail (insurance registrations). */
export type DataSource = 1 | 2;

export interface RollupDef {
  name: string;
  /** A table, or for the raw facts a subquery that exposes the same columns. */
  from: string;
  source: DataSource;
  levels: ReadonlySet<Level>;
}

const PRODUCT_COLUMNS = `c.sub_series_id, c.series_id, c.producer_brand_id, c.producer_id, c.brand_id, c.segment_id,
  b.family_id, p.property AS producer_property, b.property AS brand_property, b.jll_type, s.fuel, s.body_type`;
const PRODUCT_JOINS = `JOIN car c ON c.id = f.car_id JOIN sub_series s ON s.id = c.sub_series_id
  JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id`;

/** The raw retail facts with every attribute joined on: the fallback no rollup covers. */
export const RAW_RETAIL_SQL = `(SELECT f.month, f.car_id, f.city_id, ci.province_id, pr.area_id, ci.tier, ${PRODUCT_COLUMNS}, f.qty
  FROM retail_fact f ${PRODUCT_JOINS} JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id)`;

/** Smallest first: the builder takes the first that has every level a query needs. */
export const ROLLUPS: readonly RollupDef[] = [
  { name: 'rollup_retail_car', from: 'rollup_retail_car', source: 2, levels: new Set<Level>(['product', 'car']) },
  { name: 'rollup_retail_province', from: 'rollup_retail_province', source: 2, levels: new Set<Level>(['product', 'province']) },
  { name: 'rollup_retail_city', from: 'rollup_retail_city', source: 2, levels: new Set<Level>(['product', 'province', 'city']) },
  { name: 'retail_fact', from: RAW_RETAIL_SQL, source: 2, levels: new Set<Level>(['product', 'car', 'province', 'city']) },
  { name: 'rollup_wholesale_car', from: 'rollup_wholesale_car', source: 1, levels: new Set<Level>(['product', 'car']) },
];

/**
 * How each rollup is built for a set of months ($1), in this order: the province rollup is summed from
 * the city rollup, which is much smaller than the facts it came from.
 */
export const ROLLUP_BUILDS: ReadonlyArray<{ table: string; columns: string; select: string }> = [
  {
    table: 'rollup_retail_car',
    columns: 'month, car_id, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty',
    select: `SELECT f.month, f.car_id, ${PRODUCT_COLUMNS}, f.qty
      FROM (SELECT month, car_id, sum(qty) AS qty FROM retail_fact WHERE month = ANY($1) GROUP BY month, car_id) f ${PRODUCT_JOINS}`,
  },
  {
    table: 'rollup_wholesale_car',
    columns: 'month, car_id, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty',
    select: `SELECT f.month, f.car_id, ${PRODUCT_COLUMNS}, f.qty
      FROM wholesale_fact f ${PRODUCT_JOINS} WHERE f.month = ANY($1)`,
  },
  {
    table: 'rollup_retail_city',
    columns: 'month, city_id, province_id, area_id, tier, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty',
    select: `SELECT f.month, f.city_id, ci.province_id, pr.area_id, ci.tier, s.id, s.series_id, s.producer_brand_id, s.producer_id, s.brand_id,
        s.segment_id, b.family_id, p.property, b.property, b.jll_type, s.fuel, s.body_type, f.qty
      FROM (SELECT f.month, f.city_id, c.sub_series_id, sum(f.qty) AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id
             WHERE f.month = ANY($1) GROUP BY f.month, f.city_id, c.sub_series_id) f
      JOIN sub_series s ON s.id = f.sub_series_id JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id
      JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id`,
  },
  {
    table: 'rollup_retail_province',
    columns: 'month, province_id, area_id, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, family_id, producer_property, brand_property, jll_type, fuel, body_type, qty',
    select: `SELECT month, province_id, min(area_id), sub_series_id, min(series_id), min(producer_brand_id), min(producer_id), min(brand_id),
        min(segment_id), min(family_id), min(producer_property), min(brand_property), min(jll_type), min(fuel), min(body_type), sum(qty)
      FROM rollup_retail_city WHERE month = ANY($1) GROUP BY month, province_id, sub_series_id`,
  },
];
