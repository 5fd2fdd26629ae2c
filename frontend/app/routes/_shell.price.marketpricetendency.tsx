/**
 * 整体市场价格指数 (/price/marketpricetendency, spec 001 §2.1): the market narrowed by month, segment,
 * producer property, big region and brand type; four price cards, the discount / discount-rate trend,
 * and the month table by segment, producer or brand under TP, discount or rate, the chosen segment
 * highlighted. Everything follows the URL; the filter panel is a GET form.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { marketPriceTags, PRICE, PRICE_CHART_MEASURES, PRICE_TABLE_DIMENSIONS, PRICE_TABLE_MEASURES, SEARCH } from '@car/contracts';
import { DiscountMap } from '~/components/DiscountMap';
import { MarketPriceFilters } from '~/components/MarketPriceFilters';
import { PageHead } from '~/components/PageHead';
import { ParamToggle } from '~/components/ParamToggle';
import { PriceCards } from '~/components/PriceCards';
import { PriceChart } from '~/components/PriceChart';
import { PriceMonthTable } from '~/components/PriceMonthTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { apiGet } from '~/utils/api.server';
import { apiDownloadHref } from '~/utils/download';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { MARKET_FILTER_PARAMS, marketApiParams, monthTableSortParam, readMarketPrice } from '~/utils/price-query';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceCss from '~/styles/price.css?url';
import { urlParams } from '~/utils/url-state';

export const meta: MetaFunction = () => titled('整体市场价格指数');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceCss }];

const CHART_HEIGHT = 400;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = urlParams(request);
  const state = readMarketPrice(search);
  const api = marketApiParams(state);
  const [months, segments, properties, whole, chart, table, map] = await Promise.all([
    settle(apiGet(request, context, SEARCH.calendar, { category: 1 })),
    settle(apiGet(request, context, SEARCH.detailMarkets)),
    settle(apiGet(request, context, SEARCH.wholes)),
    settle(apiGet(request, context, PRICE.whole, api)),
    settle(apiGet(request, context, PRICE.highCharts, { ...api, type: state.dataType })),
    settle(apiGet(request, context, PRICE.detailTable, { ...api, type: state.type, type2: state.type2 })),
    settle(apiGet(request, context, PRICE.map, api)),
  ]);
  return {
    state: { ...state, time: state.time ?? whole.value?.time ?? months.value?.[0] ?? null },
    months: months.value ?? [],
    segments: segments.value ?? [{ id: -1, name: '整体市场' }],
    properties: properties.value ?? [{ key: -1, value: '全部' }],
    whole: whole.value,
    chart: chart.value,
    table: table.value,
    map: map.value,
    downloadHref: apiDownloadHref(PRICE.downloadDetailTable, { ...api, type: state.type, type2: state.type2 }),
    // 导出PPT (issue 31, decision 215): the deck of what the page shows, with its filters, chart measure and table.
    deckHref: apiDownloadHref(PRICE.ppt, { ...api, dataType: state.dataType, type: state.type, type2: state.type2, ...monthTableSortParam(search) }),
    failure: firstFailure(months, segments, properties, whole, chart, table, map),
  };
}

type MarketPriceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;
export const handle: ShellHandle = { filterPanel: ({ data }: { data: unknown }) => <MarketPriceFilters {...(data as MarketPriceData)} /> };

export default function MarketPriceTendency() {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const filtersChanging = touches(pending, MARKET_FILTER_PARAMS);

  return (
    <div className="sales-page price-page">
      <PageHead title="整体市场价格指数" source="price" deckHref={data.deckHref} />
      <div className="header-tags price-tags">
        {marketPriceTags(data.state, { segments: data.segments, producerProperties: data.properties }).map((tag) => (
          <span key={tag.label} className="ui label" title={tag.label}>
            {tag.value}
          </span>
        ))}
      </div>
      <PriceCards whole={data.whole} loading={filtersChanging} market={data.state} />
      <PriceChart
        title="价格走势"
        chart={data.chart}
        height={CHART_HEIGHT}
        fileName={`整体市场价格走势_${data.state.time ?? ''}`}
        loading={filtersChanging || touches(pending, ['dataType'])}
        extra={<ParamToggle param="dataType" label="优惠或优惠率" options={PRICE_CHART_MEASURES} value={data.state.dataType} />}
      />
      <DiscountMap map={data.map} loading={filtersChanging} />
      <PriceMonthTable
        title="价格明细"
        table={data.table}
        labelHeader={PRICE_TABLE_DIMENSIONS[data.state.type].label}
        toggles={[
          { param: 'type', label: '维度', value: data.state.type, options: PRICE_TABLE_DIMENSIONS },
          { param: 'type2', label: '指标', value: data.state.type2, options: PRICE_TABLE_MEASURES },
        ]}
        downloadHref={data.downloadHref}
        loading={filtersChanging || touches(pending, ['type', 'type2'])}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
