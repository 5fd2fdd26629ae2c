/**
 * The price-structure table: the row label, then the answer's columns; the market's row bold, changes coloured.
 * It comes whole and sorts here by any column (decision 171), the market's row staying where it is, by the rule its
 * deck sorts by (contracts sortStructureRows).
 */
import { type PriceStructureTable as Table, type SortOrder, sortStructureRows } from '@car/contracts';
import { growthClass } from '~/utils/format';
import { SortHeader } from './SortHeader';
import { TableScroll } from './TableScroll';

export function PriceStructureTable({ table, labelHeader, order }: { table: Table; labelHeader: string; order: SortOrder | null }) {
  const rows = sortStructureRows(table, order);
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
