import JSZip from 'jszip';

/*
 * A deck (导出PPT, issue 31) read as the zip of XML it is: its parts, the texts of a slide's runs, a slide's
 * table as rows of cell texts, a table that goes on over slides with its header repeated.
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

/** The texts of the runs of a slide (or any part), in order. */
export const texts = (xml: string): string[] => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]));

export const slideCount = (zip: JSZip): number => Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;

/** A slide's table as rows of cell texts (its header first). */
export function tableOf(xml: string): string[][] {
  return [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:tc\b[^>]*>(.*?)<\/a:tc>/gs)].map((tc) => texts(tc[1]).join('')));
}

/** The table over slides `first`…`last` (default: the deck's last), its header repeated on each: the header and every row. */
export async function tableRows(zip: JSZip, first: number, last = slideCount(zip)): Promise<{ header: string[]; rows: string[][] }> {
  const tables = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => part(zip, `ppt/slides/slide${first + i}.xml`).then(tableOf)));
  const header = tables[0][0];
  for (const table of tables) expect(table[0]).toEqual(header);
  return { header, rows: tables.flatMap((t) => t.slice(1)) };
}
