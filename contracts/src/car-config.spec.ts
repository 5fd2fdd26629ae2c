import { type ConfigBlock, type ConfigRow, configQuerySchema, trimsVerdict, visibleBlocks } from './car-config';

/** A row from its label and values (columns A, B, C of its table), with sub-rows. */
function row(id: number, desc: string, values: [string, string, string], data: ConfigRow[] = [], layer = 1): ConfigRow {
  return { id, layer, desc, values: [...values], data };
}

const labels = (rows: readonly ConfigRow[]): unknown[] => rows.map((r) => (r.data.length > 0 ? [r.desc, labels(r.data)] : r.desc));

// 座椅加热 is equipped everywhere alike, but its 后排 sub-row differs; 按摩 is nowhere, its 主驾 sub-row in C.
const BLOCKS: ConfigBlock[] = [
  { id: 1, desc: '基本信息', headerData: ['desc', 'A', 'B', 'C'], data: [row(1, '能源类型', ['汽油', '纯电动', '汽油']), row(2, '座位数', ['5', '5', '5'])] },
  {
    id: 2,
    desc: '舒适配置',
    headerData: ['desc', 'A', 'B', 'C'],
    data: [
      row(
        3,
        '座椅加热',
        ['●', '●', '●'],
        [row(4, '前排', ['●', '●', '●'], [row(5, '主驾', ['●', '●', '●'], [], 3)], 2), row(6, '后排', ['-', '-', '●'], [], 2)],
      ),
      row(7, '冰箱', ['-', '-', '-']),
      row(8, '按摩', ['-', '-', '-'], [row(9, '主驾按摩', ['-', '-', '●'], [], 2)]),
    ],
  },
  { id: 3, desc: '空调', headerData: ['desc', 'A', 'B', 'C'], data: [row(10, '空调', ['●', '●', '●'])] },
];

describe('the configuration checkboxes', () => {
  test('neither box: every row as it came', () => {
    expect(visibleBlocks(BLOCKS, ['A', 'B', 'C'], { hideUnequipped: false, onlyDiffering: false })).toEqual(BLOCKS);
  });

  test('仅显示差异项 keeps exactly the rows whose values differ, each under its parent; a table left empty goes', () => {
    const shown = visibleBlocks(BLOCKS, ['A', 'B', 'C'], { hideUnequipped: false, onlyDiffering: true });
    expect(shown.map((b) => [b.desc, labels(b.data)])).toEqual([
      ['基本信息', ['能源类型']],
      [
        '舒适配置',
        [
          ['座椅加热', ['后排']],
          ['按摩', ['主驾按摩']],
        ],
      ],
    ]);
  });

  test('隐藏未配置项 drops rows every trim shows as "-", keeping a parent with an equipped sub-row', () => {
    const shown = visibleBlocks(BLOCKS, ['A', 'B', 'C'], { hideUnequipped: true, onlyDiffering: false });
    expect(shown.map((b) => [b.desc, labels(b.data)])).toEqual([
      ['基本信息', ['能源类型', '座位数']],
      [
        '舒适配置',
        [
          ['座椅加热', [['前排', ['主驾']], '后排']],
          ['按摩', ['主驾按摩']],
        ],
      ],
      ['空调', ['空调']],
    ]);
  });

  test('the boxes judge only the columns shown: without C nothing of 后排 or 按摩 remains', () => {
    const shown = visibleBlocks(BLOCKS, ['A', 'B'], { hideUnequipped: true, onlyDiffering: true });
    expect(shown.map((b) => [b.desc, labels(b.data)])).toEqual([['基本信息', ['能源类型']]]);
  });

  test('a single column differs from nothing', () => {
    expect(visibleBlocks(BLOCKS, ['A'], { hideUnequipped: false, onlyDiffering: true })).toEqual([]);
  });

  test('a value missing from a row counts as unequipped', () => {
    const sparse: ConfigBlock[] = [{ id: 1, desc: 'x', headerData: ['desc', 'A', 'Z'], data: [row(1, '冰箱', ['-', '-', '-'])] }];
    expect(visibleBlocks(sparse, ['A', 'Z'], { hideUnequipped: true, onlyDiffering: false })).toEqual([]);
  });
});

describe('the comparison parameters', () => {
  test('lists keep their order and drop duplicates; blanks are absent', () => {
    expect(
      configQuerySchema.parse({ ids: '53,51,53', carJllCodes: 'JLL2,JLL1,JLL2', niankuan: '2026,2025', engin: '1.5T,无', battery: '', energy: '6' }),
    ).toEqual({
      ids: [53, 51],
      carJllCodes: ['JLL2', 'JLL1'],
      niankuan: [2026, 2025],
      engin: ['1.5T', '无'],
      energy: [6],
    });
  });

  test.each([
    ['carJllCodes', 'JLL1;DROP'],
    ['carJllCodes', 'x'.repeat(21)],
    ['niankuan', '202'],
    ['niankuan', '3026'],
    ['battery', '1e3'],
    ['engin', 'a\u0000b'],
    ['ids', '0'],
  ])('%s=%s is refused', (key, value) => {
    expect(configQuerySchema.safeParse({ ids: '1', [key]: value }).success).toBe(false);
  });

  test('at most 300 trims', () => {
    const codes = Array.from({ length: 301 }, (_, i) => `JLL${i}`).join(',');
    expect(configQuerySchema.safeParse({ ids: '1', carJllCodes: codes }).success).toBe(false);
  });
});

/** A sub-series' trims' values in a row: `n` of `value` for each pair, in order. */
const trims = (...runs: Array<[string, number]>): string[] => runs.flatMap(([value, n]) => Array<string>(n).fill(value));

describe('a sub-series’ verdict on a row (decision 285)', () => {
  test('trims alike show their value, and one trim its own', () => {
    expect(trimsVerdict(trims(['●', 10]))).toBe('●');
    expect(trimsVerdict(trims(['-', 4]))).toBe('-');
    expect(trimsVerdict(['4,866mm'])).toBe('4,866mm');
    expect(trimsVerdict([])).toBe('-');
  });

  test('marks count the trims with it as standard and as an option, of all', () => {
    expect(trimsVerdict(trims(['●', 7], ['-', 3]))).toBe('●7/10');
    expect(trimsVerdict(trims(['-', 3], ['●', 7]))).toBe('●7/10');
    expect(trimsVerdict(trims(['○', 2], ['●', 4], ['-', 4]))).toBe('●4/10 ○2/10');
    expect(trimsVerdict(trims(['-', 9], ['○', 1]))).toBe('○1/10');
    expect(trimsVerdict(trims(['●', 1], ['○', 1]))).toBe('●1/2 ○1/2');
  });

  test('two values are listed, figures rising, texts the commonest first', () => {
    expect(trimsVerdict(trims(['110kW', 2], ['98kW', 8]))).toBe('98kW、110kW');
    expect(trimsVerdict(trims(['6挡手动', 4], ['8挡手自一体', 6]))).toBe('8挡手自一体、6挡手动');
    // A tie keeps the columns' order.
    expect(trimsVerdict(trims(['LED', 5], ['卤素', 5]))).toBe('LED、卤素');
    // Units differ: texts.
    expect(trimsVerdict(trims(['5', 1], ['5个', 2]))).toBe('5个、5');
  });

  test('more figures of one unit are their range; more texts the two commonest and how many', () => {
    expect(trimsVerdict(['10.1英寸', '12.3英寸', '8英寸', '7英寸', '10.1英寸'])).toBe('7~12.3英寸');
    expect(trimsVerdict(['91,800', '104,800', '131,800', '118,800'])).toBe('91,800~131,800');
    expect(trimsVerdict(['2026款', '2026款', '2024款', '2025款'])).toBe('2024~2026款');
    expect(trimsVerdict(['2025.11', '2024.11', '2022.08'])).toBe('2022.08~2025.11');
    expect(trimsVerdict(['全速自适应巡航', '定速巡航', '自适应巡航', '全速自适应巡航', '定速巡航', '全速自适应巡航'])).toBe('全速自适应巡航、定速巡航等3种');
    // A value that holds a range or a slash is a text ('1650-3900rpm', '205/55 R17').
    expect(trimsVerdict(['1650-3900rpm', '1650-4300rpm', '1850-3500rpm'])).toBe('1650-3900rpm、1650-4300rpm等3种');
  });

  test('values some trims lack say how many have one', () => {
    expect(trimsVerdict(trims(['-', 7], ['4G', 3]))).toBe('4G 3/10');
    expect(trimsVerdict(trims(['4G', 5], ['5G', 4], ['-', 1]))).toBe('4G、5G 9/10');
    expect(trimsVerdict(trims(['80TOPS', 3], ['128TOPS', 1], ['-', 5], ['5TOPS', 1]))).toBe('5~128TOPS 5/10');
    expect(trimsVerdict(trims(['胎压显示', 7], ['胎压报警', 2], ['-', 1]))).toBe('胎压显示、胎压报警 9/10');
  });
});
