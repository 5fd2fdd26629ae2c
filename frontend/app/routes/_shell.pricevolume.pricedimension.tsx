/**
 * 价格维度分析 / 销量占比分析 (/pricevolume/pricedimension, spec 001 §2.3, §2.4): the own series' trims
 * placed by weighted TP or MSRP against their sales or segment MIX, this month and a year earlier
 * (bubble or scatter), their table in four views; the trims of compared series on a second chart (single
 * month or January to date) and a compare table; downloads of both tables. The filter panel picks the
 * month, the series and its trims (a series choice clears the trims) and TP / MSRP. Every view is a URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { Button } from 'semantic-ui-react';

import {
  MONTH_OR_CUMULATIVE,
  priceDimensionTags,
  proportionSortColumns,
  PRICE_VOLUME,
  PROPORTION_CHART_TYPES,
  PROPORTION_RANK_DEFAULT,
  PROPORTION_YEAR_COUNT,
  SALES_OR_MIX,
  SEARCH,
  MODEL_PRICE_FILTER_PARAMS,
} from '@car/contracts';
import { cityName } from '~/components/CitySelect';
import { CompetitorSetMenu } from '~/components/CompetitorSetMenu';
import { HeaderTags } from '~/components/HeaderTags';
import { PageHead } from '~/components/PageHead';
import { ParamToggle } from '~/components/ParamToggle';
import { PickerInput } from '~/components/PickerInput';
import { PriceDimensionFilters } from '~/components/PriceDimensionFilters';
import { ProportionPanel } from '~/components/ProportionPanel';
import { RankBandSelect } from '~/components/RankBandSelect';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ScatterChart } from '~/components/ScatterChart';
import { useFailureToast } from '~/components/Toast';
import { apiGet } from '~/utils/api.server';
import { proportionWithSet } from '~/utils/competitor-monitor';
import { loadOwnMaker } from '~/utils/security.server';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import type { PickItem } from '~/utils/pick-list';
import { modelPriceApiParams, readModelPriceState } from '~/utils/price-volume-query';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { readSort, sortParamText } from '~/utils/table-sort';
import { withParams } from '~/utils/sale-volume-query';
import { apiDownloadHref } from '~/utils/download';
import { firstFailure, settle } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { urlParams } from '~/utils/url-state';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceVolumeCss from '~/styles/pricevolume.css?url';

export const meta: MetaFunction = () => titled('价格维度分析');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceVolumeCss }];

const CHART_HEIGHT = 380;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = urlParams(request);
  const s = readModelPriceState(params);
  // The tables' header-click orders as their panels read them (ProportionPanel), for the deck.
  const orders = Object.fromEntries(
    (
      [
        ['singleViewSort', s.singleView],
        ['compareViewSort', s.compareView],
      ] as const
    ).flatMap(([key, view]) => {
      const order = sortParamText(readSort(params, proportionSortColumns(view), key));
      return order ? [[key, order]] : [];
    }),
  );
  // Without a 车系 in the address, the calls open on the user's own maker's best seller (decision 277): the API picks it.
  const api = { ...modelPriceApiParams(s), ...(s.modelSubId ? {} : await loadOwnMaker(request, context)) };
  const compared: Record<string, string> = s.modelSubIds.length ? { modelSubIds: s.modelSubIds.join(',') } : {};
  const singleTableParams = { ...api, data2: s.singleView };
  const compareTableParams = { ...api, ...compared, data2: s.compareView, accumulate: s.tableAccumulate };
  const [months, singleChart, singleTable, compareChart, compareTable, cities] = await Promise.all([
    settle(apiGet(request, context, SEARCH.calendar, { category: 2 })),
    settle(apiGet(request, context, PRICE_VOLUME.singleChart, { ...api, data2: s.singleData2, type: s.singleType, count: s.singleCount })),
    settle(apiGet(request, context, PRICE_VOLUME.singleTable, singleTableParams)),
    settle(
      apiGet(request, context, PRICE_VOLUME.compareCharts, {
        ...api,
        ...compared,
        data2: s.compareData2,
        type: s.compareType,
        accumulate: s.compareAccumulate,
        rank: s.compareRank,
      }),
    ),
    settle(apiGet(request, context, PRICE_VOLUME.compareTable, compareTableParams)),
    settle(apiGet(request, context, SEARCH.provinceCities, {})),
  ]);
  const table = singleTable.value;
  const own: PickItem | null = table ? { id: table.modelSubId, name: table.modelSubName } : null;
  const cars: PickItem[] = table ? table.rows.filter((r) => !r.subtotal && s.carIds.includes(r.id)).map((r) => ({ id: r.id, name: r.name })) : [];
  const comparedSeries: PickItem[] = (compareTable.value?.rows ?? [])
    .filter((r) => r.subtotal && s.modelSubIds.includes(r.id))
    .map((r) => ({ id: r.id, name: r.seriesName }));
  return {
    state: { ...s, time: s.time ?? months.value?.[0] ?? null },
    months: months.value ?? [],
    cities: cities.value ?? [],
    own,
    cars,
    comparedSeries,
    singleChart: singleChart.value,
    singleTable: table,
    compareChart: compareChart.value,
    compareTable: compareTable.value,
    singleDownload: apiDownloadHref(PRICE_VOLUME.downloadSingleTable, singleTableParams),
    compareDownload: apiDownloadHref(PRICE_VOLUME.downloadCompareTable, compareTableParams),
    // 导出PPT (issue 31, decision 217): the deck of both charts and both tables, each panel's keys as the URL has them.
    deckHref: apiDownloadHref(PRICE_VOLUME.modelPricePpt, {
      ...api,
      ...compared,
      singleData2: s.singleData2,
      singleType: s.singleType,
      singleCount: s.singleCount,
      singleView: s.singleView,
      compareData2: s.compareData2,
      compareType: s.compareType,
      compareAccumulate: s.compareAccumulate,
      compareRank: s.compareRank,
      compareView: s.compareView,
      tableAccumulate: s.tableAccumulate,
      ...orders,
    }),
    failure: firstFailure(months, singleChart, singleTable, compareChart, compareTable, cities),
  };
}

type PriceDimensionData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;
export const handle: ShellHandle = { filterPanel: ({ data }: { data: unknown }) => <PriceDimensionFilters {...(data as PriceDimensionData)} /> };

export default function PriceDimension() {
  const data = useLoaderData<typeof loader>();
  const s = data.state;
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingChange();
  useFailureToast(data.failure);
  const [compared, setCompared] = useState<PickItem[]>(data.comparedSeries);
  const filtersChanging = touches(pending, MODEL_PRICE_FILTER_PARAMS);
  const query = () => navigate(withParams(location.search, { modelSubIds: compared.map((c) => c.id).join(',') || null }), { preventScrollReset: true });

  return (
    <div className="sales-page price-volume-page">
      <PageHead title="销量占比分析" source="retail" deckHref={data.deckHref} />
      <HeaderTags
        tags={priceDimensionTags({
          time: s.time,
          ownName: data.own?.name ?? null,
          carNames: data.cars.map((c) => c.name),
          data1: s.data1,
          cityName: cityName(data.cities, s.city),
        })}
      />
      <ScatterChart
        title="时间段对比"
        label="时间段对比图"
        chart={data.singleChart}
        type={s.singleType}
        percent={s.singleData2 === 1}
        height={CHART_HEIGHT}
        loading={filtersChanging || touches(pending, ['singleData2', 'singleType', 'singleCount'])}
        tools={
          <>
            <ParamToggle param="singleData2" label="时间段对比指标" options={SALES_OR_MIX} value={s.singleData2} />
            <ParamToggle param="singleType" label="时间段对比图形" options={PROPORTION_CHART_TYPES} value={s.singleType} />
            <select
              className="trend-chart__count"
              aria-label="时间段对比年数"
              value={s.singleCount}
              onChange={(event) =>
                navigate(
                  withParams(location.search, { singleCount: Number(event.target.value) === PROPORTION_YEAR_COUNT.default ? null : event.target.value }),
                  { preventScrollReset: true },
                )
              }
            >
              {PROPORTION_YEAR_COUNT.options.map((n) => (
                <option key={n} value={n}>
                  对比{n}年
                </option>
              ))}
            </select>
          </>
        }
      />
      <ProportionPanel
        title={`${data.singleTable?.modelSubName ?? ''} 车型销量占比（${data.singleTable?.period ?? ''}）`}
        label="单车系表"
        table={data.singleTable}
        view={s.singleView}
        viewParam="singleView"
        loading={filtersChanging || touches(pending, ['singleView'])}
        downloadHref={data.singleDownload}
      />
      <ScatterChart
        title="车型对比"
        label="车型对比图"
        chart={data.compareChart}
        type={s.compareType}
        percent={s.compareData2 === 1}
        height={CHART_HEIGHT}
        loading={filtersChanging || touches(pending, ['compareData2', 'compareType', 'compareAccumulate', 'compareRank', 'modelSubIds'])}
        tools={
          <>
            <ParamToggle param="compareData2" label="车型对比指标" options={SALES_OR_MIX} value={s.compareData2} />
            <ParamToggle param="compareType" label="车型对比图形" options={PROPORTION_CHART_TYPES} value={s.compareType} />
            <ParamToggle param="compareAccumulate" label="车型对比时间" options={MONTH_OR_CUMULATIVE} value={s.compareAccumulate} />
            <RankBandSelect rank={s.compareRank} label="细分市场排名" param="compareRank" fallback={PROPORTION_RANK_DEFAULT} />
            <div className="compare-tools">
              <PickerInput name="compareSeries" kind="series" value={compared} placeholder="选择对比车系" title="选择对比车系" onChange={setCompared} />
              <Button size="mini" primary onClick={query}>
                查询
              </Button>
              <CompetitorSetMenu
                hrefOf={(set) => proportionWithSet(location.search, set)}
                saveAs={{
                  own: data.own ? [data.own] : [],
                  rivals: compared,
                  note: '本品为当前分析的子车系，竞品为所选对比车系；保存前可修改。',
                  unavailable: !data.own ? '请先选择子车系' : compared.length === 0 ? '请先选择对比车系' : null,
                }}
              />
            </div>
          </>
        }
      />
      <ProportionPanel
        title={`车型对比表（${data.compareTable?.period ?? ''}）`}
        label="对比表"
        table={data.compareTable}
        view={s.compareView}
        viewParam="compareView"
        loading={filtersChanging || touches(pending, ['compareView', 'tableAccumulate', 'modelSubIds'])}
        downloadHref={data.compareDownload}
        tools={<ParamToggle param="tableAccumulate" label="对比表时间" options={MONTH_OR_CUMULATIVE} value={s.tableAccumulate} />}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
