/**
 * The price-volume pages' state in the URL, with the spec's parameter names (001 §3, §7, §9): the
 * price-band page's filters go to the API as they are typed (the API checks them and answers a bad band
 * with a Chinese 400, shown in a toast); the page's own toggles are `chart` (the chart's sales / MIX),
 * `data2` (the table's), `type` and `foreignIds` (the table's dimension and picked members).
 */
import { MONTH_PATTERN, PRICE_VOLUME_DEFAULTS } from '@car/contracts';
import { idListParam, intParam } from './sale-volume-query';

export const PRICE_QTY_FILTER_PARAMS = ['time', 'detailId', 'producerProperties', 'brandProperties', 'priceLow', 'priceHigh', 'segment', 'orderBy', 'data1', 'accumulate'] as const;

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

export interface PriceQtyFilters extends BandSettings {
  accumulate: 0 | 1;
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
  return params;
}

export const MODEL_PRICE_FILTER_PARAMS = ['time', 'modelSubId', 'carIds', 'data1'] as const;

export interface ModelPriceState {
  time: string | null;
  modelSubId: number | null;
  carIds: number[];
  data1: 0 | 1;
  /** Time-period chart: sales / MIX, bubble / scatter. */
  singleData2: 0 | 1;
  singleType: 0 | 1;
  /** Single table view 0-3. */
  singleView: 0 | 1 | 2 | 3;
  /** Model comparison chart. */
  compareData2: 0 | 1;
  compareType: 0 | 1;
  compareAccumulate: 0 | 1;
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
    singleData2: bit('singleData2'),
    singleType: bit('singleType'),
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
  return params;
}
