import fs from 'node:fs';
import path from 'node:path';
import { SHEET_MAX_ROWS } from '@car/contracts';
import ExcelJS from 'exceljs';
import { neutralise } from '../saleVolume/table-workbook';

export interface ExportColumn {
  header: string;
  width: number;
  /**
   * Counts and yuan are numbers with thousands separators, rates numbers shown as percents with one
   * decimal; text is neutralised against formulas.
   */
  kind: 'text' | 'count' | 'yuan' | 'percent';
}

const NUMBER_FORMATS: Record<ExportColumn['kind'], string | undefined> = { text: undefined, count: '#,##0', yuan: '#,##0', percent: '0.0%' };

/**
 * Writes an export as .xlsx with exceljs's streaming writer: each row is committed as it comes, so memory
 * stays flat for millions of rows. A sheet holds at most 1,048,576 rows (header included); past that the
 * rows continue on 数据2, 数据3 … under the same header. The header row is frozen and bold, widths set,
 * counts are numbers, text beginning with = + - @ is neutralised.
 *
 * The workbook is written to `<final>.partial` and renamed once complete: a file is offered only whole,
 * and a job that runs again after a crash simply writes the partial file anew.
 */
export class ExportWorkbook {
  private readonly partialPath: string;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | null = null;
  private sheetRows = 0;
  private sheetCount = 0;
  rowsWritten = 0;

  constructor(
    private readonly finalPath: string,
    private readonly sheetName: string,
    private readonly columns: readonly ExportColumn[],
    private readonly rowsPerSheet = SHEET_MAX_ROWS - 1,
  ) {
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    this.partialPath = `${finalPath}.partial`;
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: this.partialPath, useStyles: true, useSharedStrings: false });
    this.workbook.creator = '车市分析平台';
  }

  private nextSheet(): ExcelJS.Worksheet {
    this.sheet?.commit();
    this.sheetCount++;
    const name = this.sheetCount === 1 ? this.sheetName : `${this.sheetName}${this.sheetCount}`;
    const sheet = this.workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = this.columns.map((c) => ({
      header: c.header,
      width: c.width,
      style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    this.sheet = sheet;
    this.sheetRows = 0;
    return sheet;
  }

  addRow(values: ReadonlyArray<string | number | null>): void {
    const sheet = this.sheet && this.sheetRows < this.rowsPerSheet ? this.sheet : this.nextSheet();
    sheet.addRow(values.map((value) => (typeof value === 'string' ? neutralise(value) : value ?? ''))).commit();
    this.sheetRows++;
    this.rowsWritten++;
  }

  /** Finishes the file and puts it in place. */
  async complete(): Promise<number> {
    if (!this.sheet) this.nextSheet();
    this.sheet!.commit();
    await this.workbook.commit();
    await fs.promises.rename(this.partialPath, this.finalPath);
    return (await fs.promises.stat(this.finalPath)).size;
  }

  /** Drops the partial file of a failed run. */
  async discard(): Promise<void> {
    await fs.promises.rm(this.partialPath, { force: true });
  }
}
