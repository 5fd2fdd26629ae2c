import { buffer } from 'node:stream/consumers';
import { ZipArchive } from 'archiver';
import JSZip from 'jszip';
import { CELL_PAD_X, CELL_PAD_Y } from './deck.fit';
import { COLORS, DECK_FONT } from './deck.style';

/**
 * The decks' long tables, written as DrawingML here instead of through pptxgenjs's table builder (decision 233).
 * pptxgenjs copies every cell's options and writes about 1.7 kB of XML per cell; a configuration deck of five
 * whole sub-series has over 100,000 cells, and took 11 s. Here each distinct cell style is written once as the
 * XML around its text, so a cell costs one escape and two concatenations; the deck's slides keep pptxgenjs's
 * frame (a one-cell table holding a marker) and the marker's table is replaced when the package is zipped.
 */

const EMU_PER_INCH = 914_400;
/**
 * A cell's margins: 0.06 in left and right (CELL_PAD_X of deck.fit.ts, decision 271), above and below half of the
 * table's `padY` (CELL_PAD_Y, 0.05 in each, unless the table is denser).
 */
function cellMargins(padY: number): string {
  const emu = (inches: number) => Math.round(inches * EMU_PER_INCH);
  return `marL="${emu(CELL_PAD_X / 2)}" marR="${emu(CELL_PAD_X / 2)}" marT="${emu(padY / 2)}" marB="${emu(padY / 2)}"`;
}
/** A table cell's border: the house line colour, half a point (pptxgenjs's `border: { pt: 0.5 }`). */
const BORDER_EMU = 6_350;

export interface DeckCell {
  text: string;
  bold?: boolean;
  /** Hex digits without '#'. */
  color: string;
  fill?: string;
  align: 'left' | 'center' | 'right';
  fontSize: number;
}

const ALIGN = { left: 'l', center: 'ctr', right: 'r' } as const;

/** Characters XML 1.0 cannot hold (control characters but tab and line ends). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const solid = (color: string): string => `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;
const BORDERS = ['lnL', 'lnR', 'lnT', 'lnB'].map((side) => `<a:${side} w="${BORDER_EMU}">${solid(COLORS.line)}</a:${side}>`).join('');
const FONT = `<a:latin typeface="${DECK_FONT}"/><a:ea typeface="${DECK_FONT}"/><a:cs typeface="${DECK_FONT}"/>`;

/** The XML before and after a cell's text, and the whole XML of an empty cell, once per style. */
const templates = new Map<string, readonly [string, string, string]>();

function template(cell: DeckCell, padY: number): readonly [string, string, string] {
  const key = `${cell.bold ? 1 : 0}|${cell.color}|${cell.fill ?? ''}|${cell.align}|${cell.fontSize}|${padY}`;
  let found = templates.get(key);
  if (!found) {
    const size = Math.round(cell.fontSize * 100);
    const run = `<a:rPr lang="zh-CN" altLang="en-US" sz="${size}"${cell.bold ? ' b="1"' : ''} dirty="0">${solid(cell.color)}${FONT}</a:rPr>`;
    const open = `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:pPr algn="${ALIGN[cell.align]}"/>`;
    // The paragraph's end carries the size: LibreOffice draws an empty run's line at its default 18 pt, and the row taller (decision 271).
    const close = `<a:endParaRPr lang="zh-CN" sz="${size}" dirty="0"/></a:p></a:txBody><a:tcPr ${cellMargins(padY)} anchor="ctr">${BORDERS}${cell.fill ? solid(cell.fill) : ''}</a:tcPr></a:tc>`;
    found = [`${open}<a:r>${run}<a:t>`, `</a:t></a:r>${close}`, open + close];
    templates.set(key, found);
  }
  return found;
}

/**
 * A table's `<a:tbl>`: its column widths and its rows' heights in inches (one for all, or each row's), its rows of cells,
 * and its cells' margins above and below together (inches).
 */
export function tableXml(
  widths: readonly number[],
  rowHeight: number | readonly number[],
  rows: ReadonlyArray<readonly DeckCell[]>,
  padY: number = CELL_PAD_Y,
): string {
  const grid = widths.map((w) => `<a:gridCol w="${Math.round(w * EMU_PER_INCH)}"/>`).join('');
  const tr = (h: number) => `<a:tr h="${Math.round(h * EMU_PER_INCH)}">`;
  let xml = `<a:tbl><a:tblPr/><a:tblGrid>${grid}</a:tblGrid>`;
  for (const [index, row] of rows.entries()) {
    xml += tr(typeof rowHeight === 'number' ? rowHeight : rowHeight[index]);
    for (const cell of row) {
      const [before, after, empty] = template(cell, padY);
      const text = xmlText(cell.text);
      // An empty cell has no run, only its paragraph's end at the cell's size.
      xml += text === '' ? empty : before + text + after;
    }
    xml += '</a:tr>';
  }
  return `${xml}</a:tbl>`;
}

/** A marker no figure or name holds: a number between private-use characters. */
const MARKER_START = '\uE000deck-table-';
const MARKER_END = '\uE000';

/** The tables of one deck being written: each stands in its slide as a marker until the package is zipped. */
export class DeckTables {
  private readonly tables: string[] = [];

  /** The marker text of a placeholder table whose `<a:tbl>` becomes `xml`. */
  marker(xml: string): string {
    this.tables.push(xml);
    return `${MARKER_START}${this.tables.length - 1}${MARKER_END}`;
  }

  /** A slide's XML with each placeholder's `<a:tbl>` replaced by its table. */
  fill(slideXml: string): string {
    const parts: string[] = [];
    let from = 0;
    for (let at = slideXml.indexOf(MARKER_START, from); at >= 0; at = slideXml.indexOf(MARKER_START, from)) {
      const number = Number(slideXml.slice(at + MARKER_START.length, slideXml.indexOf(MARKER_END, at + MARKER_START.length)));
      const start = slideXml.lastIndexOf('<a:tbl>', at);
      parts.push(slideXml.slice(from, start), this.tables[number]);
      from = slideXml.indexOf('</a:tbl>', at) + '</a:tbl>'.length;
    }
    parts.push(slideXml.slice(from));
    return parts.join('');
  }

  /**
   * The package pptxgenjs wrote unzipped (`compression: false`), its slides' tables filled in, zipped again with
   * Node's zlib (pptxgenjs deflates in JavaScript, several times slower), the parts in their order.
   */
  async zip(stored: Buffer): Promise<Buffer> {
    const source = await JSZip.loadAsync(stored);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const written = buffer(archive);
    for (const file of Object.values(source.files)) {
      if (file.dir) continue;
      const slide = this.tables.length > 0 && /^ppt\/slides\/slide\d+\.xml$/.test(file.name);
      const content = slide ? this.fill(await file.async('string')) : await file.async('nodebuffer');
      archive.append(content, { name: file.name, date: file.date });
    }
    await archive.finalize();
    return written;
  }
}
