import JSZip from 'jszip';
import { type ChartResult, PPTX_MIME, type TableRow } from '@car/contracts';

/*
 * A deck (.pptx) read as the zip of XML it is, for the tests that compare a deck with the API (issue 31 §3): its
 * slides' texts and tables, its charts' cached series and categories, its notes.
 */

export async function openDeck(body: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(body);
}

/** One part of the deck as text; a missing part fails the test with its name. */
export async function part(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is not in the deck`);
  return file.async('string');
}

export const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text runs of a slide's XML, in order. */
export const texts = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]));

/** How many slides the deck has. */
export function slideCount(zip: JSZip): number {
  return Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
}

/** A slide's table as rows of cell texts (its header first). */
export function tableOf(xml: string): string[][] {
  return [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join('')));
}

/** The table rows of slides `first` to `last` (default: the last slide), each of which must repeat the first one's header. */
export async function tableRows(zip: JSZip, first: number, last = slideCount(zip)): Promise<{ header: string[]; rows: string[][] }> {
  const tables = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => part(zip, `ppt/slides/slide${first + i}.xml`).then(tableOf)));
  const header = tables[0][0];
  for (const table of tables) expect(table[0]).toEqual(header);
  return { header, rows: tables.flatMap((t) => t.slice(1)) };
}

/** A chart part's cached values, one list per series in the order the chart writes them ('' for a gap). */
export function chartCaches(xml: string): string[][] {
  return [...xml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => [...m[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
}

/** A chart part's categories (those of its first series). */
export function chartCategories(xml: string): string[] {
  const categories = [...xml.matchAll(/<c:cat>.*?<\/c:cat>/gs)][0]?.[0] ?? '';
  return [...categories.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => decode(v[1]));
}

/** A chart part's series names, in the order it writes them (a point label's own text, `c:tx` of `c:rich`, is not one). */
export function chartSeriesNames(xml: string): string[] {
  return [...xml.matchAll(/<c:tx>\s*<c:strRef>.*?<c:v>([^<]*)<\/c:v>.*?<\/c:tx>/gs)].map((m) => decode(m[1]));
}

/** A chart part's series named in its legend: its series names less those a `c:legendEntry` leaves out (a waterfall's hidden lift). */
export function chartLegendNames(xml: string): string[] {
  const left = new Set([...xml.matchAll(/<c:legendEntry><c:idx val="(\d+)"\/><c:delete val="1"\/><\/c:legendEntry>/g)].map((m) => Number(m[1])));
  const indices = [...xml.matchAll(/<c:ser>\s*<c:idx val="(\d+)"\/>/g)].map((m) => Number(m[1]));
  return chartSeriesNames(xml).filter((_, i) => !left.has(indices[i]));
}

/**
 * The chart part drawn on slide `n` (pptxgenjs numbers chart parts across every deck its process writes, so a deck's
 * first chart is not always chart1.xml: the slide's relationships name it).
 */
export async function slideChart(zip: JSZip, n: number): Promise<string> {
  const rels = await part(zip, `ppt/slides/_rels/slide${n}.xml.rels`);
  const target = /Target="(?:\.\.|\/ppt)\/charts\/(chart\d+\.xml)"/.exec(rels)?.[1];
  if (!target) throw new Error(`slide ${n} has no chart`);
  return part(zip, `ppt/charts/${target}`);
}

/** The slides whose title (their first text) starts with `title`, by number: a table split over slides is a run of them. */
export async function slidesTitled(zip: JSZip, title: string): Promise<number[]> {
  const numbers = Array.from({ length: slideCount(zip) }, (_, i) => i + 1);
  const firsts = await Promise.all(numbers.map(async (n) => texts(await part(zip, `ppt/slides/slide${n}.xml`))[0] ?? ''));
  return numbers.filter((_, i) => firsts[i].startsWith(title));
}

/** The table split over the slides titled `title` (slidesTitled): its header and its rows. */
export async function tableTitled(zip: JSZip, title: string): Promise<{ header: string[]; rows: string[][] }> {
  const slides = await slidesTitled(zip, title);
  if (slides.length === 0) throw new Error(`no slide is titled ${title}`);
  return tableRows(zip, slides[0], slides[slides.length - 1]);
}

/** The caches and categories of the chart on the slide titled `title`, to compare with a chart answer (expectedCaches). */
export async function chartTitled(zip: JSZip, title: string): Promise<{ caches: string[][]; categories: string[] }> {
  const [slide] = await slidesTitled(zip, title);
  if (slide === undefined) throw new Error(`no slide is titled ${title}`);
  const xml = await slideChart(zip, slide);
  return { caches: chartCaches(xml), categories: chartCategories(xml) };
}

/** What a chart answer's caches must read: the column series first (the writer draws columns, then lines), nulls empty. */
export function expectedCaches(chart: ChartResult): string[][] {
  const columnsFirst = [...chart.series.filter((s) => s.type === 'column'), ...chart.series.filter((s) => s.type !== 'column')];
  return columnsFirst.map((s) => s.data.map((v) => (v === null ? '' : String(v))));
}

const ARROW: Record<number, string> = { 1: ' ↑', [-1]: ' ↓', 0: ' —' };

/** The text of a rank with its arrow, as the decks write it (a dash on a total row or with no rank). */
export function rankText(ranking: number | null, status: number | undefined, total = false): string {
  return total || ranking === null ? '-' : `${ranking}${ARROW[status ?? -2] ?? ''}`;
}

/** Each data tag's cell of a ranking row, by the API's own texts. */
const TAG_TEXT: Record<number, (r: TableRow) => string> = {
  2: (r) => r.salesStr,
  3: (r) => r.tqSalesStr,
  4: (r) => r.moms,
  5: (r) => r.yoys,
  6: (r) => r.mixs,
  7: (r) => r.tqMixs,
  8: (r) => r.mixChanges,
  9: (r) => rankText(r.ljRanking, r.rankingStatus, r.heji),
  10: (r) => r.salesSumStr,
  11: (r) => r.tqSalesSumStr,
  12: (r) => r.yearYoys,
  13: (r) => r.yearMixs,
  14: (r) => r.tqYearMixs,
  15: (r) => r.yearMixChanges,
};

/** A ranking row as the page shows it with the data columns `tags`, by the API's own texts. */
export function rankingCells(r: TableRow, tags: readonly number[], group = false): string[] {
  return [...(group ? [r.groupName ?? ''] : []), r.name, ...tags.map((t) => TAG_TEXT[t](r))];
}

/** The tables of every slide from `first` on, in order. */
export async function slideTables(zip: JSZip, first: number): Promise<string[][][]> {
  return Promise.all(Array.from({ length: slideCount(zip) - first + 1 }, (_, i) => part(zip, `ppt/slides/slide${first + i}.xml`).then(tableOf)));
}

/** The deck's chart parts in order (pptxgenjs numbers its charts across the decks a process writes: chart7.xml may be a deck's first). */
export async function charts(zip: JSZip): Promise<string[]> {
  const paths = Object.keys(zip.files)
    .filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
  return Promise.all(paths.map((path) => part(zip, path)));
}

/** A chart part's point labels (decision 287), per series in the order written: each label's point (its index) and text. */
export function chartPointLabels(xml: string): Array<Array<[number, string]>> {
  return [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((ser) =>
    [...ser[1].matchAll(/<c:dLbl>(.*?)<\/c:dLbl>/gs)].map((l): [number, string] => [Number(/<c:idx val="(\d+)"\/>/.exec(l[1])?.[1]), texts(l[1]).join('')]),
  );
}

/** A line chart part's series as drawn, in the order written: each line's width and its markers' size, in points. */
export function chartLines(xml: string): Array<{ width: number; marker: number }> {
  return [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((ser) => ({
    width: Number(/<c:spPr>.*?<a:ln w="(\d+)"/s.exec(ser[1])?.[1]) / 12_700,
    marker: Number(/<c:marker>.*?<c:size val="(\d+)"\/>/s.exec(ser[1])?.[1]),
  }));
}

/** A chart part's value caches, one per series in the order written (empty for a missing value), and its categories. */
export function chartData(xml: string): { series: string[][]; categories: string[] } {
  return { series: chartCaches(xml), categories: chartCategories(xml) };
}

/** The deck's slides' XML in order. */
export async function slidesOf(zip: JSZip): Promise<string[]> {
  return Promise.all(Array.from({ length: slideCount(zip) }, (_, i) => part(zip, `ppt/slides/slide${i + 1}.xml`)));
}

/** Slide `n` (from 1): its XML, its text runs (the title first) and its table, if any. */
export async function slide(zip: JSZip, n: number): Promise<{ xml: string; texts: string[]; table: string[][] }> {
  const xml = await part(zip, `ppt/slides/slide${n}.xml`);
  return { xml, texts: texts(xml), table: tableOf(xml) };
}

/** A 导出PPT answer: 200, the deck's type, the file name (when given) in its Content-Disposition; the deck it carries. */
export async function deckAnswer(response: { status: number; headers: Record<string, string>; body: unknown }, fileName?: string): Promise<JSZip> {
  expect({ status: response.status, type: response.headers['content-type'] }).toEqual({ status: 200, type: PPTX_MIME });
  if (fileName !== undefined) expect(response.headers['content-disposition']).toContain(encodeURIComponent(fileName));
  return openDeck(response.body as Buffer);
}
