/**
 * 价格段明细 of 车型价格段销量 (/pricevolume/cabmodelprice, spec 001 §2.5): each band's subtotal alone, or every
 * member under its band (`rows`, decision 174), by 系别, 品牌, 厂商, 厂商品牌 or 车系 with a picker per dimension;
 * sales or MIX with their 同比 as bars; a band's 其他 opens the detail dialog of the members folded into it.
 */
import { useLocation, useNavigate } from '@remix-run/react';
import { useState } from 'react';

import {
  BAND_TABLE_ROWS,
  type BandDetailRow,
  type BandTableRows,
  type DimensionTable,
  PRICE_DIMENSIONS,
  type PriceDimension,
  SALES_OR_MIX,
} from '@car/contracts';
import { DefinedLabel } from '~/components/DefinedLabel';
import { ParamToggle } from '~/components/ParamToggle';
import { PickerInput, type PickerKind } from '~/components/PickerInput';
import { PriceBandBars } from '~/components/PriceBandBars';
import { PriceBandDetailDialog } from '~/components/PriceBandDetailDialog';
import { SortHeader } from '~/components/SortHeader';
import { TablePanel } from '~/components/TablePanel';
import { growthClass } from '~/utils/format';
import type { PickItem } from '~/utils/pick-list';
import { BAND_SORT_COLUMNS, bandChangeText, bandDetailTitle, bandPeriodTitles, bandTableView, isBandSortColumn, isSubtotalRow } from '~/utils/price-band-table';
import { withParams } from '~/utils/sale-volume-query';
import { readSort } from '~/utils/table-sort';

/** The picker of each dimension but the first (系别 has none). */
const PICKERS: Partial<Record<PriceDimension, PickerKind>> = { 1: 'brand', 2: 'company', 3: 'companyBrand', 4: 'series' };
const TITLE = '价格段明细';

interface PriceBandTableProps {
  table: DimensionTable | null;
  /** The view (`rows`), the measure (`data2`: sales or MIX) and the dimension (`type`) the URL asks for. */
  rows: BandTableRows;
  data2: 0 | 1;
  type: PriceDimension;
  /** The members picked in the dimension's picker. */
  picked: PickItem[];
  downloadHref: string;
  loading: boolean;
}

export function PriceBandTable({ table: whole, rows, data2, type, picked, downloadHref, loading }: PriceBandTableProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<{ rows: BandDetailRow[]; title: string } | null>(null);
  const percent = data2 === 1;
  const subtotalsOnly = rows === 1;
  const order = readSort(new URLSearchParams(location.search), BAND_SORT_COLUMNS);
  const table = whole ? bandTableView(whole, rows, order) : whole;
  const picker = PICKERS[type];
  const dimensionLabel = PRICE_DIMENSIONS.find((d) => d.value === type)?.label ?? '';

  return (
    <>
      <TablePanel
        className="band-table"
        loading={loading}
        title={TITLE}
        tools={
          <>
            <ParamToggle param="rows" label="表格行" options={BAND_TABLE_ROWS} value={rows} />
            <ParamToggle param="data2" label="表格指标" options={SALES_OR_MIX} value={data2} clears={['sort']} />
            {subtotalsOnly ? null : <ParamToggle param="type" label="维度" options={PRICE_DIMENSIONS} value={type} clears={['foreignIds']} />}
            {picker && !subtotalsOnly ? (
              <div className="band-table__picker">
                <PickerInput
                  key={`${type}:${picked.map((p) => p.id).join(',')}`}
                  name="foreignIds"
                  kind={picker}
                  value={picked}
                  placeholder={`选择${dimensionLabel}`}
                  title={`选择${dimensionLabel}`}
                  onChange={(items) =>
                    navigate(withParams(location.search, { foreignIds: items.map((i) => i.id).join(',') || null }), { preventScrollReset: true })
                  }
                />
              </div>
            ) : null}
            <a className="ui mini basic button" href={downloadHref} download>
              下载
            </a>
          </>
        }
        scroll={{ label: TITLE, className: 'band-table__scroll' }}
        tableClassName="ui celled compact unstackable structured table"
        columns={(table?.titles ?? []).map((t) => {
          const legend = t.children.length ? (
            <span className="band-table__legend">
              {t.children.map((c, i) => (
                <span key={c.label} className={`band-table__legend-item band-table__legend-item--${i === 0 ? 'current' : 'last'}`}>
                  {c.label}
                </span>
              ))}
            </span>
          ) : null;
          // The bands keep the form's 排序; the member and the figures sort (a band's own figure by its period's).
          return isBandSortColumn(t.key) ? (
            <SortHeader key={t.key} column={t.key} order={order} label={t.label}>
              {t.label}
              {legend}
            </SortHeader>
          ) : (
            <th key={t.key}>
              <DefinedLabel label={t.label} />
              {legend}
            </th>
          );
        })}
        note={table && table.values.length === 0 ? <p className="filter-hint">暂无数据</p> : null}
      >
        {(table?.values ?? []).map((cells, i) => (
          <tr key={i} className={!subtotalsOnly && isSubtotalRow(cells) ? 'band-table__subtotal' : undefined}>
            {cells.map((cell) => {
              if (cell.key === 'jgd')
                return cell.merge > 0 ? (
                  <td key={cell.key} rowSpan={cell.merge} className="band-table__band">
                    {cell.data[0]}
                  </td>
                ) : null;
              if (cell.key === 'name') return <td key={cell.key}>{cell.data[0]}</td>;
              if (cell.key === 'xl0' || cell.key === 'mix') {
                const hidden = cell.hiddenList;
                return (
                  <td key={cell.key} className={hidden ? 'band-table__has-detail' : undefined}>
                    {hidden ? (
                      <button
                        type="button"
                        className="band-table__detail"
                        title="查看明细"
                        onClick={() => setDetail({ rows: hidden, title: bandDetailTitle(cells) })}
                      >
                        <PriceBandBars cell={cell} percent={percent} />
                      </button>
                    ) : (
                      <PriceBandBars cell={cell} percent={percent} />
                    )}
                  </td>
                );
              }
              return (
                <td key={cell.key} className={growthClass(cell.data[0] as number | null)}>
                  {bandChangeText(cell)}
                </td>
              );
            })}
          </tr>
        ))}
      </TablePanel>
      <PriceBandDetailDialog
        rows={detail?.rows ?? null}
        title={detail?.title ?? ''}
        saleMix={data2}
        periods={bandPeriodTitles(table)}
        onClose={() => setDetail(null)}
      />
    </>
  );
}
