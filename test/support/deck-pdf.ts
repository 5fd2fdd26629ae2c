import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type JSZip from 'jszip';
import { LINE_EMS, lineCount } from '../../backend/src/deck/deck.fit';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../../backend/src/deck/deck.style';
import { decode, part, slideCount, texts } from './deck-zip';

/*
 * A deck as LibreOffice draws it (issue 45 §1, decision 271): the words of its PDF with their boxes (poppler's
 * `pdftotext -bbox`), and the checks that what an analyst sees fits — no figure of a table or a card wrapped over two
 * lines, nothing in the footer's band but the footer, nothing off the slide, no text box's text taller than its box.
 */

/** A word LibreOffice drew, its box in PDF points from the page's top left. */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PdfPage {
  width: number;
  height: number;
  words: PdfWord[];
}

/** The pages of a PDF and their words, read by one pdftotext run. */
export function pdfPages(pdf: string): PdfPage[] {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">(.*?)<\/page>/gs)].map((page) => ({
    width: Number(page[1]),
    height: Number(page[2]),
    words: [...page[3].matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((w) => ({
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: decode(w[5]),
    })),
  }));
}

const FIGURE = /[-+]?\d[\d,.]*%?/g;

/**
 * The figures of a figure cell's text: each run of digits with its separators, sign and percent ('19,199,594',
 * '↑ -0.3%', '123,456元', '12 ↑'). A name or a label (text cells, which may wrap) has none.
 */
export function figuresOf(text: string): string[] {
  if (text.replace(FIGURE, '').replace(/[\s↑↓—元万辆]/g, '') !== '') return [];
  return [...text.matchAll(FIGURE)].map((m) => m[0]);
}

/** The texts of a slide's table cells (every `<a:tc>`, the cards' and the long tables'). */
function cellTexts(xml: string): string[] {
  return [...xml.matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join(''));
}

/** EMU per inch. */
const EMU = 914_400;
/** Half a point of slack for the rounding of the PDF's boxes. */
const SLACK = 0.5;

/**
 * The text boxes of a slide's XML whose text, wrapped at its runs' sizes in the box's width (less its insets), is
 * taller than the box: each as `"text" needs N in, its box M in`.
 */
export function overflowingTextBoxes(xml: string): string[] {
  const problems: string[] = [];
  for (const sp of xml.matchAll(/<p:sp>(.*?)<\/p:sp>/gs)) {
    const body = /<p:txBody>(.*?)<\/p:txBody>/s.exec(sp[1])?.[1];
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp[1]);
    if (!body || !ext) continue;
    const insets = /<a:bodyPr[^>]*?lIns="(\d+)"[^>]*?tIns="(\d+)"[^>]*?rIns="(\d+)"[^>]*?bIns="(\d+)"/.exec(body);
    const [l, t, r, b] = insets ? insets.slice(1).map((v) => Number(v) / EMU) : [0.1, 0.05, 0.1, 0.05];
    const width = Number(ext[1]) / EMU - l - r;
    const height = Number(ext[2]) / EMU - t - b;
    let needed = 0;
    for (const p of body.matchAll(/<a:p>(.*?)<\/a:p>/gs)) {
      const runs = [...p[1].matchAll(/<a:rPr[^>]*?sz="(\d+)"([^>]*)>.*?<a:t>([^<]*)<\/a:t>/gs)];
      if (runs.length === 0) continue;
      const size = Math.max(...runs.map((run) => Number(run[1]) / 100));
      const bold = runs.some((run) => /\bb="1"/.test(run[2]));
      const text = runs.map((run) => decode(run[3])).join('');
      const before = Number(/<a:spcBef><a:spcPts val="(\d+)"/.exec(p[1])?.[1] ?? 0) / 100;
      needed += (lineCount(text, width, size, bold) * LINE_EMS * size + before) / 72;
    }
    if (needed > height + SLACK / 72) {
      problems.push(`"${texts(body).join('').slice(0, 40)}" needs ${needed.toFixed(2)} in, its box ${height.toFixed(2)} in`);
    }
  }
  return problems;
}

/**
 * What does not fit on each slide of a deck as LibreOffice drew it (`pages`, one per slide): a figure of a table cell
 * not drawn whole on one line, a word in the footer's band (below the footer's line, SLIDE_HEIGHT − 0.5 in) that is
 * not the footer's own, a word off the slide, a text box's text taller than its box. Empty when everything fits.
 */
export async function layoutProblems(name: string, zip: JSZip, pages: readonly PdfPage[]): Promise<string[]> {
  const problems: string[] = [];
  const layouts = Object.keys(zip.files).filter((f) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(f));
  // The footer's own text (the source line), as one string: pdftotext splits its words where Chinese meets digits.
  let footer = '';
  for (const layout of layouts)
    footer += texts(await part(zip, layout))
      .join('')
      .replace(/\s+/g, '');
  for (let n = 1; n <= slideCount(zip); n++) {
    const page = pages[n - 1];
    const xml = await part(zip, `ppt/slides/slide${n}.xml`);
    const at = `${name} slide ${n}`;
    if (!page) {
      problems.push(`${at}: no page`);
      continue;
    }
    const scale = page.height / SLIDE_HEIGHT;
    for (const w of page.words) {
      if (w.xMin < -SLACK || w.yMin < -SLACK || w.xMax > page.width + SLACK || w.yMax > page.height + SLACK) problems.push(`${at}: "${w.text}" off the slide`);
    }
    // The footer's band: below its line, only the source line and the page number (at the right).
    const band = (SLIDE_HEIGHT - 0.5) * scale;
    // Every slide but the first (the title slide) has the footer.
    const content = n > 1;
    if (content) {
      for (const w of page.words) {
        if (w.yMax <= band + SLACK) continue;
        const own = footer.includes(w.text) || (w.text === String(n) && w.xMin > page.width - (1.5 * page.width) / SLIDE_WIDTH);
        if (!own) problems.push(`${at}: "${w.text}" in the footer's band (its bottom ${(w.yMax / scale).toFixed(2)} in)`);
      }
    }
    // A figure is drawn whole on one line: some word holds it (a wrapped '19,199,594' is '19,199,59' above '4').
    const drawn = page.words.map((w) => w.text);
    for (const text of cellTexts(xml)) {
      for (const figure of figuresOf(text)) {
        if (!drawn.some((w) => w.includes(figure))) problems.push(`${at}: the figure ${figure} of "${text}" is not drawn on one line`);
      }
    }
    for (const box of overflowingTextBoxes(xml)) problems.push(`${at}: ${box}`);
  }
  return problems;
}

/** Where the decks' pictures go for a person to look at (test-results is git-ignored). */
export const DECK_PICTURES = path.resolve(__dirname, '..', '..', 'test-results', 'decks');

/** The PDF as `<name>.pdf` and PNG pictures of slides `slides` of it as `<name>-<slide>.png` in DECK_PICTURES (pdftoppm, 60 dpi). */
export function writePictures(pdf: string, name: string, slides: readonly number[]): string[] {
  fs.mkdirSync(DECK_PICTURES, { recursive: true });
  fs.copyFileSync(pdf, path.join(DECK_PICTURES, `${name}.pdf`));
  return [...new Set(slides)].map((n) => {
    const file = path.join(DECK_PICTURES, `${name}-${n}`);
    execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', '-f', String(n), '-l', String(n), pdf, file]);
    return `${file}.png`;
  });
}
