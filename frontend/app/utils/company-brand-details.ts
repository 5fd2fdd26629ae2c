/**
 * The car-model detail table of the producer/brand page (spec 000 §2, §3 "Car details", "Model performance
 * row"), as the `companyBrand/carDetails` call answers it, and the rows the table draws from it: per
 * segment its sub-series, then the producer's or brand's subtotal in the segment (heJi1) and the
 * segment's market total (heJi2), the segment's cell merged down all of them; then the totals.
 * Wire names kept: tq = the same period a year earlier, mix = share, heJi = subtotal (合计).
 */
import { type CarDetails, COMPANY_BRAND, DETAIL_SORT_COLUMNS, type DetailSortColumn, sortText } from '@car/contracts';

import { apiDownloadHref } from './download';
import { deckTableParams } from './ranking-table';
import { readSort, type SortOrder } from './table-sort';

// The table's lines in an order are one rule for the page and its deck (导出PPT): they live in contracts.
export { DETAIL_SORT_COLUMNS, detailLines, type DetailLine, type DetailSortColumn, type SegmentCell } from '@car/contracts';

/** The detail table's URL key: the producer/brand page's ranking list has `sort`. */
export const DETAIL_SORT_KEY = 'detailSort';

/** The detail table's order in the URL (`detailSort`), the default order when absent or unknown. */
export function detailSort(params: URLSearchParams): SortOrder<DetailSortColumn> | null {
  return readSort(params, DETAIL_SORT_COLUMNS, DETAIL_SORT_KEY);
}

/** The compared producers or brands as the chart's picker shows them. */
export function comparedMakers(details: CarDetails | null): Array<{ id: number; name: string }> {
  return (details?.compareHeJiList ?? []).map((maker) => ({ id: maker.id, name: maker.name }));
}

/**
 * 导出PPT of either view (decision 211): the loader's params with the tables as the page shows them now — the
 * ranking list's 数据列 and order (sorted in SQL) and the details' order (`detailSort`), read from the URL.
 */
export function companyBrandDeckHref(params: Record<string, string | number>, search: string): string {
  const order = detailSort(new URLSearchParams(search));
  return apiDownloadHref(COMPANY_BRAND.ppt, { ...params, ...deckTableParams(search, true), ...(order ? { detailSort: sortText(order) } : {}) });
}
