/**
 * The header tags of the sales pages (时间, 数据来源, 细分市场, 燃料类型, 厂商属性): what the page shows above
 * its cards and what a deck's title slide repeats (issue 31), one rule for both.
 */
import { DATA_SOURCES, JLL_LABELS } from './constants';
import { REGIONS } from './geography';

/** One tag: its label and the value it shows. */
export interface HeaderTag {
  label: string;
  value: string;
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
