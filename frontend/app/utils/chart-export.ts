/**
 * What an exported chart image carries besides the chart (issue 28): its title, the page's filters (the
 * header tags) and the data date, 数据截至 the month the page shows, so a PNG pasted into a report still
 * says what it is. Pure text rules here; useChartCanvas draws them above the chart.
 */
import { tagsText } from '@car/contracts';

/** A header tag as the page shows it: '时间' '2026-10', or a plain tag ('A级SUV') with no label. */
export interface ExportTag {
  label: string;
  value?: string;
}

const MONTH = /(\d{4})[-年](\d{1,2})/;

/** The month a tag or category names, as YYYY-MM, or null. */
function monthIn(text: string): string | null {
  const match = MONTH.exec(text);
  return match ? `${match[1]}-${match[2].padStart(2, '0')}` : null;
}

/**
 * The image's caption: the filters in the page's order ('时间：2026-10 · 数据来源：零售'), and the data date
 * from the first tag that names a month, else from the chart's last category ('数据截至 2026-10').
 */
export function exportCaption(tags: readonly ExportTag[], categories: readonly string[]): { filters: string; dataDate: string | null } {
  const filters = tagsText(tags);
  const month = tags.map((t) => monthIn(`${t.value ?? ''} ${t.label}`)).find((m) => m !== null) ?? monthIn(categories[categories.length - 1] ?? '');
  return { filters, dataDate: month ? `数据截至 ${month}` : null };
}

/** Where the image's lines wrap: text cut into pieces no wider than `width` by `measure`. */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && measure(line + char) > width) {
      lines.push(line);
      line = char.trim() ? char : '';
    } else line += char;
  }
  if (line) lines.push(line);
  return lines;
}
