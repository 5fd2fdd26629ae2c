import { DOMESTIC_A } from './domestic-a';
import { DOMESTIC_B } from './domestic-b';
import { FOREIGN } from './foreign';
import type { Catalog } from './types';

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The whole catalog: domestic makers first, then joint ventures and importers. A producer or brand
 * listed in two parts (a maker that spans both) is kept once, as first listed.
 */
export const CATALOG: Catalog = {
  producers: uniqueBy([...DOMESTIC_A.producers, ...DOMESTIC_B.producers, ...FOREIGN.producers], (p) => p.name),
  brands: uniqueBy([...DOMESTIC_A.brands, ...DOMESTIC_B.brands, ...FOREIGN.brands], (b) => b.name),
  subSeries: uniqueBy([...DOMESTIC_A.subSeries, ...DOMESTIC_B.subSeries, ...FOREIGN.subSeries], (s) => s.name),
};
