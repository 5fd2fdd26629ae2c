import fs from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@car/contracts';
import { ImportFileRefused } from './import-limits';
import { unneutralise } from '../workbook/table-workbook';
import { checkXlsxPackage } from './xlsx-package';

/** A file's row as text cells, with its line number (1 = the header). */
export interface FileRow {
  line: number;
  cells: string[];
}

export type ImportFormat = 'csv' | 'xlsx';

/** How much of a CSV is looked at to tell UTF-8 from GBK. */
const SAMPLE_BYTES = 64 * 1024;

/** An .xlsx (a zip: 'PK') by its first bytes, anything else is read as CSV. */
export async function formatOf(filePath: string): Promise<ImportFormat> {
  const head = await readHead(filePath, 4);
  return head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b ? 'xlsx' : 'csv';
}

/**
 * The CSV's encoding: UTF-8 when it starts with a BOM or its first 64 KiB are valid UTF-8 (a Chinese header
 * decides it at once), else GB18030, the superset of GBK that Chinese spreadsheet tools write.
 */
export async function csvEncoding(filePath: string): Promise<'utf8' | 'gb18030'> {
  const head = await readHead(filePath, SAMPLE_BYTES);
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf8';
  } catch {
    return 'gb18030';
  }
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The rows of an import file, streamed: a CSV through csv-parse (decoded from GBK by iconv-lite when it is
 * not UTF-8), an .xlsx's first sheet through exceljs's streaming reader once its package is checked. Only a
 * chunk of the file is in memory at a time, whatever its size, and no row, cell or part past IMPORT_LIMITS
 * is held: such a file throws ImportFileRefused with its reason (decision 138).
 */
export function readRows(filePath: string, format: ImportFormat): AsyncIterable<FileRow> {
  return bounded(format === 'xlsx' ? checkedWorkbook(filePath) : readCsv(filePath));
}

/** An .xlsx's rows once its package passed the check: exceljs never opens a package past the limits. */
async function* checkedWorkbook(filePath: string): AsyncGenerator<FileRow> {
  await checkXlsxPackage(filePath);
  yield* readWorkbook(filePath);
}

/** The rows within the row, column and cell limits; the first past one refuses the file. */
async function* bounded(rows: AsyncIterable<FileRow>): AsyncGenerator<FileRow> {
  let count = 0;
  for await (const row of rows) {
    if (++count > IMPORT_LIMITS.rows + 1) throw new ImportFileRefused(IMPORT_MESSAGES.tooManyRows);
    if (row.cells.length > IMPORT_LIMITS.columns) throw new ImportFileRefused(IMPORT_MESSAGES.tooManyColumns(row.line));
    for (const cell of row.cells) if (cell.length > IMPORT_LIMITS.cellChars) throw new ImportFileRefused(IMPORT_MESSAGES.cellTooLong);
    // A template or workbook of ours wrote a formula-like name with an apostrophe: it is read as the name.
    yield { line: row.line, cells: row.cells.map(unneutralise) };
  }
}

/**
 * The CSV's records with their line numbers, counted from each record's raw text (`raw: true`): a quoted
 * field may span lines, and an empty line counts but is no row. csv-parse's `info` or record context would
 * give the line too, at two to three times the parse's cost at millions of rows.
 */
async function* readCsv(filePath: string): AsyncGenerator<FileRow> {
  const encoding = await csvEncoding(filePath);
  const file = fs.createReadStream(filePath, { highWaterMark: 1 << 20 });
  const text: NodeJS.ReadableStream = encoding === 'utf8' ? file : file.pipe(iconv.decodeStream('gb18030'));
  // max_record_size: a record (an unclosed quote runs to the end of the file) is refused before it is held whole.
  const parser = text.pipe(parse({ bom: true, raw: true, relax_column_count: true, relax_quotes: true, max_record_size: IMPORT_LIMITS.recordChars }));
  file.on('error', (error) => parser.destroy(error));
  let line = 1;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const at = line;
      line += lineBreaks(raw);
      if (record.length === 1 && record[0].trim() === '') continue;
      yield { line: at, cells: record };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new ImportFileRefused(IMPORT_MESSAGES.recordTooLong(line));
    throw error;
  } finally {
    file.destroy();
  }
}

/** How many line ends (CRLF, LF or a lone CR, as csv-parse may cut a CRLF when it reads decoded text) a record's raw text holds. */
function lineBreaks(raw: string): number {
  let breaks = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 10 || (c === 13 && raw.charCodeAt(i + 1) !== 10)) breaks++;
  }
  return breaks;
}

async function* readWorkbook(filePath: string): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      if (cells.every((cell) => cell.trim() === '')) continue;
      yield { line: row.number, cells };
    }
    // Only the first sheet holds the data; a template's notes may follow on another.
    break;
  }
}

/** A cell's value as the text a CSV would hold; a date (a month typed into Excel) as 'YYYY-MM'. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `${value.getUTCFullYear()}-${String(value.getUTCMonth() + 1).padStart(2, '0')}`;
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown };
    if ('result' in cell) return cellText(cell.result);
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    // Another kind of cell (an error such as #N/A): what it holds, for the problem report.
    return JSON.stringify(value);
  }
  return typeof value === 'bigint' ? value.toString() : '';
}
