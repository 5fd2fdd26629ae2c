import fs from 'node:fs';
import path from 'node:path';
import { DASH, SHEET_MAX_ROWS } from '@car/contracts';
import ExcelJS from 'exceljs';
import {
  addDefinitionsSheet,
  addHeadBlock,
  HEADER_STYLE,
  headLines,
  kindStyle,
  neutralise,
  tableSheetOptions,
  type WorkbookAsOf,
  type WorkbookHead,
} from '../workbook/table-workbook';

export interface ExportColumn {
  header: string;
  width: number;
  /**
   * Counts and yuan are numbers with thousands separators, rates (fractions) numbers shown as percents
   * with one decimal, by the display rules' formats (decision 141); an unknown figure is '-'; text is
   * neutralised against formulas.
   */
  kind: 'text' | 'count' | 'yuan' | 'percent';
}

/** exceljs's sheet stream (StreamBuf): the chunks it holds and the zip entry streams it writes to. */
interface PendingStream {
  buffers?: ReadonlyArray<{ length: number }>;
  /** archiver's entry streams are readable-stream's (no `writableLength`): their states say what they hold. */
  pipes?: ReadonlyArray<{ _writableState?: { length?: number }; _readableState?: { length?: number } }>;
}

/** At most this much XML waits for the compressor (a few batches of rows). */
const SETTLE_BYTES = 4 * 1024 * 1024;

function pendingBytes(stream: PendingStream): number {
  let bytes = 0;
  for (const buffer of stream.buffers ?? []) bytes += buffer.length;
  for (const pipe of stream.pipes ?? []) bytes += (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
  return bytes;
}

/** Each kind's cell style, from the display rules (a rate is written as its fraction, the percent rule's cell). */
const STYLES: Record<ExportColumn['kind'], Partial<ExcelJS.Style>> = {
  text: kindStyle('text'),
  count: kindStyle('count'),
  yuan: kindStyle('count'),
  percent: kindStyle('percent'),
};

/** Where a workbook is written until it is complete (then renamed to `finalPath`). */
export const partialPathOf = (finalPath: string): string => `${finalPath}.partial`;

/**
 * Writes an export as .xlsx with exceljs's streaming writer: each row is committed as it comes, so memory
 * stays flat for millions of rows. A sheet holds at most 1,048,576 rows (header block and header included); past
 * that the rows continue on 数据2, 数据3 … under the same header block and header. Each sheet opens with the
 * header block when given (the export, its conditions, 数据截至), the header row is bold with an autofilter, frozen and
 * repeated on each printed page, the page landscape and one page wide (decision 267); widths set, counts are
 * numbers, rates unrounded fractions, text beginning with = + - @ is neutralised.
 *
 * The workbook is written to `<final>.partial` and renamed once complete: a file is offered only whole,
 * and a job that runs again after a crash simply writes the partial file anew.
 */
export class ExportWorkbook {
  private readonly partialPath: string;
  /** The partial file, opened here so that a discarded run can close it before removing it. */
  private readonly file: fs.WriteStream;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | null = null;
  private sheetRows = 0;
  private sheetCount = 0;
  private readonly headerRow: number;
  private readonly rowsPerSheet: number;
  rowsWritten = 0;

  constructor(
    private readonly finalPath: string,
    private readonly sheetName: string,
    private readonly columns: readonly ExportColumn[],
    /** Data rows a sheet holds: as many as fit below its header. */
    rowsPerSheet?: number,
    /** The header block above each sheet's table (the export, its conditions, 数据截至), when given. */
    private readonly head?: { head: WorkbookHead; asOf: WorkbookAsOf },
  ) {
    this.headerRow = head ? headLines(head.head, head.asOf).length + 1 : 1;
    this.rowsPerSheet = rowsPerSheet ?? SHEET_MAX_ROWS - this.headerRow;
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    this.partialPath = partialPathOf(finalPath);
    this.file = fs.createWriteStream(this.partialPath);
    // Deflate level 1: the compressor is the slowest stage at level 6 (the default) on two cores, and the
    // file grows only by about a fifth (decision 97).
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.file,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    this.workbook.creator = '车市分析平台';
  }

  private nextSheet(): ExcelJS.Worksheet {
    this.sheet?.commit();
    this.sheetCount++;
    const name = this.sheetCount === 1 ? this.sheetName : `${this.sheetName}${this.sheetCount}`;
    const sheet = this.workbook.addWorksheet(name.slice(0, 31), tableSheetOptions({ first: this.headerRow, last: this.headerRow }));
    sheet.columns = this.columns.map((c) => ({ width: c.width, style: STYLES[c.kind] }));
    addHeadBlock(sheet, this.head?.head, this.head?.asOf ?? null);
    const header = sheet.addRow(this.columns.map((c) => neutralise(c.header)));
    for (let i = 1; i <= this.columns.length; i++) header.getCell(i).style = HEADER_STYLE;
    header.commit();
    sheet.autoFilter = { from: { row: this.headerRow, column: 1 }, to: { row: this.headerRow, column: this.columns.length } };
    this.sheet = sheet;
    this.sheetRows = 0;
    return sheet;
  }

  addRow(values: ReadonlyArray<string | number | null>): void {
    const sheet = this.sheet && this.sheetRows < this.rowsPerSheet ? this.sheet : this.nextSheet();
    sheet
      .addRow(values.map((value, i) => (typeof value === 'string' ? neutralise(value) : (value ?? (this.columns[i]?.kind === 'text' ? '' : DASH)))))
      .commit();
    this.sheetRows++;
    this.rowsWritten++;
  }

  /**
   * Waits while more than `limit` bytes of the sheet's XML wait for the compressor. exceljs's sheet
   * stream hands its chunks to the zip without backpressure (and holds them all while the zip is still
   * compressing an earlier sheet), so a writer faster than deflate would grow without bound; awaited after
   * each batch, this keeps the memory of an export flat whatever its size.
   */
  async settle(limit = SETTLE_BYTES): Promise<void> {
    const stream = (this.sheet as unknown as { stream?: PendingStream } | null)?.stream;
    if (!stream) return;
    while (pendingBytes(stream) > limit) await new Promise((resolve) => setTimeout(resolve, 2));
  }

  /** Finishes the file, its 口径说明 sheet last (decision 202), and puts it in place. */
  async complete(asOf: WorkbookAsOf): Promise<number> {
    if (!this.sheet) this.nextSheet();
    this.sheet!.commit();
    addDefinitionsSheet(
      this.workbook,
      this.columns.map((c) => c.header),
      asOf,
    );
    await this.workbook.commit();
    await fs.promises.rename(this.partialPath, this.finalPath);
    return (await fs.promises.stat(this.finalPath)).size;
  }

  /**
   * Drops the partial file of a failed run. The file opens asynchronously, so it is closed first: removed
   * before it had opened, it would be created just after. Whatever the zip still writes is dropped.
   */
  async discard(): Promise<void> {
    this.file.on('error', () => undefined);
    if (!this.file.closed) {
      const closed = new Promise<void>((resolve) => this.file.once('close', () => resolve()));
      this.file.destroy();
      await closed;
    }
    await fs.promises.rm(this.partialPath, { force: true });
  }
}
