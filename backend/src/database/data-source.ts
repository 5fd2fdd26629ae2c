import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema';
import { ReferenceData1763700000001 } from './migrations/1763700000001-reference-data';
import { Security1763700000002 } from './migrations/1763700000002-security';
import { Menus1763700000003 } from './migrations/1763700000003-menus';
import { Rollups1763700000004 } from './migrations/1763700000004-rollups';
import { MarketRollups1763700000005 } from './migrations/1763700000005-market-rollups';
import { PriceRollups1763700000006 } from './migrations/1763700000006-price-rollups';
import { PriceTraceIndex1763700000012 } from './migrations/1763700000012-price-trace-index';
import { ExportProgress1763700000015 } from './migrations/1763700000015-export-progress';
import { MpBinding1763700000016 } from './migrations/1763700000016-mp-binding';
import { AdminMenus1763700000017 } from './migrations/1763700000017-admin-menus';
import { SecurityEvents1763700000018 } from './migrations/1763700000018-security-events';
import { SalesBandRollup1763700000019 } from './migrations/1763700000019-sales-band-rollup';
import { DataImport1763700000020 } from './migrations/1763700000020-data-import';
import { ReportBundles1763700000021 } from './migrations/1763700000021-report-bundles';
import { CityJllRollup1763700000022 } from './migrations/1763700000022-city-jll-rollup';
import { JobRuns1763700000023 } from './migrations/1763700000023-job-runs';
import { PriceStructure1763700000024 } from './migrations/1763700000024-price-structure';
import { AuditAccountIndex1763700000026 } from './migrations/1763700000026-audit-account-index';
import { PriceMakerRollups1763700000027 } from './migrations/1763700000027-price-maker-rollups';
import { ConfigSheet1763700000028 } from './migrations/1763700000028-config-sheet';
import { SalesBandMonthRollup1763700000029 } from './migrations/1763700000029-sales-band-month-rollup';
import { DataChangeNotify1763700000030 } from './migrations/1763700000030-data-change-notify';
import { MpBindingPasswordVersion1763700000031 } from './migrations/1763700000031-mp-binding-password-version';
import { ReportNameSearch1763700000034 } from './migrations/1763700000034-report-name-search';
import { SavedViews1763700000035 } from './migrations/1763700000035-saved-views';
import { Alerts1763700000036 } from './migrations/1763700000036-alerts';
import { AlertMenus1763700000037 } from './migrations/1763700000037-alert-menus';
import { Robots1763700000038 } from './migrations/1763700000038-robots';
import { DataMonthPublished1763700000040 } from './migrations/1763700000040-data-month-published';
import { AlertRobots1763700000041 } from './migrations/1763700000041-alert-robots';
import { AccessChangeNotify1763700000042 } from './migrations/1763700000042-access-change-notify';
import { ViewShareNamesItsProducer1763700000043 } from './migrations/1763700000043-view-share-names-its-producer';
import { AlertRobotStoppedNotice1763700000044 } from './migrations/1763700000044-alert-robot-stopped-notice';
import { MpLinkUse1763700000045 } from './migrations/1763700000045-mp-link-use';
import { CityTrimRollup1763700000046 } from './migrations/1763700000046-city-trim-rollup';
import { CityTrimSegmentKey1763700000047 } from './migrations/1763700000047-city-trim-segment-key';
import { CompetitorSets1763700000048 } from './migrations/1763700000048-competitor-sets';
import { CompetitorMonitorMenu1763700000049 } from './migrations/1763700000049-competitor-monitor-menu';
import { ProvinceRollupBySubSeries1763700000050 } from './migrations/1763700000050-province-rollup-by-sub-series';
import { PrivateReports1763700000051 } from './migrations/1763700000051-private-reports';
import { AttributionMenu1763700000052 } from './migrations/1763700000052-attribution-menu';

/** Every migration, in order. Listed, not globbed, so the compiled and the test runs see the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  ReferenceData1763700000001,
  Security1763700000002,
  Menus1763700000003,
  Rollups1763700000004,
  MarketRollups1763700000005,
  PriceRollups1763700000006,
  PriceTraceIndex1763700000012,
  ExportProgress1763700000015,
  MpBinding1763700000016,
  AdminMenus1763700000017,
  SecurityEvents1763700000018,
  SalesBandRollup1763700000019,
  DataImport1763700000020,
  ReportBundles1763700000021,
  CityJllRollup1763700000022,
  JobRuns1763700000023,
  PriceStructure1763700000024,
  AuditAccountIndex1763700000026,
  PriceMakerRollups1763700000027,
  ConfigSheet1763700000028,
  SalesBandMonthRollup1763700000029,
  DataChangeNotify1763700000030,
  MpBindingPasswordVersion1763700000031,
  ReportNameSearch1763700000034,
  SavedViews1763700000035,
  Alerts1763700000036,
  AlertMenus1763700000037,
  Robots1763700000038,
  DataMonthPublished1763700000040,
  AlertRobots1763700000041,
  AccessChangeNotify1763700000042,
  ViewShareNamesItsProducer1763700000043,
  AlertRobotStoppedNotice1763700000044,
  MpLinkUse1763700000045,
  CityTrimRollup1763700000046,
  CityTrimSegmentKey1763700000047,
  CompetitorSets1763700000048,
  CompetitorMonitorMenu1763700000049,
  ProvinceRollupBySubSeries1763700000050,
  PrivateReports1763700000051,
  AttributionMenu1763700000052,
];

export function dataSourceOptions(url: string, applicationName = 'car-app'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    applicationName,
    // pg's pool: a connection that cannot be made in 5 s is an error (503), not a hang; idle connections a
    // restarted server dropped are discarded by the pool, and the next call opens a new one (decision 51).
    extra: { max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, keepAlive: true },
  };
}

export async function openDataSource(url: string, applicationName?: string): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(url, applicationName));
  await ds.initialize();
  return ds;
}
