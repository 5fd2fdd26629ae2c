import type { PriceQtyChartDto } from '@car/contracts';
import { bandCount, type PriceBands } from '../analytics/measures';

/**
 * The price-band form's rules (价格区间 and 价格段 in 万), shared by the price-band page, the price-structure
 * pages (price/) and the price-volume export (dataExport/): the query layer's bands in yuan and their order.
 */

const YUAN_PER_TENTH_WAN = 1000;

/** A form's bounds (万, one decimal) as the query layer's bands in yuan. */
export function bandsOf(q: Pick<PriceQtyChartDto, 'priceLow' | 'priceHigh' | 'segment' | 'data1'> & { tpCity?: number }): PriceBands {
  const yuan = (wan: number): number => Math.round(wan * 10) * YUAN_PER_TENTH_WAN;
  const bands: PriceBands = { basis: q.data1 === 1 ? 'msrp' : 'tp', low: yuan(q.priceLow), high: yuan(q.priceHigh), width: yuan(q.segment) };
  // The TP city bands by TP only: with MSRP (data1 1) it changes nothing.
  if (q.tpCity !== undefined && q.data1 === 0) bands.tpCity = q.tpCity;
  return bands;
}

/** Every band key in the page's order: 0 (below) … n + 1 (above), or the reverse when descending. */
export function bandKeys(bands: PriceBands, orderBy: 0 | 1): number[] {
  const keys = Array.from({ length: bandCount(bands) + 2 }, (_, k) => k);
  return orderBy === 1 ? keys.reverse() : keys;
}
