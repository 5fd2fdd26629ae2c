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
