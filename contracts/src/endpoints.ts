import { type Endpoint } from './endpoint';
import { SECURITY } from './security.endpoints';
import { HEALTH } from './health.endpoints';
import { SEARCH } from './search.endpoints';
import { WHOLE_MARKET, AREA_MARKET, COMPANY_BRAND } from './sale-volume.endpoints';
import { PRICE_VOLUME } from './price-volume.endpoints';
import { CAR_CONFIG } from './car-config.endpoints';
import { DATA_EXPORT } from './data-export.endpoints';
import { PRICE, PRICE_STRUCTURE } from './price.endpoints';
import { DASHBOARD } from './dashboard.endpoints';
import { MP } from './mp.endpoints';
import { REPORT_DOWNLOAD } from './report-download.endpoints';
import { DATA_IMPORT } from './data-import.endpoints';
import { ADMIN_USERS, ADMIN_AUDIT, ADMIN_JOBS } from './admin.endpoints';
import { VIEWS } from './views.endpoints';
import { ADMIN_ROBOTS, ROBOTS } from './robots.endpoints';
import { ALERTS } from './alerts.endpoints';
import { COMPETITOR_SETS } from './competitor-sets.endpoints';
import { ATTRIBUTION } from './attribution.endpoints';

/**
 * Every call of the API, declared once, one file a module (`<module>.endpoints.ts`, beside the module's schemas);
 * this file lists them all. What one call declares, and the helpers that declare it, are in `endpoint.ts`.
 */
export { NO_BODY, type DownloadFile, type Endpoint, type ParamsOf, type ResultOf } from './endpoint';
export * from './security.endpoints';
export * from './health.endpoints';
export * from './search.endpoints';
export * from './sale-volume.endpoints';
export * from './price-volume.endpoints';
export * from './car-config.endpoints';
export * from './data-export.endpoints';
export * from './price.endpoints';
export * from './dashboard.endpoints';
export * from './mp.endpoints';
export * from './report-download.endpoints';
export * from './data-import.endpoints';
export * from './admin.endpoints';
export * from './views.endpoints';
export * from './robots.endpoints';
export * from './alerts.endpoints';
export * from './competitor-sets.endpoints';
export * from './attribution.endpoints';

/** Every call, in the order the OpenAPI description lists them. */
export const ENDPOINTS: readonly Endpoint[] = [
  SECURITY,
  HEALTH,
  SEARCH,
  WHOLE_MARKET,
  AREA_MARKET,
  COMPANY_BRAND,
  PRICE_VOLUME,
  CAR_CONFIG,
  DATA_EXPORT,
  PRICE,
  PRICE_STRUCTURE,
  DASHBOARD,
  MP,
  REPORT_DOWNLOAD,
  DATA_IMPORT,
  ADMIN_USERS,
  ADMIN_AUDIT,
  ADMIN_JOBS,
  VIEWS,
  ADMIN_ROBOTS,
  ROBOTS,
  ALERTS,
  COMPETITOR_SETS,
  ATTRIBUTION,
].flatMap((group) => Object.values(group) as Endpoint[]);

/** The call a method and path (under /car/api, no leading slash, no query) name, if any. */
export function endpointAt(method: string, path: string): Endpoint | undefined {
  const wanted = path.replace(/^\/+|\/+$/g, '');
  return ENDPOINTS.find((e) => e.method === method.toUpperCase() && e.path === wanted);
}
