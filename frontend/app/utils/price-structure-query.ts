/**
 * The price-structure pages' state in the URL (/price/totalmarket, /pricedetailmarket; docs/modules.md
 * "Price analysis"): the settings form's filters keep the API's names (`detailId`, `bodyShapes`,
 * `producerProperties`, `families`, `brandProperties`, `priceLow`, `priceHigh`, `segment`, `orderBy`);
 * the page's toggles are `data1` (TP / MSRP), `averageMonth` (月均 / 累计), `view` and `chart` (the
 * chart's view and sales / MIX), `tab` and `data2` (the table's tab and sales / MIX).
 */
import { PRICE_STRUCTURE, PRICE_STRUCTURE_DEFAULTS, type PriceStructureTab, type PriceStructureView, type SortOrder, sortText } from '@car/contracts';
import { apiDownloadHref } from './download';
import { type BandSettings, wanText } from './price-volume-query';
import { urlState } from './url-state';

export interface PriceStructureState extends BandSettings {
  bodyShapes: number[];
  families: number[];
  averageMonth: 0 | 1;
  view: PriceStructureView;
  chart: 0 | 1;
  tab: PriceStructureTab;
  data2: 0 | 1;
}

/** Read through the chart and table calls (both pages' calls share one schema); `chart` is the chart call's `data2`. */
export function readPriceStructureState(params: URLSearchParams): PriceStructureState {
  const d = PRICE_STRUCTURE_DEFAULTS;
  const chart = urlState(PRICE_STRUCTURE.totalChart.params, params);
  const table = urlState(PRICE_STRUCTURE.totalTable.params, params);
  return {
    time: table.text('time'),
    detailId: table.value('detailId'),
    bodyShapes: table.list('bodyShapes'),
    producerProperties: table.list('producerProperties'),
    families: table.list('families'),
    brandProperties: table.list('brandProperties'),
    priceLow: wanText(params, 'priceLow', d.priceLow),
    priceHigh: wanText(params, 'priceHigh', d.priceHigh),
    segment: wanText(params, 'segment', d.segment),
    orderBy: table.value('orderBy'),
    data1: table.value('data1'),
    averageMonth: table.value('averageMonth'),
    view: chart.value('view'),
    chart: chart.value('data2', { from: 'chart' }),
    tab: table.value('tab'),
    data2: table.value('data2'),
  };
}

/** The filters and shared toggles as the API's params (empty lists left out). */
export function priceStructureApiParams(s: PriceStructureState): Record<string, string | number> {
  const params: Record<string, string | number> = {
    detailId: s.detailId,
    priceLow: s.priceLow,
    priceHigh: s.priceHigh,
    segment: s.segment,
    orderBy: s.orderBy,
    data1: s.data1,
    averageMonth: s.averageMonth,
  };
  if (s.time) params.time = s.time;
  for (const list of ['bodyShapes', 'producerProperties', 'families', 'brandProperties'] as const) if (s[list].length) params[list] = s[list].join(',');
  return params;
}

/**
 * 导出PPT of a page of the pair (decision 213): the filters and toggles as the API's params, the chart's view and
 * measure, the table's tab and measure, and the order clicked on the table's header.
 */
export function priceStructureDeckHref(kind: 'total' | 'segment', s: PriceStructureState, order: SortOrder | null): string {
  return apiDownloadHref(kind === 'total' ? PRICE_STRUCTURE.totalPpt : PRICE_STRUCTURE.detailPpt, {
    ...priceStructureApiParams(s),
    view: s.view,
    chart: s.chart,
    tab: s.tab,
    data2: s.data2,
    ...(order ? { sort: sortText(order) } : {}),
  });
}
