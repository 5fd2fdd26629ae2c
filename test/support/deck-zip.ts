import type JSZip from 'jszip';

/**
 * Reading a deck (导出PPT, issue 31) as the zip of XML it is: its parts, the text of its runs, its tables'
 * cells — for the specs that compare a deck with the page's calls.
 */

/** XML text as written, its entities decoded. */
export const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text of the runs of a slide (or any drawing XML), in order. */
export const texts = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]));

/** A part of the deck, which must be there. */
export async function part(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is not in the deck`);
  return file.async('string');
}

/** A slide's table as rows of cell texts (its header first). */
export function tableOf(xml: string): string[][] {
  return [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join('')));
}

/** The deck's slides' XML in order. */
export async function slidesOf(zip: JSZip): Promise<string[]> {
  const count = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
  return Promise.all(Array.from({ length: count }, (_, i) => part(zip, `ppt/slides/slide${i + 1}.xml`)));
}

/** The deck's chart parts in slide order (pptxgenjs numbers charts across the decks a process writes). */
export async function chartsOf(zip: JSZip): Promise<string[]> {
  const names = Object.keys(zip.files)
    .map((f) => /^ppt\/charts\/chart(\d+)\.xml$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return Promise.all(names.map((m) => part(zip, m[0])));
}
