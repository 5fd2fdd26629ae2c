import type { DimensionTable } from '@car/contracts';
import { bandSubtotals, bandTableRows, isSubtotalRow } from './price-band-table';

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
});
