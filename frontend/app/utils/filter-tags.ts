/** The header tags of a sales page: the chosen time, data source, fuels, producer property and segment. */
import { DATA_SOURCES } from '@car/contracts';
import type { HeaderTag } from '~/components/HeaderTags';
import { multiSelectText } from './multi-select';
import { type SaleVolumeFilters } from './sale-volume-query';

interface LookupLists {
  segments: Array<{ id: number; name: string }>;
  fuels: Array<{ key: number; value: string }>;
  producerProperties: Array<{ key: number; value: string }>;
}

/** A month (YYYY-MM) as the header tags show it: 2026年3月, or a dash when none. */
export function monthTagText(time: string | null): string {
  return time ? `${time.slice(0, 4)}年${Number(time.slice(5, 7))}月` : '-';
}

export function filterTags(filters: SaleVolumeFilters, lookups: LookupLists | null, show: { producerProperty?: boolean; segment?: boolean } = {}): HeaderTag[] {
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
