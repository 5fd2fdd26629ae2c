/**
 * 销量拉动's table: each member of the split with its volume in the two periods, the change, its 拉动 in points of the
 * total's growth and its part of the change; 合计 last, the figure each column adds up to (the contract's rounding to
 * the displayed decimal). A member's name is a link where it drills: the scope gains it, the split moves on.
 */
import { Link, useLocation } from '@remix-run/react';

import { ATTRIBUTION_NOTES, pointsHeader, pointsText, sharePercentText, signedThousands, thousands, type VolumeAttribution } from '@car/contracts';
import { drillHref } from '~/utils/attribution';
import { signClass } from '~/utils/format';
import { TablePanel } from './TablePanel';

export function AttributionVolumeTable({ answer, downloadHref, loading }: { answer: VolumeAttribution; downloadHref: string; loading: boolean }) {
  const location = useLocation();
  const { total } = answer;
  return (
    <TablePanel
      className="attribution-table"
      label="拉动明细"
      loading={loading}
      title={`${answer.byLabel}拉动明细`}
      headNote={<span className="attribution-periods">{`${answer.periods.current} vs ${answer.periods.base}`}</span>}
      tools={
        <a className="ui mini basic button" href={downloadHref} download>
          <i className="download icon" aria-hidden="true" />
          下载
        </a>
      }
      scroll={{ label: '拉动明细', className: 'attribution-table__scroll' }}
      tableClassName="ui celled compact unstackable table kit-table"
      columns={
        <>
          <th>{answer.byLabel}</th>
          <th className="is-figure">本期</th>
          <th className="is-figure">基期</th>
          <th className="is-figure">变化</th>
          <th className="is-figure">{pointsHeader('拉动')}</th>
          <th className="is-figure">变化占比</th>
        </>
      }
      note={<p className="attribution-note">{ATTRIBUTION_NOTES.volume}</p>}
    >
      {answer.rows.map((row) => (
        <tr key={row.id}>
          <td className="attribution-table__name">
            {row.drill ? (
              // A drill opens the new scope from its top: its breadcrumb, cards and chart first.
              <Link to={drillHref(location.search, row.drill)} title={`下钻：${row.name}`}>
                {row.name}
              </Link>
            ) : (
              row.name
            )}
          </td>
          <td className="is-figure">{thousands(row.current)}</td>
          <td className="is-figure">{thousands(row.base)}</td>
          <td className={`is-figure ${signClass(row.change)}`}>{signedThousands(row.change)}</td>
          <td className={`is-figure ${signClass(row.contribution)}`}>{pointsText(row.contribution)}</td>
          <td className="is-figure">{sharePercentText(row.changeShare)}</td>
        </tr>
      ))}
      <tr className="attribution-total">
        <td>合计</td>
        <td className="is-figure">{thousands(total.current)}</td>
        <td className="is-figure">{thousands(total.base)}</td>
        <td className={`is-figure ${signClass(total.change)}`}>{signedThousands(total.change)}</td>
        <td className={`is-figure ${signClass(total.growth)}`}>{pointsText(total.growth)}</td>
        <td className="is-figure">{total.change === 0 ? '-' : sharePercentText(100)}</td>
      </tr>
    </TablePanel>
  );
}
