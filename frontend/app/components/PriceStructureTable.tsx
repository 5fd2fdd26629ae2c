/** The price-structure table: the row label, then the answer's columns; the market's row bold, changes coloured. */
import type { PriceStructureTable as Table } from '@car/contracts';
import { growthClass } from '~/utils/format';

export function PriceStructureTable({ table, labelHeader }: { table: Table; labelHeader: string }) {
  return (
    <div className="band-table__scroll">
      <table className="ui celled compact unstackable table structure-table" aria-label="价格结构表">
        <thead>
          <tr>
            <th>{labelHeader}</th>
            {table.columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
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
    </div>
  );
}
