import type { Response } from 'express';
import { type ImportKind, importTemplateName } from '@car/contracts';
import { attachmentHeader, neutralise, streamTableWorkbook } from '../workbook/table-workbook';
import type { ImportTemplate } from './data-import.service';

/** One CSV field: neutralised against formulas as every workbook is, quoted when it holds a comma, a quote or a line break. */
function csvField(raw: string): string {
  const text = neutralise(raw);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text in UTF-8 with a BOM (so Excel opens the Chinese headers right), CRLF line ends. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Sends a template as CSV, or as a workbook whose second sheet (填写说明) holds the notes: the reader takes the first sheet only. */
export async function sendImportTemplate(res: Response, kind: ImportKind, format: 'xlsx' | 'csv', { header, rows, notes }: ImportTemplate): Promise<void> {
  const fileName = importTemplateName(kind, format);
  if (format === 'csv') {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(fileName));
    res.send(csvText([header, ...rows]));
    return;
  }
  const columns = header.map((title, i) => ({
    header: title,
    kind: 'text' as const,
    width: i === 1 && kind === 'config' ? 36 : 14,
    value: (row: string[]) => row[i],
  }));
  await streamTableWorkbook(res, fileName, '数据', columns, rows, null, { notes: { sheetName: '填写说明', header: ['列', '说明'], rows: notes } });
}
