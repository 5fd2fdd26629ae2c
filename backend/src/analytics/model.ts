/**
 * The analytics model, declared once as data: what can be grouped on (dimensions) and narrowed by
 * (filters), and the levels of detail a table must keep to answer them. Which tables keep which levels
 * is rollups.ts; no endpoint writes its own GROUP BY.
 */

import { JLL_LABELS, TIER_LABELS } from '@car/contracts';

/**
 * How detailed a question is: the grain a table must keep to answer it. `market` is the three
 * attributes the shared filter panel narrows by (segment, fuel, producer property); every table
 * that keeps `product` keeps them too. `trimPrice` is a trim's own price of the month (its MSRP, and
 * its weighted TP for price bands): only the price tables, at trim grain, keep it. `brandType` is the
 * brand type (jll_type in the tables: 新创 / 自主 / 合资): every table that keeps `product` keeps it, and the city × brand
 * type rollup (the dashboard's city table) keeps it without the rest of the product. `maker` is the
 * producer and brand (producer-brand, family, brand property): every table that keeps `product` keeps
 * it, and the price maker rollups keep it without the sub-series and trims (decision 122).
 */
export type Level =
  | 'market'
  | 'product'
  | 'brandType'
  | 'maker'
  | 'car'
  | 'province'
  | 'city'
  | 'retailDetail'
  | 'trimPrice'
  /** A trim-month's national TP and MSRP in whole thousands of yuan beside its sales: a sales price band's grain. */
  | 'bandPrice';

export type DimensionKey =
  | 'month'
  | 'quarter'
  | 'year'
  | 'segment'
  | 'family'
  | 'producer'
  | 'producerProperty'
  | 'brand'
  | 'brandProperty'
  | 'producerBrand'
  | 'series'
  | 'subSeries'
  | 'car'
  | 'fuel'
  | 'bodyType'
  | 'brandType'
  | 'area'
  | 'province'
  | 'city'
  | 'tier'
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
  brandType: { expression: 'jll_type', level: 'brandType', names: { labels: JLL_LABELS }, label: '品牌类型' },
  area: { expression: 'area_id', level: 'province', names: { table: 'area' }, label: '大区' },
  province: { expression: 'province_id', level: 'province', names: { table: 'province', column: 'short_name' }, label: '省份' },
  city: { expression: 'city_id', level: 'city', names: { table: 'city' }, label: '城市' },
  tier: { expression: 'tier', level: 'city', names: { labels: TIER_LABELS }, label: '城市级别' },
  // Computed per trim-month by the builder from the query's `priceBand` (see PriceBands).
  priceBand: { expression: 'price_band', level: 'trimPrice', names: { band: true }, label: '价格段' },
};

/** What a query can be narrowed by: ids or codes, and (`msrp`) a trim's MSRP of the month in yuan. */
export type FilterKey =
  | 'segmentIds'
  | 'familyIds'
  | 'producerIds'
  | 'producerProperties'
  | 'brandIds'
  | 'brandProperties'
  | 'producerBrandIds'
  | 'seriesIds'
  | 'subSeriesIds'
  | 'carIds'
  | 'fuels'
  | 'bodyTypes'
  | 'brandTypes'
  | 'areaIds'
  | 'provinceIds'
  | 'cityIds'
  | 'tiers'
  | 'msrp';

/**
 * The closed list of operators, each written with bound values only: a list (`= ANY`), both bounds
 * included (`BETWEEN`), at least, at most. A bare list means `in`; an empty list narrows nothing.
 */
export type FilterCondition = readonly number[] | { in: readonly number[] } | { between: readonly [number, number] } | { gte: number } | { lte: number };

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
  brandTypes: { column: 'jll_type', level: 'brandType' },
  areaIds: { column: 'area_id', level: 'province' },
  provinceIds: { column: 'province_id', level: 'province' },
  cityIds: { column: 'city_id', level: 'city' },
  tiers: { column: 'tier', level: 'city' },
  msrp: { column: 'msrp', level: 'trimPrice' },
};

/** 数据来源: 1 wholesale (association), 2 retail (insurance registrations). */
export type DataSource = 1 | 2;
