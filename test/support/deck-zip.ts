import JSZip from 'jszip';

/**
 * Reading a deck (.pptx, issue 31) as the zip of XML it is: its parts, the texts of a slide, a slide's table as
 * rows of cell texts, a chart's series caches and categories — for the specs that compare a deck with the API.
 */

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

/** The texts of a part's runs, in order. */
export const texts = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]));

/** A slide's table as rows of cell texts (its header first). */
export function tableOf(xml: string): string[][] {
  return [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join('')));
}

/** How many slides the deck has. */
export function slideCount(zip: JSZip): number {
  return Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
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

/** A chart part's value caches, one per series in the order written (empty for a missing value), and its categories. */
export function chartData(xml: string): { series: string[][]; categories: string[] } {
  const series = [...xml.matchAll(/<c:numCache>(.*?)<\/c:numCache>/gs)].map((m) => [...m[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
  const categories = [...([...xml.matchAll(/<c:cat>.*?<\/c:cat>/gs)][0]?.[0] ?? '').matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => decode(v[1]));
  return { series, categories };
}
