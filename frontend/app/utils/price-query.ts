/**
 * The price pages' state in the URL (spec 001 §3 search forms, decision 28): the market page's
 * time, detailId, producerProperty, bigArea, composite, searchContent, the chart's dataType (0 discount,
 * 1 rate) and the table's type (rows) and type2 (measure); the trace page's time, discount (0 / 1),
 * brand, modelSubId, carId, modelSubIds, carIds and the table's type. Each is read through the call it feeds
 * (url-state.ts); malformed values fall back to the default.
 */
import { JLL_LABELS, MAX_PRICE_COMPARED, optional, positiveId, PRICE, type PriceTraceMeasure, REGIONS, traceChartMeasure } from '@car/contracts';
import { z } from 'zod';

import { SORT_KEY } from './table-sort';
import { urlState } from './url-state';

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

/** A choice of the market page's search form (a native select's option). */
export interface MarketChoice {
  value: number | string;
  label: string;
}

/** 大区: 全国, then the big regions. */
export function bigAreaChoices(): MarketChoice[] {
  return [{ value: -1, label: '全国' }, ...REGIONS.map((r) => ({ value: r.id, label: r.name }))];
}

/** 品牌类型: 全部, then 新创, 自主 and 合资 (JLL_LABELS' keys 2, 1, 0). */
export function brandTypeChoices(): MarketChoice[] {
  return [{ value: -1, label: '全部' }, ...[2, 1, 0].map((k) => ({ value: k, label: JLL_LABELS[k] }))];
}

/** The page's `dataType` is the chart call's `type`; the table's `type` and `type2` are its call's. */
export function readMarketPrice(params: URLSearchParams): MarketPriceState {
  const filters = urlState(PRICE.whole.params, params);
  const table = urlState(PRICE.detailTable.params, params);
  return {
    time: filters.text('time'),
    detailId: filters.value('detailId', { fallback: -1 }),
    producerProperty: filters.value('producerProperty', { fallback: -1 }),
    bigArea: filters.value('bigArea', { fallback: -1 }),
    composite: filters.value('composite', { fallback: -1 }),
    searchContent: filters.value('searchContent', { fallback: '' }),
    dataType: urlState(PRICE.highCharts.params, params).value('type', { from: 'dataType', fallback: 0 }) as 0 | 1,
    type: table.value('type', { fallback: 0 }) as 0 | 1 | 2,
    type2: table.value('type2', { fallback: 2 }) as 0 | 1 | 2,
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
  /** The chart's one measure (PRICE_TRACE_MEASURES, decision 275): `measure`, else an older link's `discount`, else TP. */
  measure: PriceTraceMeasure;
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

/** The trace page's own keys: the brands its series pickers list. */
const TRACE_PAGE_KEYS = z.object({ brand: optional(positiveId()), compareBrand: optional(positiveId()) });

/** An older link's `discount` (the spec's 0 discount, 1 rate) is the chart's measure where `measure` is absent; the regional table's `type` is its call's. */
export function readPriceTrace(params: URLSearchParams): PriceTraceState {
  const subject = urlState(PRICE.traceWhole.params, params);
  const chart = urlState(PRICE.traceHighCharts.params, params);
  const page = urlState(TRACE_PAGE_KEYS, params);
  return {
    time: subject.text('time'),
    measure: traceChartMeasure({
      measure: chart.value('measure', { fallback: undefined }),
      type: chart.value('type', { from: 'discount', fallback: undefined }),
    }),
    brand: page.value('brand', { fallback: null }),
    modelSubId: subject.value('modelSubId', { fallback: null }),
    carId: subject.value('carId', { fallback: null }),
    modelSubIds: chart.list('modelSubIds').slice(0, MAX_PRICE_COMPARED),
    carIds: chart.list('carIds').slice(0, MAX_PRICE_COMPARED),
    compareBrand: page.value('compareBrand', { fallback: null }),
    city: subject.value('city', { fallback: null }),
    type: urlState(PRICE.cityTable.params, params).value('type', { fallback: 2 }) as 0 | 1 | 2,
  };
}

/**
 * The month table's order in the page's URL (its `sort`, decision 171) as the deck's parameter (decision 215):
 * kept when the deck's call reads it; a value the page ignores is left out, so the deck keeps the default order too.
 */
export function monthTableSortParam(params: URLSearchParams): Record<string, string> {
  const sort = urlState(PRICE.ppt.params, params).text('sort', SORT_KEY);
  return sort ? { sort } : {};
}
