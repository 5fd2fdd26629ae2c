import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import type { Response } from 'express';
import {
  asOfValue,
  DASH,
  type DataSourceKind,
  type DataSourceStatus,
  DEFINITIONS,
  definitionRows,
  figureCell,
  figureFormat,
  type FigureKind,
  type HeaderTag,
  tagsText,
  XLSX_MIME,
} from '@car/contracts';
import { DECK_FONT } from '../deck/deck.style';

/**
 * A column of a table workbook. A text column's cells are neutralised text; a figure column's are number
 * cells formatted by its kind's display rule (contracts display.ts, decision 141): the value is the
 * number the API sends (a percent as its one-decimal percent number), never its text, and a cell is '-'
 * only where the page shows a dash.
 */
export type WorkbookColumn<Row> = { header: string; width?: number } & (
  { kind: 'text'; value: (row: Row) => string | null | undefined } | { kind: FigureKind; value: (row: Row) => number | null | undefined }
);

/**
 * A column of a table workbook with, for a share, its unrounded fraction when the row has it (decision 282): the
 * workbook stores it as it is under the percent format, so the page's decimals are the format's and the shares of
 * a table add up exactly; a cell is still '-' wherever `value` reads as a dash.
 */
export type TableColumn<Row> = WorkbookColumn<Row> & { exact?: (row: Row) => number | null | undefined };

/**
 * The one face of every cell the product writes, the decks' (decision 209): named on every styled cell, as a
 * cell that names none (or only bold) falls back to the reader's default, a serif in LibreOffice (decision 267).
 */
export const WORKBOOK_FONT = DECK_FONT;

/** A cell's font: the workbook's face, bold or not, at `size` points. */
export function workbookFont(bold = false, size?: number): Partial<ExcelJS.Font> {
  return { name: WORKBOOK_FONT, ...(size ? { size } : {}), ...(bold ? { bold: true } : {}) };
}

/** A column's style of a kind: its number format (from the display rule), the workbook's face, bold on highlighted rows. */
export function kindStyle(kind: 'text' | FigureKind, bold = false): Partial<ExcelJS.Style> {
  return { ...(kind === 'text' ? {} : { numFmt: figureFormat(kind) }), font: workbookFont(bold) };
}

/** A cell of a column of `kind`: neutralised text, or a figure by its rule; nothing is '-' (a text column) or DASH. */
export function workbookCell(kind: 'text' | FigureKind, value: string | number | null | undefined): string | number {
  if (kind !== 'text') return figureCell(kind, typeof value === 'number' ? value : null);
  return value === null || value === undefined ? DASH : neutralise(String(value));
}

/**
 * A share as its cell (decision 282): the fraction unrounded (0.123456…, shown by the percent format with the page's
 * one decimal), or DASH where the page shows one (unknown, no market). Rounding before the writer would make a
 * table's shares add up to 99.9 % or 100.1 %.
 */
export function shareCell(fraction: number | null | undefined): number | typeof DASH {
  return fraction === null || fraction === undefined || !Number.isFinite(fraction) ? DASH : fraction;
}

/**
 * A row's shares unrounded (decisions 282, 286), under a symbol: a copy of the row (`{ ...row }`) keeps them, the wire
 * does not (JSON leaves symbol keys out), so a service can hand the page its rounded numbers and the workbook the
 * fractions on one row. Keyed by the field (or column key) whose rounded number the page shows.
 */
export const EXACT_SHARES = Symbol('exactShares');

/** `row` with its shares' unrounded fractions (`share(part, whole)`, null where there is no whole) under EXACT_SHARES, beside those it has. */
export function withExactShares<Row extends object>(row: Row, shares: Readonly<Record<string, number | null>>): Row {
  const kept = (row as { [EXACT_SHARES]?: Readonly<Record<string, number | null>> })[EXACT_SHARES];
  return Object.assign(row, { [EXACT_SHARES]: { ...kept, ...shares } });
}

/** The unrounded fraction of a row's share `key`, where the row was made with it (undefined: the writer keeps the page's number). */
export function exactShare(row: object, key: string): number | null | undefined {
  return (row as { [EXACT_SHARES]?: Readonly<Record<string, number | null>> })[EXACT_SHARES]?.[key];
}

/** A column's cell of `row`: its exact share when it has one and the page shows a figure, else `workbookCell` of its value. */
export function columnCell<Row>(column: TableColumn<Row>, row: Row): string | number {
  const cell = column.kind === 'text' ? workbookCell('text', column.value(row)) : workbookCell(column.kind, column.value(row));
  if (cell === DASH || !column.exact) return cell;
  const exact = column.exact(row);
  return exact === null || exact === undefined || !Number.isFinite(exact) ? cell : exact;
}

/** Text that a spreadsheet would run as a formula (= + - @ first) is written with a leading apostrophe. */
export function neutralise(text: string): string {
  return text.length > 1 && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** What `neutralise` wrote, read back (an import of a template or workbook the product wrote). */
export function unneutralise(text: string): string {
  return text.length > 2 && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The sheet every workbook of figures ends with (issue 30 §4, decision 202). */
export const DEFINITIONS_SHEET = '口径说明';

/** What a workbook's figures are as of: the data source they come from and its latest month (DataStatusService.of). */
export interface WorkbookAsOf {
  source: DataSourceKind;
  status: DataSourceStatus;
  /** Measures the headers do not name (a month table's TP, 优惠 or 优惠率), as their labels. */
  measures?: readonly string[];
}

/** The dictionary's entry of the figures' source (零售, 批发, 价格数据, 返点数据). */
function sourceOf(asOf: WorkbookAsOf): (typeof DEFINITIONS)[keyof typeof DEFINITIONS] {
  return DEFINITIONS[asOf.source === 'rebate' ? 'rebateSource' : asOf.source];
}

/** The source as the 数据截至 line and a deck's footer name it: 零售数据, 批发数据, 价格数据 (not 价格数据数据), 返点数据. */
export function sourceDataName(asOf: WorkbookAsOf): string {
  const { name } = sourceOf(asOf);
  return name.endsWith('数据') ? name : `${name}数据`;
}

/**
 * The 口径说明 rows: 数据截至 with the source's latest month and its publish day, the source's own definition,
 * then the definition of each measure a column header names, once each, in the dictionary's order.
 */
export function definitionsSheetRows(headers: Iterable<string>, asOf: WorkbookAsOf): Array<[string, string]> {
  const source = sourceOf(asOf);
  const sourceRow: [string, string] = [source.name, source.text];
  return [
    ['数据截至', `${asOfValue(asOf.status)}，${sourceDataName(asOf)}`],
    sourceRow,
    ...definitionRows([...headers, ...(asOf.measures ?? [])]).filter(([name]) => name !== source.name),
  ];
}

/**
 * What a workbook's header block says above its table (issue 45 §5, decision 267): the page's title and its
 * filters as its header tags name them, in words; the 数据截至 line comes from the workbook's `asOf`.
 */
export interface WorkbookHead {
  title: string;
  /** The header tags; a tag with no value is a whole condition line ('品牌：大众', an export's). */
  tags: ReadonlyArray<HeaderTag | { label: string; value?: undefined }>;
}

/** The header block's lines: the title, the filters in words (tagsText), 数据截至 and the source; a blank row parts it from the table. */
export function headLines(head: WorkbookHead, asOf: WorkbookAsOf | null): string[] {
  return [head.title, tagsText(head.tags), ...(asOf ? [`数据截至 ${asOfValue(asOf.status)} · ${sourceDataName(asOf)}`] : []), ''];
}

/**
 * How every table sheet prints and opens (decision 267): landscape, one page wide and as many long as it takes,
 * the table's header rows repeated on each page, the panes frozen below them. Given when the sheet is added: the
 * streaming writer writes the views and the fit-to-page flag with the sheet's opening tag.
 */
export function tableSheetOptions(headerRows: { first: number; last: number }, xSplit = 0): Partial<ExcelJS.AddWorksheetOptions> {
  return {
    views: [{ state: 'frozen', xSplit, ySplit: headerRows.last }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRows.first}:${headerRows.last}`,
    },
  };
}

/**
 * Writes the header block's rows at the top of a sheet (nothing without a head) and answers the row the table's
 * header goes in: the title bold and larger, the other lines plain, each in the workbook's face.
 */
export function addHeadBlock(sheet: ExcelJS.Worksheet, head: WorkbookHead | undefined, asOf: WorkbookAsOf | null): number {
  if (!head) return 1;
  const lines = headLines(head, asOf);
  lines.forEach((line, i) => {
    const row = sheet.addRow([neutralise(line)]);
    row.getCell(1).style = i === 0 ? TITLE_STYLE : HEAD_STYLE;
    row.commit();
  });
  return lines.length + 1;
}

/**
 * Opens a table sheet the common way (decision 267): the header block (none without a head), then the header row in
 * bold in the workbook's face with an autofilter over it; answers the header row's number. The sheet is added with
 * `tableSheetOptions` of that row (`headerRowOf`), as the streaming writer needs its views and page setup up front.
 */
export function addTableHeader(
  sheet: ExcelJS.Worksheet,
  head: WorkbookHead | undefined,
  asOf: WorkbookAsOf | null,
  headers: readonly string[],
  style: Partial<ExcelJS.Style> = HEADER_STYLE,
): number {
  const headerRow = addHeadBlock(sheet, head, asOf);
  const header = sheet.addRow(headers.map(neutralise));
  for (let i = 1; i <= headers.length; i++) header.getCell(i).style = style;
  header.commit();
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: headers.length } };
  return headerRow;
}

/** The row a table's header goes in below the header block of `head` (row 1 without one). */
export function headerRowOf(head: WorkbookHead | undefined, asOf: WorkbookAsOf | null): number {
  return head ? headLines(head, asOf).length + 1 : 1;
}

const TITLE_STYLE: Partial<ExcelJS.Style> = { font: workbookFont(true, 14) };
const HEAD_STYLE: Partial<ExcelJS.Style> = { font: workbookFont() };
/** The table's header cells: bold in the workbook's face. */
export const HEADER_STYLE: Partial<ExcelJS.Style> = { font: workbookFont(true) };

/** Adds the 口径说明 sheet to a workbook, streamed or not: two text columns, 项目 and 口径. */
export function addDefinitionsSheet(workbook: ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter, headers: Iterable<string>, asOf: WorkbookAsOf): void {
  const sheet = workbook.addWorksheet(DEFINITIONS_SHEET);
  sheet.columns = [
    { header: '项目', width: 18 },
    { header: '口径', width: 100 },
  ];
  sheet.getRow(1).font = workbookFont(true);
  for (const row of definitionsSheetRows(headers, asOf)) {
    const added = sheet.addRow(row.map(neutralise));
    added.font = workbookFont();
    added.commit();
  }
  if ('commit' in sheet && typeof sheet.commit === 'function') (sheet as { commit: () => void }).commit();
}

/** Content-Disposition with the Chinese file name (RFC 6266 / 5987) and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Hands the response the workbook in pieces of at least `size` bytes, and drops the rest once the response
 * is gone (decision 128). exceljs's zip comes out in about 300 small pieces a workbook (entry headers,
 * descriptors, each deflate flush), each a chunk of its own on the socket when piped straight; and piped
 * into a response the client has closed, the zip waits for a drain that never comes, so the call never ends.
 */
class BatchedWrites extends Writable {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(
    private readonly target: Writable,
    private readonly size = 64 * 1024,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.parts.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes < this.size) return done();
    const batch = this.take();
    if (this.target.destroyed || this.target.write(batch) || this.target.destroyed) return done();
    // Go on when the response drains, or closes (nothing more will drain).
    const go = (): void => {
      this.target.off('drain', go);
      this.target.off('close', go);
      done();
    };
    this.target.on('drain', go);
    this.target.on('close', go);
  }

  override _final(done: (error?: Error | null) => void): void {
    const rest = this.take();
    if (this.target.destroyed) return done();
    this.target.end(rest);
    done();
  }

  private take(): Buffer {
    const buffer = Buffer.concat(this.parts, this.bytes);
    this.parts = [];
    this.bytes = 0;
    return buffer;
  }
}

/**
 * The style of every data row, one object: exceljs gives each new row an empty style object of its own and,
 * on writing, renders it as XML to find its id; one shared object is looked up once (as the cells', decision 125).
 */
const NO_ROW_STYLE: Partial<ExcelJS.Style> = Object.freeze({});
/** exceljs 4.4 keeps a row's own style in `style` (what its font, numFmt … setters write), outside its typings. */
type RowStyle = { style: Partial<ExcelJS.Style> };

/** What a table workbook has besides its table, each optional. */
export interface TableWorkbookOptions<Row> {
  /** The header block above the table (the page, its filters, 数据截至); none for a file read back in (an import template). */
  head?: WorkbookHead;
  /** The rows written in bold (a total, a subtotal). */
  highlight?: (row: Row) => boolean;
  /** A second sheet of plain text (an import template's notes). */
  notes?: { sheetName: string; header: readonly string[]; rows: ReadonlyArray<readonly string[]> };
  /** Writes what stands under the table on its sheet (归因分析's figures and 口径), each row committed as it goes. */
  below?: (sheet: ExcelJS.Worksheet) => void;
}

/**
 * A workbook streamed to the response as `fileName`, as every download of a page writes one: through BatchedWrites,
 * deflated at level 1, as the exports (decision 97): a sheet and exceljs's fixed parts (styles, theme) compress nearly
 * as well as at the default level 6 for a quarter less CPU per workbook.
 */
export function openWorkbookStream(response: Response, fileName: string): ExcelJS.stream.xlsx.WorkbookWriter {
  response.setHeader('Content-Type', XLSX_MIME);
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: new BatchedWrites(response),
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = '车市分析平台';
  return workbook;
}

/**
 * Streams one sheet as .xlsx to the response with exceljs's streaming writer, so memory stays flat
 * however many rows there are. Figures are number cells formatted by their display rule (percent cells are
 * real percentages), text is neutralised.
 *
 * Every cell of a column shares one style object (one plain, one bold): exceljs gives each new cell a
 * style object of its own and, on writing, renders each such object as XML to find its style id, which
 * was half the writing time of a thousand-row sheet; a shared object is looked up once (decision 125).
 */
export async function streamTableWorkbook<Row>(
  response: Response,
  fileName: string,
  sheetName: string,
  columns: ReadonlyArray<TableColumn<Row>>,
  rows: Iterable<Row>,
  /** What the figures are as of, for the 口径说明 sheet; null for a workbook of no market figures (the audit log, an import template). */
  asOf: WorkbookAsOf | null,
  { head, highlight = () => false, notes, below }: TableWorkbookOptions<Row> = {},
): Promise<void> {
  const workbook = openWorkbookStream(response, fileName);
  const headerRow = headerRowOf(head, asOf);
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), tableSheetOptions({ first: headerRow, last: headerRow }));
  const plain = columns.map((c) => kindStyle(c.kind, false));
  const bold = columns.map((c) => kindStyle(c.kind, true));
  sheet.columns = columns.map((c) => ({ width: c.width ?? (c.kind === 'text' ? 22 : 14) }));
  addTableHeader(
    sheet,
    head,
    asOf,
    columns.map((c) => c.header),
  );
  for (const row of rows) {
    const excelRow = sheet.addRow(columns.map((c) => columnCell(c, row)));
    const styles = highlight(row) ? bold : plain;
    for (let i = 0; i < styles.length; i++) excelRow.getCell(i + 1).style = styles[i];
    (excelRow as ExcelJS.Row & RowStyle).style = NO_ROW_STYLE;
    excelRow.commit();
  }
  below?.(sheet);
  sheet.commit();
  if (notes) {
    const second = workbook.addWorksheet(notes.sheetName.slice(0, 31));
    second.columns = notes.header.map((header, i) => ({ header, width: i === 0 ? 16 : 90 }));
    second.getRow(1).font = workbookFont(true);
    for (const row of notes.rows) {
      const added = second.addRow(row.map(neutralise));
      added.font = workbookFont();
      added.commit();
    }
    second.commit();
  }
  if (asOf)
    addDefinitionsSheet(
      workbook,
      columns.map((c) => c.header),
      asOf,
    );
  await workbook.commit();
}
