/**
 * 车型价格段销量 (/pricevolume/cabmodelprice, spec 001 §2.5): the filtered market's retail volume per
 * price band (TP or MSRP, single month or January to date), as summary tags, a band chart (sales / MIX,
 * image export) and a detail table by 系别, 品牌, 厂商, 厂商品牌 or 车系 with a picker per dimension and a
 * detail dialog for a band's 其他 row. The table shows each band's subtotal alone by default, or every
 * member under its band (`rows`, decision 174); the chart carries each band's 同比 as a line. State rules
 * of §4: the chart toggle reloads the chart, the table toggles the table, a filter change both; every view
 * is a URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { Icon } from 'semantic-ui-react';

import {
  BAND_TABLE_ROWS,
  type BandDetailRow,
  type LetterGroup,
  PRICE_DIMENSIONS,
  PRICE_VOLUME,
  type PriceDimension,
  SALES_OR_MIX,
  SEARCH,
  type SeriesItem,
  growthText,
  pointsText,
  PRICE_QTY_FILTER_PARAMS,
} from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DefinedLabel } from '~/components/DefinedLabel';
import { DemoDataNote } from '~/components/DemoDataNote';
import { HeaderTags } from '~/components/HeaderTags';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { PickerInput, type PickerKind } from '~/components/PickerInput';
import { PriceBandBars } from '~/components/PriceBandBars';
import { PriceBandDetailDialog } from '~/components/PriceBandDetailDialog';
import { PriceBandFilters } from '~/components/PriceBandFilters';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SortHeader } from '~/components/SortHeader';
import { TableScroll } from '~/components/TableScroll';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { apiGet } from '~/utils/api.server';
import { growthClass } from '~/utils/format';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import type { PickItem } from '~/utils/pick-list';
import { BAND_SORT_COLUMNS, BAND_TABLE_KEYS, bandSubtotals, bandTableRows, isSubtotalRow, sortBandTable } from '~/utils/price-band-table';
import { priceBandTags } from '~/utils/price-band-tags';
import { loadPriceQtyLookups } from '~/utils/price-volume-lookups.server';
import { priceQtyApiParams, readPriceQtyFilters } from '~/utils/price-volume-query';
import { wholeTablePageShouldRevalidate } from '~/utils/revalidation';
import { withParams } from '~/utils/sale-volume-query';
import { readSort } from '~/utils/table-sort';
import { urlState } from '~/utils/url-state';
import { apiDownloadHref } from '~/utils/download';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceVolumeCss from '~/styles/pricevolume.css?url';

export const meta: MetaFunction = () => titled('车型价格段销量');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceVolumeCss }];

const CHART_HEIGHT = 360;
/** The picker of each dimension but the first (系别 has none). */
const PICKERS: Partial<Record<PriceDimension, PickerKind>> = { 1: 'brand', 2: 'company', 3: 'companyBrand', 4: 'series' };

/** Names of the picked members, from the search lists the pickers show. */
async function pickedNames(request: Request, context: Parameters<typeof apiGet>[1], type: PriceDimension, ids: number[]): Promise<PickItem[]> {
  if (ids.length === 0 || type === 0) return [];
  const names = new Map<number, string>();
  if (type === 4) {
    const groups = (await apiGet(request, context, SEARCH.series, {})) as LetterGroup<SeriesItem>[];
    for (const g of groups) for (const s of g.list) for (const sub of s.subList) names.set(sub.id, sub.name);
  } else {
    const endpoint = type === 1 ? SEARCH.brands : type === 2 ? SEARCH.producers : SEARCH.producerBrands;
    for (const g of await apiGet(request, context, endpoint, {})) for (const item of g.list) names.set(item.id, item.name);
  }
  return ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = readPriceQtyFilters(params);
  // The chart's sales / MIX is the page's `chart`; the table's toggles and members are its call's own.
  const chartData2 = urlState(PRICE_VOLUME.highCharts.params, params).value('data2', { from: 'chart' });
  const tableUrl = urlState(PRICE_VOLUME.table.params, params);
  const data2 = tableUrl.value('data2');
  const type = tableUrl.value('type');
  const foreignIds = type === 0 ? [] : tableUrl.list('foreignIds');
  const rows = bandTableRows(urlState(BAND_TABLE_KEYS, params).value('rows'));
  const api = priceQtyApiParams(filters);
  const tableParams = { ...api, data2, type, ...(foreignIds.length ? { foreignIds: foreignIds.join(',') } : {}) };
  const [lookups, chart, table, picked, brands] = await Promise.all([
    loadPriceQtyLookups(request, context),
    settle(apiGet(request, context, PRICE_VOLUME.highCharts, { ...api, data2: chartData2 })),
    settle(apiGet(request, context, PRICE_VOLUME.table, tableParams)),
    settle(pickedNames(request, context, type, foreignIds)),
    settle(pickedNames(request, context, 1, filters.brand)),
  ]);
  return {
    filters: { ...filters, time: filters.time ?? lookups.value?.months[0] ?? null },
    lookups: lookups.value,
    chart: chart.value,
    table: table.value,
    chartData2,
    data2,
    type,
    rows,
    picked: picked.value ?? [],
    brands: brands.value ?? [],
    downloadHref: apiDownloadHref(PRICE_VOLUME.download, tableParams),
    // 导出PPT (issue 31, decision 217): the deck of the chart and the table as the page shows them.
    deckHref: apiDownloadHref(PRICE_VOLUME.priceQtyPpt, { ...tableParams, chart: chartData2, rows }),
    failure: firstFailure(lookups, chart, table, picked, brands),
  };
}

export type CabModelPriceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = wholeTablePageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;
export const handle: ShellHandle = { filterPanel: PriceBandFilters };

export default function CabModelPrice() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const [detail, setDetail] = useState<{ rows: BandDetailRow[]; title: string } | null>(null);
  const filtersChanging = touches(pending, PRICE_QTY_FILTER_PARAMS);
  const tableLoading = filtersChanging || touches(pending, ['data2', 'type', 'foreignIds', 'rows']);
  const percent = data.data2 === 1;
  const subtotalsOnly = data.rows === 1;
  const order = readSort(new URLSearchParams(location.search), BAND_SORT_COLUMNS);
  const view = data.table && subtotalsOnly ? bandSubtotals(data.table) : data.table;
  const table = view ? sortBandTable(view, order) : view;
  const periodTitles = table?.titles[2]?.children.map((c) => c.label) ?? [];
  const picker = PICKERS[data.type];
  const dimensionLabel = PRICE_DIMENSIONS.find((d) => d.value === data.type)?.label ?? '';

  return (
    <div className="sales-page price-volume-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">车型价格段销量</h2>
        <DemoDataNote />
        <DataAsOf source="retail" />
        <a className="ui mini basic button sales-page__deck" href={data.deckHref} download>
          <Icon name="file powerpoint outline" />
          导出PPT
        </a>
      </div>
      <HeaderTags tags={priceBandTags(data.filters, data.lookups, data.brands)} />
      <TrendChart
        title="价格段销量"
        chart={data.chart}
        height={CHART_HEIGHT}
        showGranularity={false}
        percent={data.chartData2 === 1}
        fileName={`车型价格段销量_${data.filters.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['chart'])}
        extra={<ParamToggle param="chart" label="图表指标" options={SALES_OR_MIX} value={data.chartData2} />}
      />
      <section className="panel band-table" aria-busy={tableLoading}>
        <header className="panel__head">
          <h3 className="panel__title">价格段明细</h3>
          <div className="panel__tools">
            <ParamToggle param="rows" label="表格行" options={BAND_TABLE_ROWS} value={data.rows} />
            <ParamToggle param="data2" label="表格指标" options={SALES_OR_MIX} value={data.data2} clears={['sort']} />
            {subtotalsOnly ? null : <ParamToggle param="type" label="维度" options={PRICE_DIMENSIONS} value={data.type} clears={['foreignIds']} />}
            {picker && !subtotalsOnly ? (
              <div className="band-table__picker">
                <PickerInput
                  key={`${data.type}:${data.picked.map((p) => p.id).join(',')}`}
                  name="foreignIds"
                  kind={picker}
                  value={data.picked}
                  placeholder={`选择${dimensionLabel}`}
                  title={`选择${dimensionLabel}`}
                  onChange={(items) =>
                    navigate(withParams(location.search, { foreignIds: items.map((i) => i.id).join(',') || null }), { preventScrollReset: true })
                  }
                />
              </div>
            ) : null}
            <a className="ui mini basic button" href={data.downloadHref} download>
              下载
            </a>
          </div>
        </header>
        <TableScroll label="价格段明细" className="band-table__scroll">
          <table className="ui celled compact unstackable structured table">
            <thead>
              <tr>
                {(table?.titles ?? []).map((t) => {
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
                  return (BAND_SORT_COLUMNS as readonly string[]).includes(t.key) ? (
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
              </tr>
            </thead>
            <tbody>
              {(table?.values ?? []).map((cells, i) => {
                const subtotal = !subtotalsOnly && isSubtotalRow(cells);
                return (
                  <tr key={i} className={subtotal ? 'band-table__subtotal' : undefined}>
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
                                onClick={() => setDetail({ rows: hidden, title: `${cells[0].data[0]} ${cells[1].data[0]}` })}
                              >
                                <PriceBandBars cell={cell} percent={percent} />
                              </button>
                            ) : (
                              <PriceBandBars cell={cell} percent={percent} />
                            )}
                          </td>
                        );
                      }
                      const value = cell.data[0] as number | null;
                      return (
                        <td key={cell.key} className={growthClass(value)}>
                          {cell.key === 'mixYoy' ? pointsText(value) : growthText(value)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {table && table.values.length === 0 ? <p className="filter-hint">暂无数据</p> : null}
        </TableScroll>
        <PanelBusy active={tableLoading} />
      </section>
      <PriceBandDetailDialog
        rows={detail?.rows ?? null}
        title={detail?.title ?? ''}
        saleMix={data.data2}
        periods={periodTitles}
        onClose={() => setDetail(null)}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
