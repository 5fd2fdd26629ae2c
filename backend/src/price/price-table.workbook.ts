import type { PriceTable, PriceTableRow } from '@car/contracts';
import type { Response } from 'express';
import type { DeckColumn } from '../deck/deck.writer';
import { streamTableWorkbook, type WorkbookAsOf, type WorkbookHead } from '../workbook/table-workbook';

/** The measure of a month table (spec §9: 2 TP, 0 优惠, 1 优惠率), for its 口径说明 sheet. */
const PRICE_TABLE_MEASURE_LABEL: Record<PriceTable['measure'], string> = { 0: '优惠', 1: '优惠率', 2: '成交价' };

/**
 * A month table's columns, for its workbook and its deck: the label column (rows of the regional table
 * indented by level), then one column per month; TP and discount as whole yuan, the rate as a percentage.
 * The deck shows each cell in the API's text ('123,456元', '12.3%'), as the page.
 */
export function priceTableColumns(labelHeader: string, table: PriceTable): Array<DeckColumn<PriceTableRow>> {
  const kind = table.measure === 1 ? 'percent' : 'count';
  return [
    { header: labelHeader, kind: 'text', value: (r) => `${'  '.repeat(Math.max(0, r.level - 1))}${r.name}` },
    ...table.months.map((month, i): DeckColumn<PriceTableRow> => ({ header: month, kind, value: (r) => r.values[i], text: (r) => r.texts[i] ?? '-' })),
  ];
}

/**
 * A month table as .xlsx: its columns (priceTableColumns), TP and discount with thousands separators, the
 * rate as a real percentage; the total row bold. The same numbers the API sends.
 */
export async function streamPriceTableWorkbook(
  response: Response,
  fileName: string,
  labelHeader: string,
  table: PriceTable,
  asOf: WorkbookAsOf,
  head?: WorkbookHead,
): Promise<void> {
  await streamTableWorkbook(
    response,
    fileName,
    labelHeader,
    priceTableColumns(labelHeader, table),
    table.rows,
    { ...asOf, measures: [PRICE_TABLE_MEASURE_LABEL[table.measure]] },
    (r) => r.total || r.current,
    undefined,
    head,
  );
}
