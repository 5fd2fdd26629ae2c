/**
 * 车型价格段销量 (/pricevolume/cabmodelprice, spec 001 §2.5): the filtered market's retail volume per
 * price band (TP or MSRP, single month or January to date), as summary tags, a band chart (sales / MIX,
 * image export) and a detail table by 系别, 品牌, 厂商, 厂商品牌 or 车系 with a picker per dimension and a
 * detail dialog for a band's 其他 row. State rules of §4: the chart toggle reloads the chart, the table
 * toggles the table, a filter change both; every view is a URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { Modal } from 'semantic-ui-react';

import {
  BAND_ORDERS, type BandDetailRow, bandRangeText, bandSettingsSummary, type DimensionCell, type LetterGroup, MONTH_OR_CUMULATIVE, PRICE_BASES, PRICE_DIMENSIONS, PRICE_VOLUME, type PriceDimension,
  SALES_OR_MIX, SEARCH, type SeriesItem, growthText, sharePercentText, thousands,
} from '@car/contracts';
import { BandRangeFields } from '~/components/BandRangeFields';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { CitySelect, cityName } from '~/components/CitySelect';
import { DemoDataNote } from '~/components/DemoDataNote';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { HeaderTags } from '~/components/HeaderTags';
import { MonthPicker } from '~/components/MonthPicker';
import { MultiSelect } from '~/components/MultiSelect';
import { PanelBusy } from '~/components/PanelBusy';
import { ParamToggle } from '~/components/ParamToggle';
import { PickerInput, type PickerKind } from '~/components/PickerInput';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { apiGet } from '~/utils/api.server';
import { growthClass } from '~/utils/format';
import { titled } from '~/utils/meta';
import { multiSelectText } from '~/utils/multi-select';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import type { PickItem } from '~/utils/pick-list';
import { loadPriceQtyLookups, type PriceQtyLookups } from '~/utils/price-volume-lookups.server';
import { PRICE_QTY_FILTER_PARAMS, priceQtyApiParams, readPriceQtyFilters, type PriceQtyFilters } from '~/utils/price-volume-query';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { withParams } from '~/utils/sale-volume-query';
import { urlState } from '~/utils/url-state';
import { apiDownloadHref } from '~/utils/download';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceVolumeCss from '~/styles/pricevolume.css?url';

export const meta: MetaFunction = () => titled('车型价格段销量');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceVolumeCss }];

const CHART_HEIGHT = 360;
/** The detail dialog's table height (spec §2.5). */
const DETAIL_HEIGHT = 276;
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
    picked: picked.value ?? [],
    brands: brands.value ?? [],
    downloadHref: apiDownloadHref(PRICE_VOLUME.download, tableParams),
    failure: firstFailure(lookups, chart, table, picked, brands),
  };
}

export type CabModelPriceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

function keyOptions(list: ReadonlyArray<{ key: number | string; value: string }> | undefined) {
  return (list ?? []).filter((p) => Number(p.key) !== -1).map((p) => ({ value: Number(p.key), label: p.value }));
}

function CabModelPriceFilters({ data }: { data: unknown }) {
  const d = data as CabModelPriceData;
  const f = d.filters;
  const [month, setMonth] = useState(f.time);
  const [producerProperties, setProducerProperties] = useState(f.producerProperties);
  const [brandProperties, setBrandProperties] = useState(f.brandProperties);
  const [brands, setBrands] = useState<PickItem[]>(d.brands);
  const [bodyShape, setBodyShape] = useState(f.bodyShape);
  const [series, setSeries] = useState(f.series);
  const months = d.lookups?.months ?? [];
  const ppOptions = keyOptions(d.lookups?.producerProperties);
  const bpOptions = keyOptions(d.lookups?.brandProperties);
  const bodyOptions = keyOptions(d.lookups?.bodyShapes);
  const familyOptions = keyOptions(d.lookups?.families);
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          {month && months.length ? <MonthPicker name="time" value={month} months={months} onChange={setMonth} /> : <p className="filter-hint">暂无可选月份</p>}
          <label className="filter-field">
            细分市场
            <select name="detailId" className="ui fluid selection dropdown native-select" defaultValue={f.detailId} aria-label="细分市场">
              {(d.lookups?.segments ?? [{ id: -1, name: '整体市场' }]).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <div className="filter-field">
            厂商属性
            <MultiSelect name="producerProperties" label="厂商属性" options={ppOptions} value={producerProperties} onChange={setProducerProperties} />
          </div>
          <div className="filter-field">
            品牌属性
            <MultiSelect name="brandProperties" label="品牌属性" options={bpOptions} value={brandProperties} onChange={setBrandProperties} />
          </div>
          <div className="filter-field">
            品牌
            <PickerInput name="brand" kind="brand" label="品牌" value={brands} placeholder="全部品牌" title="选择品牌" onChange={setBrands} />
          </div>
          <div className="filter-field">
            车身形式
            <MultiSelect name="bodyShape" label="车身形式" options={bodyOptions} value={bodyShape} onChange={setBodyShape} />
          </div>
          <div className="filter-field">
            系别
            <MultiSelect name="series" label="系别" options={familyOptions} value={series} onChange={setSeries} />
          </div>
        </div>
      ),
    },
    {
      title: '数据口径',
      summary: bandSettingsSummary(f),
      content: (
        <div className="filter-stack">
          <BandRangeFields priceLow={f.priceLow} priceHigh={f.priceHigh} segment={f.segment} orderBy={f.orderBy} />
          <ChoiceRadios name="data1" label="价格" options={PRICE_BASES} value={f.data1} />
          <CitySelect name="tpCity" label="TP城市" value={f.tpCity} provinces={d.lookups?.cities ?? []} />
          <ChoiceRadios name="accumulate" label="平均" options={MONTH_OR_CUMULATIVE} value={f.accumulate} />
        </div>
      ),
    },
  ];
  return <FilterPanel key={JSON.stringify(f)} groups={groups} keep={{ chart: d.chartData2, data2: d.data2, type: d.type }} resetTo="/pricevolume/cabmodelprice" />;
}

export const handle: ShellHandle = { filterPanel: CabModelPriceFilters };

function summaryTags(f: PriceQtyFilters, lookups: PriceQtyLookups | null, brands: readonly PickItem[]) {
  const listText = (ids: number[], options: ReturnType<typeof keyOptions>) => (ids.length ? multiSelectText(ids, options) : '全部');
  const labelOf = <T extends number>(options: ReadonlyArray<{ value: T; label: string }>, value: T) => options.find((o) => o.value === value)?.label ?? '-';
  return [
    { label: '时间', value: f.time ? `${f.time.slice(0, 4)}年${Number(f.time.slice(5, 7))}月` : '-' },
    { label: '市场', value: lookups?.segments.find((s) => s.id === f.detailId)?.name ?? '整体市场' },
    { label: '厂商属性', value: listText(f.producerProperties, keyOptions(lookups?.producerProperties)) },
    { label: '品牌属性', value: listText(f.brandProperties, keyOptions(lookups?.brandProperties)) },
    { label: '品牌', value: brands.length ? brands.map((b) => b.name).join('、') : '全部' },
    { label: '车身形式', value: listText(f.bodyShape, keyOptions(lookups?.bodyShapes)) },
    { label: '系别', value: listText(f.series, keyOptions(lookups?.families)) },
    { label: '价格区间', value: bandRangeText(f) },
    { label: '排序', value: labelOf(BAND_ORDERS, f.orderBy) },
    { label: '价格', value: labelOf(PRICE_BASES, f.data1) },
    ...(f.data1 === 0 ? [{ label: 'TP城市', value: cityName(lookups?.cities, f.tpCity) ?? '全国' }] : []),
    { label: '平均', value: labelOf(MONTH_OR_CUMULATIVE, f.accumulate) },
  ];
}

function Bars({ cell, percent }: { cell: DimensionCell; percent: boolean }) {
  const [value, lastYear, width, lastWidth] = cell.data as [number | null, number | null, number, number];
  const show = (v: number | null) => (percent ? sharePercentText(v) : thousands(v));
  return (
    <div className="band-bars">
      <div className="band-bars__row">
        <span className="band-bars__bar band-bars__bar--current" style={{ width: `${width}%` }} />
        <span className="band-bars__value">{show(value)}</span>
      </div>
      <div className="band-bars__row">
        <span className="band-bars__bar band-bars__bar--last" style={{ width: `${lastWidth}%` }} />
        <span className="band-bars__value band-bars__value--last">{show(lastYear)}</span>
      </div>
    </div>
  );
}

function DetailDialog({ rows, saleMix, title, periods, onClose }: { rows: BandDetailRow[] | null; saleMix: 0 | 1; title: string; periods: string[]; onClose: () => void }) {
  return (
    <Modal open={rows !== null} onClose={onClose} size="small" closeIcon className="detail-dialog">
      <Modal.Header>{title}</Modal.Header>
      <Modal.Content>
        <div style={{ maxHeight: DETAIL_HEIGHT, overflowY: 'auto' }}>
          <table className="ui celled compact unstackable table detail-table">
            <thead>
              <tr>
                <th>名称</th>
                {saleMix === 1 ? (
                  <>
                    <th>{periods[0]} MIX</th>
                    <th>{periods[1]} MIX</th>
                    <th>MIX变化</th>
                  </>
                ) : (
                  <>
                    <th>{periods[0]} 销量</th>
                    <th>{periods[1]} 销量</th>
                    <th>同比</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((r) => (
                <tr key={r.name}>
                  <td>{r.name}</td>
                  {saleMix === 1 ? (
                    <>
                      <td>{sharePercentText(r.mix)}</td>
                      <td>{sharePercentText(r.tqMix)}</td>
                      <td className={growthClass(r.mixYoy)}>{growthText(r.mixYoy)}</td>
                    </>
                  ) : (
                    <>
                      <td>{thousands(r.sales)}</td>
                      <td>{thousands(r.tqSales)}</td>
                      <td className={growthClass(r.yoy)}>{growthText(r.yoy)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Modal.Content>
    </Modal>
  );
}

export default function CabModelPrice() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const [detail, setDetail] = useState<{ rows: BandDetailRow[]; title: string } | null>(null);
  const filtersChanging = touches(pending, PRICE_QTY_FILTER_PARAMS);
  const tableLoading = filtersChanging || touches(pending, ['data2', 'type', 'foreignIds']);
  const percent = data.data2 === 1;
  const table = data.table;
  const periodTitles = table?.titles[2]?.children.map((c) => c.label) ?? [];
  const picker = PICKERS[data.type];
  const dimensionLabel = PRICE_DIMENSIONS.find((d) => d.value === data.type)?.label ?? '';

  return (
    <div className="sales-page price-volume-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">车型价格段销量</h2>
        <DemoDataNote />
      </div>
      <HeaderTags tags={summaryTags(data.filters, data.lookups, data.brands)} />
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
            <ParamToggle param="data2" label="表格指标" options={SALES_OR_MIX} value={data.data2} />
            <ParamToggle param="type" label="维度" options={PRICE_DIMENSIONS} value={data.type} clears={['foreignIds']} />
            {picker ? (
              <div className="band-table__picker">
                <PickerInput
                  key={`${data.type}:${data.picked.map((p) => p.id).join(',')}`}
                  name="foreignIds"
                  kind={picker}
                  value={data.picked}
                  placeholder={`选择${dimensionLabel}`}
                  title={`选择${dimensionLabel}`}
                  onChange={(items) => navigate(withParams(location.search, { foreignIds: items.map((i) => i.id).join(',') || null }), { preventScrollReset: true })}
                />
              </div>
            ) : null}
            <a className="ui mini basic button" href={data.downloadHref} download>
              下载
            </a>
          </div>
        </header>
        <div className="band-table__scroll">
          <table className="ui celled compact unstackable structured table">
            <thead>
              <tr>
                {(table?.titles ?? []).map((t) => (
                  <th key={t.key} colSpan={1} rowSpan={1}>
                    {t.label}
                    {t.children.length ? (
                      <span className="band-table__legend">
                        {t.children.map((c, i) => (
                          <span key={c.label} className={`band-table__legend-item band-table__legend-item--${i === 0 ? 'current' : 'last'}`}>
                            {c.label}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(table?.values ?? []).map((cells, i) => {
                const subtotal = cells[1]?.data[0] === '小计';
                return (
                  <tr key={i} className={subtotal ? 'band-table__subtotal' : undefined}>
                    {cells.map((cell) => {
                      if (cell.key === 'jgd') return cell.merge > 0 ? <td key={cell.key} rowSpan={cell.merge} className="band-table__band">{cell.data[0]}</td> : null;
                      if (cell.key === 'name') return <td key={cell.key}>{cell.data[0]}</td>;
                      if (cell.key === 'xl0' || cell.key === 'mix') {
                        const hidden = cell.hiddenList;
                        return (
                          <td key={cell.key} className={hidden ? 'band-table__has-detail' : undefined}>
                            {hidden ? (
                              <button type="button" className="band-table__detail" title="查看明细" onClick={() => setDetail({ rows: hidden, title: `${cells[0].data[0]} ${cells[1].data[0]}` })}>
                                <Bars cell={cell} percent={percent} />
                              </button>
                            ) : (
                              <Bars cell={cell} percent={percent} />
                            )}
                          </td>
                        );
                      }
                      const value = cell.data[0] as number | null;
                      return (
                        <td key={cell.key} className={growthClass(value)}>
                          {growthText(value)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {table && table.values.length === 0 ? <p className="filter-hint">暂无数据</p> : null}
        </div>
        <PanelBusy active={tableLoading} />
      </section>
      <DetailDialog rows={detail?.rows ?? null} title={detail?.title ?? ''} saleMix={data.data2} periods={periodTitles} onClose={() => setDetail(null)} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
