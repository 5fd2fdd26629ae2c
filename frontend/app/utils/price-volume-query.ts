/**
 * The price-volume pages' state in the URL, with the spec's parameter names (001 §3, §7, §9): the
 * price-band page's filters go to the API as they are typed (the API checks them and answers a bad band
 * with a Chinese 400, shown in a toast); the page's own toggles are `chart` (the chart's sales / MIX),
 * `data2` (the table's), `type` and `foreignIds` (the table's dimension and picked members). The
 * sales-proportion page's chart controls are `singleCount` (year count, the API's count) and
 * `compareRank` (rank band, the API's rank).
 */
import { MAX_COMPARED, PRICE_VOLUME, PRICE_VOLUME_DEFAULTS } from '@car/contracts';

import { urlState } from './url-state';

/** The band settings of a band page's URL: bounds and width as typed (万; the API validates), order, TP or MSRP. */
export interface BandSettings {
  time: string | null;
  detailId: number;
  producerProperties: number[];
  brandProperties: number[];
  priceLow: string;
  priceHigh: string;
  segment: string;
  orderBy: 0 | 1;
  data1: 0 | 1;
}

/** The price-band page's filters (cabmodelpricesearchForm): the band settings, brands, 车身形式, 系别, the TP city and 单月 / 累计. */
export interface PriceQtyFilters extends BandSettings {
  /** Brand ids picked (`brand`). */
  brand: number[];
  /** dicBodyShape keys (`bodyShape`). */
  bodyShape: number[];
  /** 系别: family ids (`series`). */
  series: number[];
  /** The city whose TP bands the trims (`tpCity`); null: the national TP. */
  tpCity: number | null;
  accumulate: 0 | 1;
}

/** A price setting in 万 as typed (the API validates it), or its default. */
export const wanText = (params: URLSearchParams, name: string, fallback: number): string => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, 12) : String(fallback);
};

/** The filters as the band chart's call reads them; the band bounds and width stay as typed. */
export function readPriceQtyFilters(params: URLSearchParams): PriceQtyFilters {
  const url = urlState(PRICE_VOLUME.highCharts.params, params);
  const d = PRICE_VOLUME_DEFAULTS;
  return {
    time: url.text('time'),
    detailId: url.value('detailId'),
    producerProperties: url.list('producerProperties'),
    brandProperties: url.list('brandProperties'),
    brand: url.list('brand'),
    bodyShape: url.list('bodyShape'),
    series: url.list('series'),
    tpCity: url.value('tpCity', { fallback: null }),
    priceLow: wanText(params, 'priceLow', d.priceLow),
    priceHigh: wanText(params, 'priceHigh', d.priceHigh),
    segment: wanText(params, 'segment', d.segment),
    orderBy: url.value('orderBy'),
    data1: url.value('data1'),
    accumulate: url.value('accumulate'),
  };
}

/** The filters as the API's params (empty lists left out). */
export function priceQtyApiParams(f: PriceQtyFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    detailId: f.detailId,
    priceLow: f.priceLow,
    priceHigh: f.priceHigh,
    segment: f.segment,
    orderBy: f.orderBy,
    data1: f.data1,
    accumulate: f.accumulate,
  };
  if (f.time) params.time = f.time;
  if (f.producerProperties.length) params.producerProperties = f.producerProperties.join(',');
  if (f.brandProperties.length) params.brandProperties = f.brandProperties.join(',');
  if (f.brand.length) params.brand = f.brand.join(',');
  if (f.bodyShape.length) params.bodyShape = f.bodyShape.join(',');
  if (f.series.length) params.series = f.series.join(',');
  if (f.tpCity !== null) params.tpCity = f.tpCity;
  return params;
}

export interface ModelPriceState {
  time: string | null;
  modelSubId: number | null;
  carIds: number[];
  data1: 0 | 1;
  /** pricedimensionsearchForm's city: figures of that city only; null nationwide. */
  city: number | null;
  /** Time-period chart: sales / MIX, bubble / scatter, and its year count (the API's count). */
  singleData2: 0 | 1;
  singleType: 0 | 1;
  singleCount: number;
  /** Single table view 0-3. */
  singleView: 0 | 1 | 2 | 3;
  /** Model comparison chart. */
  compareData2: 0 | 1;
  compareType: 0 | 1;
  compareAccumulate: 0 | 1;
  /** The model comparison chart's rank band 1-5 (the API's rank). */
  compareRank: number;
  modelSubIds: number[];
  /** Compare table view and its month / cumulative. */
  compareView: 0 | 1 | 2 | 3;
  tableAccumulate: 0 | 1;
}

/**
 * Read through the calls each key feeds: the page prefixes a panel's keys (`singleCount` is the single chart's
 * `count`, `compareView` the comparison table's `data2`, …), as both panels' calls share the names.
 */
export function readModelPriceState(params: URLSearchParams): ModelPriceState {
  const singleChart = urlState(PRICE_VOLUME.singleChart.params, params);
  const compareChart = urlState(PRICE_VOLUME.compareCharts.params, params);
  const compareTable = urlState(PRICE_VOLUME.compareTable.params, params);
  return {
    time: singleChart.text('time'),
    modelSubId: singleChart.value('modelSubId', { fallback: null }),
    carIds: singleChart.list('carIds'),
    data1: singleChart.value('data1'),
    city: singleChart.value('city', { fallback: null }),
    singleData2: singleChart.value('data2', { from: 'singleData2' }),
    singleType: singleChart.value('type', { from: 'singleType' }),
    singleCount: singleChart.value('count', { from: 'singleCount' }),
    compareRank: compareChart.value('rank', { from: 'compareRank' }),
    singleView: urlState(PRICE_VOLUME.singleTable.params, params).value('data2', { from: 'singleView' }),
    compareData2: compareChart.value('data2', { from: 'compareData2' }),
    compareType: compareChart.value('type', { from: 'compareType' }),
    compareAccumulate: compareChart.value('accumulate', { from: 'compareAccumulate' }),
    modelSubIds: compareChart.list('modelSubIds').slice(0, MAX_COMPARED),
    compareView: compareTable.value('data2', { from: 'compareView' }),
    tableAccumulate: compareTable.value('accumulate', { from: 'tableAccumulate' }),
  };
}

/** The filters every modelPrice call takes. */
export function modelPriceApiParams(s: ModelPriceState): Record<string, string | number> {
  const params: Record<string, string | number> = { data1: s.data1 };
  if (s.time) params.time = s.time;
  if (s.modelSubId) params.modelSubId = s.modelSubId;
  if (s.carIds.length) params.carIds = s.carIds.join(',');
  if (s.city !== null) params.city = s.city;
  return params;
}
