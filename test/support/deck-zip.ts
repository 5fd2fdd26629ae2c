import JSZip from 'jszip';

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

/** A chart part's series names, in the order it writes them. */
export function chartSeriesNames(xml: string): string[] {
  return [...xml.matchAll(/<c:tx>.*?<c:v>([^<]*)<\/c:v>.*?<\/c:tx>/gs)].map((m) => decode(m[1]));
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
