/** The dashboard's state in the URL: month, 单月 / 累计, the brand and model tables' types, the city page. */
import { DASHBOARD, DASHBOARD_PATH, DASHBOARD_SIZES, type JllType } from '@car/contracts';

import { apiDownloadHref } from './download';
import { allowsNewYear } from './sale-volume-query';
import { urlState } from './url-state';

export interface DashboardQuery {
  time: string | null;
  accumulate: 0 | 1;
  /** 1-2月合计 (decision 197), in place of accumulate: only with a January or February month. */
  newYear: boolean;
  /** The brand table's tab, which the city table follows. */
  brandType: JllType;
  modelType: JllType;
  cityPage: number;
}

/**
 * Reads the URL through the calls it feeds, falling back to the defaults for anything malformed (a hand-edited
 * link never breaks the page): `brandType` and `modelType` are the brand and model lists' `jllType` (the city
 * list follows the brands'), `cityPage` the city list's `currentPage`, within the pages the dashboard shows.
 */
export function dashboardQuery(params: URLSearchParams): DashboardQuery {
  const period = urlState(DASHBOARD.whole.params, params);
  const cities = urlState(DASHBOARD.cities.params, params);
  const cityPage = cities.value('currentPage', { from: 'cityPage' });
  return {
    time: period.text('time'),
    accumulate: period.value('accumulate'),
    newYear: period.value('newYear') && allowsNewYear(period.text('time')),
    brandType: urlState(DASHBOARD.brands.params, params).value('jllType', { from: 'brandType' }),
    modelType: urlState(DASHBOARD.modelSubs.params, params).value('jllType', { from: 'modelType' }),
    cityPage: cityPage <= DASHBOARD_SIZES.cityPages ? cityPage : 1,
  };
}

/** The dashboard's address with some of its state changed; defaults are left out. */
export function dashboardHref(q: DashboardQuery, change: Partial<DashboardQuery>): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.time) params.set('time', next.time);
  if (next.accumulate === 1) params.set('accumulate', '1');
  if (next.newYear && allowsNewYear(next.time)) params.set('newYear', '1');
  if (next.brandType !== 2) params.set('brandType', String(next.brandType));
  if (next.modelType !== 2) params.set('modelType', String(next.modelType));
  if (next.cityPage !== 1) params.set('cityPage', String(next.cityPage));
  const search = params.toString();
  return search ? `${DASHBOARD_PATH}?${search}` : DASHBOARD_PATH;
}

/** 导出PPT (decision 220): the deck of the dashboard as it shows now — its period, tabs and city page. */
export function dashboardDeckHref(q: DashboardQuery): string {
  const params: Record<string, string | number> = { accumulate: q.accumulate, brandType: q.brandType, modelType: q.modelType, cityPage: q.cityPage };
  if (q.time) params.time = q.time;
  if (q.newYear) params.newYear = 1;
  return apiDownloadHref(DASHBOARD.ppt, params);
}
