import { z } from 'zod';
import { DEFAULT_TAGS, TAG_COLUMNS, type Tag } from './constants';
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

const SORT_MESSAGE = '应为「列.desc」或「列.asc」';

/**
 * The parameter of a whole table whose columns its answer names (a deck's table sorted on the server as the page
 * sorts it, issue 31): any well-formed `<column>.<direction>`; the service refuses a column its table lacks.
 */
export function columnSortParam() {
  return z.preprocess(
    blankIsAbsent,
    z
      .string({ message: SORT_MESSAGE })
      .regex(/^[A-Za-z][A-Za-z0-9]*\.(desc|asc)$/, SORT_MESSAGE)
      .optional()
      .transform((text): SortOrder | undefined => {
        if (text === undefined) return undefined;
        const at = text.lastIndexOf('.');
        return { column: text.slice(0, at), direction: text.slice(at + 1) as SortDirection };
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

/** A whole ranking table also sorts by its name column; a paged one sorts in SQL by its figures only (decision 171). */
export const WHOLE_TABLE_SORT_COLUMNS: ReadonlyArray<RankingSortColumn | 'name'> = ['name', ...RANKING_SORT_COLUMNS];

/**
 * What the ranking sort reads of a row: its name, its figures, and the marks of a subtotal, a group and a tree. A
 * ranking table's row (tableRowSchema, sale-volume.ts) is one; the sort names no table, so no table imports it back.
 */
export type RankingRow = Record<RankingSortColumn, number | null> & {
  name: string;
  heji: boolean;
  groupName: string | null;
  columnMerge: boolean;
  rowMerge: boolean;
  rowMergeNum: number;
  children?: readonly RankingRow[];
};

/**
 * A whole ranking table in the analyst's order, as the page shows it and its deck writes it: rows sort within
 * their group (segment category, big region), each subtotal (小计) at its group's foot, the total (合计) where it
 * was; the merged group cell moves to the group's new first row; a tree's children sort under their parent.
 */
export function sortRankingRows<R extends RankingRow>(rows: readonly R[], order: SortOrder | null | undefined): R[] {
  if (!order) return [...rows];
  const sorted = sortRows(rows, order, {
    value: (row, column) => (column === 'name' ? row.name : row.heji ? null : row[column as RankingSortColumn]),
    role: (row) => (!row.heji ? 'row' : row.columnMerge || !row.groupName ? 'total' : 'subtotal'),
    group: (row) => (row.heji && !row.groupName ? null : row.groupName),
  });
  return sorted.map((row, i) => {
    const children = row.children?.length ? { children: sortRankingRows(row.children as R[], order) } : {};
    if (!row.groupName || row.columnMerge) return { ...row, ...children };
    const first = i === 0 || sorted[i - 1].groupName !== row.groupName;
    let size = 0;
    while (first && sorted[i + size]?.groupName === row.groupName) size++;
    return { ...row, ...children, rowMerge: first, rowMergeNum: first ? size : 0 };
  });
}

/** `tags` when the analyst has cleared every column (an absent `tags` means the defaults, DEFAULT_TAGS). */
export const NO_TAGS = 'none';

const TAGS_MESSAGE = `应为数据列编号（${TAG_COLUMNS[0].tag}-${TAG_COLUMNS[TAG_COLUMNS.length - 1].tag}）的逗号列表，或 ${NO_TAGS}`;

/**
 * `tags` of a call that writes a ranking table as the page shows it (导出PPT): the chosen 数据列 as the page's
 * URL has them — absent the defaults, `none` none, else a comma list of known tags, answered in the spec's order.
 */
export const dataTagsParam = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .optional()
    .transform((text, ctx): Tag[] => {
      if (text === undefined) return [...DEFAULT_TAGS];
      if (text === NO_TAGS) return [];
      const chosen = text.split(',').map((t) => Number(t.trim()));
      if (chosen.some((t) => !TAG_COLUMNS.some((c) => c.tag === t))) {
        ctx.addIssue({ code: 'custom', message: TAGS_MESSAGE });
        return z.NEVER;
      }
      return TAG_COLUMNS.map((c) => c.tag).filter((t) => chosen.includes(t));
    }),
);
