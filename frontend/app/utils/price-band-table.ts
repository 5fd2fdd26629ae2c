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
  growthText,
  intText,
  pointsText,
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

/** The table as the page shows it: each band's subtotal alone (`rows` 1) or every member, in the URL's order. */
export function bandTableView(table: DimensionTable, rows: BandTableRows, order: SortOrder | null): DimensionTable {
  return sortBandTable(rows === 1 ? bandSubtotals(table) : table, order);
}

/** Whether a header click sorts by the column (the bands keep the form's 排序). */
export function isBandSortColumn(key: string): key is BandSortColumn {
  return (BAND_SORT_COLUMNS as readonly string[]).includes(key);
}

/** The periods the figures compare (this period's and last year's), as the table's sales column names them. */
export function bandPeriodTitles(table: DimensionTable | null): string[] {
  return table?.titles[2]?.children.map((c) => c.label) ?? [];
}

/** A change cell's text: the MIX change in points, any other a 同比 percentage. */
export function bandChangeText(cell: DimensionCell): string {
  const value = cell.data[0] as number | null;
  return cell.key === 'mixYoy' ? pointsText(value) : growthText(value);
}

/** The detail dialog's title of a 其他 row: its band and its member cell. */
export function bandDetailTitle(cells: readonly DimensionCell[]): string {
  return `${cells[0].data[0]} ${cells[1].data[0]}`;
}
