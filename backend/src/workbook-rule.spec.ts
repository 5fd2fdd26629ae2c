import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * One writer rule for every spreadsheet the product writes (issue 25 #6, #11): text a spreadsheet would run as
 * a formula goes through `neutralise`. A module that writes with exceljs, or writes CSV, and does not use it
 * fails here, so a new workbook or CSV cannot forget the rule. The import reader only reads.
 */
const SRC = __dirname;
const READERS = new Set(['dataImport/import-reader.ts']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

test('every module that writes a workbook or a CSV neutralises its text', () => {
  const writers = sources(SRC)
    .map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }))
    .filter(({ file, text }) => !READERS.has(file) && (/from 'exceljs'/.test(text) || /function csv\w*\(/.test(text)));
  expect(writers.map((w) => w.file).sort()).toEqual(expect.arrayContaining(['dataImport/import-templates.ts', 'reportDownload/monthly-report.writer.ts']));
  const forgetful = writers.filter(({ text }) => !/\bneutralise\(/.test(text)).map((w) => w.file);
  expect(forgetful).toEqual([]);
});
