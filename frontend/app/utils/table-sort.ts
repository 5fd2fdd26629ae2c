/**
 * The kit tables' sort rule (decision 171): a click on a header sorts by that column descending, a second
 * click ascending, a third returns to the table's default order. The order lives in the URL under a
 * page-only key (`sort=sales.desc`), read leniently: an unknown column or a malformed value is the default
 * order. A whole table sorts here, in the page; a paged table sends the same order to its API, which sorts
 * in SQL (contracts `sortParam`). Rows without a figure sort last both ways; a subtotal stays at the foot of
 * its group, and a total row where the table puts it.
 */
import { sortParam, sortText, type SortOrder } from '@car/contracts';
import { z } from 'zod';

import { urlState } from './url-state';

export type { SortDirection, SortOrder } from '@car/contracts';

/** The URL key of a page's main table; a page with a second sortable table names its own key. */
export const SORT_KEY = 'sort';

/** The order after a click on `column`: descending, then ascending, then none (the default order). */
export function nextSort<C extends string>(current: SortOrder<C> | null | undefined, column: C): SortOrder<C> | null {
  if (!current || current.column !== column) return { column, direction: 'desc' };
  return current.direction === 'desc' ? { column, direction: 'asc' } : null;
}

/** The URL value of an order; null (the key removed) for the default order. */
export function sortParamText(order: SortOrder | null | undefined): string | null {
  return order ? sortText(order) : null;
}

/** The order in the URL under `key`, for a table sorting by `columns`; anything else reads as the default (null). */
export function readSort<C extends string>(params: URLSearchParams, columns: readonly C[], key: string = SORT_KEY): SortOrder<C> | null {
  const schema = z.object({ sort: sortParam(columns) });
  return urlState(schema, params).value('sort', { from: key, fallback: null }) ?? null;
}

/** A header's `aria-sort`: descending or ascending on the sorted column, none elsewhere. */
export function ariaSort(order: SortOrder | null | undefined, column: string): 'descending' | 'ascending' | 'none' {
  if (!order || order.column !== column) return 'none';
  return order.direction === 'desc' ? 'descending' : 'ascending';
}

/** The whole-table sort (sortRows and its figures' order) is the contracts' rule, one for the page and its deck. */
export { compareValues, type RowRole, sortRows, type SortRowsOptions, type SortValue } from '@car/contracts';
