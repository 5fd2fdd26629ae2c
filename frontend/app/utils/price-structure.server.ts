/** The loader of the price-structure pair: the settings form's lists, the chart and the table, each settled on its own. */
import type { AppLoadContext } from '@remix-run/node';

import { PRICE_STRUCTURE, SEARCH } from '@car/contracts';
import { apiGet } from './api.server';
import { priceStructureApiParams, readPriceStructureState } from './price-structure-query';
import type { IdName, KeyValue } from './sale-volume-lookups.server';
import { apiDownloadHref } from './download';
import { firstFailure, settle } from './settle.server';

export type StructurePageKind = 'total' | 'segment';

export interface PriceStructureLookups {
  months: string[];
  segments: IdName[];
  bodyShapes: KeyValue[];
  producerProperties: KeyValue[];
  families: KeyValue[];
  brandProperties: KeyValue[];
}

const keyValues = (list: ReadonlyArray<{ key: string | number; value: string }>): KeyValue[] =>
  list.map((p) => ({ key: Number(p.key), value: p.value })).filter((p) => p.key !== -1);

function loadLookups(request: Request, context: AppLoadContext) {
  return settle(
    Promise.all([
      apiGet(request, context, SEARCH.calendar, { category: 2 }),
      apiGet(request, context, SEARCH.allDetailMarkets, {}),
      apiGet(request, context, SEARCH.bodyShapes),
      apiGet(request, context, SEARCH.producerProperties),
      apiGet(request, context, SEARCH.dictionary, { type: 'dicBrandSeries' }),
      apiGet(request, context, SEARCH.brandProperties),
    ]).then(([months, segments, bodyShapes, producerProperties, families, brandProperties]): PriceStructureLookups => ({
      months,
      segments,
      bodyShapes: keyValues(bodyShapes),
      producerProperties: keyValues(producerProperties),
      families: keyValues(families),
      brandProperties: keyValues(brandProperties),
    })),
  );
}

export async function loadPriceStructure(request: Request, context: AppLoadContext, kind: StructurePageKind) {
  const state = readPriceStructureState(new URL(request.url).searchParams);
  const api = priceStructureApiParams(state);
  const calls =
    kind === 'total'
      ? { chart: PRICE_STRUCTURE.totalChart, table: PRICE_STRUCTURE.totalTable, download: PRICE_STRUCTURE.totalDownload }
      : { chart: PRICE_STRUCTURE.detailChart, table: PRICE_STRUCTURE.detailTable, download: PRICE_STRUCTURE.detailDownload };
  const tableParams = { ...api, tab: state.tab, data2: state.data2 };
  const [lookups, chart, table] = await Promise.all([
    loadLookups(request, context),
    settle(apiGet(request, context, calls.chart, { ...api, view: state.view, data2: state.chart })),
    settle(apiGet(request, context, calls.table, tableParams)),
  ]);
  return {
    kind,
    state: { ...state, time: state.time ?? lookups.value?.months[0] ?? null },
    lookups: lookups.value,
    chart: chart.value,
    table: table.value,
    downloadHref: apiDownloadHref(calls.download, tableParams),
    failure: firstFailure(lookups, chart, table),
  };
}

export type PriceStructureData = Awaited<ReturnType<typeof loadPriceStructure>>;
