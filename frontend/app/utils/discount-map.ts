/**
 * 各省优惠率 of 整体市场价格指数 (beyond the old tool): each province's TP discount rate of the month on the map, in
 * quantile classes, its tooltip and the table beside saying the rate, the TP and the sales. Rules only; DiscountMap draws.
 */
import { type PriceMap, sharePercentText, thousands, yuanText } from '@car/contracts';

import type { ChinaMapRow, MapMeasure } from '~/components/ChinaMap';

/** The map's rows (a province's sales) and the measure it colours by (the province's discount rate). */
export function discountMap(map: PriceMap | null): { rows: ChinaMapRow[]; measure: MapMeasure } {
  const provinces = map?.provinces ?? [];
  const byCode = new Map(provinces.map((p) => [p.code, p]));
  const rows: ChinaMapRow[] = provinces.map((p) => ({
    name: p.name,
    code: p.code,
    sales: p.qty,
    salesStr: thousands(p.qty),
    yoy: null,
    salesSumStr: '-',
    yearYoy: null,
  }));
  const measure: MapMeasure = {
    label: '优惠率',
    value: (row) => byCode.get(String(row.code))?.discountRate ?? null,
    lines: (row) => {
      const p = byCode.get(String(row.code));
      return [`优惠率: ${p?.discountRateStr ?? '-'}`, `成交价: ${yuanText(p?.tp)}`, `销量: ${row.salesStr}`];
    },
    tick: (value) => sharePercentText(value),
  };
  return { rows, measure };
}
