import { type PriceTable, type PriceTableRow, priceTableUnitText } from '@car/contracts';
import type { Response } from 'express';
import { streamTableWorkbook, type TableColumn, type WorkbookAsOf, type WorkbookHead } from '../workbook/table-workbook';

/** The measure of a month table (spec §9: 2 TP, 0 优惠, 1 优惠率), for its 口径说明 sheet. */
const PRICE_TABLE_MEASURE_LABEL: Record<PriceTable['measure'], string> = { 0: '优惠', 1: '优惠率', 2: '成交价' };

/**
 * A month table's columns, for its workbook and its deck: the label column (rows of the regional table
 * indented by level), then one column per month; TP and discount as whole yuan, the rate as a percentage.
 * The unit is not in the cells: the workbook's header block and the deck's title write it once (decision 286).
 */
export function priceTableColumns(labelHeader: string, table: PriceTable): Array<TableColumn<PriceTableRow>> {
  const kind = table.measure === 1 ? 'percent' : 'count';
  return [
    { header: labelHeader, kind: 'text', value: (r) => `${'  '.repeat(Math.max(0, r.level - 1))}${r.name}` },
    ...table.months.map((month, i): TableColumn<PriceTableRow> => ({ header: month, kind, value: (r) => r.values[i] })),
  ];
}

/**
 * A month table as .xlsx: its columns (priceTableColumns), TP and discount as numbers with thousands separators, the
 * rate as a real percentage; the total row bold. The same numbers the API sends, the unit once at the end of the
 * header block's tags (单位：元, 单位：%), as the page writes it once in the table's title (decisions 283, 286).
 */
export async function streamPriceTableWorkbook(
  response: Response,
  fileName: string,
  labelHeader: string,
  table: PriceTable,
  asOf: WorkbookAsOf,
  head: WorkbookHead,
): Promise<void> {
  await streamTableWorkbook(
    response,
    fileName,
    labelHeader,
    priceTableColumns(labelHeader, table),
    table.rows,
    { ...asOf, measures: [PRICE_TABLE_MEASURE_LABEL[table.measure]] },
    {
      highlight: (r) => r.total || r.current,
      head: { ...head, tags: [...head.tags, { label: priceTableUnitText(table.measure) }] },
    },
  );
}
