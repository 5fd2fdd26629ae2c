import { TABLE_ROWS_PER_SLIDE } from './deck.style';

/**
 * Text sized to its cell (issue 45 §1, decision 271): how wide a text is at a size, from the advance widths of the
 * faces a deck is drawn in, so a table's columns are as wide as their longest figure, its font shrinks to a floor
 * before a figure would wrap, and its rows go over slides by their measured height, the footer's band kept free.
 *
 * Every run names 微软雅黑 (decision 209). Where it is not installed (LibreOffice on Linux, the tests' check) the
 * digits and Latin letters are drawn in the fontconfig fallback (DejaVu Sans) and the Chinese in Noto Sans CJK SC;
 * 微软雅黑's own digits are narrower than either. So a printable ASCII character is measured as the wider of
 * DejaVu Sans and Noto Sans CJK SC (read from their hmtx tables, per mille of the em, regular and bold); anything
 * else (a Chinese character, a full-width mark, an arrow) as a whole em.
 */

const REGULAR =
  '318,401,474,838,636,950,780,278,390,390,500,838,318,361,318,392,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,535,656,557,863,748,787,633,787,695,635,611,732,684,989,685,611,685,390,392,390,838,559,606,613,635,550,635,615,352,635,634,278,278,579,284,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838';
const BOLD =
  '348,456,574,838,696,1002,872,325,457,457,523,838,380,415,380,387,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1007,774,762,734,830,683,683,821,837,372,568,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,387,457,838,567,626,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838';

const perMille = (table: string): number[] => table.split(',').map((w) => Number(w) / 1000);
const WIDTHS = { regular: perMille(REGULAR), bold: perMille(BOLD) };

/** A line's height in ems: Noto Sans CJK SC's ascent and descent (1.448), the tallest of the faces. */
export const LINE_EMS = 1.45;

/** The width of one character in ems. */
function charEms(code: number, bold: boolean): number {
  if (code >= 32 && code < 127) return (bold ? WIDTHS.bold : WIDTHS.regular)[code - 32];
  return 1;
}

/** How wide `text` is on one line, in inches, at `fontSize` points. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let ems = 0;
  for (const ch of text) ems += charEms(ch.codePointAt(0)!, bold);
  return (ems * fontSize) / 72;
}

/** The pieces a line breaks between: each Chinese (non-ASCII) character alone, a run of ASCII up to and with its space. */
function breakPieces(text: string): string[] {
  return text.match(/[\x21-\x7E]+ ?| |[^\x20-\x7E]/g) ?? [];
}

/** The lines `text` takes in a box `width` inches wide at `fontSize` points, wrapped as a word processor does. */
export function lineCount(text: string, width: number, fontSize: number, bold = false): number {
  let lines = 1;
  let used = 0;
  for (const piece of breakPieces(text)) {
    const w = textWidth(piece, fontSize, bold);
    const trimmed = textWidth(piece.trimEnd(), fontSize, bold);
    if (used > 0 && used + trimmed > width) {
      lines += 1;
      used = 0;
    }
    // A piece wider than the box breaks inside it, character by character.
    if (trimmed > width) {
      lines += Math.floor(trimmed / width);
      used = trimmed % width;
    } else used += w;
  }
  return lines;
}

/** A table's cell as the fit sees it: its text and weight. */
export interface FitCell {
  text: string;
  bold?: boolean;
}

/** A table's column as the fit sees it: a figure column never wraps; a text column (names) may. */
export interface FitColumn {
  header: string;
  figure: boolean;
  cells: readonly FitCell[];
}

export interface TableFit {
  /** The font size of the header and the body, points. */
  fontSize: number;
  /** The columns' widths, inches, summing to the table's width. */
  widths: number[];
}

/** A cell's margins left and right together, inches (deck.tables.ts writes 0.06 in each side). */
export const CELL_PAD_X = 0.12;
/** A cell's margins top and bottom together, inches (0.05 in each). */
export const CELL_PAD_Y = 0.1;
/** A table's sizes: its body's font, and the floor it shrinks to before a figure would wrap. */
export interface TableFont {
  size: number;
  floor: number;
  step: number;
}
export const TABLE_FONT: TableFont = { size: 10, floor: 8, step: 0.5 };

/**
 * How tightly a table is set: its font, its cells' margins above and below together (inches), its rows' least height
 * (inches) and the most rows on a slide.
 */
export interface TableDensity {
  font: TableFont;
  padY: number;
  minRow: number;
  rows: number;
}
/** The decks' tables: 10 pt down to 8, rows at least 0.34 in, fifteen at most to a slide. */
export const TABLE_DENSITY: TableDensity = { font: TABLE_FONT, padY: CELL_PAD_Y, minRow: 0.34, rows: TABLE_ROWS_PER_SLIDE };
/**
 * A dense sheet (配置查询's sub-series verdicts, decision 285): 9 pt down to 8, 0.03 in above and below the text, rows
 * as tall as their lines, as many as the slide's height holds.
 */
export const DENSE_TABLE: TableDensity = { font: { size: 9, floor: 8, step: 0.5 }, padY: 0.06, minRow: 0, rows: Number.POSITIVE_INFINITY };
/** The narrowest a text column is left (names wrap in it), inches. */
const MIN_TEXT_COLUMN = 0.9;
/** A text column wider than this shares the rest rather than taking its longest name. */
const MAX_TEXT_COLUMN = 2.6;
/** A header wraps into two lines at most before its column widens. */
const HEADER_LINES = 2;

/**
 * Room a measured line is given besides its width: a share of it and a little more (the faces' side bearings, a
 * renderer's rounding — LibreOffice wraps a figure measured to the exact width of its cell).
 */
const FIT_SHARE = 1.06;
const FIT_EXTRA = 0.03;

/** The width a text needs on one line, inches, with room to spare. */
export function fitWidth(text: string, fontSize: number, bold = false): number {
  return text === '' ? 0 : textWidth(text, fontSize, bold) * FIT_SHARE + FIT_EXTRA;
}

/** The width a line is measured against in a box `width` inches wide: what fitWidth's room leaves. */
function usable(width: number): number {
  return Math.max(0.01, (width - FIT_EXTRA) / FIT_SHARE);
}

/** The widest of a column's cells on one line, inches, at a size. */
function longest(column: FitColumn, fontSize: number): number {
  return column.cells.reduce((max, c) => Math.max(max, fitWidth(c.text, fontSize, c.bold)), 0);
}

/** A column's narrowest width at a size: a figure's longest cell on one line, a header in two lines at most. */
function narrowest(column: FitColumn, fontSize: number): number {
  const header = fitWidth(column.header, fontSize, true) / HEADER_LINES;
  // A header's longest ASCII piece ('MIX', a year) does not break.
  const piece = Math.max(0, ...breakPieces(column.header).map((p) => fitWidth(p.trimEnd(), fontSize, true)));
  const own = column.figure ? longest(column, fontSize) : Math.min(MIN_TEXT_COLUMN - CELL_PAD_X, longest(column, fontSize));
  return Math.max(header * 1.1, piece, own) + CELL_PAD_X;
}

/** A column's comfortable width at a size: its longest cell and header on one line (a text column up to a cap). */
function comfortable(column: FitColumn, fontSize: number): number {
  const own = Math.max(longest(column, fontSize), fitWidth(column.header, fontSize, true)) + CELL_PAD_X;
  return column.figure ? own : Math.min(MAX_TEXT_COLUMN, Math.max(MIN_TEXT_COLUMN, own));
}

/**
 * The font size and column widths of a table `width` inches wide: the largest size from the font's size (TABLE_FONT's,
 * unless a denser table gives its own) down to its floor at which every column's narrowest width fits, the room left shared out towards each column's comfortable
 * width, then evenly. Undefined when not even the floor fits (the columns are split over more slides).
 */
export function fitTable(columns: readonly FitColumn[], width: number, font: TableFont = TABLE_FONT): TableFit | undefined {
  for (let size = font.size; size >= font.floor; size -= font.step) {
    const least = columns.map((c) => narrowest(c, size));
    const total = least.reduce((a, b) => a + b, 0);
    if (total > width) continue;
    const wanted = columns.map((c, i) => Math.max(least[i], comfortable(c, size)) - least[i]);
    const want = wanted.reduce((a, b) => a + b, 0);
    const spare = width - total;
    const share = want > 0 ? Math.min(1, spare / want) : 0;
    const grown = least.map((w, i) => w + wanted[i] * share);
    const left = (width - grown.reduce((a, b) => a + b, 0)) / columns.length;
    return { fontSize: size, widths: grown.map((w) => w + left) };
  }
  return undefined;
}

/** A row's height, inches: its tallest cell's lines at the size with the cells' margins above and below (`padY`), at least `minimum`. */
export function rowHeight(cells: readonly FitCell[], widths: readonly number[], fontSize: number, minimum: number, padY = CELL_PAD_Y): number {
  const lines = cells.reduce((max, c, i) => Math.max(max, lineCount(c.text, usable(widths[i] - CELL_PAD_X), fontSize, c.bold)), 1);
  return Math.max(minimum, (lines * LINE_EMS * fontSize) / 72 + padY);
}

/**
 * The rows of each slide of a table: as many as fit in `height` inches under the header (its height given), at most
 * `most` to a slide, at least one.
 */
export function pageRows(heights: readonly number[], header: number, height: number, most: number): Array<[number, number]> {
  return pageSections(heights, header, height, most, [], () => 0).map((page) => [page.start, page.end]);
}

/** A slide's rows of a table, [start, end), and the heading it starts with again when it starts inside a section. */
export interface RowPage {
  start: number;
  end: number;
  /** The row heading the section the slide goes on with, drawn again above its rows. */
  continued?: number;
}

/**
 * The rows of each slide of a table whose rows run in sections, each under a heading row (`headings[i]`; 配置查询's
 * categories, decision 285): as pageRows, and a slide never ends on a heading (it goes on to the next slide with its
 * first row), and a slide that starts inside a section starts with that section's heading again
 * (`continuedHeight(heading)` tall).
 */
export function pageSections(
  heights: readonly number[],
  header: number,
  height: number,
  most: number,
  headings: readonly boolean[],
  continuedHeight: (heading: number) => number,
): RowPage[] {
  const pages: RowPage[] = [];
  let section: number | undefined;
  let start = 0;
  while (start < heights.length) {
    const continued = headings[start] ? undefined : section;
    let used = header + (continued === undefined ? 0 : continuedHeight(continued));
    let end = start;
    while (end < heights.length) {
      // A heading goes on together with its first row.
      const withNext = headings[end] && end + 1 < heights.length;
      const rows = end - start + (withNext ? 2 : 1);
      const needed = heights[end] + (withNext ? heights[end + 1] : 0);
      if (end > start && (rows > most || used + needed > height)) break;
      used += heights[end];
      if (headings[end]) section = end;
      end += 1;
    }
    pages.push(continued === undefined ? { start, end } : { start, end, continued });
    start = end;
  }
  return pages.length > 0 ? pages : [{ start: 0, end: 0 }];
}

/** The largest size from `size` down to `floor` (by `step`) at which every text fits on one line `width` inches wide. */
export function oneLineSize(texts: readonly string[], width: number, size: number, floor: number, bold = false, step = 1): number {
  for (let s = size; s > floor; s -= step) if (texts.every((t) => fitWidth(t, s, bold) <= width)) return s;
  return floor;
}
