import * as fs from 'node:fs';
import * as path from 'node:path';
import { definitionKeyOf } from '@car/contracts';

/**
 * A header cell that shows a defined figure shows its 口径 (issue 30 §4, decisions 201 and 205): every `<th>` and
 * `Table.HeaderCell` of the pages and the kit whose text names an entry of the dictionary renders that text
 * through DefinedLabel (a SortHeader does it itself). The rule reads the source as it is, so a new table with a
 * plain `<th>同比</th>` fails here naming its line; headers built from data (`{f.desc}`) are the browser spec's.
 */
const APP = path.resolve(__dirname, '..');

interface HeaderCell {
  where: string;
  text: string;
  defined: boolean;
}

/** Every .tsx of frontend/app but the specs. */
function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.spec.') ? [full] : [];
  });
}

/** The quoted strings of an expression, without their quotes. */
const quoted = (expression: string): string[] =>
  [...expression.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/**
 * The text a header cell's markup shows: its JSX text, and the string literals of its expressions
 * (`{pointsHeader('MIX变化')}`, `{a ? '共享人' : '共享给'}`), tags and their attributes left out.
 */
export function shownText(markup: string): string {
  let text = markup;
  // Innermost braces first, so nested ones (`style={{ … }}`, `${…}` in a template) fold away.
  while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{([^{}]*)\}/g, (_, expression: string) => ` ${quoted(expression).join(' ')} `);
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The header cells of a source text, each with its line, the text it shows and whether it goes through DefinedLabel. */
export function headerCells(source: string, file: string): HeaderCell[] {
  return [...source.matchAll(/<(th|Table\.HeaderCell)(\s[^>]*)?>([\s\S]*?)<\/\1>/g)].map((m) => ({
    where: `${file}:${source.slice(0, m.index).split('\n').length}`,
    text: shownText(m[3] ?? ''),
    defined: (m[3] ?? '').includes('<DefinedLabel'),
  }));
}

describe('header cells that name a defined figure show its 口径', () => {
  test('no <th> or Table.HeaderCell in frontend/app shows a defined label as plain text', () => {
    const plain = sources(APP)
      .flatMap((file) => headerCells(fs.readFileSync(file, 'utf8'), path.relative(APP, file)))
      .filter((cell) => !cell.defined && definitionKeyOf(cell.text) !== undefined)
      .map((cell) => `${cell.where}: ${cell.text}`);
    expect(plain).toEqual([]);
  });

  test('the rule reads a header as it is shown', () => {
    const source = [
      '<th>同比</th>',
      '<th className="right aligned">{periods[0]} MIX</th>',
      "<th>{pointsHeader('MIX变化')}</th>",
      '<th>',
      '  <DefinedLabel label="份额" />',
      '</th>',
      "<Table.HeaderCell>{shared ? '共享人' : '共享给'}</Table.HeaderCell>",
      '<th scope="row"><span style={{ background: c }} />{r.name}</th>',
    ].join('\n');
    expect(headerCells(source, 'x.tsx')).toEqual([
      { where: 'x.tsx:1', text: '同比', defined: false },
      { where: 'x.tsx:2', text: 'MIX', defined: false },
      { where: 'x.tsx:3', text: 'MIX变化', defined: false },
      { where: 'x.tsx:4', text: '', defined: true },
      { where: 'x.tsx:7', text: '共享人 共享给', defined: false },
      { where: 'x.tsx:8', text: '', defined: false },
    ]);
  });
});
