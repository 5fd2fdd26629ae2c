/** The lists the sales pages' filter panels offer: calendar months, segments, fuels, producer properties. */
import type { AppLoadContext } from '@remix-run/node';

import { apiGet } from './api.server';
import { settle, type Settled } from './settle.server';

export interface KeyValue {
  key: number;
  value: string;
}

export interface IdName {
  id: number;
  name: string;
}

export interface SaleVolumeLookups {
  months: string[];
  segments: IdName[];
  fuels: KeyValue[];
  producerProperties: KeyValue[];
}

export async function loadLookups(request: Request, context: AppLoadContext): Promise<Settled<SaleVolumeLookups>> {
  return settle(
    Promise.all([
      apiGet<string[]>(request, context, '/search/calendar'),
      apiGet<IdName[]>(request, context, '/search/getDetailMarket'),
      apiGet<KeyValue[]>(request, context, '/search/getFuels'),
      apiGet<KeyValue[]>(request, context, '/search/getWholes'),
    ]).then(([months, segments, fuels, producerProperties]) => ({ months, segments, fuels, producerProperties })),
  );
}
