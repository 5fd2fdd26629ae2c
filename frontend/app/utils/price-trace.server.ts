/**
 * 车系价格追踪's loader (/price/cabmodelpricetrace, spec 001 §2.2): the brand and series lookups that
 * settle the subject, then the cards, the chart, 区域表现, the regional table, the trims and the cities
 * in parallel. Each panel keeps what its call answered; a failure goes to the page's toast. (Not beside
 * the route: a file in routes/ would become a route of its own.)
 */
import type { AppLoadContext } from '@remix-run/node';
import { DEFAULT_TRACE_BRAND_NAME, PRICE, type ProvinceCities, SEARCH } from '@car/contracts';

import { apiGet } from './api.server';
import { apiDownloadHref } from './download';
import type { PickItem } from './pick-list';
import { monthTableSortParam, readPriceTrace } from './price-query';
import { firstFailure, settle, type Settled } from './settle.server';

const none = <T>(): Settled<T> => ({ value: null, failure: null });

export async function loadPriceTrace(request: Request, context: AppLoadContext) {
  const search = new URL(request.url).searchParams;
  const state = readPriceTrace(search);
  // The brand and series lookups come first and may end the request (a dead session redirects to /login):
  // every other call starts after them, in the one Promise.all below, so none is left without a reader.
  // The spec's default brand (id 7777, a mass-market German brand) is 大众 in our catalog.
  let brand: PickItem | null;
  const everyBrand = state.brand !== null || state.compareBrand !== null ? (await apiGet(request, context, SEARCH.brands, {})).flatMap((g) => g.list) : [];
  const brandOf = (id: number | null): PickItem | null => {
    const found = everyBrand.find((b) => b.id === id);
    return found ? { id: found.id, name: found.name } : null;
  };
  if (state.brand === null && state.modelSubId !== null) {
    // A link naming only the sub-series (a dashboard row, a hand-made link): its own brand, which the cards' call answers.
    brand = null;
  } else if (state.brand === null) {
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
  const compared = subject ? { ...subject, city, modelSubIds: state.modelSubIds, carIds: state.carIds } : null;
  const [calendar, whole, chart, gap, nationwide, table, cars, places] = await Promise.all([
    settle(apiGet(request, context, SEARCH.calendar, { category: 1 })),
    subject ? settle(apiGet(request, context, PRICE.traceWhole, { ...subject, city })) : none<never>(),
    compared ? settle(apiGet(request, context, PRICE.traceHighCharts, { ...compared, measure: state.measure })) : none<never>(),
    // 成交价差 (decision 276): only with a comparison to take the subject's TP from.
    compared && state.modelSubIds.length + state.carIds.length > 0 ? settle(apiGet(request, context, PRICE.traceTpGap, compared)) : none<never>(),
    subject ? settle(apiGet(request, context, PRICE.nationwide, subject)) : none<never>(),
    subject ? settle(apiGet(request, context, PRICE.cityTable, { ...subject, type: state.type })) : none<never>(),
    modelSubId === null
      ? none<never>()
      : settle(apiGet(request, context, SEARCH.cars, { modelSubIds: [modelSubId, ...state.modelSubIds].join(','), time: state.time ?? undefined })),
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
  // The comparison trims' names are the chart's own: a line each, after the subject and the compared series.
  const lines = (chart.value?.series ?? []).map((s) => s.name);
  const comparedCars = state.carIds.map((id, i) => ({ id, name: lines[1 + state.modelSubIds.length + i] ?? String(id) }));
  const subjectParams = { ...(subject ?? {}), type: state.type };
  return {
    state: { ...state, time: state.time ?? whole.value?.time ?? calendar.value?.[0] ?? null },
    title: own ? `${own.name}价格走势` : '车系价格追踪',
    months: calendar.value ?? [],
    brand: brand ?? whole.value?.brand ?? null,
    compareBrand,
    provinces,
    city: cityFound ? { id: cityFound.id, name: cityFound.name } : null,
    own,
    ownCar: ownCar && own ? [{ id: ownCar.id, name: `${own.name} ${ownCar.name}` }] : [],
    comparedSeries: state.modelSubIds.map((id) => ({ id, name: subSeries.get(id)?.name ?? String(id) })),
    comparedCars,
    whole: whole.value,
    chart: chart.value,
    gap: gap.value,
    nationwide: nationwide.value,
    table: table.value,
    downloadHref: subject ? apiDownloadHref(PRICE.downloadCityTable, Object.fromEntries(Object.entries(subjectParams).filter(([, v]) => v !== undefined))) : '',
    // 导出PPT (issue 31, decision 215): the deck of what the page shows — the subject, the city, the comparisons, the chart's and the table's measures.
    deckHref: subject
      ? apiDownloadHref(
          PRICE.tracePpt,
          Object.fromEntries(
            Object.entries({
              ...subject,
              city,
              measure: state.measure,
              type: state.type,
              modelSubIds: state.modelSubIds.join(',') || undefined,
              carIds: state.carIds.join(',') || undefined,
              ...monthTableSortParam(search),
            }).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
          ),
        )
      : '',
    failure: firstFailure(calendar, whole, chart, gap, nationwide, table, cars, places),
  };
}

export type PriceTraceData = Awaited<ReturnType<typeof loadPriceTrace>>;
