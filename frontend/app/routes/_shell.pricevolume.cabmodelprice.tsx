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
import { useLoaderData } from '@remix-run/react';

import { PRICE_QTY_FILTER_PARAMS, PRICE_VOLUME, SALES_OR_MIX } from '@car/contracts';
import { HeaderTags } from '~/components/HeaderTags';
import { PageHead } from '~/components/PageHead';
import { ParamToggle } from '~/components/ParamToggle';
import { PriceBandFilters } from '~/components/PriceBandFilters';
import { PriceBandTable } from '~/components/PriceBandTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { TrendChart } from '~/components/TrendChart';
import { apiGet } from '~/utils/api.server';
import { apiDownloadHref } from '~/utils/download';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { BAND_TABLE_KEYS, bandTableRows } from '~/utils/price-band-table';
import { priceBandTags } from '~/utils/price-band-tags';
import { loadPriceQtyLookups, pickedNames } from '~/utils/price-volume-lookups.server';
import { priceQtyApiParams, readPriceQtyFilters } from '~/utils/price-volume-query';
import { wholeTablePageShouldRevalidate } from '~/utils/revalidation';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { urlParams, urlState } from '~/utils/url-state';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceVolumeCss from '~/styles/pricevolume.css?url';

export const meta: MetaFunction = () => titled('车型价格段销量');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceVolumeCss }];

/** The band chart's height (px). */
const BAND_CHART_HEIGHT = 360;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = urlParams(request);
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

type CabModelPriceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = wholeTablePageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;
export const handle: ShellHandle = {
  filterPanel: ({ data }: { data: unknown }) => {
    const d = data as CabModelPriceData;
    return (
      <PriceBandFilters filters={d.filters} lookups={d.lookups} brands={d.brands} keep={{ chart: d.chartData2, data2: d.data2, type: d.type, rows: d.rows }} />
    );
  },
};

export default function CabModelPrice() {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const filtersChanging = touches(pending, PRICE_QTY_FILTER_PARAMS);

  return (
    <div className="sales-page price-volume-page">
      <PageHead title="车型价格段销量" source="retail" deckHref={data.deckHref} />
      <HeaderTags tags={priceBandTags(data.filters, data.lookups, data.brands)} />
      <TrendChart
        title="价格段销量"
        chart={data.chart}
        height={BAND_CHART_HEIGHT}
        showGranularity={false}
        percent={data.chartData2 === 1}
        fileName={`车型价格段销量_${data.filters.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['chart'])}
        extra={<ParamToggle param="chart" label="图表指标" options={SALES_OR_MIX} value={data.chartData2} />}
      />
      <PriceBandTable
        table={data.table}
        rows={data.rows}
        data2={data.data2}
        type={data.type}
        picked={data.picked}
        downloadHref={data.downloadHref}
        loading={filtersChanging || touches(pending, ['data2', 'type', 'foreignIds', 'rows'])}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
