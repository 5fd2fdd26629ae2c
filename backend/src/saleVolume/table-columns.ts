import { type TableRow } from '@car/contracts';
import type { WorkbookColumn } from '../workbook/table-workbook';

/** The data-tag columns 2-15 of the ranking tables, in the spec's order, as workbook columns. */
export const TAG_COLUMNS: ReadonlyArray<WorkbookColumn<TableRow> & { tag: number }> = [
  { tag: 2, header: '当月销量', kind: 'count', value: (r) => r.sales },
  { tag: 3, header: '去年同期销量', kind: 'count', value: (r) => r.tqSales },
  { tag: 4, header: '环比', kind: 'growth', value: (r) => r.mom },
  { tag: 5, header: '同比', kind: 'growth', value: (r) => r.yoy },
  { tag: 6, header: '份额', kind: 'percent', value: (r) => r.mix },
  { tag: 7, header: '去年同期份额', kind: 'percent', value: (r) => r.tqMix },
  { tag: 8, header: '份额变化', kind: 'growth', value: (r) => r.mixChange },
  { tag: 9, header: '累计排名', kind: 'count', value: (r) => r.ljRanking },
  { tag: 10, header: '本年累计销量', kind: 'count', value: (r) => r.salesSum },
  { tag: 11, header: '去年累计销量', kind: 'count', value: (r) => r.tqSalesSum },
  { tag: 12, header: '累计同比', kind: 'growth', value: (r) => r.yearYoy },
  { tag: 13, header: '累计份额', kind: 'percent', value: (r) => r.yearMix },
  { tag: 14, header: '去年累计份额', kind: 'percent', value: (r) => r.tqYearMix },
  { tag: 15, header: '累计份额变化', kind: 'growth', value: (r) => r.yearMixChange },
];

/** The columns of a ranking table's workbook: optional group column, the name column, then every tag. */
export function tableColumns(nameHeader: string, groupHeader?: string): Array<WorkbookColumn<TableRow>> {
  return [
    ...(groupHeader ? [{ header: groupHeader, kind: 'text' as const, width: 12, value: (r: TableRow) => r.groupName ?? '' }] : []),
    { header: nameHeader, kind: 'text', value: (r) => r.name },
    ...TAG_COLUMNS,
  ];
}
