/**
 * docs/demo-data-vs-anchors.md is written by two benches: `bench:anchors` writes the national figures (the
 * whole file), `bench:realism` its own section. Each keeps the other's part: a section runs from its `## `
 * heading to the next `## ` heading or the end.
 */

/** The section bench:realism writes. */
export const REALISM_HEADING = '## Below the nation: provinces, cities, makers';

/** The section of `doc` under `heading` (its heading line included), or '' when it has none. */
export function sectionOf(doc: string, heading: string): string {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return '';
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  return `${lines.slice(start, end).join('\n').replace(/\n+$/, '')}\n`;
}

/** `doc` with the section under `heading` replaced by `section` (which starts with that heading), or `section` appended. */
export function withSection(doc: string, heading: string, section: string): string {
  const old = sectionOf(doc, heading);
  const body = section.replace(/\n+$/, '');
  if (old) return doc.replace(old.replace(/\n$/, ''), () => body);
  return `${doc.replace(/\n+$/, '')}\n\n${body}\n`;
}

/**
 * bench/RESULTS.md: `npm run bench` writes the file, and below its own part the file holds dated measurements
 * written by hand or by other benches, from this heading on. A run keeps them.
 */
export const DATED_HEADING = '## Dated measurements moved from the README';

/** What a run of `npm run bench` keeps of the existing file: the dated record, from DATED_HEADING to the end ('' if none). */
export function datedRecord(existing: string): string {
  const at = existing.indexOf(DATED_HEADING);
  return at < 0 ? '' : `\n${existing.slice(at)}`;
}
