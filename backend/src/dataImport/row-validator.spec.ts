import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { csvEncoding, readRows } from './import-reader';
import { RowValidator, readMonth, type RowProblem } from './row-validator';

const REFERENCE = {
  cities: new Set([110000, 440100]),
  cars: new Map([['JLL61', 61]]),
  useNature: new Map([
    ['1', 1],
    ['非营运', 1],
  ]),
  owner: new Map([
    ['1', 1],
    ['个人', 1],
  ]),
  colour: new Map([
    ['1', 1],
    ['白色', 1],
  ]),
};
const HEADER = ['月份', '城市代码', '车型代码', '使用性质', '所有权', '颜色', '销量'];

describe('the import row checks', () => {
  test('months are read in the forms spreadsheets write them, and nothing else', () => {
    expect(['2026-04', '202604', '2026/4', '2026年4月', '2026.04'].map(readMonth)).toEqual([202604, 202604, 202604, 202604, 202604]);
    expect(['2026-13', '26-04', 'April', ''].map(readMonth)).toEqual([null, null, null, null]);
  });

  test('columns are found by header in any order, and a missing one is a problem on line 1', () => {
    const validator = new RowValidator('retail', { from: 202604, to: 202604 }, REFERENCE);
    expect(validator.header(['销量', ...HEADER.slice(0, 6), '备注'], 1)).toEqual([]);
    expect(validator.row(['7', '2026-04', '110000', 'JLL61', '非营运', '个人', '白色', 'x'], 2, [])).toEqual([202604, 61, 110000, 1, 1, 1, 7]);
    expect(new RowValidator('retail', { from: 202604, to: 202604 }, REFERENCE).header(HEADER.slice(1), 1).map((p) => p.column)).toEqual(['月份']);
  });

  test('each bad cell is one problem naming its column', () => {
    const validator = new RowValidator('retail', { from: 202604, to: 202605 }, REFERENCE);
    validator.header(HEADER, 1);
    const problems: RowProblem[] = [];
    expect(validator.row(['2026-06', '999999', 'NOPE', '9', '1', '1', '-2'], 5, problems)).toBeNull();
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [5, '月份'],
      [5, '车型代码'],
      [5, '城市代码'],
      [5, '使用性质'],
      [5, '销量'],
    ]);
    const amounts: RowProblem[] = [];
    for (const qty of ['abc', '1.5', '0', '']) validator.row(['2026-04', '110000', 'JLL61', '1', '1', '1', qty], 6, amounts);
    expect(amounts.map((p) => p.message)).toEqual(['销量「abc」不是数字', '销量应为整数', '销量应大于 0', '销量为空']);
  });

  test('a GBK file is told from UTF-8 and read with its line numbers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-reader-'));
    const file = path.join(dir, 'gbk.csv');
    fs.writeFileSync(file, iconv.encode(`${HEADER.join(',')}\r\n\r\n2026-04,110000,JLL61,非营运,个人,白色,3\r\n`, 'gbk'));
    expect(await csvEncoding(file)).toBe('gb18030');
    const rows = [];
    for await (const row of readRows(file, 'csv')) rows.push(row);
    expect(rows).toEqual([
      { line: 1, cells: HEADER },
      { line: 3, cells: ['2026-04', '110000', 'JLL61', '非营运', '个人', '白色', '3'] },
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
