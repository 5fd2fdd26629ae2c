/**
 * The price-structure table: the row label, then the answer's columns; the market's row bold, changes coloured.
 * It comes whole and sorts here by any column (decision 171), the market's row staying where it is.
 */
import { useLocation } from '@remix-run/react';

import type { PriceStructureTable as Table } from '@car/contracts';
import { growthClass } from '~/utils/format';
import { readSort, sortRows } from '~/utils/table-sort';
import { SortHeader } from './SortHeader';
import { TableScroll } from './TableScroll';

export function PriceStructureTable({ table, labelHeader }: { table: Table; labelHeader: string }) {
  const location = useLocation();
  const keys = table.columns.map((c) => c.key);
  const order = readSort(new URLSearchParams(location.search), ['name', ...keys]);
  const rows = sortRows(table.rows, order, {
    value: (row, column) => (column === 'name' ? row.name : row.values[keys.indexOf(column)]),
    role: (row) => (row.total ? 'total' : 'row'),
  });
  return (
    <TableScroll label="价格结构表" className="band-table__scroll">
      <table className="ui celled compact unstackable table structure-table kit-table" aria-label="价格结构表">
        <thead>
          <tr>
            <SortHeader column="name" order={order}>
              {labelHeader}
            </SortHeader>
            {table.columns.map((c) => (
              <SortHeader key={c.key} column={c.key} order={order}>
                {c.label}
              </SortHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.total ? 'total' : 'row'}-${row.id}`} className={row.total ? 'band-table__subtotal' : undefined}>
              <td>{row.name}</td>
              {table.columns.map((c, i) => (
                <td key={c.key} className={c.kind === 'growth' || c.kind === 'points' ? growthClass(row.values[i]) : undefined}>
                  {row.texts[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length === 0 ? <p className="filter-hint">暂无数据</p> : null}
    </TableScroll>
  );
}
