import type { Response } from 'express';
import type { PriceStructureTable, StructureRow } from '@car/contracts';
import { streamTableWorkbook, type WorkbookColumn } from '../saleVolume/table-workbook';

/**
 * A price-structure table as .xlsx through the sales pages' streaming writer: the row label, then the
 * columns the page shows; volumes and yuan as numbers with separators, MIX and rates as real
 * percentages, changes as the page writes them; the market's row bold.
 */
export function streamStructureWorkbook(response: Response, fileName: string, sheet: string, labelHeader: string, table: PriceStructureTable): Promise<void> {
  const columns: Array<WorkbookColumn<StructureRow>> = [
    { header: labelHeader, kind: 'text', width: 24, value: (r) => r.name },
    ...table.columns.map((c, i): WorkbookColumn<StructureRow> => {
      if (c.kind === 'growth') return { header: c.label, kind: 'text', value: (r) => r.texts[i] };
      return { header: c.label, kind: c.kind === 'percent' ? 'percent' : 'count', value: (r) => r.values[i] };
    }),
  ];
  return streamTableWorkbook(response, fileName, sheet, columns, table.rows, (r) => r.total);
}
