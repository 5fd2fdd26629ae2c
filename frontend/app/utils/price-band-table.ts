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
