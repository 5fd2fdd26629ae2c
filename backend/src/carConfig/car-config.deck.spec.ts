import type { ConfigBlock, ConfigRow } from '@car/contracts';
import { sheetPages, trimGroups } from './car-config.deck';

const row = (id: number, desc: string, values: string[], data: ConfigRow[] = [], layer = 1): ConfigRow => ({ id, layer, desc, values, data });
const block = (id: number, desc: string, data: ConfigRow[]): ConfigBlock => ({ id, desc, headerData: ['desc', 'A', 'B'], data });

describe('the configuration deck’s slides (decision 273)', () => {
  test('a slide’s trims are whole sub-series, packed in column order; a sub-series wider than a slide goes on over slides', () => {
    const columns = [1, 1, 1, 2, 2, 3, 3, 3, 3, 3].map((subSeriesId) => ({ subSeriesId }));
    expect(trimGroups(columns, 5)).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
    expect(trimGroups(columns, 4)).toEqual([[0, 1, 2], [3, 4], [5, 6, 7, 8], [9]]);
    // A column moved away from its own starts a run of its own.
    expect(
      trimGroups(
        [1, 2, 1].map((subSeriesId) => ({ subSeriesId })),
        10,
      ),
    ).toEqual([[0, 1, 2]]);
  });

  test('the categories run on in one table, each under its name, again （续） at the top of a slide it goes on to', () => {
    const blocks = [
      block(1, '车身', [row(11, '长', ['1', '2']), row(12, '宽', ['1', '2'], [row(13, '前', ['1', '2'], [], 2)])]),
      block(2, '座椅', [row(21, '加热', ['-', '●']), row(22, '通风', ['-', '●']), row(23, '按摩', ['-', '●'])]),
    ];
    // Six rows a slide: 座椅 starts under 车身; a heading with no room for a row under it would go on to the next slide.
    const pages = sheetPages(blocks, ['A', 'B'], 6);
    expect(pages.map((p) => ({ categories: p.categories, items: p.rows.map((r) => r.item) }))).toEqual([
      { categories: ['车身', '座椅'], items: ['车身', '长', '宽', '　前', '座椅', '加热'] },
      { categories: ['座椅'], items: ['座椅（续）', '通风', '按摩'] },
    ]);
    expect(pages[0].rows[0]).toEqual({ item: '车身', values: [], heading: true });
    expect(pages[0].rows[1]).toEqual({ item: '长', values: ['1', '2'] });
    expect(sheetPages(blocks, ['A', 'B'], 5).map((p) => p.rows.map((r) => r.item))).toEqual([
      ['车身', '长', '宽', '　前'],
      ['座椅', '加热', '通风', '按摩'],
    ]);
  });

  test('a long category is cut into full pages, each starting with its name', () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(i + 1, `项${i + 1}`, ['1', '2']));
    const pages = sheetPages([block(1, '智能互联', rows)], ['A', 'B'], 4);
    expect(pages.map((p) => p.rows.map((r) => r.item))).toEqual([
      ['智能互联', '项1', '项2', '项3'],
      ['智能互联（续）', '项4', '项5', '项6'],
      ['智能互联（续）', '项7'],
    ]);
  });
});
