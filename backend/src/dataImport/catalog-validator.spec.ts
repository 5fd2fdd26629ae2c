import { IMPORT_COLUMNS } from '@car/contracts';
import { CatalogValidator, type CatalogReference, type CatalogRow } from './catalog-validator';
import type { RowProblem } from './row-validator';

const REFERENCE: CatalogReference = {
  producers: new Set(['甲汽车']),
  brands: new Set(['甲德']),
  segments: new Map([
    ['A级SUV', 7],
    ['7', 7],
  ]),
  dictionaries: new Map([
    [
      'dicFuel',
      new Map([
        ['6', 6],
        ['纯电动', 6],
      ]),
    ],
    [
      'dicProducerProperty',
      new Map([
        ['1', 1],
        ['2', 2],
        ['自主', 1],
      ]),
    ],
    [
      'dicBoundProperty',
      new Map([
        ['2', 2],
        ['主流', 2],
      ]),
    ],
  ]),
  subSeries: new Map([
    ['FX051', '德锐'],
    ['FX052', '日行SUV'],
    ['FX053', '乙电EV'],
    ['FX054', '乙尊'],
  ]),
  cars: new Set(['JLL61', 'JLL62', 'JLL63', 'JLL64']),
  families: new Map([
    ['德系', 2],
    ['2', 2],
  ]),
  engines: new Set(['1.5T']),
  ended: new Map([['JLL63', 202512]]),
};
const HEADERS = IMPORT_COLUMNS.catalog.map((c) => c.header);
const cells = (values: Record<string, string>): string[] => HEADERS.map((h) => values[h] ?? '');

function check(rows: Array<Record<string, string>>): { valid: CatalogRow[]; problems: RowProblem[] } {
  const validator = new CatalogValidator(REFERENCE);
  const problems: RowProblem[] = [...validator.header(HEADERS, 1)];
  const parsed = rows.map((r, i) => validator.row(cells(r), i + 2, problems)).filter((r): r is CatalogRow => r !== null);
  const valid = validator.across(parsed, problems);
  return { valid, problems: problems.sort((a, b) => a.line - b.line) };
}

describe('CatalogValidator', () => {
  test('only the key columns must be in the header', () => {
    const validator = new CatalogValidator(REFERENCE);
    expect(validator.header(['厂商', '车型代码'], 1).map((p) => p.column)).toEqual(['子车系代码']);
    expect(validator.header(['车型代码', '子车系代码'], 1)).toEqual([]);
  });

  test('an update leaves empty cells out; codes and labels of a dictionary are one value', () => {
    const { valid, problems } = check([{ 子车系代码: 'FX051', 车型代码: 'JLL61', 燃料类型: '纯电动', 厂商指导价: '129,800' }]);
    expect(problems).toEqual([]);
    // The file has 停产月份 (every template column): its empty cell says the trim is on sale (decision 120).
    expect(valid).toEqual([{ line: 2, subCode: 'FX051', car: 'JLL61', fuel: 6, msrp: 129800, end: null }]);
  });

  test('a new sub-series defined by one row serves the others; attributes that disagree are errors', () => {
    const sub = { 厂商: '甲汽车', 品牌: '甲德', 车系: '新系', 子车系代码: 'FX9', 子车系: '新车', 首字母: 'x', 细分市场: 'A级SUV' };
    const { valid, problems } = check([
      { ...sub, 车型代码: 'JLL61' },
      { 子车系代码: 'FX9', 车型代码: 'JLL62' },
      { 子车系代码: 'FX9', 细分市场: '7', 厂商属性: '1', 厂商: '甲汽车', 车型代码: 'JLL63' },
      { ...sub, 细分市场: '7', 首字母: 'Y', 车型代码: 'JLL64' },
      { 子车系代码: 'FX8', 车型代码: 'JLL61' },
    ]);
    const errors = problems.filter((p) => p.level === 'error');
    expect(errors.map((p) => [p.line, p.column])).toEqual([
      [5, '首字母'],
      [6, '车型代码'],
    ]);
    expect(errors.map((p) => p.message)).toEqual(['与第 2 行子车系「FX9」的首字母不一致', '车型代码「JLL61」与第 2 行重复']);
    expect(valid.map((r) => r.line)).toEqual([2, 3, 4]);
  });
});

describe('CatalogValidator: new makers, engines and end months', () => {
  test('a new producer or brand needs its attributes in one of its rows; given, it is valid', () => {
    const producer = { 厂商: '丙汽车', 厂商属性: '自主', 厂商首字母: 'b', 厂商类型: '新创' };
    const brand = { 品牌: '丙牌', 品牌属性: '主流', 品牌首字母: 'B', 品牌系别: '德系', 品牌集团: '丙集团', 品牌类型: '2' };
    const { valid, problems } = check([
      { ...producer, ...brand, 子车系代码: 'FX051', 车型代码: 'JLL61' },
      { 厂商: '丙汽车', 品牌: '丙牌', 子车系代码: 'FX051', 车型代码: 'JLL62' },
      { 厂商: '丁汽车', 厂商属性: '1', 子车系代码: 'FX052', 车型代码: 'JLL63' },
      { ...brand, 品牌: '戊牌', 品牌系别: '火星系', 子车系代码: 'FX053', 车型代码: 'JLL64' },
    ]);
    expect(problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [4, '厂商', '新厂商「丁汽车」须填写厂商首字母、厂商类型（系统中没有该厂商）'],
      [5, '品牌系别', '未知的品牌系别「火星系」'],
    ]);
    expect(valid.map((r) => r.line)).toEqual([2, 3]);
    expect(valid[0]).toMatchObject({ producerInitial: 'B', producerType: 2, producerProperty: 1, brandFamily: 2, brandGroup: '丙集团', brandType: 2 });
  });

  test('engines: known, new and well-formed (a warning), malformed (an error), 无 clears; so do battery and emission standard', () => {
    const { valid, problems } = check([
      { 子车系代码: 'FX051', 车型代码: 'JLL61', 发动机: '1.5T', 电池容量: '18.3' },
      { 子车系代码: 'FX051', 车型代码: 'JLL62', 发动机: '1.2T', 电池容量: '无', 排放标准: '无' },
      { 子车系代码: 'FX051', 车型代码: 'JLL63', 发动机: '大马力' },
      { 子车系代码: 'FX051', 车型代码: 'JLL64', 发动机: '无', 电池容量: '75.25' },
    ]);
    expect(problems.map((p) => [p.line, p.column, p.level])).toEqual([
      [3, '发动机', 'warning'],
      [4, '发动机', 'error'],
      [5, '电池容量', 'error'],
    ]);
    expect(valid.map((r) => [r.engine, r.battery, r.emissionStandard])).toEqual([
      ['1.5T', 18.3, undefined],
      ['1.2T', null, null],
    ]);
  });

  test('停产月份: with the column, an empty cell puts the trim on sale (a warning when it had ended); without it, the end month is kept', () => {
    const withEnd = check([
      { 子车系代码: 'FX051', 车型代码: 'JLL63' },
      { 子车系代码: 'FX051', 车型代码: 'JLL61', 停产月份: '在售' },
    ]);
    expect(withEnd.valid.map((r) => r.end)).toEqual([null, null]);
    expect(withEnd.problems).toEqual([
      { line: 2, column: '停产月份', level: 'warning', message: '停产月份为空：车型「JLL63」将改为在售（原停产月份 2025-12）' },
    ]);

    const validator = new CatalogValidator(REFERENCE);
    const problems: RowProblem[] = [...validator.header(['子车系代码', '车型代码', '厂商指导价'], 1)];
    const row = validator.row(['FX051', 'JLL63', '99000'], 2, problems);
    expect(validator.across([row!], problems)).toEqual([{ line: 2, subCode: 'FX051', car: 'JLL63', msrp: 99000 }]);
    expect(problems).toEqual([]);
  });
});
