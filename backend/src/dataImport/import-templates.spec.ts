import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRows } from './import-reader';
import { csvText } from './import-templates';

describe('a CSV the product writes', () => {
  test('a stored name a spreadsheet would run as a formula is written as text (a leading apostrophe)', () => {
    const text = csvText([['名称'], ["=cmd|' /C calc'!A0"], ['+1'], ['@SUM(A1)'], ['-2+3'], ['普通名称']]);
    expect(text.split('\r\n').slice(1, 6)).toEqual(["'=cmd|' /C calc'!A0", "'+1", "'@SUM(A1)", "'-2+3", '普通名称']);
  });

  test('quotes, commas and line breaks are quoted as before', () => {
    expect(csvText([['a,b', 'say "hi"', 'x\ny']])).toBe('\uFEFF"a,b","say ""hi""","x\ny"\r\n');
  });
});

test('a template read back by the import gives the stored names, not the apostrophes', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'template-')), 'catalog.csv');
  fs.writeFileSync(
    file,
    csvText([
      ['名称', '数量'],
      ['=SUM(A1)', '-2'],
      ["'普通", '5'],
    ]),
  );
  const rows: string[][] = [];
  for await (const row of readRows(file, 'csv')) rows.push(row.cells);
  expect(rows).toEqual([
    ['名称', '数量'],
    ['=SUM(A1)', '-2'],
    ["'普通", '5'],
  ]);
});
