/**
 * The ranking tables' rules: dimension buttons with the spec's visibility and fall-back (000 §2, §4),
 * the data-tag columns 2-15 with their defaults (§9), and when load more applies.
 */
import type { SaleVolumeFilters } from './sale-volume-query';

/** Table dimension codes of the spec: 1 segment, 2 family, 3 brand, 4 area, 5 producer, 6 car series. */
export type TableDimension = 1 | 2 | 3 | 4 | 5 | 6;

export const DIMENSION_LABELS: Record<TableDimension, string> = {
  1: '细分市场',
  2: '系别',
  5: '厂商',
  3: '品牌',
  6: '车型',
  4: '区域',
};

/** Button order on the page. */
export const DIMENSION_ORDER: readonly TableDimension[] = [1, 2, 5, 3, 6, 4];

/** Whole market: segment only for the whole market, car series only within a segment, area only for retail. */
export function wholeMarketDimensions(filters: Pick<SaleVolumeFilters, 'detailId' | 'source'>): TableDimension[] {
  return DIMENSION_ORDER.filter((d) => {
    if (d === 1) return filters.detailId === -1;
    if (d === 6) return filters.detailId !== -1;
    if (d === 4) return filters.source === 2;
    return true;
  });
}

/** A dimension the filters hide falls back to family (spec: segment chosen + segment, or all + car series). */
export function effectiveDimension(requested: number, visible: readonly TableDimension[]): TableDimension {
  return visible.includes(requested as TableDimension) ? (requested as TableDimension) : 2;
}

/** Segment, family and area tables come whole; the others page and load more. */
export function pagesByLoadMore(dimension: TableDimension): boolean {
  return dimension === 3 || dimension === 5 || dimension === 6;
}

export interface TagColumn {
  tag: number;
  label: string;
}

/** The data-tag columns 2-15 (same headers as the workbook's, backend/src/saleVolume/table-columns.ts). */
export const TAG_COLUMNS: readonly TagColumn[] = [
  { tag: 2, label: '当月销量' },
  { tag: 3, label: '去年同期销量' },
  { tag: 4, label: '环比' },
  { tag: 5, label: '同比' },
  { tag: 6, label: '份额' },
  { tag: 7, label: '去年同期份额' },
  { tag: 8, label: '份额变化' },
  { tag: 9, label: '累计排名' },
  { tag: 10, label: '本年累计销量' },
  { tag: 11, label: '去年累计销量' },
  { tag: 12, label: '累计同比' },
  { tag: 13, label: '累计份额' },
  { tag: 14, label: '去年累计份额' },
  { tag: 15, label: '累计份额变化' },
];

export const DEFAULT_TAGS: readonly number[] = [2, 4, 5, 6, 8, 9, 10, 12, 13, 15];

/** `tags` from the URL: known tags in the spec's order; absent or empty → the defaults. */
export function readTags(text: string | null): number[] {
  if (text === null) return [...DEFAULT_TAGS];
  const chosen = new Set(text.split(',').map(Number));
  const tags = TAG_COLUMNS.map((c) => c.tag).filter((t) => chosen.has(t));
  return tags.length > 0 ? tags : [...DEFAULT_TAGS];
}

export function hasMoreRows(shown: number, total: number): boolean {
  return shown < total;
}
