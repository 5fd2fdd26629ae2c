/**
 * The producer/brand page's calls (spec 000 §7: companyBrand/{whole, list, list2chart, highCharts,
 * carDetails}), made in parallel with the user's token. Each panel keeps what its call answered; a failed
 * call leaves its panel empty and its message goes to the page's toast. (Not beside the route: a file in
 * routes/ would become a route of its own.)
 */
import type { AppLoadContext } from '@remix-run/node';
import { COMPANY_BRAND, SEARCH, sortText, type CarDetails, type Summary } from '@car/contracts';

import { apiGet } from './api.server';
import { nodeName, provinceCodeOfCity, readAreaNode, type AreaNode } from './area-drill';
import { readCompanyBrandState, type CompanyBrandState } from './company-brand-query';
import { filterApiParams, pageSizeOf, readFilters, withShownMonth, type SaleVolumeFilters } from './sale-volume-query';
import { apiDownloadHref } from './download';
import { loadLookups, type SaleVolumeLookups } from './sale-volume-lookups.server';
import { firstFailure, settle, type Settled } from './settle.server';

type Params = Record<string, string | number>;

/**
 * The chart params of the single view: years (count) or the compared producers or brands. The year view
 * has no year select (spec §2), so it shows every year (count 0).
 */
function chartParams(state: CompanyBrandState): Params {
  const params: Params = { timeDimensionality: state.granularity, compareType: state.compareType };
  if (state.compareType === 0) params.count = state.granularity === 2 ? 0 : state.count;
  else return { ...params, ...comparedParams(state) };
  return params;
}

/** A comparison's picked producers or brands and its Top N (count), as the chart and the details send them. */
function comparedParams(state: CompanyBrandState): Params {
  if (state.compareType === 0) return {};
  return {
    compareType: state.compareType,
    ...(state.foreignIds.length ? { foreignIds: state.foreignIds.join(',') } : {}),
    ...(state.count > 0 ? { count: state.count } : {}),
  };
}

/** The chosen region, province or city as the API's `area` and `level` (spec 000 §3 companybrandsearchForm). */
function areaParams(node: AreaNode | null): Record<string, number> {
  return node ? { area: node.id, level: node.level } : {};
}

/** A city's name (regions and provinces are named by the shared geography): its province's cities, looked up. */
async function areaNameOf(request: Request, context: AppLoadContext, node: AreaNode | null): Promise<string> {
  if (node?.level !== 3) return nodeName(node);
  const cities = await settle(apiGet(request, context, SEARCH.cities, { provinceId: provinceCodeOfCity(node.id) }));
  return nodeName(node, cities.value?.find((c) => c.id === node.id || Number(c.code) === node.id)?.name);
}

/**
 * The page's loader: the overview without `id`, one producer or brand with it. The URL's month may name
 * no month with data; the filters then show the month the cards answered for.
 */
export async function loadCompanyBrandPage(request: Request, context: AppLoadContext) {
  const params = new URL(request.url).searchParams;
  const state = readCompanyBrandState(params);
  // This page's panel has month, data source, fuels and the region: the market is never narrowed by the others.
  const filters = { ...readFilters(params), detailId: -1, producerProperty: -1 };
  // Wholesale has no geography: a region, province or city narrows retail volume only (as on the area page).
  const node = filters.source === 2 ? readAreaNode(params) : null;
  const area = areaParams(node);
  const lookupsCall = loadLookups(request, context);
  const areaNameCall = areaNameOf(request, context, node);
  /** What both views show: the filters, the area and the cards. */
  const shared = (lookups: Settled<SaleVolumeLookups>, summary: Settled<Summary>, areaName: string) => ({
    state,
    node,
    areaName,
    filters: withShownMonth(filters, summary.value?.time, lookups.value?.months),
    lookups: lookups.value,
    summary: summary.value,
  });

  if (state.id !== null) {
    const [lookups, view, areaName] = await Promise.all([lookupsCall, loadMakerView(request, context, filters, state, state.id, area), areaNameCall]);
    const details = view.details.value;
    return {
      ...shared(lookups, view.summary, areaName),
      maker: details ? { id: details.id, name: details.name } : null,
      chart: view.chart.value,
      details,
      detailsDownload: details ? view.detailsDownload : null,
      deckParams: makerDeckParams(filters, state, state.id, area),
      list: null,
      bandChart: null,
      listDownload: null,
      failure: firstFailure(lookups, view.details, view.summary, view.chart),
    };
  }

  const [lookups, view, areaName] = await Promise.all([lookupsCall, loadOverview(request, context, filters, state, area), areaNameCall]);
  return {
    ...shared(lookups, view.summary, areaName),
    maker: null,
    chart: null,
    details: view.details.value,
    detailsDownload: view.detailsDownload,
    list: view.list.value,
    bandChart: view.bandChart?.value ?? null,
    listDownload: view.listDownload,
    deckParams: overviewDeckParams(filters, state, area),
    failure: firstFailure(lookups, view.summary, view.list, ...(view.bandChart ? [view.bandChart] : []), view.details),
  };
}

export type CompanyBrandData = Awaited<ReturnType<typeof loadCompanyBrandPage>>;

/**
 * 导出PPT of either view (decision 211): what its calls are asked, the ranking list's 数据列 and order and the
 * details' order left to the page, which reads them from the URL as it is now (deckTableParams, detailSort).
 */
function makerDeckParams(filters: SaleVolumeFilters, state: CompanyBrandState, id: number, area: Params): Params {
  return { ...filterApiParams(filters), ...area, type: state.type, id, accumulate: state.accumulate, ...chartParams(state) };
}

function overviewDeckParams(filters: SaleVolumeFilters, state: CompanyBrandState, area: Params): Params {
  return {
    ...filterApiParams(filters),
    ...area,
    type: state.type,
    view: state.view,
    ...(state.view === 'chart' ? { rank: state.rank } : { currentPage: 1, pageSize: pageSizeOf(state.page) }),
    listAccumulate: state.listAccumulate,
    ...(state.foreignId === null ? {} : { foreignId: state.foreignId }),
    accumulate: state.accumulate,
  };
}

/** One producer or brand: cards, trend chart, car-model details; `area` the chosen region, province or city (area, level). */
async function loadMakerView(request: Request, context: AppLoadContext, filters: SaleVolumeFilters, state: CompanyBrandState, id: number, area: Params = {}) {
  const api: Params = { ...filterApiParams(filters), ...area, type: state.type, foreignId: id };
  const compared = comparedParams(state);
  const [summary, chart, details] = await Promise.all([
    settle(apiGet(request, context, COMPANY_BRAND.whole, api)),
    settle(apiGet(request, context, COMPANY_BRAND.highCharts, { ...api, ...chartParams(state) })),
    settle(apiGet(request, context, COMPANY_BRAND.carDetails, { ...api, accumulate: state.accumulate, ...compared })),
  ]);
  return { summary, chart, details, detailsDownload: apiDownloadHref(COMPANY_BRAND.downloadCarDetails, { ...api, accumulate: state.accumulate }) };
}

/**
 * The overview: the market's cards, the ranking (a band chart, or the list up to the loaded page), and
 * the car-model details of the clicked row — or, with none clicked, of the first row shown, which
 * waits for the ranking to answer.
 */
async function loadOverview(request: Request, context: AppLoadContext, filters: SaleVolumeFilters, state: CompanyBrandState, area: Params = {}) {
  const api: Params = { ...filterApiParams(filters), ...area };
  const listParams: Params = { ...api, type: state.type, accumulate: state.listAccumulate };
  // The list's order goes to the list call and its download: sorted in SQL, load more continues it (decision 171).
  const sorted: Params = state.sort ? { sort: sortText(state.sort) } : {};
  const ranked = state.view === 'chart' ? { ...listParams, rank: state.rank } : { ...listParams, ...sorted, currentPage: 1, pageSize: pageSizeOf(state.page) };
  const detailsOf = (foreignId: number): Promise<Settled<CarDetails>> =>
    settle(apiGet(request, context, COMPANY_BRAND.carDetails, { ...api, type: state.type, foreignId, accumulate: state.accumulate }));

  const chosenDetails = state.foreignId === null ? null : detailsOf(state.foreignId);
  const listCall = settle(apiGet(request, context, COMPANY_BRAND.list, ranked));
  const firstRowDetails = chosenDetails
    ? null
    : listCall.then((list): Promise<Settled<CarDetails>> | Settled<CarDetails> => {
        const first = list.value?.list[0];
        return first ? detailsOf(first.id) : { value: null, failure: null };
      });
  const [summary, list, bandChart, details] = await Promise.all([
    settle(apiGet(request, context, COMPANY_BRAND.whole, api)),
    listCall,
    state.view === 'chart' ? settle(apiGet(request, context, COMPANY_BRAND.list2chart, { ...listParams, rank: state.rank })) : Promise.resolve(null),
    chosenDetails ?? firstRowDetails!,
  ]);
  const chosenId = details.value?.id ?? null;
  return {
    summary,
    list,
    bandChart,
    details,
    listDownload: apiDownloadHref(COMPANY_BRAND.download, { ...listParams, ...sorted }),
    detailsDownload:
      chosenId === null
        ? null
        : apiDownloadHref(COMPANY_BRAND.downloadCarDetails, { ...api, type: state.type, foreignId: chosenId, accumulate: state.accumulate }),
  };
}
