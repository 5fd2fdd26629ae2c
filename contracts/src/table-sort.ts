import { z } from 'zod';
import type { Tag } from './constants';
import { blankIsAbsent } from './params';

/**
 * A table's sort order (decision 171): one column, descending or ascending, written `<column>.<direction>`
 * (`sales.desc`). Absent means the table's default order. The same parameter reads a page's URL (leniently,
 * frontend/app/utils/url-state.ts) and, for the tables that page in SQL, the API's query (strictly).
 */
export type SortDirection = 'desc' | 'asc';
export const SORT_DIRECTIONS: readonly SortDirection[] = ['desc', 'asc'];

export interface SortOrder<C extends string = string> {
  column: C;
  direction: SortDirection;
}

/** `sales.desc` for a column and direction. */
export function sortText(order: SortOrder): string {
  return `${order.column}.${order.direction}`;
}

/** The parameter of a table sorted by one of `columns`: absent → undefined; another value is refused in Chinese. */
export function sortParam<C extends string>(columns: readonly C[]) {
  const values = columns.flatMap((column) => SORT_DIRECTIONS.map((direction) => sortText({ column, direction })));
  return z.preprocess(
    blankIsAbsent,
    z
      .enum(values as [string, ...string[]], { message: `应为「列.desc」或「列.asc」，列为 ${columns.join('、')} 之一` })
      .optional()
      .transform((text): SortOrder<C> | undefined => {
        if (text === undefined) return undefined;
        const at = text.lastIndexOf('.');
        return { column: text.slice(0, at) as C, direction: text.slice(at + 1) as SortDirection };
      }),
  );
}

/**
 * The sales ranking tables' sortable figures by their wire names (tableRowSchema): the column of each data tag
 * (TAG_COLUMNS). The paged tables (brand, producer, car series, the producer/brand list) sort by them in SQL.
 */
export const RANKING_SORT_BY_TAG = {
  2: 'sales',
  3: 'tqSales',
  4: 'mom',
  5: 'yoy',
  6: 'mix',
  7: 'tqMix',
  8: 'mixChange',
  9: 'ljRanking',
  10: 'salesSum',
  11: 'tqSalesSum',
  12: 'yearYoy',
  13: 'yearMix',
  14: 'tqYearMix',
  15: 'yearMixChange',
} as const satisfies Record<Tag, string>;
export type RankingSortColumn = (typeof RANKING_SORT_BY_TAG)[Tag];
export const RANKING_SORT_COLUMNS = Object.values(RANKING_SORT_BY_TAG) as RankingSortColumn[];

/** `sort` of the paged ranking calls. */
export const rankingSortShape = { sort: sortParam(RANKING_SORT_COLUMNS) };

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
