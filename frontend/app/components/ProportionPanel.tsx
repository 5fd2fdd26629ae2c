/**
 * A table of 销量占比分析 (/pricevolume/pricedimension, spec 001 §2.3, §2.4): trims with their price and
 * the columns of the chosen view (PROPORTION_VIEW_COLUMNS), subtotal rows marked, a view toggle, the
 * page's extra tools and a download; its own veil while its data changes.
 */
import type { ReactNode } from 'react';

import {
  PROPORTION_VIEW_COLUMNS,
  PROPORTION_VIEWS,
  type ProportionRow,
  type ProportionTable,
  growthText,
  pointsText,
  rankArrow,
  sharePercentText,
  thousands,
} from '@car/contracts';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { RankMark } from '~/components/RankMark';
import { growthClass } from '~/utils/format';

/** One cell of a view's column: a count, a share, a growth or a point change (coloured) or the rank with its arrow. */
function cellText(row: ProportionRow, column: (typeof PROPORTION_VIEW_COLUMNS)[0][number]) {
  const value = row[column.field];
  if (column.field === 'ranking') return <RankMark rank={row.rankingStr} arrow={rankArrow(row)} showFlat />;
  if (column.kind === 'count') return thousands(value as number);
  if (column.kind === 'share') return sharePercentText(value as number | null);
  if (column.kind === 'growth') return <span className={growthClass(value as number | null)}>{growthText(value as number | null)}</span>;
  if (column.kind === 'points') return <span className={growthClass(value as number | null)}>{pointsText(value as number | null)}</span>;
  return String(value);
}

export function ProportionPanel({
  title,
  table,
  view,
  viewParam,
  loading,
  downloadHref,
  tools,
  label,
}: {
  title: string;
  table: ProportionTable | null;
  view: 0 | 1 | 2 | 3;
  viewParam: string;
  loading: boolean;
  downloadHref: string;
  tools?: ReactNode;
  label: string;
}) {
  const columns = PROPORTION_VIEW_COLUMNS[view];
  return (
    <section className="panel proportion-panel" aria-busy={loading} aria-label={label}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools">
          <ParamToggle param={viewParam} label="视图" options={PROPORTION_VIEWS} value={view} />
          {tools}
          <a className="ui mini basic button" href={downloadHref} download>
            下载
          </a>
        </div>
      </header>
      <div className="band-table__scroll">
        <table className="ui celled compact unstackable table proportion-table">
          <thead>
            <tr>
              <th>车型</th>
              <th>价格</th>
              {columns.map((c) => (
                <th key={c.label}>{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(table?.rows ?? []).map((row) => (
              <tr key={`${row.subtotal ? 's' : 'c'}${row.id}`} className={row.subtotal ? 'is-subtotal' : undefined}>
                <td>{row.name}</td>
                <td>{row.priceStr}</td>
                {columns.map((c) => (
                  <td key={c.label}>{cellText(row, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PanelBusy active={loading} />
    </section>
  );
}
