import { ariaSort, compareValues, nextSort, readSort, sortParamText, sortRows, type RowRole } from './table-sort';

describe('the sort cycle', () => {
  it('goes descending, ascending, then back to the default order', () => {
    const first = nextSort(null, 'sales');
    expect(first).toEqual({ column: 'sales', direction: 'desc' });
    const second = nextSort(first, 'sales');
    expect(second).toEqual({ column: 'sales', direction: 'asc' });
    expect(nextSort(second, 'sales')).toBeNull();
  });

  it('starts descending on another column', () => {
    expect(nextSort({ column: 'sales', direction: 'asc' }, 'yoy')).toEqual({ column: 'yoy', direction: 'desc' });
  });

  it('writes the URL value, and removes it for the default order', () => {
    expect(sortParamText({ column: 'yoy', direction: 'asc' })).toBe('yoy.asc');
    expect(sortParamText(null)).toBeNull();
  });

  it('gives aria-sort on the sorted column only', () => {
    const order = { column: 'sales', direction: 'desc' } as const;
    expect(ariaSort(order, 'sales')).toBe('descending');
    expect(ariaSort({ ...order, direction: 'asc' }, 'sales')).toBe('ascending');
    expect(ariaSort(order, 'yoy')).toBe('none');
    expect(ariaSort(null, 'sales')).toBe('none');
  });
});

describe('the order read from the URL', () => {
  const columns = ['sales', 'yoy'] as const;

  it('reads a known column and direction', () => {
    expect(readSort(new URLSearchParams('sort=yoy.asc'), columns)).toEqual({ column: 'yoy', direction: 'asc' });
  });

  it('reads an unknown column, a bad direction or nothing as the default order', () => {
    for (const text of ['sort=price.desc', 'sort=yoy.up', 'sort=yoy', 'sort=', '']) expect(readSort(new URLSearchParams(text), columns)).toBeNull();
  });

  it('reads a table of its own under its own key', () => {
    expect(readSort(new URLSearchParams('detailSort=sales.desc&sort=yoy.asc'), columns, 'detailSort')).toEqual({ column: 'sales', direction: 'desc' });
  });
});

describe('compareValues', () => {
  it('puts a missing figure last in both directions', () => {
    expect([3, null, 1, undefined, 2].sort((a, b) => compareValues(a, b, 'desc'))).toEqual([3, 2, 1, null, undefined]);
    expect([3, null, 1, 2].sort((a, b) => compareValues(a, b, 'asc'))).toEqual([1, 2, 3, null]);
  });

  it('orders names in pinyin', () => {
    expect(['长安', '比亚迪', '奥迪'].sort((a, b) => compareValues(a, b, 'asc'))).toEqual(['奥迪', '比亚迪', '长安']);
  });
});

interface Row {
  name: string;
  group: string | null;
  qty: number | null;
  role: RowRole;
}
const row = (name: string, group: string | null, qty: number | null, role: RowRole = 'row'): Row => ({ name, group, qty, role });
const options = { value: (r: Row) => r.qty, role: (r: Row) => r.role, group: (r: Row) => r.group };
const names = (rows: Row[]) => rows.map((r) => r.name);

describe('sortRows', () => {
  const table = [
    row('A1', '轿车', 5),
    row('A2', '轿车', 9),
    row('A3', '轿车', null),
    row('轿车小计', '轿车', 14, 'subtotal'),
    row('S1', 'SUV', 1),
    row('S2', 'SUV', 7),
    row('SUV小计', 'SUV', 8, 'subtotal'),
    row('合计', null, 22, 'total'),
  ];

  it('sorts within each group, the subtotal at its foot and the total last', () => {
    expect(names(sortRows(table, { column: 'qty', direction: 'desc' }, options))).toEqual(['A2', 'A1', 'A3', '轿车小计', 'S2', 'S1', 'SUV小计', '合计']);
    expect(names(sortRows(table, { column: 'qty', direction: 'asc' }, options))).toEqual(['A1', 'A2', 'A3', '轿车小计', 'S1', 'S2', 'SUV小计', '合计']);
  });

  it("keeps a lead row (a subtotal shown above its group) at its group's head", () => {
    const led = [
      row('轿车小计', '轿车', 14, 'lead'),
      row('A1', '轿车', 5),
      row('A2', '轿车', 9),
      row('SUV小计', 'SUV', 8, 'lead'),
      row('S1', 'SUV', 1),
      row('S2', 'SUV', 7),
    ];
    expect(names(sortRows(led, { column: 'qty', direction: 'desc' }, options))).toEqual(['轿车小计', 'A2', 'A1', 'SUV小计', 'S2', 'S1']);
  });

  it('keeps a total row at the head where the table puts it first', () => {
    const headed = [row('合计', null, 10, 'total'), row('x', null, 1), row('y', null, 9)];
    expect(names(sortRows(headed, { column: 'qty', direction: 'desc' }, options))).toEqual(['合计', 'y', 'x']);
  });

  it('keeps the default order without an order, and for ties', () => {
    expect(names(sortRows(table, null, options))).toEqual(names(table));
    const tied = [row('p', null, 1), row('q', null, 1), row('r', null, 2)];
    expect(names(sortRows(tied, { column: 'qty', direction: 'asc' }, options))).toEqual(['p', 'q', 'r']);
  });
});

describe('sortRows over a tree', () => {
  it('moves each region with its provinces, which sort under it', () => {
    interface Place {
      name: string;
      level: number;
      tp: number;
      role: RowRole;
    }
    const rows: Place[] = [
      { name: '全国', level: 0, tp: 10, role: 'total' },
      { name: '华北', level: 1, tp: 9, role: 'row' },
      { name: '北京', level: 2, tp: 8, role: 'row' },
      { name: '河北', level: 2, tp: 11, role: 'row' },
      { name: '华东', level: 1, tp: 12, role: 'row' },
      { name: '上海', level: 2, tp: 13, role: 'row' },
    ];
    const sorted = sortRows(rows, { column: 'tp', direction: 'desc' }, { value: (r) => r.tp, role: (r) => r.role, level: (r) => r.level });
    expect(sorted.map((r) => r.name)).toEqual(['全国', '华东', '上海', '华北', '河北', '北京']);
  });
});
