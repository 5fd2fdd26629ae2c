/**
 * The price-volume pages' state in the URL, with the spec's parameter names (001 §3, §7, §9): the
 * price-band page's filters go to the API as they are typed (the API checks them and answers a bad band
 * with a Chinese 400, shown in a toast); the page's own toggles are `chart` (the chart's sales / MIX),
 * `data2` (the table's), `type` and `foreignIds` (the table's dimension and picked members). The
 * sales-proportion page's chart controls are `singleCount` (year count, the API's count) and
 * `compareRank` (rank band, the API's rank).
 */
import { MONTH_PATTERN, PRICE_VOLUME_DEFAULTS, PROPORTION_RANK_DEFAULT, PROPORTION_YEAR_COUNT, RANK_BANDS } from '@car/contracts';
import { idListParam, intParam } from './sale-volume-query';

export const PRICE_QTY_FILTER_PARAMS = [
  'time', 'detailId', 'producerProperties', 'brandProperties', 'brand', 'bodyShape', 'series', 'tpCity', 'priceLow', 'priceHigh', 'segment', 'orderBy', 'data1', 'accumulate',
] as const;

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

/** A positive id of the URL, or null. */
function idParam(params: URLSearchParams, name: string): number | null {
  const id = intParam(params, name, 0);
  return id > 0 ? id : null;
}

/** A price setting in 万 as typed (the API validates it), or its default. */
export const wanText = (params: URLSearchParams, name: string, fallback: number): string => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, 12) : String(fallback);
};

export function readPriceQtyFilters(params: URLSearchParams): PriceQtyFilters {
  const time = params.get('time');
  const d = PRICE_VOLUME_DEFAULTS;
  return {
    time: time && MONTH_PATTERN.test(time) ? time : null,
    detailId: intParam(params, 'detailId', d.detailId),
    producerProperties: idListParam(params, 'producerProperties'),
    brandProperties: idListParam(params, 'brandProperties'),
    brand: idListParam(params, 'brand'),
    bodyShape: idListParam(params, 'bodyShape'),
    series: idListParam(params, 'series'),
    tpCity: idParam(params, 'tpCity'),
    priceLow: wanText(params, 'priceLow', d.priceLow),
    priceHigh: wanText(params, 'priceHigh', d.priceHigh),
    segment: wanText(params, 'segment', d.segment),
    orderBy: intParam(params, 'orderBy', d.orderBy, [0, 1]) as 0 | 1,
    data1: intParam(params, 'data1', d.data1, [0, 1]) as 0 | 1,
    accumulate: intParam(params, 'accumulate', d.accumulate, [0, 1]) as 0 | 1,
  };
}

/** The filters as the API's params (empty lists left out). */
export function priceQtyApiParams(f: PriceQtyFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    detailId: f.detailId, priceLow: f.priceLow, priceHigh: f.priceHigh, segment: f.segment, orderBy: f.orderBy, data1: f.data1, accumulate: f.accumulate,
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

export const MODEL_PRICE_FILTER_PARAMS = ['time', 'modelSubId', 'carIds', 'data1', 'city'] as const;

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

export function readModelPriceState(params: URLSearchParams): ModelPriceState {
  const time = params.get('time');
  const modelSubId = intParam(params, 'modelSubId', 0);
  const bit = (name: string) => intParam(params, name, 0, [0, 1]) as 0 | 1;
  const view = (name: string) => intParam(params, name, 0, [0, 1, 2, 3]) as 0 | 1 | 2 | 3;
  return {
    time: time && MONTH_PATTERN.test(time) ? time : null,
    modelSubId: modelSubId > 0 ? modelSubId : null,
    carIds: idListParam(params, 'carIds'),
    data1: bit('data1'),
    city: idParam(params, 'city'),
    singleData2: bit('singleData2'),
    singleType: bit('singleType'),
    singleCount: intParam(params, 'singleCount', PROPORTION_YEAR_COUNT.default, PROPORTION_YEAR_COUNT.options),
    compareRank: intParam(params, 'compareRank', PROPORTION_RANK_DEFAULT, RANK_BANDS.map((b) => b.value)),
    singleView: view('singleView'),
    compareData2: bit('compareData2'),
    compareType: bit('compareType'),
    compareAccumulate: bit('compareAccumulate'),
    modelSubIds: idListParam(params, 'modelSubIds').slice(0, 10),
    compareView: view('compareView'),
    tableAccumulate: bit('tableAccumulate'),
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
