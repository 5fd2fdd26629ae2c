/**
 * The lists the price-band page's filter panel offers: retail months (calendar category 2), segments,
 * producer and brand properties, 车身形式 (dicBodyShape), 系别 (dicBrandSeries, keyed by family id) and the
 * cities grouped by province (the TP city).
 */
import type { AppLoadContext } from '@remix-run/node';

import { type ProvinceCities, SEARCH } from '@car/contracts';
import { apiGet } from './api.server';
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
