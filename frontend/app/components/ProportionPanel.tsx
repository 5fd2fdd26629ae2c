/**
 * A table of 销量占比分析 (/pricevolume/pricedimension, spec 001 §2.3, §2.4): trims with their price and
 * the columns of the chosen view (PROPORTION_VIEW_COLUMNS), subtotal rows marked, a view toggle, the
 * page's extra tools and a download; its own veil while its data changes.
 */
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

import {
  PROPORTION_VIEW_COLUMNS,
  PROPORTION_VIEWS,
  proportionSortColumns,
  sortProportionRows,
  type ProportionRow,
  type ProportionTable,
  growthText,
  pointsText,
  rankArrow,
  sharePercentText,
  thousands,
} from '@car/contracts';
import { ParamToggle } from '~/components/ParamToggle';
import { RankMark } from '~/components/RankMark';
import { growthClass } from '~/utils/format';
import { readSort } from '~/utils/table-sort';
import { SortHeader } from './SortHeader';
import { TablePanel } from './TablePanel';

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
  const location = useLocation();
  const columns = PROPORTION_VIEW_COLUMNS[view];
  // The table comes whole and sorts here, trims within their sub-series, each subtotal at its foot (decision 171);
  // the page's two tables keep their orders apart (`singleViewSort`, `compareViewSort`).
  const sortKey = `${viewParam}Sort`;
  const order = readSort(new URLSearchParams(location.search), proportionSortColumns(view), sortKey);
  const rows = sortProportionRows(table?.rows ?? [], order);
  const header = (column: string, text: string, figure = true) => (
    <SortHeader key={column} column={column} order={order} urlKey={sortKey} className={figure ? 'is-figure' : undefined}>
      {text}
    </SortHeader>
  );
  return (
    <TablePanel
      className="proportion-panel"
      label={label}
      loading={loading}
      title={title}
      tools={
        <>
          <ParamToggle param={viewParam} label="视图" options={PROPORTION_VIEWS} value={view} />
          {tools}
          <a className="ui mini basic button" href={downloadHref} download>
            下载
          </a>
        </>
      }
      scroll={{ label, className: 'band-table__scroll' }}
      tableClassName="ui celled compact unstackable table proportion-table kit-table"
      columns={
        <>
          {header('name', '车型', false)}
          {header('price', '价格')}
          {columns.map((c) => header(c.field, c.label))}
        </>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.subtotal ? 's' : 'c'}${row.id}`} className={row.subtotal ? 'is-subtotal' : undefined}>
          {/* A trim new this model year compared with the one it replaced says which (decision 278). */}
          <td className={row.priorName ? 'proportion-table__met' : undefined} title={row.priorName ? `同期为 ${row.priorName}` : undefined}>
            {row.name}
          </td>
          <td className="is-figure">{row.priceStr}</td>
          {columns.map((c) => (
            <td key={c.label} className="is-figure">
              {cellText(row, c)}
            </td>
          ))}
        </tr>
      ))}
    </TablePanel>
  );
}
