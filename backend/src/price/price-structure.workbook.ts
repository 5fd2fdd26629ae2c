import type { Response } from 'express';
import type { PriceStructureTable, StructureRow } from '@car/contracts';
import { exactShare, streamTableWorkbook, type TableColumn, type WorkbookAsOf, type WorkbookHead } from '../workbook/table-workbook';

/**
 * The columns of a price-structure table, for its workbook and its deck: the row label, then the columns the
 * page shows; volumes and yuan as numbers with separators, MIX, rates and changes by their percent rules, a MIX
 * the row carries unrounded stored as it is (decision 286).
 */
export function structureColumns(labelHeader: string, table: Pick<PriceStructureTable, 'columns'>): Array<TableColumn<StructureRow>> {
  return [
    { header: labelHeader, kind: 'text', width: 24, value: (r) => r.name },
    ...table.columns.map((c, i): TableColumn<StructureRow> => ({
      header: c.label,
      kind: c.kind === 'yuan' ? 'count' : c.kind,
      value: (r) => r.values[i],
      ...(c.kind === 'percent' ? { exact: (r: StructureRow) => exactShare(r, c.key) } : {}),
    })),
  ];
}

/**
 * A price-structure table as .xlsx through the sales pages' streaming writer: its columns (structureColumns),
 * MIX, rates and changes as real percentages (a change '-' where the page shows a dash); the market's row bold.
 */
export function streamStructureWorkbook(
  response: Response,
  fileName: string,
  sheet: string,
  labelHeader: string,
  table: PriceStructureTable,
  asOf: WorkbookAsOf,
  head?: WorkbookHead,
): Promise<void> {
  return streamTableWorkbook(response, fileName, sheet, structureColumns(labelHeader, table), table.rows, asOf, { highlight: (r) => r.total, head });
}
