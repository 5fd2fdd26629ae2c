import JSZip from 'jszip';

/*
 * A deck (导出PPT, issue 31) read as the zip of XML it is: its slides' texts and tables, its charts' caches,
 * for the integration specs that hold a deck equal to the page's calls.
 */

export async function openDeck(body: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(body);
}

/** A part of the deck as text; a part the deck lacks fails the test. */
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

/** The text runs of a part, in order. */
export const texts = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]));

/** A slide's table as rows of cell texts (its header first). */
export function tableOf(xml: string): string[][] {
  return [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join('')));
}

/** How many slides the deck holds. */
export function slideCount(zip: JSZip): number {
  return Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
}

/** Slide `n` (from 1): its text runs (the title first) and its table, if any. */
export async function slide(zip: JSZip, n: number): Promise<{ xml: string; texts: string[]; table: string[][] }> {
  const xml = await part(zip, `ppt/slides/slide${n}.xml`);
  return { xml, texts: texts(xml), table: tableOf(xml) };
}

/** The cached values of each series of a chart part, in the part's order ('' for a gap), and its categories. */
export function chartCaches(xml: string): { categories: string[]; series: string[][] } {
  const series = [...xml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => [...m[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
  const first = [...xml.matchAll(/<c:cat>.*?<\/c:cat>/gs)][0]?.[0] ?? '';
  return { categories: [...first.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => decode(v[1])), series };
}
