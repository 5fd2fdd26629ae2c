import ExcelJS from 'exceljs';
import type { Response } from 'express';

export interface WorkbookColumn<Row> {
  header: string;
  width?: number;
  /** text as is; count with thousand separators; percent from a one-decimal percent number (12.3 → 12.3%). */
  kind: 'text' | 'count' | 'percent';
  value: (row: Row) => string | number | null | undefined;
}

/** Text that a spreadsheet would run as a formula (= + - @ first) is written with a leading apostrophe. */
export function neutralise(text: string): string {
  return text.length > 1 && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Content-Disposition with the Chinese file name (RFC 6266 / 5987) and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams one sheet as .xlsx to the response with exceljs's streaming writer, so memory stays flat
 * however many rows there are. Numbers stay numbers (percent cells are real percentages).
 */
export async function streamTableWorkbook<Row>(
  response: Response,
  fileName: string,
  sheetName: string,
  columns: ReadonlyArray<WorkbookColumn<Row>>,
  rows: Iterable<Row>,
  isHighlighted: (row: Row) => boolean = () => false,
  /** A second sheet of plain text (an import template's notes). */
  notes?: { sheetName: string; header: readonly string[]; rows: ReadonlyArray<readonly string[]> },
): Promise<void> {
  response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true, useSharedStrings: false });
  workbook.creator = '车市分析平台';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.kind === 'text' ? 22 : 14),
    style: c.kind === 'count' ? { numFmt: '#,##0' } : c.kind === 'percent' ? { numFmt: '0.0%' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const excelRow = sheet.addRow(
      columns.map((c) => {
        const value = c.value(row);
        if (value === null || value === undefined) return '-';
        if (c.kind === 'percent') return typeof value === 'number' ? value / 100 : value;
        if (typeof value === 'string') return neutralise(value);
        return value;
      }),
    );
    if (isHighlighted(row)) excelRow.font = { bold: true };
    excelRow.commit();
  }
  sheet.commit();
  if (notes) {
    const second = workbook.addWorksheet(notes.sheetName.slice(0, 31));
    second.columns = notes.header.map((header, i) => ({ header, width: i === 0 ? 16 : 90 }));
    second.getRow(1).font = { bold: true };
    for (const row of notes.rows) second.addRow(row.map(neutralise)).commit();
    second.commit();
  }
  await workbook.commit();
}
