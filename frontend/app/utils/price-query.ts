/**
 * The price pages' state in the URL (spec 001 §3 search forms, decision 28): the market page's
 * time, detailId, producerProperty, bigArea, composite, searchContent, the chart's dataType (0 discount,
 * 1 rate) and the table's type (rows) and type2 (measure); the trace page's time, discount (0 / 1),
 * brand, modelSubId, carId, modelSubIds, carIds and the table's type. Malformed values fall back to the default.
 */
import { MONTH_PATTERN, MAX_PRICE_COMPARED } from '@car/contracts';
import { idListParam, intParam } from './sale-volume-query';

export interface MarketPriceState {
  time: string | null;
  detailId: number;
  producerProperty: number;
  bigArea: number;
  composite: number;
  searchContent: string;
  /** Chart: 0 discount, 1 rate. */
  dataType: 0 | 1;
  /** Table rows: 0 segment, 1 producer, 2 brand. */
  type: 0 | 1 | 2;
  /** Table measure: 2 TP, 0 discount, 1 rate. */
  type2: 0 | 1 | 2;
}

/** The market page's search form fields: a change of any reloads every panel. */
export const MARKET_FILTER_PARAMS = ['time', 'detailId', 'producerProperty', 'bigArea', 'composite', 'searchContent'] as const;

const monthOf = (params: URLSearchParams) => {
  const time = params.get('time');
  return time && MONTH_PATTERN.test(time) ? time : null;
};

export function readMarketPrice(params: URLSearchParams): MarketPriceState {
  return {
    time: monthOf(params),
    detailId: intParam(params, 'detailId', -1),
    producerProperty: intParam(params, 'producerProperty', -1),
    bigArea: intParam(params, 'bigArea', -1, [-1, 1, 2, 3, 4, 5, 6, 7]),
    composite: intParam(params, 'composite', -1, [-1, 0, 1, 2]),
    searchContent: (params.get('searchContent') ?? '').trim().slice(0, 50),
    dataType: intParam(params, 'dataType', 0, [0, 1]) as 0 | 1,
    type: intParam(params, 'type', 0, [0, 1, 2]) as 0 | 1 | 2,
    type2: intParam(params, 'type2', 2, [0, 1, 2]) as 0 | 1 | 2,
  };
}

/** The market search form as the API's parameters (defaults left out). */
export function marketApiParams(s: MarketPriceState): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (s.time) params.time = s.time;
  if (s.detailId > 0) params.detailId = s.detailId;
  if (s.producerProperty > 0) params.producerProperty = s.producerProperty;
  if (s.bigArea > 0) params.bigArea = s.bigArea;
  if (s.composite >= 0) params.composite = s.composite;
  if (s.searchContent) params.searchContent = s.searchContent;
  return params;
}

export interface PriceTraceState {
  time: string | null;
  /** Chart: 0 discount, 1 rate (the filter panel's 优惠 / 优惠率). */
  discount: 0 | 1;
  /** The brand the own-series picker lists (the spec's default brand when absent). */
  brand: number | null;
  modelSubId: number | null;
  carId: number | null;
  modelSubIds: number[];
  carIds: number[];
  /** The brand the comparison series and models pickers list (spec 001 §3 compareBrand); null: every brand. */
  compareBrand: number | null;
  /** The trace form's city (spec 001 §3 cabmodelpricetraceForm): 6-digit code; cards and chart weigh TP over its sales. */
  city: number | null;
  /** Regional table measure: 2 TP, 0 discount, 1 rate. */
  type: 0 | 1 | 2;
}

/** The trace page's search form: a new search drops the chosen model and the comparisons (spec 001 §4). */
export const TRACE_FILTER_PARAMS = ['time', 'discount', 'city', 'brand', 'modelSubId'] as const;

export function readPriceTrace(params: URLSearchParams): PriceTraceState {
  const id = (name: string) => {
    const v = intParam(params, name, 0);
    return v > 0 ? v : null;
  };
  return {
    time: monthOf(params),
    discount: intParam(params, 'discount', 0, [0, 1]) as 0 | 1,
    brand: id('brand'),
    modelSubId: id('modelSubId'),
    carId: id('carId'),
    modelSubIds: idListParam(params, 'modelSubIds').slice(0, MAX_PRICE_COMPARED),
    carIds: idListParam(params, 'carIds').slice(0, MAX_PRICE_COMPARED),
    compareBrand: id('compareBrand'),
    city: id('city'),
    type: intParam(params, 'type', 2, [0, 1, 2]) as 0 | 1 | 2,
  };
}
