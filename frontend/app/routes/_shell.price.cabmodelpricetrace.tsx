/**
 * 车系价格追踪 (/price/cabmodelpricetrace, spec 001 §2.2): one sub-series (or one of its trims), titled
 * '<series>价格走势': four cards, the chart with pickers for the own model, the comparison brand
 * (compareBrand, which narrows the next two), comparison series and comparison models, drawing one measure at a
 * time (`measure`: 成交价 by default, 优惠, 优惠率, 厂商指导价) as a line per car (decision 275), 成交价差 (the
 * subject's TP minus each rival's, decision 276), 区域表现 (最低价 and 最高优惠 with their province), and the
 * regional table by month under TP, discount or rate. The filter panel chooses the month, the city (cards and
 * chart weigh TP over that city's sales), the brand and the own series (default brand: 大众, the spec's 7777); a
 * new search drops the chosen model and the comparisons (§4). State in the URL.
 * The loader's calls are in utils/price-trace.server.ts, the panel and the chart's pickers in
 * components/PriceTraceFilters and components/PriceTracePickers.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Icon } from 'semantic-ui-react';

import { PRICE_TABLE_MEASURES, PRICE_TRACE_MEASURES, priceTraceTags } from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DemoDataNote } from '~/components/DemoDataNote';
import { NationwideBlock } from '~/components/NationwideBlock';
import { PriceCards } from '~/components/PriceCards';
import { ParamToggle } from '~/components/ParamToggle';
import { PriceChart } from '~/components/PriceChart';
import { PriceMonthTable } from '~/components/PriceMonthTable';
import { PriceTraceFilters } from '~/components/PriceTraceFilters';
import { PriceTracePickers } from '~/components/PriceTracePickers';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TraceGapTable } from '~/components/TraceGapTable';
import { useFailureToast } from '~/components/Toast';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import { TRACE_FILTER_PARAMS } from '~/utils/price-query';
import { loadPriceTrace, type PriceTraceData } from '~/utils/price-trace.server';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceCss from '~/styles/price.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => titled(data?.title ?? '车系价格追踪');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceCss }];

const CHART_HEIGHT = 380;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadPriceTrace(request, context);

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

export const handle: ShellHandle = { filterPanel: ({ data }: { data: unknown }) => <PriceTraceFilters data={data as PriceTraceData} /> };

export default function CabModelPriceTrace() {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const searching = touches(pending, TRACE_FILTER_PARAMS);

  return (
    <div className="sales-page price-page">
      <div className="sales-page__head">
        <h2 className="sales-page__title">{data.title}</h2>
        <DemoDataNote />
        <DataAsOf source="price" />
        {data.deckHref ? (
          <a className="ui mini basic button sales-page__deck" href={data.deckHref} download>
            <Icon name="file powerpoint outline" />
            导出PPT
          </a>
        ) : null}
      </div>
      {data.whole ? (
        <div className="header-tags price-tags">
          {priceTraceTags(data.state.time, data.city?.name ?? null, data.whole).map((tag) => (
            <span key={tag.label} className="ui label" title={tag.label}>
              {tag.value}
            </span>
          ))}
        </div>
      ) : null}
      <PriceCards whole={data.whole} loading={searching || touches(pending, ['carId'])} />
      <PriceChart
        title="价格走势"
        chart={data.chart}
        height={CHART_HEIGHT}
        fileName={`${data.title}_${data.state.time ?? ''}`}
        loading={searching || touches(pending, ['carId', 'modelSubIds', 'carIds', 'measure'])}
        linePerCar
        extra={<ParamToggle param="measure" label="走势指标" options={PRICE_TRACE_MEASURES} value={data.state.measure} clears={['discount']} />}
      >
        <PriceTracePickers data={data} />
      </PriceChart>
      {data.state.modelSubIds.length + data.state.carIds.length > 0 ? (
        <TraceGapTable gap={data.gap} loading={searching || touches(pending, ['carId', 'modelSubIds', 'carIds'])} />
      ) : null}
      <NationwideBlock nationwide={data.nationwide} loading={searching || touches(pending, ['carId'])} />
      <PriceMonthTable
        title="区域价格"
        table={data.table}
        labelHeader="区域"
        toggles={[{ param: 'type', label: '指标', value: data.state.type, options: PRICE_TABLE_MEASURES }]}
        downloadHref={data.downloadHref}
        loading={searching || touches(pending, ['type', 'carId'])}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
