import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * One writer rule for every spreadsheet the product writes:
 * - text a spreadsheet would run as a formula goes through `neutralise` (issue 25 #6, #11);
 * - a figure is a number cell formatted by its display rule, never its text (decision 141): a module that
 *   writes a workbook neither formats a figure as text (growthText, thousands, toFixed …) nor spells a
 *   number format of its own — the formats come from contracts display.ts (`figureFormat`, through the
 *   writers' `kindStyle` / `workbookCell`).
 * A module that writes with exceljs, builds columns for the workbook writers, or writes CSV, and breaks
 * the rule fails here, so a new workbook or CSV cannot forget it. The import reader only reads.
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

const modules = sources(SRC)
  .map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }))
  .filter(({ file }) => !READERS.has(file));

test('every module that writes a workbook or a CSV neutralises its text', () => {
  const writers = modules.filter(({ text }) => /from 'exceljs'/.test(text) || /function csv\w*\(/.test(text));
  expect(writers.map((w) => w.file).sort()).toEqual(expect.arrayContaining(['dataImport/import-templates.ts', 'reportDownload/monthly-report.writer.ts']));
  const forgetful = writers.filter(({ text }) => !/\bneutralise\(/.test(text)).map((w) => w.file);
  expect(forgetful).toEqual([]);
});

/** A figure made text: the display rules' text functions, or number formatting by hand. */
const FIGURE_AS_TEXT =
  /\b(growthText|percentText|shareText|sharePercentText|thousands|kiloVehicles|tenThousandText|yuanText|priceCellText|cellText|measureText)\(|\.toFixed\(|\.toLocaleString\(/;
/** A number format spelled out instead of taken from the display rules. */
const OWN_FORMAT = /numFmt\s*[:=]\s*['"`]|['"`](#,##)?0(\.0+)?%?['"`]/;

test('no workbook writes a figure as text or spells a number format of its own (decision 141)', () => {
  const writers = modules.filter(
    ({ text }) => /from 'exceljs'/.test(text) || /\b(streamTableWorkbook|WorkbookColumn|ExportWorkbook|ExportColumn|workbookCell)\b/.test(text),
  );
  expect(writers.map((w) => w.file)).toEqual(
    expect.arrayContaining([
      'pricevolume/price-volume.workbook.ts',
      'price/price-structure.workbook.ts',
      'price/price-table.workbook.ts',
      'carConfig/car-config.workbook.ts',
      'saleVolume/company-brand.workbook.ts',
      'admin/audit/audit.workbook.ts',
      'dataExport/export-workbook.ts',
      'reportDownload/monthly-report.writer.ts',
    ]),
  );
  const offending = writers.flatMap(({ file, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line: line.trim(), at: `${file}:${i + 1}` }))
      .filter(({ line }) => !line.startsWith('*') && !line.startsWith('//') && (FIGURE_AS_TEXT.test(line) || OWN_FORMAT.test(line)))
      .map(({ at, line }) => `${at} ${line}`),
  );
  expect(offending).toEqual([]);
});
