import { PassThrough, Writable } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { DEFINITIONS } from '@car/contracts';
import {
  columnCell,
  exactShare,
  shareCell,
  streamTableWorkbook,
  type TableColumn,
  type WorkbookAsOf,
  type WorkbookColumn,
  type WorkbookHead,
  withExactShares,
  WORKBOOK_FONT,
} from './table-workbook';

interface Row {
  name: string;
  sales: number | null;
  share: number | null;
  total: boolean;
}

const COLUMNS: WorkbookColumn<Row>[] = [
  { header: '名称', kind: 'text', width: 30, value: (r) => r.name },
  { header: '销量', kind: 'count', value: (r) => r.sales },
  { header: '份额', kind: 'percent', value: (r) => r.share },
];

const AS_OF: WorkbookAsOf = { source: 'retail', status: { month: '2026-10', publishedAt: '2026-11-14T02:00:00.000Z', publishedOn: '2026-11-14' } };

/** The sheet streamTableWorkbook writes, read back with exceljs, and the headers it set. */
async function written(
  rows: Row[],
  asOf: WorkbookAsOf | null = AS_OF,
  head?: WorkbookHead,
  columns: ReadonlyArray<TableColumn<Row>> = COLUMNS,
): Promise<{ sheet: ExcelJS.Worksheet; workbook: ExcelJS.Workbook; headers: Record<string, string> }> {
  const stream = new PassThrough();
  const headers: Record<string, string> = {};
  const response = Object.assign(stream, { setHeader: (name: string, value: string) => void (headers[name] = value) }) as unknown as Response;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await streamTableWorkbook(response, '销量_2026-10.xlsx', '销量排名', columns, rows, asOf, { highlight: (r) => r.total, head });
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return { sheet: workbook.worksheets[0], workbook, headers };
}

describe('a table streamed as a workbook', () => {
  const rows: Row[] = [
    { name: '合计', sales: 12345, share: 100, total: true },
    { name: '比亚迪', sales: 2345, share: 19, total: false },
    { name: '=HYPERLINK("x")', sales: null, share: null, total: false },
    { name: '大众', sales: 1000, share: 8.1, total: false },
  ];

  test('the header and highlighted rows are bold on every cell, other rows are not', async () => {
    const { sheet } = await written(rows);
    for (const c of [1, 2, 3]) {
      expect(sheet.getRow(1).getCell(c).font?.bold).toBe(true);
      expect(sheet.getRow(2).getCell(c).font?.bold).toBe(true);
      for (const r of [3, 4, 5]) expect(sheet.getRow(r).getCell(c).font?.bold).toBeFalsy();
    }
  });

  test('counts keep thousands separators and percents are real percentages, in bold rows as in plain ones', async () => {
    const { sheet } = await written(rows);
    expect(sheet.getCell('B2').value).toBe(12345);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0');
    expect(sheet.getCell('B3').numFmt).toBe('#,##0');
    expect(sheet.getCell('C2').value).toBe(1);
    expect(sheet.getCell('C5').value).toBeCloseTo(0.081, 10);
    expect(sheet.getCell('C5').numFmt).toBe('0.0%');
    expect(sheet.getCell('A3').numFmt ?? 'General').toBe('General');
  });

  test('an unknown figure is a dash and a formula-like name is neutralised', async () => {
    const { sheet } = await written(rows);
    expect(sheet.getCell('A4').value).toBe('\'=HYPERLINK("x")');
    expect(sheet.getCell('B4').value).toBe('-');
    expect(sheet.getCell('C4').value).toBe('-');
  });

  test('the sheet is named, its header frozen, its columns sized, and the file named in Chinese', async () => {
    const { sheet, headers } = await written(rows);
    expect(sheet.name).toBe('销量排名');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((c) => c.width)).toEqual([30, 14, 14]);
    expect(sheet.getRow(1).values).toEqual([undefined, '名称', '销量', '份额']);
    expect(headers['Content-Disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('销量_2026-10.xlsx')}`);
  });

  test('a 口径说明 sheet follows the table: 数据截至 with the publish day, the source, then each measure of the headers once', async () => {
    const { workbook } = await written(rows);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['销量排名', '口径说明']);
    const notes = workbook.getWorksheet('口径说明')!;
    const lines = notes
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(lines).toEqual([
      ['项目', '口径'],
      ['数据截至', '2026-10（2026-11-14 发布），零售数据'],
      ['零售', DEFINITIONS.retail.text],
      ['销量', DEFINITIONS.sales.text],
      ['份额', DEFINITIONS.share.text],
    ]);
  });

  test('a workbook of no market figures has no 口径说明 sheet', async () => {
    const { workbook } = await written(rows, null);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['销量排名']);
  });

  const HEAD: WorkbookHead = {
    title: '厂商品牌表现',
    tags: [
      { label: '时间', value: '2026-01 至 2026-10' },
      { label: '数据来源', value: '零售' },
      { label: '厂商', value: '一汽-大众' },
    ],
  };

  test('a header block names the page, the filters in words and 数据截至 above the table (issue 45 §5)', async () => {
    const { sheet } = await written(rows, AS_OF, HEAD);
    expect([1, 2, 3].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
      '厂商品牌表现',
      '时间：2026-01 至 2026-10 · 数据来源：零售 · 厂商：一汽-大众',
      '数据截至 2026-10（2026-11-14 发布） · 零售数据',
    ]);
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ name: WORKBOOK_FONT, bold: true });
    expect(sheet.getRow(5).values).toEqual([undefined, '名称', '销量', '份额']);
    expect(sheet.getCell('A6').value).toBe('合计');
    expect(sheet.autoFilter).toBe('A5:C5');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '5:5' });
  });

  test('every cell names the one CJK face, bold and plain, header and figures (issue 45 §5)', async () => {
    const { sheet, workbook } = await written(rows, AS_OF, HEAD);
    for (const r of [5, 6, 7, 8, 9]) for (const c of [1, 2, 3]) expect(sheet.getRow(r).getCell(c).font?.name).toBe(WORKBOOK_FONT);
    expect(sheet.getCell('A6').font?.bold).toBe(true);
    const notes = workbook.getWorksheet('口径说明')!;
    for (const r of [1, 2]) expect(notes.getRow(r).getCell(1).font?.name).toBe(WORKBOOK_FONT);
  });

  test('without a head the table starts at the top, still filtered, printed landscape one page wide', async () => {
    const { sheet } = await written(rows);
    expect(sheet.autoFilter).toBe('A1:C1');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
  });

  test('a share with its exact fraction is stored unrounded under the percent format, "-" where the page shows one (decision 282)', async () => {
    // Three makers of 1/3 each: 33.3 % on the page, and the cells add up to 100 % exactly.
    const thirds: Array<Row & { exact: number | null }> = [
      { name: '甲', sales: 1, share: 33.3, total: false, exact: 1 / 3 },
      { name: '乙', sales: 1, share: 33.3, total: false, exact: 1 / 3 },
      { name: '丙', sales: 1, share: 33.3, total: false, exact: 1 / 3 },
      { name: '丁', sales: 0, share: null, total: false, exact: null },
    ];
    const exact: TableColumn<Row>[] = [...COLUMNS.slice(0, 2), { ...COLUMNS[2], exact: (r) => (r as (typeof thirds)[number]).exact }];
    const { sheet } = await written(thirds, AS_OF, undefined, exact);
    const cells = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(3));
    expect(cells.map((c) => c.value)).toEqual([1 / 3, 1 / 3, 1 / 3, '-']);
    expect(cells[0].numFmt).toBe('0.0%');
    expect((cells[0].value as number) * 3).toBe(1);
    // Without the exact fraction, the page's one-decimal number: 33.3 % as 0.333.
    const { sheet: rounded } = await written(thirds);
    expect(rounded.getRow(2).getCell(3).value).toBeCloseTo(0.333, 12);
  });

  test('shareCell and columnCell: a fraction as it is, a dash where the figure is unknown', () => {
    expect(shareCell(0.123456)).toBe(0.123456);
    expect([shareCell(null), shareCell(undefined), shareCell(Number.NaN)]).toEqual(['-', '-', '-']);
    const column: TableColumn<{ p: number | null; f: number | null }> = { header: '份额', kind: 'percent', value: (r) => r.p, exact: (r) => r.f };
    expect(columnCell(column, { p: 12.3, f: 0.12345 })).toBe(0.12345);
    expect(columnCell(column, { p: null, f: 0.12345 })).toBe('-');
    expect(columnCell(column, { p: 12.3, f: null })).toBeCloseTo(0.123, 12);
  });

  test('a row carries its shares unrounded through a copy, not onto the wire; a column reads them by field (decision 286)', () => {
    const row = withExactShares({ name: '甲', share: 33.3 }, { share: 1 / 3 });
    const copy = { ...row, name: '' };
    expect([exactShare(row, 'share'), exactShare(copy, 'share'), exactShare(row, 'other'), exactShare({ share: 33.3 }, 'share')]).toEqual([
      1 / 3,
      1 / 3,
      undefined,
      undefined,
    ]);
    expect(JSON.parse(JSON.stringify(copy))).toEqual({ name: '', share: 33.3 });
    const column: TableColumn<typeof row> = { header: '份额', kind: 'percent', value: (r) => r.share, exact: (r) => exactShare(r, 'share') };
    expect(columnCell(column, copy)).toBe(1 / 3);
  });

  test('a response closed while the workbook is written ends the call', async () => {
    let writes = 0;
    const gone = new Writable({
      write(_chunk, _encoding, done) {
        writes++;
        this.destroy();
        done();
      },
    });
    const response = Object.assign(gone, { setHeader: () => undefined }) as unknown as Response;
    const many: Row[] = Array.from({ length: 20_000 }, (_, i) => ({ name: `子车系${i}`, sales: i, share: i / 100, total: false }));
    await streamTableWorkbook(response, '销量_2026-10.xlsx', '销量排名', COLUMNS, many, AS_OF);
    expect(writes).toBe(1);
  });
});
