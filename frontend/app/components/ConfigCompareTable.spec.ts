import type { ConfigBlock, ConfigRow } from '@car/contracts';
import { FIRST_ROWS, firstBlocks } from './ConfigCompareTable';

/**
 * The comparison's first step (decisions 274, 288): the categories that start within the first FIRST_ROWS rows are
 * drawn at once, by the server too, the rest right after. The five sub-series of the bench (720, 585, 68, 549, 509)
 * open on 15, 13, 17, 5 … rows per category with 仅显示差异项; a 1080-px-tall window's scroll box shows about 20
 * rows under the head, so two categories (28 rows) fill it and a third only adds to the cells to draw before it shows.
 */
function block(id: number, rows: number): ConfigBlock {
  const row = (i: number): ConfigRow => ({ id: id * 100 + i, layer: 1, desc: `项${i}`, values: [], data: [] });
  // The category's title row counts as one of its rows, as the table draws it.
  return { id, desc: `类${id}`, headerData: ['desc'], data: Array.from({ length: rows - 1 }, (_, i) => row(i)) };
}

const FIVE_SUB_SERIES = [15, 13, 17, 5, 9, 7, 14, 8].map((rows, i) => block(i + 1, rows));

describe('the first step of the comparison', () => {
  test('draws the categories that fill a 1080-px window: two of the five sub-series’ first load, 28 rows', () => {
    expect(firstBlocks(FIVE_SUB_SERIES)).toBe(2);
    expect(FIRST_ROWS).toBeGreaterThanOrEqual(20);
  });

  test('draws at least one category, however long, and never more than there are', () => {
    expect(firstBlocks([block(1, 60), block(2, 5)])).toBe(1);
    expect(firstBlocks([block(1, 3)])).toBe(1);
    expect(firstBlocks([])).toBe(0);
  });

  test('counts sub-rows as rows', () => {
    const nested: ConfigBlock = {
      ...block(1, 2),
      data: [
        {
          id: 1,
          layer: 1,
          desc: '座椅加热',
          values: [],
          data: Array.from({ length: 30 }, (_, i) => ({ id: 10 + i, layer: 2, desc: `${i}`, values: [], data: [] })),
        },
      ],
    };
    expect(firstBlocks([nested, block(2, 5)])).toBe(1);
  });
});
