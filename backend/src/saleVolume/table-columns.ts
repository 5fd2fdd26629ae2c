import { type FigureKind, SET_COLUMN_LABELS, setRoleText, type TableRow, type Tag, TAG_COLUMNS as TAG_HEADERS, tagHeader } from '@car/contracts';
import type { Response } from 'express';
import { exactShare, streamTableWorkbook, type TableColumn, type WorkbookAsOf, type WorkbookHead } from '../workbook/table-workbook';
import { isTotalRow } from './sale-volume.service';

/** Each data tag's figure and its kind, a share's unrounded fraction too (decision 282); the header is the page's (contracts' TAG_COLUMNS, a point change with its unit). */
const TAG_FIGURES: ReadonlyArray<{ tag: Tag; kind: FigureKind; value: (r: TableRow) => number | null; exact?: (r: TableRow) => number | null | undefined }> = [
  { tag: 2, kind: 'count', value: (r) => r.sales },
  { tag: 3, kind: 'count', value: (r) => r.tqSales },
  { tag: 4, kind: 'growth', value: (r) => r.mom },
  { tag: 5, kind: 'growth', value: (r) => r.yoy },
  { tag: 6, kind: 'percent', value: (r) => r.mix, exact: (r) => exactShare(r, 'mix') },
  { tag: 7, kind: 'percent', value: (r) => r.tqMix, exact: (r) => exactShare(r, 'tqMix') },
  { tag: 8, kind: 'points', value: (r) => r.mixChange },
  { tag: 9, kind: 'count', value: (r) => r.ljRanking },
  { tag: 10, kind: 'count', value: (r) => r.salesSum },
  { tag: 11, kind: 'count', value: (r) => r.tqSalesSum },
  { tag: 12, kind: 'growth', value: (r) => r.yearYoy },
  { tag: 13, kind: 'percent', value: (r) => r.yearMix, exact: (r) => exactShare(r, 'yearMix') },
  { tag: 14, kind: 'percent', value: (r) => r.tqYearMix, exact: (r) => exactShare(r, 'tqYearMix') },
  { tag: 15, kind: 'points', value: (r) => r.yearMixChange },
];

/** The data-tag columns 2-15 of the ranking tables, in the spec's order, as workbook columns. */
export const TAG_COLUMNS: ReadonlyArray<TableColumn<TableRow> & { tag: number }> = TAG_FIGURES.map((f) => ({
  ...f,
  header: TAG_HEADERS.find((t) => t.tag === f.tag)?.label ?? '',
}));

/** The columns a 竞品组 adds after the 车系 table's name (decision 300): the row's role, 组内份额 (its exact fraction too) and 组内排名. */
const SET_COLUMNS: ReadonlyArray<TableColumn<TableRow>> = [
  { header: SET_COLUMN_LABELS.role, kind: 'text', width: 10, value: (r) => setRoleText(r.setOwn) },
  { header: SET_COLUMN_LABELS.mix, kind: 'percent', value: (r) => r.setMix ?? null, exact: (r) => exactShare(r, 'setMix') },
  { header: SET_COLUMN_LABELS.ranking, kind: 'count', value: (r) => r.setRanking ?? null },
];

/**
 * The columns of a ranking table's workbook or deck: optional group column, the name column, then the tags
 * (all, or those of `tags`: the columns a page shows), headers of 1-2月合计 with `newYear`; with `set`, the 竞品组's
 * columns after the name.
 */
export function tableColumns(
  nameHeader: string,
  groupHeader?: string,
  newYear = false,
  tags?: readonly number[],
  set = false,
): Array<TableColumn<TableRow> & { tag?: number }> {
  return [
    ...(groupHeader ? [{ header: groupHeader, kind: 'text' as const, width: 12, value: (r: TableRow) => r.groupName ?? '' }] : []),
    { header: nameHeader, kind: 'text', value: (r) => r.name },
    ...(set ? SET_COLUMNS : []),
    ...TAG_COLUMNS.filter((c) => !tags || tags.includes(c.tag)).map((c) => ({ ...c, header: tagHeader(c.tag as Tag, newYear) })),
  ];
}

/** A ranking table as its download writes it (整体市场表现, 区域市场表现): the rows, the file, the sheet's name and group headers, 数据截至, the header block. */
export interface RankingWorkbook {
  rows: TableRow[];
  fileName: string;
  nameHeader: string;
  groupHeader?: string;
  asOf: WorkbookAsOf;
  /** The page's title and header tags above the table (decision 281). */
  head: WorkbookHead;
  /** The 车系 table narrowed to a 竞品组: its columns after the name. */
  set?: boolean;
}

/** Streams a ranking table's workbook, its sheet named by its name column, total rows in bold (headers of 1-2月合计 with `newYear`). */
export function streamRankingWorkbook(res: Response, table: RankingWorkbook, newYear: boolean): Promise<void> {
  return streamTableWorkbook(
    res,
    table.fileName,
    table.nameHeader,
    tableColumns(table.nameHeader, table.groupHeader, newYear, undefined, table.set),
    table.rows,
    table.asOf,
    {
      highlight: isTotalRow,
      head: table.head,
    },
  );
}
