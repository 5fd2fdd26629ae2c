/**
 * The price-band table's two views (decision 174): every member under its band, or each band's subtotal
 * alone, one row a band, without the member column. Rules only; the page draws them.
 */
import { z } from 'zod';

import {
  BAND_SUBTOTAL_NAME,
  BAND_TABLE_ROWS,
  type BandTableRows,
  DEFAULT_BAND_TABLE_ROWS,
  type DimensionCell,
  type DimensionTable,
  intText,
} from '@car/contracts';

import { sortRows, type SortOrder, type SortValue } from './table-sort';

/** The page-only URL key of the view: `rows` 1 subtotals only (default), 0 every member. */
export const BAND_TABLE_KEYS = z.object({ rows: intText() });

/** The view a URL asks for; anything else reads as the default (subtotals only). */
export function bandTableRows(value: number | undefined): BandTableRows {
  return BAND_TABLE_ROWS.find((r) => r.value === value)?.value ?? DEFAULT_BAND_TABLE_ROWS;
}

/** Whether a row of the table is its band's subtotal. */
export function isSubtotalRow(cells: readonly DimensionCell[]): boolean {
  return cells.find((c) => c.key === 'name')?.data[0] === BAND_SUBTOTAL_NAME;
}

/** The table with each band's subtotal only: one row a band (its band cell spanning one row), no member column. */
export function bandSubtotals(table: DimensionTable): DimensionTable {
  return {
    titles: table.titles.filter((t) => t.key !== 'name'),
    values: table.values.filter(isSubtotalRow).map((cells) => cells.filter((c) => c.key !== 'name').map((c) => (c.key === 'jgd' ? { ...c, merge: 1 } : c))),
  };
}

/** The table's columns a header click sorts by: the member, and the figures of either view (the bands' own order is the form's 排序). */
export const BAND_SORT_COLUMNS = ['name', 'xl0', 'yoy', 'mix', 'mixYoy'] as const;
export type BandSortColumn = (typeof BAND_SORT_COLUMNS)[number];

/** A row's figure in a column (its first datum: the period's sales or MIX, the 同比 or the MIX change); null where the view lacks the column. */
function cellFigure(cells: readonly DimensionCell[], column: string): SortValue {
  const value = cells.find((c) => c.key === column)?.data[0];
  return value ?? null;
}

/** Whether a row is its band's 其他 (the members folded into one): it stays at the band's foot, as it is no member. */
const isRestRow = (cells: readonly DimensionCell[]): boolean => cells.some((c) => c.hiddenList !== undefined);

/** A row's band (its band cell's label): the group its members sort within. */
const bandOf = (cells: readonly DimensionCell[]): SortValue => cellFigure(cells, 'jgd');

/**
 * The table in an order (decision 171): in the subtotal view the bands sort by the column; in the detail
 * view the members sort within their band, the band's subtotal staying above them and 其他 below, and each
 * band cell spans its rows again. No order: the table as the API gave it.
 */
export function sortBandTable(table: DimensionTable, order: SortOrder | null): DimensionTable {
  if (!order) return table;
  if (!table.titles.some((t) => t.key === 'name')) return { ...table, values: sortRows(table.values, order, { value: cellFigure }) };
  const sorted = sortRows(table.values, order, {
    value: cellFigure,
    group: bandOf,
    role: (cells) => (isSubtotalRow(cells) ? 'lead' : isRestRow(cells) ? 'subtotal' : 'row'),
  });
  const span = new Map<SortValue, number>();
  for (const cells of sorted) span.set(bandOf(cells), (span.get(bandOf(cells)) ?? 0) + 1);
  return {
    ...table,
    values: sorted.map((cells, i) => {
      const first = i === 0 || bandOf(sorted[i - 1]) !== bandOf(cells);
      return cells.map((c) => (c.key === 'jgd' ? { ...c, merge: first ? (span.get(bandOf(cells)) ?? 1) : 0 } : c));
    }),
  };
}
