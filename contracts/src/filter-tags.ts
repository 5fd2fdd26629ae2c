/**
 * The header tags of the sales pages (时间, 数据来源, 细分市场, 燃料类型, 厂商属性) and of the price-volume pages:
 * what the page shows above its figures and what a deck's title slide repeats (issue 31), one rule for both.
 */
import { DATA_SOURCES, JLL_LABELS } from './constants';
import { REGIONS } from './geography';
import { BAND_ORDERS, bandRangeText, MONTH_OR_CUMULATIVE, PRICE_BASES } from './price-volume';

/** One tag: its label and the value it shows. */
export interface HeaderTag {
  label: string;
  value: string;
}

/**
 * The filters in words, one line in the page's order ('时间：2026年10月 · 数据来源：零售 · 厂商：一汽-大众'): what a
 * chart image's caption and a workbook's header block say (issue 28, issue 45 §5); a tag with no value is its label.
 */
export function tagsText(tags: ReadonlyArray<{ label: string; value?: string }>): string {
  return tags
    .map((t) => (t.value ? `${t.label}：${t.value}` : t.label).trim())
    .filter(Boolean)
    .join(' · ');
}

/** A month (YYYY-MM) as the header tags show it: 2026年3月, or a dash when none. */
export function monthTagText(time: string | null): string {
  return time ? `${time.slice(0, 4)}年${Number(time.slice(5, 7))}月` : '-';
}

/** A multi-select's text: 选择 (none), 全部 (every option of several), the one label, or 多选. */
export function multiSelectText<T>(chosen: readonly T[], options: ReadonlyArray<{ value: T; label: string }>): string {
  const picked = options.filter((o) => chosen.includes(o.value));
  if (picked.length === 0) return '选择';
  if (picked.length === options.length && options.length > 1) return '全部';
  if (picked.length === 1) return picked[0].label;
  return '多选';
}

/** The filters the tags name: the month, the data source, the segment (−1 整体市场), the producer property (−1 all), the fuels (none: all). */
export interface SalesTagFilters {
  time: string | null;
  source: number;
  detailId: number;
  producerProperty: number;
  fuels: readonly number[];
}

/** The lists the tags read names from: the segments, the fuel and producer-property dictionaries. */
export interface SalesTagLookups {
  segments: ReadonlyArray<{ id: number; name: string }>;
  fuels: ReadonlyArray<{ key: number; value: string }>;
  producerProperties: ReadonlyArray<{ key: number; value: string }>;
}

export function filterTags(
  filters: SalesTagFilters,
  lookups: SalesTagLookups | null,
  show: { producerProperty?: boolean; segment?: boolean } = {},
): HeaderTag[] {
  const fuelOptions = (lookups?.fuels ?? []).map((f) => ({ value: f.key, label: f.value }));
  const tags: HeaderTag[] = [
    { label: '时间', value: monthTagText(filters.time) },
    { label: '数据来源', value: DATA_SOURCES.find((s) => s.value === filters.source)?.label ?? '-' },
  ];
  if (show.segment) {
    tags.push({ label: '细分市场', value: lookups?.segments.find((s) => s.id === filters.detailId)?.name ?? '整体市场' });
  }
  tags.push({ label: '燃料类型', value: filters.fuels.length === 0 ? '全部' : multiSelectText(filters.fuels, fuelOptions) });
  if (show.producerProperty) {
    tags.push({ label: '厂商属性', value: lookups?.producerProperties.find((p) => p.key === filters.producerProperty)?.value ?? '全部' });
  }
  return tags;
}

/**
 * 整体市场价格指数's header tags (the page and its deck, decision 215): the month, the segment, then the big
 * region, the producer property and the brand type where one is chosen.
 */
export function marketPriceTags(
  filters: { time: string | null; detailId: number; bigArea: number; producerProperty: number; composite: number },
  lookups: { segments: ReadonlyArray<{ id: number; name: string }>; producerProperties: ReadonlyArray<{ key: number | string; value: string }> },
): HeaderTag[] {
  const tags: HeaderTag[] = [
    { label: '时间', value: filters.time ?? '-' },
    { label: '细分市场', value: lookups.segments.find((s) => s.id === filters.detailId)?.name ?? '整体市场' },
  ];
  if (filters.bigArea > 0) tags.push({ label: '大区', value: REGIONS.find((r) => r.id === filters.bigArea)?.name ?? String(filters.bigArea) });
  if (filters.producerProperty > 0) {
    tags.push({
      label: '厂商属性',
      value: lookups.producerProperties.find((p) => Number(p.key) === filters.producerProperty)?.value ?? String(filters.producerProperty),
    });
  }
  if (filters.composite >= 0) tags.push({ label: '品牌类型', value: JLL_LABELS[filters.composite] ?? String(filters.composite) });
  return tags;
}

/** 车系价格追踪's header tags (the page and its deck): the month, the city (全国 without one), the producer and the traced series or trim. */
export function priceTraceTags(time: string | null, city: string | null, whole: { producerName: string; modelName: string }): HeaderTag[] {
  return [
    { label: '时间', value: time ?? '-' },
    { label: '城市', value: city ?? '全国' },
    { label: '厂商', value: whole.producerName },
    { label: '车系', value: whole.modelName },
  ];
}

/** A lookup list as a multi-select's options, without its 全部 entry (key -1). */
export function keyOptions(list: ReadonlyArray<{ key: number | string; value: string }> | undefined): Array<{ value: number; label: string }> {
  return (list ?? []).filter((p) => Number(p.key) !== -1).map((p) => ({ value: Number(p.key), label: p.value }));
}

/** The price-band page's filters the tags name (its URL's, the bounds as typed). */
export interface PriceBandTagFilters {
  time: string | null;
  detailId: number;
  producerProperties: readonly number[];
  brandProperties: readonly number[];
  bodyShape: readonly number[];
  series: readonly number[];
  priceLow: string | number;
  priceHigh: string | number;
  segment: string | number;
  orderBy: 0 | 1;
  data1: 0 | 1;
  accumulate: 0 | 1;
}

/** The lists the price-band tags read names from, and the names of the picked brands and the TP city. */
export interface PriceBandTagLookups {
  segments: ReadonlyArray<{ id: number; name: string }>;
  producerProperties: ReadonlyArray<{ key: number | string; value: string }>;
  brandProperties: ReadonlyArray<{ key: number | string; value: string }>;
  bodyShapes: ReadonlyArray<{ key: number | string; value: string }>;
  families: ReadonlyArray<{ key: number | string; value: string }>;
}

/**
 * The header tags of 车型价格段销量 (/pricevolume/cabmodelprice), on the page and its deck's title slide: the
 * month, market, the four attribute lists, brands, the price range and order, TP / MSRP (with its city) and 月 / 累计.
 */
export function priceBandTags(
  f: PriceBandTagFilters,
  lookups: PriceBandTagLookups | null,
  brandNames: readonly string[],
  tpCityName: string | null,
): HeaderTag[] {
  const listText = (ids: readonly number[], options: ReturnType<typeof keyOptions>) => (ids.length ? multiSelectText(ids, options) : '全部');
  const labelOf = <T extends number>(options: ReadonlyArray<{ value: T; label: string }>, value: T) => options.find((o) => o.value === value)?.label ?? '-';
  return [
    { label: '时间', value: monthTagText(f.time) },
    { label: '市场', value: lookups?.segments.find((s) => s.id === f.detailId)?.name ?? '整体市场' },
    { label: '厂商属性', value: listText(f.producerProperties, keyOptions(lookups?.producerProperties)) },
    { label: '品牌属性', value: listText(f.brandProperties, keyOptions(lookups?.brandProperties)) },
    { label: '品牌', value: brandNames.length ? brandNames.join('、') : '全部' },
    { label: '车身形式', value: listText(f.bodyShape, keyOptions(lookups?.bodyShapes)) },
    { label: '系别', value: listText(f.series, keyOptions(lookups?.families)) },
    { label: '价格区间', value: bandRangeText(f) },
    { label: '排序', value: labelOf(BAND_ORDERS, f.orderBy) },
    { label: '价格', value: labelOf(PRICE_BASES, f.data1) },
    ...(f.data1 === 0 ? [{ label: 'TP城市', value: tpCityName ?? '全国' }] : []),
    { label: '平均', value: labelOf(MONTH_OR_CUMULATIVE, f.accumulate) },
  ];
}

/**
 * The header tags of 销量占比分析 (/pricevolume/pricedimension), on the page and its deck's title slide: the
 * month, the own series, its trims picked (none: 全部), TP / MSRP and the city (none: 全国).
 */
export function priceDimensionTags(t: {
  time: string | null;
  ownName: string | null;
  carNames: readonly string[];
  data1: 0 | 1;
  cityName: string | null;
}): HeaderTag[] {
  return [
    { label: '时间', value: monthTagText(t.time) },
    { label: '本品车系', value: t.ownName ?? '-' },
    { label: '车型', value: t.carNames.length ? t.carNames.join('、') : '全部' },
    { label: '价格口径', value: PRICE_BASES[t.data1].label },
    { label: '城市', value: t.cityName ?? '全国' },
  ];
}
