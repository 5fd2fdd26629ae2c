/**
 * Where a row of the dashboard leads (decision 177): its analysis page at the dashboard's month, and its
 * 单月 / 累计 where the page has that choice. Each address is written by the target page's own URL helper
 * with the keys its URL reader takes (url-state.ts), so the page opens on exactly that view.
 */
import type { Accumulate } from '@car/contracts';

import { makerPageHref } from './company-brand-query';
import { withParams } from './sale-volume-query';

/** The dashboard's period as it answered: the month 'YYYY-MM' and 单月 (0) / 累计 (1). */
export interface DashboardPeriod {
  time: string;
  accumulate: Accumulate;
  /** 1-2月合计: the sales pages a row opens show it too (decision 197). */
  newYear?: boolean;
}

export type DashboardRowKind = 'producer' | 'brand' | 'modelSub' | 'city';

/** 区域市场表现 and 车系价格追踪, the pages a city and a 子车系 open. */
export const AREA_MARKET_PAGE = '/salevolume/areamarket';
export const PRICE_TRACE_PAGE = '/price/cabmodelpricetrace';

/** A city is the area page's node at level 3 (its 6-digit code). */
const CITY_LEVEL = 3;

/**
 * The row's page: a producer or a brand, its single view of 厂商品牌表现 (累计 → its car-model details from
 * January); a 子车系, 车系价格追踪 of it (the one page about a 子车系; it has no 累计); a city, 区域市场表现
 * drilled to it (whose cards show the month and January to it side by side, so it needs no 累计).
 */
export function dashboardRowHref(kind: DashboardRowKind, id: number, period: DashboardPeriod): string {
  const month = withParams('', { time: period.time });
  const sales = withParams(month, { newYear: period.newYear ? 1 : null });
  switch (kind) {
    case 'producer':
      return makerPageHref(sales, 0, id, { accumulate: period.accumulate });
    case 'brand':
      return makerPageHref(sales, 1, id, { accumulate: period.accumulate });
    case 'modelSub':
      return `${PRICE_TRACE_PAGE}${withParams(month, { modelSubId: id })}`;
    case 'city':
      return `${AREA_MARKET_PAGE}${withParams(sales, { area: id, level: CITY_LEVEL })}`;
  }
}
