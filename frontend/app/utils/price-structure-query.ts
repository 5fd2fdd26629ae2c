/**
 * The price-structure pages' state in the URL (/price/totalmarket, /pricedetailmarket; docs/modules.md
 * "Price analysis"): the settings form's filters keep the API's names (`detailId`, `bodyShapes`,
 * `producerProperties`, `families`, `brandProperties`, `priceLow`, `priceHigh`, `segment`, `orderBy`);
 * the page's toggles are `data1` (TP / MSRP), `averageMonth` (月均 / 累计), `view` and `chart` (the
 * chart's view and sales / MIX), `tab` and `data2` (the table's tab and sales / MIX).
 */
import { MONTH_PATTERN, PRICE_STRUCTURE_DEFAULTS, type PriceStructureTab, type PriceStructureView } from '@car/contracts';
import { type BandSettings, wanText } from './price-volume-query';
import { idListParam, intParam } from './sale-volume-query';

/** The settings form's fields: a change reloads both panels. */
export const STRUCTURE_FILTER_PARAMS = ['time', 'detailId', 'bodyShapes', 'producerProperties', 'families', 'brandProperties', 'priceLow', 'priceHigh', 'segment', 'orderBy'] as const;
/** The toggles both panels follow. */
export const STRUCTURE_SHARED_PARAMS = ['data1', 'averageMonth'] as const;

export interface PriceStructureState extends BandSettings {
  bodyShapes: number[];
  families: number[];
  averageMonth: 0 | 1;
  view: PriceStructureView;
  chart: 0 | 1;
  tab: PriceStructureTab;
  data2: 0 | 1;
}

export function readPriceStructureState(params: URLSearchParams): PriceStructureState {
  const d = PRICE_STRUCTURE_DEFAULTS;
  const time = params.get('time');
  const bit = (name: string, fallback: number) => intParam(params, name, fallback, [0, 1]) as 0 | 1;
  return {
    time: time && MONTH_PATTERN.test(time) ? time : null,
    detailId: intParam(params, 'detailId', d.detailId),
    bodyShapes: idListParam(params, 'bodyShapes'),
    producerProperties: idListParam(params, 'producerProperties'),
    families: idListParam(params, 'families'),
    brandProperties: idListParam(params, 'brandProperties'),
    priceLow: wanText(params, 'priceLow', d.priceLow),
    priceHigh: wanText(params, 'priceHigh', d.priceHigh),
    segment: wanText(params, 'segment', d.segment),
    orderBy: bit('orderBy', d.orderBy),
    data1: bit('data1', d.data1),
    averageMonth: bit('averageMonth', d.averageMonth),
    view: intParam(params, 'view', d.view, [0, 1, 2]) as PriceStructureView,
    chart: bit('chart', 0),
    tab: intParam(params, 'tab', d.tab, [0, 1, 2, 3, 4]) as PriceStructureTab,
    data2: bit('data2', 0),
  };
}

/** The filters and shared toggles as the API's params (empty lists left out). */
export function priceStructureApiParams(s: PriceStructureState): Record<string, string | number> {
  const params: Record<string, string | number> = {
    detailId: s.detailId, priceLow: s.priceLow, priceHigh: s.priceHigh, segment: s.segment, orderBy: s.orderBy, data1: s.data1, averageMonth: s.averageMonth,
  };
  if (s.time) params.time = s.time;
  for (const list of ['bodyShapes', 'producerProperties', 'families', 'brandProperties'] as const) if (s[list].length) params[list] = s[list].join(',');
  return params;
}
