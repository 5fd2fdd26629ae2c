/** The lists the price-band page's filter panel offers: retail months (calendar category 2), segments, producer and brand properties. */
import type { AppLoadContext } from '@remix-run/node';

import { SEARCH } from '@car/contracts';
import { apiGet } from './api.server';
import { settle, type Settled } from './settle.server';
import type { IdName, KeyValue } from './sale-volume-lookups.server';

export interface PriceQtyLookups {
  months: string[];
  segments: IdName[];
  producerProperties: KeyValue[];
  brandProperties: KeyValue[];
}

export function loadPriceQtyLookups(request: Request, context: AppLoadContext): Promise<Settled<PriceQtyLookups>> {
  return settle(
    Promise.all([
      apiGet(request, context, SEARCH.calendar, { category: 2 }),
      apiGet(request, context, SEARCH.detailMarkets),
      apiGet(request, context, SEARCH.producerProperties),
      apiGet(request, context, SEARCH.brandProperties),
    ]).then(([months, segments, producerProperties, brandProperties]): PriceQtyLookups => ({
      months,
      segments,
      producerProperties: producerProperties.map((p) => ({ key: Number(p.key), value: p.value })),
      brandProperties: brandProperties.map((p) => ({ key: Number(p.key), value: p.value })),
    })),
  );
}
