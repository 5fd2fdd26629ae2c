/**
 * @car/contracts: the one definition of everything that crosses the wire between the API, the pages,
 * the workbooks and the tests. zod schemas and the types inferred from them; no Nest or React imports.
 */
import './browser-zod';
export * from './admin';
export * from './admin-jobs';
export * from './api';
export * from './car-config';
export * from './car-names';
export * from './car-details';
export * from './charts';
export * from './constants';
export * from './data-export';
export * from './data-import';
export * from './dashboard';
export * from './data-status';
export * from './definitions';
export * from './dictionaries';
export * from './display';
export * from './filter-tags';
export * from './endpoints';
export * from './geography';
export * from './health';
export * from './metrics';
export * from './months';
export * from './mp';
export * from './new-year';
export * from './openapi';
export * from './params';
export * from './price';
export * from './price-axis';
export * from './sale-volume';
export * from './sales-dimensions';
export * from './search';
export * from './table-sort';
export * from './trend-span';
export * from './security';
export * from './price-volume';
export * from './references';
export * from './report-download';
export * from './views';
export * from './competitor-sets';
export * from './attribution';
export * from './robots';
export * from './alerts';
