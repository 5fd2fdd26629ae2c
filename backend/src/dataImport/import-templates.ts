import { neutralise } from '../workbook/table-workbook';

/** One CSV field: neutralised against formulas as every workbook is, quoted when it holds a comma, a quote or a line break. */
function csvField(raw: string): string {
  const text = neutralise(raw);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text in UTF-8 with a BOM (so Excel opens the Chinese headers right), CRLF line ends. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
