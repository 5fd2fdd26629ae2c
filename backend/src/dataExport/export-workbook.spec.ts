import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DEFINITIONS } from '@car/contracts';
import { WORKBOOK_FONT } from '../workbook/table-workbook';
import { ExportWorkbook } from './export-workbook';

describe('the export workbook', () => {
  test('each sheet has the header block, an autofilter on its header, landscape one page wide, one CJK face (issue 45 §5)', async () => {
    const file = path.join(dir, 'head.xlsx');
    const asOf = { source: 'price', status: { month: '2026-10', publishedAt: null, publishedOn: null } } as const;
    const workbook = new ExportWorkbook(
      file,
      '价格数据',
      [
        { header: '车型', width: 30, kind: 'text' },
        { header: '优惠率', width: 10, kind: 'percent' },
      ],
      2,
      { head: { title: '价格数据导出', tags: [{ label: '时间', value: '2026-01 至 2026-10' }, { label: '品牌：大众' }] }, asOf },
    );
    for (const row of [
      ['A', 0.123456],
      ['B', 0.05],
      ['C', null],
    ] as const)
      workbook.addRow(row);
    await workbook.complete(asOf);
    const read = new ExcelJS.Workbook();
    await read.xlsx.readFile(file);
    for (const sheet of read.worksheets.slice(0, 2)) {
      expect([1, 2, 3].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
        '价格数据导出',
        '时间：2026-01 至 2026-10 · 品牌：大众',
        '数据截至 2026-10 · 价格数据',
      ]);
      expect(sheet.getRow(5).values).toEqual([undefined, '车型', '优惠率']);
      expect(sheet.autoFilter).toBe('A5:B5');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
      expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0, printTitlesRow: '5:5' });
      for (const c of [1, 2]) {
        expect(sheet.getRow(5).getCell(c).font).toMatchObject({ name: WORKBOOK_FONT, bold: true });
        expect(sheet.getRow(6).getCell(c).font?.name).toBe(WORKBOOK_FONT);
      }
    }
    // A rate is its unrounded fraction under the percent format.
    expect(read.worksheets[0].getCell('B6').value).toBe(0.123456);
    expect(read.worksheets[0].getCell('B6').numFmt).toBe('0.0%');
    expect(read.worksheets.map((s) => s.name)).toEqual(['价格数据', '价格数据2', '口径说明']);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-workbook-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('rows past a sheet’s limit continue on a second sheet under the same frozen header; formulas are neutralised; counts stay numbers', async () => {
    const file = path.join(dir, 'rows.xlsx');
    const workbook = new ExportWorkbook(
      file,
      '城市零售数据',
      [
        { header: '城市', width: 12, kind: 'text' },
        { header: '零售量', width: 10, kind: 'count' },
      ],
      3,
    );
    const rows: Array<[string, number]> = [
      ['=1+1', 1],
      ['+86', 2],
      ['-', 3],
      ['@SUM(A1)', 4],
      ['广州市', 5],
    ];
    for (const row of rows) workbook.addRow(row);
    expect(fs.existsSync(file)).toBe(false);
    await workbook.complete({ source: 'retail', status: { month: '2026-10', publishedAt: null, publishedOn: null } });
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const read = new ExcelJS.Workbook();
    await read.xlsx.readFile(file);
    expect(read.worksheets.map((s) => s.name)).toEqual(['城市零售数据', '城市零售数据2', '口径说明']);
    // 数据截至 without a known publish day, the source, then 零售量's entry is the source's own (listed once).
    expect(
      read
        .getWorksheet('口径说明')!
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1)),
    ).toEqual([
      ['项目', '口径'],
      ['数据截至', '2026-10，零售数据'],
      ['零售', DEFINITIONS.retail.text],
    ]);
    const [first, second] = read.worksheets;
    for (const sheet of [first, second]) {
      expect(sheet.getRow(1).values).toEqual([undefined, '城市', '零售量']);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getColumn(1).width).toBe(12);
    }
    expect(
      first
        .getSheetValues()
        .slice(2)
        .map((r) => (r as unknown[]).slice(1)),
    ).toEqual([
      ["'=1+1", 1],
      ["'+86", 2],
      ['-', 3],
    ]);
    expect(
      second
        .getSheetValues()
        .slice(2)
        .map((r) => (r as unknown[]).slice(1)),
    ).toEqual([
      ["'@SUM(A1)", 4],
      ['广州市', 5],
    ]);
    expect(first.getCell('B2').numFmt).toBe('#,##0');
  });

  test('a run discarded at once leaves no file behind, even one the file system had not opened yet', async () => {
    for (let i = 0; i < 20; i++) {
      const file = path.join(dir, `failed-${i}.xlsx`);
      const workbook = new ExportWorkbook(file, '数据', [{ header: 'a', width: 5, kind: 'text' }]);
      workbook.addRow(['x']);
      await workbook.discard();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(fs.existsSync(file) || fs.existsSync(`${file}.partial`)).toBe(false);
    }
  });

  test('a run discarded midway, its partial file already written to, leaves no file behind', async () => {
    const file = path.join(dir, 'midway.xlsx');
    const workbook = new ExportWorkbook(file, '数据', [
      { header: 'a', width: 5, kind: 'text' },
      { header: 'b', width: 5, kind: 'count' },
    ]);
    for (let i = 0; i < 50_000; i++) workbook.addRow([`row ${i}`, i]);
    const size = (): number => (fs.existsSync(`${file}.partial`) ? fs.statSync(`${file}.partial`).size : 0);
    for (let waited = 0; size() === 0 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(size()).toBeGreaterThan(0);
    await workbook.discard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(file) || fs.existsSync(`${file}.partial`)).toBe(false);
  });
});
