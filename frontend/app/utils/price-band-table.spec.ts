import type { DimensionTable } from '@car/contracts';
import {
  bandChangeText,
  bandDetailTitle,
  bandPeriodTitles,
  bandSubtotals,
  bandTableRows,
  bandTableView,
  isBandSortColumn,
  isSubtotalRow,
  sortBandTable,
} from './price-band-table';

/** Two bands of the detail table: a subtotal and its members each (the API's shape). */
const TABLE: DimensionTable = {
  titles: [
    { label: '价格段', key: 'jgd', children: [] },
    { label: '系别', key: 'name', children: [] },
    { label: '销量', key: 'xl0', children: [] },
    { label: '同比', key: 'yoy', children: [] },
  ],
  values: [
    [
      { key: 'jgd', data: ['5万以下'], merge: 3 },
      { key: 'name', data: ['小计'], merge: 1 },
      { key: 'xl0', data: [300, 200, 100, 66.7], merge: 1 },
      { key: 'yoy', data: [50], merge: 1 },
    ],
    [
      { key: 'jgd', data: ['5万以下'], merge: 0 },
      { key: 'name', data: ['自主'], merge: 1 },
      { key: 'xl0', data: [200, 100, 66.7, 33.3], merge: 1 },
      { key: 'yoy', data: [100], merge: 1 },
    ],
    [
      { key: 'jgd', data: ['5万以下'], merge: 0 },
      { key: 'name', data: ['德系'], merge: 1 },
      { key: 'xl0', data: [100, 100, 33.3, 33.3], merge: 1 },
      { key: 'yoy', data: [null], merge: 1 },
    ],
    [
      { key: 'jgd', data: ['5-10万'], merge: 1 },
      { key: 'name', data: ['小计'], merge: 1 },
      { key: 'xl0', data: [0, 0, 0, 0], merge: 1 },
      { key: 'yoy', data: [null], merge: 1 },
    ],
  ],
};

describe('the price-band table views (decision 174)', () => {
  test('subtotals only: one row a band, its band cell spanning one row, no member column', () => {
    const view = bandSubtotals(TABLE);
    expect(view.titles.map((t) => t.key)).toEqual(['jgd', 'xl0', 'yoy']);
    expect(view.values.map((cells) => cells.map((c) => c.key))).toEqual([
      ['jgd', 'xl0', 'yoy'],
      ['jgd', 'xl0', 'yoy'],
    ]);
    expect(view.values.map((cells) => [cells[0].data[0], cells[0].merge, cells[1].data[0]])).toEqual([
      ['5万以下', 1, 300],
      ['5-10万', 1, 0],
    ]);
  });

  test('a row is a subtotal by its member cell', () => {
    expect(TABLE.values.map(isSubtotalRow)).toEqual([true, false, false, true]);
  });

  test('the URL reads subtotals unless it asks for 明细 (0)', () => {
    expect(bandTableRows(undefined)).toBe(1);
    expect(bandTableRows(0)).toBe(0);
    expect(bandTableRows(7)).toBe(1);
  });

  /** A table's rows as band cell (with its span, or '' under it), member and sales. */
  const shown = (table: DimensionTable) =>
    table.values.map((cells) => {
      const band = cells.find((c) => c.key === 'jgd')!;
      const name = cells.find((c) => c.key === 'name');
      return [band.merge > 0 ? `${String(band.data[0])}×${band.merge}` : '', name ? name.data[0] : null, cells.find((c) => c.key === 'xl0')!.data[0]];
    });

  /** TABLE with a third band: a subtotal, three members and 其他 carrying hidden members. */
  const WIDER: DimensionTable = {
    ...TABLE,
    values: [
      ...TABLE.values,
      [
        { key: 'jgd', data: ['10-15万'], merge: 5 },
        { key: 'name', data: ['小计'], merge: 1 },
        { key: 'xl0', data: [90, 60, 30, 20], merge: 1 },
        { key: 'yoy', data: [50], merge: 1 },
      ],
      ...[
        ['日系', 10, 0],
        ['美系', 40, 20],
        ['韩系', 25, -10],
      ].map(([name, sales, yoy]) => [
        { key: 'jgd', data: ['10-15万'], merge: 0 },
        { key: 'name', data: [name], merge: 1 },
        { key: 'xl0', data: [sales, 0, 0, 0], merge: 1 },
        { key: 'yoy', data: [yoy], merge: 1 },
      ]),
      [
        { key: 'jgd', data: ['10-15万'], merge: 0 },
        { key: 'name', data: ['其他（2）'], merge: 1 },
        { key: 'xl0', data: [15, 0, 0, 0], merge: 1, hiddenList: [] },
        { key: 'yoy', data: [0], merge: 1 },
      ],
    ],
  };

  test('sorted by sales: members sort within their band, its subtotal above them and 其他 below; each band cell spans its rows', () => {
    expect(shown(sortBandTable(WIDER, { column: 'xl0', direction: 'asc' }))).toEqual([
      ['5万以下×3', '小计', 300],
      ['', '德系', 100],
      ['', '自主', 200],
      ['5-10万×1', '小计', 0],
      ['10-15万×5', '小计', 90],
      ['', '日系', 10],
      ['', '韩系', 25],
      ['', '美系', 40],
      ['', '其他（2）', 15],
    ]);
    // 同比 descending: a dashed 同比 (null) is last.
    expect(shown(sortBandTable(WIDER, { column: 'yoy', direction: 'desc' })).slice(0, 3)).toEqual([
      ['5万以下×3', '小计', 300],
      ['', '自主', 200],
      ['', '德系', 100],
    ]);
    expect(sortBandTable(WIDER, null)).toBe(WIDER);
  });

  test('in the subtotal view the bands sort by the column', () => {
    expect(shown(sortBandTable(bandSubtotals(WIDER), { column: 'xl0', direction: 'desc' }))).toEqual([
      ['5万以下×1', null, 300],
      ['10-15万×1', null, 90],
      ['5-10万×1', null, 0],
    ]);
  });
});

describe('the price-band table as the page draws it', () => {
  test('the view is the subtotals (rows 1) or every member, in the order asked', () => {
    expect(bandTableView(TABLE, 1, null)).toEqual(bandSubtotals(TABLE));
    expect(bandTableView(TABLE, 0, null)).toBe(TABLE);
    expect(bandTableView(TABLE, 1, { column: 'xl0', direction: 'asc' }).values.map((cells) => cells[0].data[0])).toEqual(['5-10万', '5万以下']);
  });

  test('the member and the figures sort on a header click; the band keeps the form order', () => {
    expect(['jgd', 'name', 'xl0', 'yoy', 'mix', 'mixYoy'].filter(isBandSortColumn)).toEqual(['name', 'xl0', 'yoy', 'mix', 'mixYoy']);
  });

  test("the periods are the sales column's, none without a table", () => {
    const table = {
      ...TABLE,
      titles: TABLE.titles.map((t) =>
        t.key === 'xl0'
          ? {
              ...t,
              children: [
                { label: '2026-10', key: 'a', children: [] },
                { label: '2025-10', key: 'b', children: [] },
              ],
            }
          : t,
      ),
    };
    expect(bandPeriodTitles(table)).toEqual(['2026-10', '2025-10']);
    expect(bandPeriodTitles(null)).toEqual([]);
  });

  test('a MIX change is in signed points, any other change a 同比 percentage; a dash without a figure', () => {
    expect(bandChangeText({ key: 'mixYoy', data: [12.5], merge: 1 })).toBe('+12.5');
    expect(bandChangeText({ key: 'yoy', data: [12.5], merge: 1 })).toBe('12.5%');
    expect(bandChangeText({ key: 'yoy', data: [null], merge: 1 })).toBe('-');
  });

  test("a 其他 row's dialog is titled by its band and its member cell", () => {
    expect(
      bandDetailTitle([
        { key: 'jgd', data: ['5万以下'], merge: 0 },
        { key: 'name', data: ['其他（2）'], merge: 1 },
      ]),
    ).toBe('5万以下 其他（2）');
  });
});
