/** The dashboard's state in the URL: month, 单月 / 累计, the brand and model tables' types, the city page. */
import { DASHBOARD_PATH, DASHBOARD_SIZES, type JllType, MONTH_PATTERN } from '@car/contracts';

export interface DashboardQuery {
  time: string | null;
  accumulate: 0 | 1;
  /** The brand table's tab, which the city table follows. */
  brandType: JllType;
  modelType: JllType;
  cityPage: number;
}

/** The menu groups the dashboard's top menu shows (spec 001 §2.12). */
export const DASHBOARD_MENU_GROUPS: readonly string[] = ['/salevolume', '/price', '/pricevolume', '/comprehensiveinquiry'];

const jll = (text: string | null): JllType => (text === '0' || text === '1' ? (Number(text) as JllType) : 2);

/** Reads the URL, falling back to the defaults for anything malformed (a hand-edited link never breaks the page). */
export function dashboardQuery(params: URLSearchParams): DashboardQuery {
  const time = params.get('time');
  const page = Number(params.get('cityPage'));
  return {
    time: time && MONTH_PATTERN.test(time) ? time : null,
    accumulate: params.get('accumulate') === '1' ? 1 : 0,
    brandType: jll(params.get('brandType')),
    modelType: jll(params.get('modelType')),
    cityPage: Number.isInteger(page) && page >= 1 && page <= DASHBOARD_SIZES.cityPages ? page : 1,
  };
}

/** The dashboard's address with some of its state changed; defaults are left out. */
export function dashboardHref(q: DashboardQuery, change: Partial<DashboardQuery>): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.time) params.set('time', next.time);
  if (next.accumulate === 1) params.set('accumulate', '1');
  if (next.brandType !== 2) params.set('brandType', String(next.brandType));
  if (next.modelType !== 2) params.set('modelType', String(next.modelType));
  if (next.cityPage !== 1) params.set('cityPage', String(next.cityPage));
  const search = params.toString();
  return search ? `${DASHBOARD_PATH}?${search}` : DASHBOARD_PATH;
}
