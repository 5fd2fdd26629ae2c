import type { PriceTable, PriceTableRow } from '@car/contracts';
import type { Response } from 'express';
import { streamTableWorkbook, type WorkbookAsOf, type WorkbookColumn } from '../workbook/table-workbook';

/** The measure of a month table (spec §9: 2 TP, 0 优惠, 1 优惠率), for its 口径说明 sheet. */
const PRICE_TABLE_MEASURE_LABEL: Record<PriceTable['measure'], string> = { 0: '优惠', 1: '优惠率', 2: '成交价' };

/**
 * A month table as .xlsx: the label column, then one column per month; TP and discount as whole yuan
 * with thousands separators, the rate as a real percentage; the total row bold. The same numbers the
 * API sends (rows of the regional table indented by level).
 */
export async function streamPriceTableWorkbook(
  response: Response,
  fileName: string,
  labelHeader: string,
  table: PriceTable,
  asOf: WorkbookAsOf,
): Promise<void> {
  const kind = table.measure === 1 ? 'percent' : 'count';
  const columns: Array<WorkbookColumn<PriceTableRow>> = [
    { header: labelHeader, kind: 'text', value: (r) => `${'  '.repeat(Math.max(0, r.level - 1))}${r.name}` },
    ...table.months.map((month, i): WorkbookColumn<PriceTableRow> => ({ header: month, kind, value: (r) => r.values[i] })),
  ];
  await streamTableWorkbook(
    response,
    fileName,
    labelHeader,
    columns,
    table.rows,
    { ...asOf, measures: [PRICE_TABLE_MEASURE_LABEL[table.measure]] },
    (r) => r.total || r.current,
  );
}
