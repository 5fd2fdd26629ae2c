import { type ConfigBlock, type ConfigRow, configQuerySchema, visibleBlocks } from './car-config';

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
