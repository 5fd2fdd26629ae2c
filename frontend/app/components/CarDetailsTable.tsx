/**
 * The car-model detail table of the producer/brand page (spec 000 §2): segment and its share of the
 * producer's or brand's volume (merged down the segment's rows), model, sales, last year's sales, year-on-year growth,
 * segment share, share change and the rank in the segment with its arrow; subtotal rows highlighted;
 * the producer's or brand's total and the market's at the bottom. Current month or year to date is
 * the URL's `accumulate`; the download link writes the same table as .xlsx.
 */
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';

import { type Accumulate, ACCUMULATE_OPTIONS, type CarDetails, type ModelRow, pointsHeader, rankArrow } from '@car/contracts';
import { DETAIL_SORT_KEY, detailLines, detailSort } from '~/utils/company-brand-details';
import { growthClass } from '~/utils/format';
import { ParamToggle } from './ParamToggle';
import { RankMark } from './RankMark';
import { ShareChange } from './ShareChange';
import { SortHeader } from './SortHeader';
import { TablePanel } from './TablePanel';

interface CarDetailsTableProps {
  title: string;
  details: CarDetails | null;
  accumulate: Accumulate;
  downloadHref: string | null;
  loading?: boolean;
  /** Shown when there is no producer or brand to show (nothing ranked, or the call failed). */
  emptyText?: string;
  /** Controls before the month / year-to-date switch. */
  extra?: ReactNode;
}

function Figures({ row, tqTime }: { row: ModelRow; tqTime: string }) {
  return (
    <>
      <td className="car-details__num" title={`${tqTime}：${row.tqSalesStr}`}>
        {row.salesStr}
      </td>
      <td className="car-details__num">{row.tqSalesStr}</td>
      <td className="car-details__num">
        <span className={growthClass(row.yoy)}>{row.yoyStr}</span>
      </td>
      <td className="car-details__num">{row.detailMixStr}</td>
      <td className="car-details__num">
        <ShareChange value={row.detailMixChange} />
      </td>
      <td className="car-details__num">
        <RankMark rank={row.rankingStr} arrow={rankArrow(row)} showFlat />
      </td>
    </>
  );
}

export function CarDetailsTable({ title, details, accumulate, downloadHref, loading = false, emptyText = '暂无数据', extra }: CarDetailsTableProps) {
  const location = useLocation();
  const order = detailSort(new URLSearchParams(location.search));
  const lines = details ? detailLines(details, order) : [];
  const sortable = (column: string, label: string) => (
    <SortHeader column={column} order={order} urlKey={DETAIL_SORT_KEY} className="car-details__num">
      {label}
    </SortHeader>
  );

  return (
    <TablePanel
      className="car-details"
      label={title}
      loading={loading}
      title={
        <>
          {title}
          {details ? (
            <span className="car-details__period">
              {details.time}
              <small>（同期 {details.tqTime}）</small>
            </span>
          ) : null}
        </>
      }
      tools={
        <>
          {extra}
          <ParamToggle param="accumulate" options={ACCUMULATE_OPTIONS} value={accumulate} omit={0} />
          {downloadHref ? (
            <a className="ui mini basic button" href={downloadHref} download>
              <Icon name="download" />
              下载
            </a>
          ) : null}
        </>
      }
      scroll={{ label: title, className: 'car-details__scroll' }}
      tableClassName="ui celled compact unstackable table kit-table kit-table--grouped"
      columns={
        <>
          <th>细分市场（占比）</th>
          <SortHeader column="name" order={order} urlKey={DETAIL_SORT_KEY}>
            车型
          </SortHeader>
          {sortable('sales', '销量')}
          {sortable('tqSales', '去年同期销量')}
          {sortable('yoy', '同比')}
          {sortable('detailMix', '细分市场份额')}
          {sortable('detailMixChange', pointsHeader('份额变化'))}
          {sortable('ranking', '细分市场排名')}
        </>
      }
    >
      {details && details.details.length === 0 ? (
        <tr>
          <td colSpan={8} className="car-details__empty">
            所选条件下没有销量
          </td>
        </tr>
      ) : null}
      {!details ? (
        <tr>
          <td colSpan={8} className="car-details__empty">
            {emptyText}
          </td>
        </tr>
      ) : null}
      {lines.map((line) =>
        line.kind === 'total' ? (
          <tr key={line.key} className="is-subtotal is-total">
            <td colSpan={2}>{line.row.name}</td>
            <Figures row={line.row} tqTime={details?.tqTime ?? ''} />
          </tr>
        ) : (
          <tr key={line.key} className={line.kind === 'subtotal' ? 'is-subtotal' : undefined}>
            {line.segment ? (
              <td rowSpan={line.segment.rowSpan} className="car-details__segment">
                <div className="car-details__segment-name">{line.segment.name}</div>
                <div className="car-details__segment-mix" title={`去年同期 ${line.segment.tqMixStr}`}>
                  <span className="car-details__bar" style={{ width: `${Math.max(0, Math.min(100, line.segment.width))}%` }} />
                  <span className="car-details__mix">{line.segment.mixStr}</span>
                </div>
              </td>
            ) : null}
            <td className="car-details__model">{line.row.name}</td>
            <Figures row={line.row} tqTime={details?.tqTime ?? ''} />
          </tr>
        ),
      )}
    </TablePanel>
  );
}
