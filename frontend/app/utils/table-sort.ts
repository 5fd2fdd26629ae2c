/**
 * The kit tables' sort rule (decision 171): a click on a header sorts by that column descending, a second
 * click ascending, a third returns to the table's default order. The order lives in the URL under a
 * page-only key (`sort=sales.desc`), read leniently: an unknown column or a malformed value is the default
 * order. A whole table sorts here, in the page; a paged table sends the same order to its API, which sorts
 * in SQL (contracts `sortParam`). Rows without a figure sort last both ways; a subtotal stays at the foot of
 * its group, and a total row where the table puts it.
 */
import { sortParam, sortText, type SortDirection, type SortOrder } from '@car/contracts';
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

/** A cell's figure to sort by: a number, a text (names, compared in pinyin order), or null for none ('-'). */
export type SortValue = number | string | null | undefined;

const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Compares two figures in a direction; a missing figure (null, undefined, NaN) is last either way. */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const missingA = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const missingB = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'desc' ? -order : order;
}

/**
 * What a row is to the sort: a row of figures, a subtotal (小计) staying at its group's foot, a lead (a subtotal
 * shown above its group's rows, as the price-band table's 小计) staying at its group's head, or a total (合计, stays put).
 */
export type RowRole = 'row' | 'subtotal' | 'lead' | 'total';

export interface SortRowsOptions<R> {
  /** The row's figure in a column. */
  value: (row: R, column: string) => SortValue;
  /** The row's role (default: every row is a row). */
  role?: (row: R) => RowRole;
  /** The row's group (segment category, big region …); a table's groups keep their order, rows sort within them. */
  group?: (row: R) => string | number | null | undefined;
  /** The row's depth in a tree (a region 1, its provinces 2): deeper rows follow their parent and sort under it. */
  level?: (row: R) => number;
}

/**
 * A whole table in an order: rows sort within their group (a run of rows with the same group), each group's
 * subtotals follow its rows, total rows keep their place at the head or foot. Ties keep the default order.
 */
export function sortRows<R>(rows: readonly R[], order: SortOrder | null | undefined, options: SortRowsOptions<R>): R[] {
  if (!order) return [...rows];
  const role = options.role ?? (() => 'row' as const);
  let head = 0;
  while (head < rows.length && role(rows[head]) === 'total') head++;
  let foot = rows.length;
  while (foot > head && role(rows[foot - 1]) === 'total') foot--;
  const middle = rows.slice(head, foot);

  const groups: Array<{ leads: R[]; rows: R[]; subtotals: R[] }> = [];
  let current: { key: unknown; leads: R[]; rows: R[]; subtotals: R[] } | null = null;
  for (const row of middle) {
    const key = options.group?.(row) ?? null;
    if (!current || current.key !== key) {
      current = { key, leads: [], rows: [], subtotals: [] };
      groups.push(current);
    }
    const rowRole = role(row);
    if (rowRole === 'row') current.rows.push(row);
    else if (rowRole === 'lead') current.leads.push(row);
    else current.subtotals.push(row);
  }
  const byColumn = (a: R, b: R) => compareValues(options.value(a, order.column), options.value(b, order.column), order.direction);
  const level = options.level;
  // Rows sort as blocks: a row with the deeper rows after it (its children), which sort the same way under it.
  const sortBlocks = (list: readonly R[]): R[] => {
    if (list.length === 0) return [];
    const top = level ? Math.min(...list.map(level)) : 0;
    const blocks: Array<{ head: R; rest: R[]; i: number }> = [];
    for (const row of list) {
      if (!level || level(row) === top || blocks.length === 0) blocks.push({ head: row, rest: [], i: blocks.length });
      else blocks[blocks.length - 1].rest.push(row);
    }
    return blocks.sort((a, b) => byColumn(a.head, b.head) || a.i - b.i).flatMap((b) => [b.head, ...sortBlocks(b.rest)]);
  };
  const sorted = groups.flatMap((g) => [...g.leads, ...sortBlocks(g.rows), ...g.subtotals]);
  return [...rows.slice(0, head), ...sorted, ...rows.slice(foot)];
}
