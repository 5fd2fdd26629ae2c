/**
 * The ranking tables' rules: dimension buttons with the spec's visibility and fall-back (000 §2, §4),
 * the data-tag columns 2-15 with their defaults (§9), and when load more applies.
 */
import {
  DEFAULT_TAGS,
  DIMENSION_ORDER,
  FALLBACK_DIMENSION,
  intText,
  NO_TAGS,
  RANKING_SORT_COLUMNS,
  type RankingSortColumn,
  sortText,
  TAG_COLUMNS,
  type TableDimension,
  WHOLE_TABLE_SORT_COLUMNS,
} from '@car/contracts';
import { z } from 'zod';

import type { SaleVolumeFilters } from './sale-volume-query';
import { readSort, type SortOrder } from './table-sort';

// The whole tables' order and the empty choice of columns are one rule for the page and its deck (导出PPT).
export { NO_TAGS, sortRankingRows, WHOLE_TABLE_SORT_COLUMNS } from '@car/contracts';

/**
 * Whole market: segment only for the whole market, car series only within a segment — or with a 竞品组, whose
 * members are a short list whatever the segment (decision 300) — area only for retail.
 */
export function wholeMarketDimensions(filters: Pick<SaleVolumeFilters, 'detailId' | 'source'>, withSet = false): TableDimension[] {
  return DIMENSION_ORDER.filter((d) => {
    if (d === 1) return filters.detailId === -1;
    if (d === 6) return filters.detailId !== -1 || withSet;
    if (d === 4) return filters.source === 2;
    return true;
  });
}

/** A dimension the filters hide falls back to family (spec: segment chosen + segment, or all + car series). */
export function effectiveDimension(requested: number, visible: readonly TableDimension[]): TableDimension {
  return visible.includes(requested as TableDimension) ? (requested as TableDimension) : FALLBACK_DIMENSION;
}

/** The sales tables' page-only URL keys: the dimension button (a code of SALES_DIMENSIONS) and the load-more page. */
export const TABLE_PAGE_KEYS = z.object({ dimension: intText(), page: intText() });
/** Load more stops at 50 pages (500 rows). */
const MAX_LOAD_MORE_PAGE = 50;

/** The load-more page of the URL, 1-50. */
export function loadMorePage(page: number): number {
  return Math.max(1, Math.min(MAX_LOAD_MORE_PAGE, page));
}

/** Segment, family and area tables come whole; the others page and load more. */
export function pagesByLoadMore(dimension: TableDimension): boolean {
  return dimension === 3 || dimension === 5 || dimension === 6;
}

/** `tags` from the URL: known tags in the spec's order; `none` → none; absent or nothing known → the defaults. */
export function readTags(text: string | null): number[] {
  if (text === NO_TAGS) return [];
  if (text === null) return [...DEFAULT_TAGS];
  const chosen = new Set(text.split(',').map(Number));
  const tags = TAG_COLUMNS.map((c) => c.tag).filter((t) => chosen.has(t));
  return tags.length > 0 ? tags : [...DEFAULT_TAGS];
}

/** The URL's `tags` for a choice of columns: the empty choice is kept as such, not turned into the defaults. */
export function tagsParam(tags: readonly number[]): string {
  return tags.length > 0 ? tags.join(',') : NO_TAGS;
}

export function hasMoreRows(shown: number, total: number): boolean {
  return shown < total;
}

/** The ranking table's order in the URL (`sort`): for a paged table the API's columns, for a whole one the name too. */
export function rankingSort(params: URLSearchParams, paged: boolean): SortOrder<RankingSortColumn | 'name'> | null {
  return readSort(params, paged ? RANKING_SORT_COLUMNS : WHOLE_TABLE_SORT_COLUMNS);
}

/**
 * The ranking table's part of a 导出PPT link (decision 211): the 数据列 and the order as the URL has them now.
 * Read from the location, not the loader: a change of columns alone reloads no data (utils/revalidation.ts).
 */
export function deckTableParams(search: string, paged: boolean): Record<string, string> {
  const params = new URLSearchParams(search);
  const order = rankingSort(params, paged);
  return { tags: tagsParam(readTags(params.get('tags'))), ...(order ? { sort: sortText(order) } : {}) };
}
