/** The lists the sales pages' filter panels offer: calendar months, segments, fuels, producer properties. */
import type { AppLoadContext } from '@remix-run/node';
import { SEARCH } from '@car/contracts';

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

/** A numeric dictionary's entries with their keys as numbers (the wire allows text keys for the text dictionaries). */
export const numericKeys = (list: ReadonlyArray<{ key: string | number; value: string }>): KeyValue[] =>
  list.map((p) => ({ key: Number(p.key), value: p.value }));

export async function loadLookups(request: Request, context: AppLoadContext): Promise<Settled<SaleVolumeLookups>> {
  return settle(
    Promise.all([
      apiGet(request, context, SEARCH.calendar),
      apiGet(request, context, SEARCH.detailMarkets),
      apiGet(request, context, SEARCH.fuels),
      apiGet(request, context, SEARCH.wholes),
    ]).then(([months, segments, fuels, producerProperties]) => ({
      months,
      segments,
      fuels: numericKeys(fuels),
      producerProperties: numericKeys(producerProperties),
    })),
  );
}
