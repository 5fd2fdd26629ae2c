import { IMPORT_COLUMNS } from '@car/contracts';
import { CatalogValidator, type CatalogReference, type CatalogRow } from './catalog-validator';
import type { RowProblem } from './row-validator';

const REFERENCE: CatalogReference = {
  producers: new Set(['甲汽车']),
  brands: new Set(['甲德']),
  segments: new Map([['A级SUV', 7], ['7', 7]]),
  dictionaries: new Map([['dicFuel', new Map([['6', 6], ['纯电动', 6]])], ['dicProducerProperty', new Map([['1', 1], ['2', 2]])]]),
  subSeries: new Map([['FX051', '德锐']]),
  cars: new Set(['JLL61', 'JLL62', 'JLL63', 'JLL64']),
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
    expect(valid).toEqual([{ line: 2, subCode: 'FX051', car: 'JLL61', fuel: 6, msrp: 129800 }]);
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
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [5, '首字母'],
      [6, '车型代码'],
    ]);
    expect(problems.map((p) => p.message)).toEqual(['与第 2 行子车系「FX9」的首字母不一致', '车型代码「JLL61」与第 2 行重复']);
    expect(valid.map((r) => r.line)).toEqual([2, 3, 4]);
  });
});
