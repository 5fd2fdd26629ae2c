import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { type CarDetails, type ModelRow, pointsHeader, type SegmentDetail } from '@car/contracts';
import {
  addDefinitionsSheet,
  addTableHeader,
  columnCell,
  exactShare,
  headerRowOf,
  kindStyle,
  neutralise,
  openWorkbookStream,
  type TableColumn,
  tableSheetOptions,
  type WorkbookAsOf,
  type WorkbookHead,
} from '../workbook/table-workbook';

const ARROWS: Record<ModelRow['rankingStatus'], string> = { 1: '↑', [-1]: '↓', 0: '—', [-2]: '' };

/** 细分市场占比, merged down a segment's rows: the segment's part of the maker's volume, unrounded (decision 286). */
const SEGMENT_PART: TableColumn<SegmentDetail> = { header: '细分市场占比', kind: 'percent', value: (s) => s.mix, exact: (s) => exactShare(s, 'mix') };

/**
 * The detail table's columns after the two merged segment columns (the deck shows those its page shows); the workbook
 * stores the two shares unrounded (decision 286), the deck shows the page's.
 */
export const MODEL_COLUMNS: ReadonlyArray<TableColumn<ModelRow>> = [
  { header: '车型', kind: 'text', value: (r) => r.name },
  { header: '销量', kind: 'count', value: (r) => r.sales },
  { header: '去年同期销量', kind: 'count', value: (r) => r.tqSales },
  { header: '同比', kind: 'growth', value: (r) => r.yoy },
  { header: '细分市场份额', kind: 'percent', value: (r) => r.detailMix, exact: (r) => exactShare(r, 'detailMix') },
  { header: pointsHeader('份额变化'), kind: 'points', value: (r) => r.detailMixChange },
  { header: '整体市场份额', kind: 'percent', value: (r) => r.wholeMix, exact: (r) => exactShare(r, 'wholeMix') },
  { header: pointsHeader('整体份额变化'), kind: 'points', value: (r) => r.wholeMixChange },
  { header: '细分市场排名', kind: 'count', value: (r) => r.ranking },
  { header: '排名变化', kind: 'text', value: (r) => ARROWS[r.rankingStatus] },
];

/**
 * Streams the car-model detail table as .xlsx: per segment, its name and its part of the producer's or
 * brand's volume merged down the rows of its sub-series and two subtotals; then the totals. It opens with the
 * header block, its header row filtered, frozen and repeated on each printed page (decision 281).
 */
export async function streamCarDetailsWorkbook(
  response: Response,
  fileName: string,
  details: CarDetails,
  asOf: WorkbookAsOf,
  head?: WorkbookHead,
): Promise<void> {
  const workbook = openWorkbookStream(response, fileName);
  const headerRow = headerRowOf(head, asOf);
  const sheet = workbook.addWorksheet('车型明细', tableSheetOptions({ first: headerRow, last: headerRow }));
  const headers = ['细分市场', SEGMENT_PART.header, ...MODEL_COLUMNS.map((c) => c.header)];
  const kinds = ['text' as const, 'percent' as const, ...MODEL_COLUMNS.map((c) => c.kind)];
  // One style object per column and weight, given to the column and each of its cells (decision 125): exceljs knows an
  // object it has seen.
  const plain = kinds.map((kind) => kindStyle(kind));
  const widths = [14, 12, ...MODEL_COLUMNS.map((c) => (c.kind === 'text' ? (c.header === '车型' ? 24 : 10) : 14))];
  sheet.columns = plain.map((style, i) => ({ width: widths[i], style }));
  addTableHeader(sheet, head, asOf, headers);
  const bold = kinds.map((kind) => kindStyle(kind, true));

  const addModel = (first: string | null, segment: SegmentDetail | undefined, row: ModelRow): ExcelJS.Row => {
    const excelRow = sheet.addRow([
      first === null ? null : neutralise(first),
      segment === undefined ? null : columnCell(SEGMENT_PART, segment),
      ...MODEL_COLUMNS.map((c) => columnCell(c, row)),
    ]);
    (row.subtotal ? bold : plain).forEach((style, i) => (excelRow.getCell(i + 1).style = style));
    return excelRow;
  };
  const addSegment = (segment: SegmentDetail): void => {
    const rows = [...segment.models, segment.heJi1, segment.heJi2];
    const added = rows.map((row, i) => addModel(i === 0 ? segment.name : null, i === 0 ? segment : undefined, row));
    const top = added[0].number;
    const bottom = added[added.length - 1].number;
    // Merges must be declared before the streaming writer commits the rows they span.
    if (bottom > top) {
      sheet.mergeCells(top, 1, bottom, 1);
      sheet.mergeCells(top, 2, bottom, 2);
    }
    // A style of its own for the merged cells: setting `alignment` would change the object every cell shares.
    for (const r of [1, 2]) {
      const cell = sheet.getCell(top, r);
      cell.style = { ...cell.style, alignment: { vertical: 'middle' } };
    }
    added[added.length - 1].commit();
  };
  for (const segment of details.details) addSegment(segment);
  // The maker's total, each compared maker's total (as the page shows them), then the market's.
  for (const total of [details.wholeHeJi1, ...details.compareHeJiList.map((c) => c.wholeHeJi1), details.wholeHeJi2]) {
    const excelRow = addModel(total.name, undefined, { ...total, name: '' });
    sheet.mergeCells(excelRow.number, 1, excelRow.number, 3);
    excelRow.commit();
  }
  sheet.commit();
  addDefinitionsSheet(workbook, [SEGMENT_PART.header, ...MODEL_COLUMNS.map((c) => c.header)], asOf);
  await workbook.commit();
}
