/**
 * 车系价格追踪 (/price/cabmodelpricetrace, spec 001 §2.2): one sub-series (or one of its trims), titled
 * '<series>价格走势': four cards, the chart with pickers for the own model, the comparison brand
 * (compareBrand, which narrows the next two), comparison series and comparison models, 区域表现, and the
 * regional table by month under TP, discount or rate. The filter panel chooses the month, discount or
 * rate, the city (cards and chart weigh TP over that city's sales), the brand and the own series (default
 * brand: 大众, the spec's 7777); a new search drops the chosen model and the comparisons (§4). State in the URL.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { Button } from 'semantic-ui-react';

import { DEFAULT_TRACE_BRAND_NAME, PRICE, PRICE_CHART_MEASURES, PRICE_TABLE_MEASURES, type ProvinceCities, SEARCH } from '@car/contracts';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { CitySelect, cityName } from '~/components/CitySelect';
import { DemoDataNote } from '~/components/DemoDataNote';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthPicker } from '~/components/MonthPicker';
import { NationwideBlock } from '~/components/NationwideBlock';
import { PickerInput } from '~/components/PickerInput';
import { PriceCards } from '~/components/PriceCards';
import { PriceChart } from '~/components/PriceChart';
import { PriceMonthTable } from '~/components/PriceMonthTable';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { useFailureToast } from '~/components/Toast';
import { apiGet } from '~/utils/api.server';
import { titled } from '~/utils/meta';
import { keepPageOnNetworkFailure } from '~/utils/network-failure';
import type { PickItem } from '~/utils/pick-list';
import { readPriceTrace, TRACE_FILTER_PARAMS } from '~/utils/price-query';
import { salesPageShouldRevalidate } from '~/utils/revalidation';
import { apiDownloadHref } from '~/utils/download';
import { firstFailure, settle, type Settled } from '~/utils/settle.server';
import type { ShellHandle } from '~/utils/shell-context';
import { touches, usePendingChange } from '~/utils/use-pending-change';
import priceCss from '~/styles/price.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => titled(data?.title ?? '车系价格追踪');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: priceCss }];

const CHART_HEIGHT = 380;
const none = <T,>(): Settled<T> => ({ value: null, failure: null });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = readPriceTrace(new URL(request.url).searchParams);
  // The brand and series lookups come first and may end the request (a dead session redirects to /login):
  // every other call starts after them, in the one Promise.all below, so none is left without a reader.
  // The spec's default brand (id 7777, a mass-market German brand) is 大众 in our catalog.
  let brand: PickItem | null;
  const everyBrand = state.brand !== null || state.compareBrand !== null ? (await apiGet(request, context, SEARCH.brands, {})).flatMap((g) => g.list) : [];
  const brandOf = (id: number | null): PickItem | null => {
    const found = everyBrand.find((b) => b.id === id);
    return found ? { id: found.id, name: found.name } : null;
  };
  if (state.brand === null) {
    const groups = await apiGet(request, context, SEARCH.brands, { key: DEFAULT_TRACE_BRAND_NAME });
    const found = groups.flatMap((g) => g.list).find((b) => b.name === DEFAULT_TRACE_BRAND_NAME);
    brand = found ? { id: found.id, name: found.name } : null;
  } else {
    brand = brandOf(state.brand);
  }
  const compareBrand = brandOf(state.compareBrand);
  let modelSubId = state.modelSubId;
  if (modelSubId === null && brand) {
    const series = await apiGet(request, context, SEARCH.series, { brandIds: String(brand.id) });
    modelSubId = series[0]?.list[0]?.subList[0]?.id ?? null;
  }
  const subject = modelSubId === null ? null : { time: state.time ?? undefined, modelSubId, carId: state.carId ?? undefined };
  // The cards and the chart weigh TP over the chosen city's sales; 区域表现 and the regional table stay national (decision 149).
  const city = state.city ?? undefined;
  const [calendar, whole, chart, nationwide, table, cars, places] = await Promise.all([
    settle(apiGet(request, context, SEARCH.calendar, { category: 1 })),
    subject ? settle(apiGet(request, context, PRICE.traceWhole, { ...subject, city, type: state.discount })) : none<never>(),
    subject
      ? settle(apiGet(request, context, PRICE.traceHighCharts, { ...subject, city, type: state.discount, modelSubIds: state.modelSubIds, carIds: state.carIds }))
      : none<never>(),
    subject ? settle(apiGet(request, context, PRICE.nationwide, subject)) : none<never>(),
    subject ? settle(apiGet(request, context, PRICE.cityTable, { ...subject, type: state.type })) : none<never>(),
    modelSubId === null ? none<never>() : settle(apiGet(request, context, SEARCH.cars, { modelSubIds: [modelSubId, ...state.modelSubIds].join(','), time: state.time ?? undefined })),
    settle(apiGet(request, context, SEARCH.provinceCities, {})),
  ]);
  const provinces: ProvinceCities[] = places.value ?? [];
  const cityFound = state.city === null ? undefined : provinces.flatMap((p) => p.cities).find((c) => c.id === state.city);
  const subSeries = new Map((cars.value ?? []).map((s) => [s.id, s]));
  // A sub-series the catalogue does not know (a hand-edited link) has no name to show: the page keeps its own
  // title and the API's message says why, rather than titling the page with the raw id.
  const ownName = modelSubId === null ? undefined : subSeries.get(modelSubId)?.name;
  const own = modelSubId === null || ownName === undefined ? null : { id: modelSubId, name: ownName };
  const ownCar = state.carId === null ? null : subSeries.get(modelSubId ?? 0)?.cars.find((c) => c.id === state.carId);
  // The comparison trims' names are the chart's own: its lines follow the subject and the compared series.
  const lines = (chart.value?.series ?? []).filter((s) => s.yAxis === 1).map((s) => s.name.replace(/优惠率?$/, ''));
  const comparedCars = state.carIds.map((id, i) => ({ id, name: lines[1 + state.modelSubIds.length + i] ?? String(id) }));
  const subjectParams = { ...(subject ?? {}), type: state.type };
  return {
    state: { ...state, time: state.time ?? whole.value?.time ?? calendar.value?.[0] ?? null },
    title: own ? `${own.name}价格走势` : '车系价格追踪',
    months: calendar.value ?? [],
    brand,
    compareBrand,
    provinces,
    city: cityFound ? { id: cityFound.id, name: cityFound.name } : null,
    own,
    ownCar: ownCar && own ? [{ id: ownCar.id, name: `${own.name} ${ownCar.name}` }] : [],
    comparedSeries: state.modelSubIds.map((id) => ({ id, name: subSeries.get(id)?.name ?? String(id) })),
    comparedCars,
    whole: whole.value,
    chart: chart.value,
    nationwide: nationwide.value,
    table: table.value,
    downloadHref: subject ? apiDownloadHref(PRICE.downloadCityTable, Object.fromEntries(Object.entries(subjectParams).filter(([, v]) => v !== undefined))) : '',
    failure: firstFailure(calendar, whole, chart, nationwide, table, cars, places),
  };
}

type TraceData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = salesPageShouldRevalidate;
export const clientLoader = keepPageOnNetworkFailure;

function TraceFilters({ data }: { data: unknown }) {
  const d = data as TraceData;
  const [month, setMonth] = useState(d.state.time);
  const [discount, setDiscount] = useState(d.state.discount);
  const [city, setCity] = useState(d.state.city === null ? '' : String(d.state.city));
  const [brand, setBrand] = useState<PickItem | null>(d.brand);
  const [series, setSeries] = useState<PickItem | null>(d.own);
  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: month && d.months.length ? <MonthPicker name="time" value={month} months={d.months} onChange={setMonth} /> : <p className="filter-hint">暂无可选月份</p>,
    },
    {
      title: '优惠/优惠率',
      summary: PRICE_CHART_MEASURES.find((m) => m.value === discount)?.label,
      content: <ChoiceRadios name="discount" label="优惠或优惠率" showLabel={false} options={PRICE_CHART_MEASURES} value={discount} onChange={setDiscount} />,
    },
    {
      title: '城市',
      summary: cityName(d.provinces, city ? Number(city) : null) ?? '全国',
      content: (
        <div className="field">
          <CitySelect id="trace-city" name="city" label="城市" value={city ? Number(city) : null} provinces={d.provinces} onChange={(id) => setCity(id === null ? '' : String(id))} />
          <p className="filter-hint">卡片与走势图按该城市的销量加权成交价；区域表现与区域价格为全国。</p>
        </div>
      ),
    },
    {
      title: '本品车系',
      summary: series?.name,
      content: (
        <>
          <PickerInput
            name="brand"
            kind="currentBrand"
            label="品牌"
            value={brand ? [brand] : []}
            onChange={(items) => {
              setBrand(items[0] ?? null);
              setSeries(null);
            }}
          />
          <PickerInput
            name="modelSubId"
            kind="currentSeries"
            label="车系"
            value={series ? [series] : []}
            filters={brand ? { brandIds: [Number(brand.id)] } : undefined}
            onChange={(items) => setSeries(items[0] ?? null)}
          />
        </>
      ),
    },
  ];
  return <FilterPanel key={JSON.stringify([d.state, d.own, d.brand])} groups={groups} keep={{ type: d.state.type }} resetTo="/price/cabmodelpricetrace" />;
}

export const handle: ShellHandle = { filterPanel: TraceFilters };

/**
 * The chart's pickers: the own model, then the comparison brand (spec 001 §3 compareBrand) that narrows the
 * comparison series and models dialogs to its series; choosing another comparison brand drops the chosen
 * comparison series and models, as choosing another own brand drops the own series (decision 148).
 */
function TracePickers({ data }: { data: TraceData }) {
  const [compareBrand, setCompareBrand] = useState<PickItem | null>(data.compareBrand);
  const [series, setSeries] = useState<PickItem[]>(data.comparedSeries);
  const [cars, setCars] = useState<PickItem[]>(data.comparedCars);
  const carFilters = data.state.time ? { time: data.state.time } : undefined;
  const narrowed = compareBrand ? { brandIds: [Number(compareBrand.id)] } : {};
  return (
    <Form method="get" className="trace-pickers" preventScrollReset aria-label="对比选择" key={JSON.stringify([data.compareBrand, data.comparedSeries, data.comparedCars])}>
      {data.state.time ? <input type="hidden" name="time" value={data.state.time} /> : null}
      <input type="hidden" name="discount" value={data.state.discount} />
      {data.state.city !== null ? <input type="hidden" name="city" value={data.state.city} /> : null}
      {data.brand ? <input type="hidden" name="brand" value={data.brand.id} /> : null}
      <input type="hidden" name="type" value={data.state.type} />
      <PickerInput name="carId" kind="carModel" label="本品车型" multiple={false} value={data.ownCar} series={data.own} seriesName="modelSubId" filters={carFilters} title="选择本品车型" />
      <PickerInput
        name="compareBrand"
        kind="currentBrand"
        label="对比品牌"
        value={compareBrand ? [compareBrand] : []}
        placeholder="全部品牌"
        title="选择对比品牌"
        onChange={(items) => {
          const next = items[0] ?? null;
          if (next?.id === compareBrand?.id) return;
          setCompareBrand(next);
          setSeries([]);
          setCars([]);
        }}
      />
      <PickerInput name="modelSubIds" kind="series" label="对比车系" value={series} filters={narrowed} onChange={setSeries} title="选择对比车系" />
      <PickerInput name="carIds" kind="carModel" label="对比车型" value={cars} filters={{ ...carFilters, ...narrowed }} onChange={setCars} title="选择对比车型" />
      <Button size="small" primary type="submit">
        查询
      </Button>
    </Form>
  );
}

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
      </div>
      {data.whole ? (
        <div className="header-tags price-tags">
          {[data.state.time, data.city?.name ?? '全国', data.whole.producerName, data.whole.modelName].map((tag) => (
            <span key={tag} className="ui label">
              {tag}
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
        loading={searching || touches(pending, ['carId', 'modelSubIds', 'carIds'])}
      >
        <TracePickers data={data} />
      </PriceChart>
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
