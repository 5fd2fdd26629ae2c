/**
 * The lists the price-band page's filter panel offers: retail months (calendar category 2), segments,
 * producer and brand properties, 车身形式 (dicBodyShape), 系别 (dicBrandSeries, keyed by family id) and the
 * cities grouped by province (the TP city).
 */
import type { AppLoadContext } from '@remix-run/node';

import { type LetterGroup, type PriceDimension, type ProvinceCities, SEARCH, type SeriesItem } from '@car/contracts';
import { apiGet } from './api.server';
import type { PickItem } from './pick-list';
import { settle, type Settled } from './settle.server';
import { type IdName, type KeyValue, numericKeys } from './sale-volume-lookups.server';

export interface PriceQtyLookups {
  months: string[];
  segments: IdName[];
  producerProperties: KeyValue[];
  brandProperties: KeyValue[];
  bodyShapes: KeyValue[];
  families: KeyValue[];
  cities: ProvinceCities[];
}

export function loadPriceQtyLookups(request: Request, context: AppLoadContext): Promise<Settled<PriceQtyLookups>> {
  return settle(
    Promise.all([
      apiGet(request, context, SEARCH.calendar, { category: 2 }),
      apiGet(request, context, SEARCH.detailMarkets),
      apiGet(request, context, SEARCH.producerProperties),
      apiGet(request, context, SEARCH.brandProperties),
      apiGet(request, context, SEARCH.bodyShapes),
      apiGet(request, context, SEARCH.dictionary, { type: 'dicBrandSeries' }),
      apiGet(request, context, SEARCH.provinceCities, {}),
    ]).then(([months, segments, producerProperties, brandProperties, bodyShapes, families, cities]): PriceQtyLookups => ({
      months,
      segments,
      producerProperties: numericKeys(producerProperties),
      brandProperties: numericKeys(brandProperties),
      bodyShapes: numericKeys(bodyShapes),
      families: numericKeys(families),
      cities,
    })),
  );
}

/** Names of the members picked in a dimension of the band table (or the filter's brands), from the search lists the pickers show. */
export async function pickedNames(request: Request, context: AppLoadContext, type: PriceDimension, ids: number[]): Promise<PickItem[]> {
  if (ids.length === 0 || type === 0) return [];
  const names = new Map<number, string>();
  if (type === 4) {
    const groups = (await apiGet(request, context, SEARCH.series, {})) as LetterGroup<SeriesItem>[];
    for (const g of groups) for (const s of g.list) for (const sub of s.subList) names.set(sub.id, sub.name);
  } else {
    const endpoint = type === 1 ? SEARCH.brands : type === 2 ? SEARCH.producers : SEARCH.producerBrands;
    for (const g of await apiGet(request, context, endpoint, {})) for (const item of g.list) names.set(item.id, item.name);
  }
  return ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
}
