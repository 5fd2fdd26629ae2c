/**
 * The producer/brand page's calls (spec 000 §7: companyBrand/{whole, list, list2chart, highCharts,
 * carDetails}), made in parallel with the user's token. Each panel keeps what its call answered; a failed
 * call leaves its panel empty and its message goes to the page's toast. (Not beside the route: a file in
 * routes/ would become a route of its own.)
 */
import type { AppLoadContext } from '@remix-run/node';
import { COMPANY_BRAND, type CarDetails } from '@car/contracts';

import { apiGet } from './api.server';
import type { CompanyBrandState } from './company-brand-query';
import { filterApiParams, pageSizeOf, type SaleVolumeFilters } from './sale-volume-query';
import { apiDownloadHref } from './download';
import { settle, type Settled } from './settle.server';

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
  return { compareType: state.compareType, ...(state.foreignIds.length ? { foreignIds: state.foreignIds.join(',') } : {}), ...(state.count > 0 ? { count: state.count } : {}) };
}

/** One producer or brand: cards, trend chart, car-model details; `area` the chosen region, province or city (area, level). */
export async function loadMakerView(request: Request, context: AppLoadContext, filters: SaleVolumeFilters, state: CompanyBrandState, id: number, area: Params = {}) {
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
export async function loadOverview(request: Request, context: AppLoadContext, filters: SaleVolumeFilters, state: CompanyBrandState, area: Params = {}) {
  const api: Params = { ...filterApiParams(filters), ...area };
  const listParams: Params = { ...api, type: state.type, accumulate: state.listAccumulate };
  const ranked =
    state.view === 'chart'
      ? { ...listParams, rank: state.rank }
      : { ...listParams, currentPage: 1, pageSize: pageSizeOf(state.page) };
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
    listDownload: apiDownloadHref(COMPANY_BRAND.download, listParams),
    detailsDownload: chosenId === null ? null : apiDownloadHref(COMPANY_BRAND.downloadCarDetails, { ...api, type: state.type, foreignId: chosenId, accumulate: state.accumulate }),
  };
}
