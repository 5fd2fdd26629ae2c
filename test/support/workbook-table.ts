import ExcelJS from 'exceljs';
import { WORKBOOK_FONT } from '../../backend/src/workbook/table-workbook';

/**
 * A table sheet as a download wrote it, read by where its header row is rather than by fixed row numbers: a workbook the
 * product writes opens with a header block (the page, its filters, 数据截至, decision 267), so its table's header is row 5
 * with a block and row 1 without (an import template or error sheet). The header row is the one the sheet's autofilter
 * names (every table sheet has one); a sheet without an autofilter (the 口径说明 sheet) starts its table in row 1.
 */
export interface SheetTable {
  /** The row number of the table's header. */
  headerRow: number;
  /** The header texts, first column first. */
  headers: string[];
  /** The header block's lines above the table (none without a block): title, filters, 数据截至. */
  head: string[];
  /** The data rows below the header, to the sheet's last row. */
  rows: ExcelJS.Row[];
  /** Each data row's values, first column first (exceljs's `values` without its empty slot 0). */
  values: unknown[][];
  /** The 1-based column of a header (0 when there is none). */
  columnOf(header: string): number;
  /** The cells of a column by its header, one per data row. */
  column(header: string): ExcelJS.Cell[];
}

/** The row of a sheet's autofilter ('A5:H5' → 5), or null without one. */
export function autoFilterRow(sheet: ExcelJS.Worksheet): number | null {
  const filter = sheet.autoFilter as unknown;
  // exceljs reads a sheet's autofilter back as its range ('A5:H5').
  const ref = typeof filter === 'string' ? filter : '';
  const match = /^[A-Z]+(\d+)/.exec(ref);
  return match ? Number(match[1]) : null;
}

/** A cell's value as text: a string or number as it is, nothing as '', anything else (a rich text, a date) as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function rowValues(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

/** Reads a sheet's table: its header block, its header row (the autofilter's) and its data rows. */
export function sheetTable(sheet: ExcelJS.Worksheet): SheetTable {
  const headerRow = autoFilterRow(sheet) ?? 1;
  const headers = rowValues(sheet.getRow(headerRow)).map(valueText);
  const head: string[] = [];
  for (let r = 1; r < headerRow; r++) {
    const first = valueText(sheet.getRow(r).getCell(1).value);
    if (first !== '') head.push(first);
  }
  const rows: ExcelJS.Row[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) rows.push(sheet.getRow(r));
  const columnOf = (header: string): number => headers.indexOf(header) + 1;
  return {
    headerRow,
    headers,
    head,
    rows,
    values: rows.map(rowValues),
    columnOf,
    column(header) {
      const at = columnOf(header);
      if (at === 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
      return rows.map((row) => row.getCell(at));
    },
  };
}

/** Opens a workbook's bytes and reads its first sheet's table. */
export async function workbookTable(body: Buffer, sheet: number | string = 0): Promise<SheetTable & { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const found = typeof sheet === 'number' ? workbook.worksheets[sheet] : workbook.getWorksheet(sheet);
  if (!found) throw new Error(`no sheet ${sheet} in ${workbook.worksheets.map((s) => s.name).join(', ')}`);
  return { ...sheetTable(found), workbook, sheet: found };
}

/** The face every cell of a workbook the product writes names (decisions 209, 267): the decks' 微软雅黑 (Microsoft YaHei). */
export const WORKBOOK_FACE = WORKBOOK_FONT;

/**
 * What is wrong with a download's workbook against the common settings (decisions 267, 281), as sentences (none: all
 * well): its first sheet opens with the header block (title bold at 14 pt, the filters in words, 数据截至 when its
 * figures have a source, a blank row) unless `head` is false (an import template, read back in); an autofilter on the
 * header row, the panes frozen below it, landscape one page wide and as many long, the header row repeated on each
 * printed page; and every cell of every sheet, bold ones too, names the one face.
 */
export function layoutProblems(workbook: ExcelJS.Workbook, expected: { head: boolean; asOf: boolean }): string[] {
  const problems: string[] = [];
  const sheet = workbook.worksheets[0];
  const headerRow = autoFilterRow(sheet);
  if (headerRow === null) problems.push(`${sheet.name}: no autofilter`);
  const row = headerRow ?? 1;
  if (expected.head) {
    const text = (r: number): string => valueText(sheet.getRow(r).getCell(1).value);
    const title = sheet.getRow(1).getCell(1);
    if (!text(1) || title.font?.bold !== true || title.font?.size !== 14) problems.push(`${sheet.name}: row 1 is no title in bold 14 pt (${text(1)})`);
    if (!text(2).includes('：')) problems.push(`${sheet.name}: row 2 names no filters (${text(2)})`);
    if (expected.asOf && !text(3).startsWith('数据截至 ')) problems.push(`${sheet.name}: row 3 is no 数据截至 line (${text(3)})`);
    if (row !== (expected.asOf ? 5 : 4)) problems.push(`${sheet.name}: the header row is ${row}, not below the header block`);
    else if (text(row - 1) !== '') problems.push(`${sheet.name}: no blank row above the header`);
  } else if (row !== 1) problems.push(`${sheet.name}: the header row is ${row}, not 1`);
  const view = sheet.views[0] as { state?: string; ySplit?: number } | undefined;
  if (view?.state !== 'frozen' || (view.ySplit ?? 0) < row) problems.push(`${sheet.name}: the header is not frozen (${JSON.stringify(view)})`);
  const setup = sheet.pageSetup;
  const printed = {
    orientation: setup.orientation,
    fitToPage: setup.fitToPage,
    fitToWidth: setup.fitToWidth,
    fitToHeight: setup.fitToHeight,
    printTitlesRow: setup.printTitlesRow?.split(':')[0],
  };
  const wanted = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: String(row) };
  if (JSON.stringify(printed) !== JSON.stringify(wanted)) problems.push(`${sheet.name}: page setup ${JSON.stringify(printed)}, not ${JSON.stringify(wanted)}`);
  for (const each of workbook.worksheets) {
    const off: string[] = [];
    each.eachRow((r) =>
      r.eachCell((cell) => {
        if (cell.font?.name !== WORKBOOK_FACE) off.push(`${cell.address}${cell.font?.bold ? ' (bold)' : ''}: ${cell.font?.name ?? 'no face'}`);
      }),
    );
    if (off.length > 0) problems.push(`${each.name}: ${off.length} cells not in ${WORKBOOK_FACE}, e.g. ${off.slice(0, 3).join(', ')}`);
  }
  return problems;
}
