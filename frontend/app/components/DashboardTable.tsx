import { Link } from '@remix-run/react';
import type { DashboardCityRow, DashboardRow } from '@car/contracts';
import { DefinedLabel } from './DefinedLabel';
import { Growth } from './Growth';

/**
 * A dashboard top list: rank, name, volume in 千辆, share and yoy; city rows add 限行 / 限购 tags. With
 * `hrefOf`, each name is a link to the row's analysis page (utils/dashboard-links.ts).
 */
export function DashboardTable({
  rows,
  firstRank = 1,
  nameHeader,
  busy,
  hrefOf,
}: {
  rows: ReadonlyArray<DashboardRow | DashboardCityRow>;
  firstRank?: number;
  nameHeader: string;
  busy?: boolean;
  hrefOf?: (id: number) => string;
}) {
  const cities = rows.some((r) => 'xianxing' in r);
  return (
    <table className={`dashboard-table${busy ? ' is-busy' : ''}`}>
      <thead>
        <tr>
          <th>
            <DefinedLabel label="排名" />
          </th>
          <th>{nameHeader}</th>
          <th>
            <DefinedLabel label="销量（千辆）" />
          </th>
          <th>
            <DefinedLabel label="份额" />
          </th>
          <th>
            <DefinedLabel label="同比" />
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={5} className="dashboard-table__empty">
              暂无数据
            </td>
          </tr>
        ) : (
          rows.map((r, i) => (
            <tr key={r.id}>
              <td>{firstRank + i}</td>
              <td>
                {hrefOf ? (
                  <Link to={hrefOf(r.id)} className="dashboard-table__link">
                    {r.name}
                  </Link>
                ) : (
                  r.name
                )}
                {cities && 'xianxing' in r && r.xianxing ? <span className="flag flag--drive">限行</span> : null}
                {cities && 'xiangou' in r && r.xiangou ? <span className="flag flag--buy">限购</span> : null}
              </td>
              <td>{r.qtyStr}</td>
              <td>{r.perStr}</td>
              <td>
                <Growth value={r.yoy} text={r.yoys} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
