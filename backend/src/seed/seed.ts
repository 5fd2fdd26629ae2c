import * as argon2 from 'argon2';
import type { DataSource } from 'typeorm';
import { CITIES, PROVINCES } from '../reference/data/geography';
import { CATALOG } from './catalog';
import { loadConfigSheet } from './config-sheet';
import { withKeysDeferred } from '../database/bulk-load';
import { CopyWriter, copyRows } from './copy-writer';
import { Dimensions, buildDimensions } from './dimensions';
import { FactSink, SCALES, generateFacts } from './facts';
import { allMonths, LAST_MONTH } from './market-model';
import { ROLLUP_BUILDS } from '../analytics/model';
import { RollupRepository } from '../analytics/rollup.repository';
import { MonthlyReportWriter } from '../reportDownload/monthly-report.writer';
import { Progress, silentProgress } from './progress';

export type SeedScale = keyof typeof SCALES;

export interface SeedOptions {
  scale: SeedScale;
  seed: number;
  reportsDir: string;
  progress?: Progress;
  /** Months of producer reports to write (newest first); 3 by default. */
  reportMonths?: number;
}

export interface SeedSummary {
  producers: number;
  brands: number;
  subSeries: number;
  trims: number;
  retailRows: number;
  priceRows: number;
  configValues: number;
  reports: number;
  seconds: number;
}

/** Data tables the generator owns; reference data (areas, dictionaries, roles) comes from migrations. */
const GENERATED_TABLES = [
  ...ROLLUP_BUILDS.map((b) => b.table),
  'export_job', 'report', 'app_user', 'config_value', 'config_item', 'config_category',
  'retail_fact', 'wholesale_fact', 'price_fact', 'msrp_month', 'rebate_month', 'data_month',
  'car', 'sub_series', 'series', 'producer_brand', 'brand', 'producer', 'brand_group',
];

/** Bulk-loaded with their keys dropped, see withKeysDeferred. */
const FACT_TABLES = ['retail_fact', 'wholesale_fact', 'price_fact', 'msrp_month', 'rebate_month'];

async function deferKeys<T>(dataSource: DataSource, tables: string[], load: () => Promise<T>): Promise<T> {
  const [first, ...rest] = tables;
  return first ? withKeysDeferred(dataSource, first, () => deferKeys(dataSource, rest, load)) : load();
}

export const DEMO_USERS = [
  { account: 'admin', password: 'Admin@2026', nickname: '系统管理员', roleId: 1 },
  { account: 'demo', password: 'Demo@2026', nickname: '演示分析师', roleId: 2 },
] as const;

/**
 * Replaces all market data with the deterministic demo data set: the catalog's makers, the trims
 * derived from it, 2019-01 … 2026-10 of facts, the configuration sheet, demo users and reports.
 */
export async function seedDatabase(dataSource: DataSource, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const dims = buildDimensions(CATALOG, options.seed);

  progress.stage('清理旧数据', 1);
  await dataSource.query(`TRUNCATE ${GENERATED_TABLES.join(', ')} CASCADE`);
  await dataSource.query(`DELETE FROM dictionary WHERE type = 'dicEngine'`);
  progress.advance();
  progress.finish();

  progress.stage('品牌与车型', 1);
  await loadDimensions(dataSource, dims);
  progress.advance();
  progress.finish();

  const months = allMonths();
  progress.stage('销量与价格', months.length);
  const counts = await deferKeys(dataSource, FACT_TABLES, () => loadFacts(dataSource, dims, options, () => progress.advance()));
  progress.finish();

  // The rollups keep PostgreSQL busy while Node generates the configuration sheet: two cores, both used.
  progress.stage('汇总表与配置表', dims.trims.length + 1);
  const [, configValues] = await Promise.all([
    new RollupRepository(dataSource).rebuild(months).then(() => progress.advance()),
    loadConfigSheet(dataSource, dims, options.seed, () => progress.advance()),
  ]);
  progress.finish();

  await createDemoUsers(dataSource, dims);
  await dataSource.query('ANALYZE');

  const reportMonths = months.slice(-(options.reportMonths ?? 3)).reverse();
  progress.stage('厂商报告', reportMonths.length);
  const writer = new MonthlyReportWriter(dataSource, options.reportsDir);
  let reports = 0;
  for (const month of reportMonths) {
    reports += await writer.writeMonth(month);
    progress.advance();
  }
  progress.finish();

  return {
    producers: dims.producers.length,
    brands: dims.brands.length,
    subSeries: dims.subSeries.length,
    trims: dims.trims.length,
    retailRows: counts.retail,
    priceRows: counts.price,
    configValues,
    reports,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

async function loadDimensions(dataSource: DataSource, dims: Dimensions): Promise<void> {
  await copyRows(dataSource, 'brand_group', ['id', 'name'], dims.groups.map((g) => [g.id, g.name]));
  await copyRows(dataSource, 'producer', ['id', 'name', 'initial', 'property', 'jll_type'],
    dims.producers.map((p) => [p.id, p.name, p.initial, p.property, p.jllType]));
  await copyRows(dataSource, 'brand', ['id', 'name', 'initial', 'property', 'family_id', 'group_id', 'jll_type'],
    dims.brands.map((b) => [b.id, b.name, b.initial, b.property, b.familyId, b.groupId, b.jllType]));
  await copyRows(dataSource, 'producer_brand', ['id', 'name', 'initial', 'producer_id', 'brand_id'],
    dims.producerBrands.map((pb) => [pb.id, pb.name, pb.initial, pb.producerId, pb.brandId]));
  await copyRows(dataSource, 'series', ['id', 'name', 'initial', 'producer_brand_id'],
    dims.series.map((s) => [s.id, s.name, s.initial, s.producerBrandId]));
  await copyRows(dataSource, 'sub_series',
    ['id', 'code', 'name', 'initial', 'series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id', 'body_type', 'fuel', 'launch_month', 'end_month'],
    dims.subSeries.map((s) => [s.id, s.code, s.name, s.initial, s.seriesId, s.producerBrandId, s.producerId, s.brandId, s.segmentId, s.bodyType, s.fuel, s.launchMonth, s.endMonth]));
  await copyRows(dataSource, 'car',
    ['id', 'jll_code', 'name', 'sub_series_id', 'series_id', 'producer_brand_id', 'producer_id', 'brand_id', 'segment_id', 'model_year', 'msrp', 'fuel', 'engine', 'battery_kwh', 'body_type', 'gearbox', 'drive', 'emission_standard', 'model_level', 'seats', 'launch_month', 'end_month'],
    dims.trims.map((t) => [t.id, t.jllCode, t.name, t.subSeriesId, t.seriesId, t.producerBrandId, t.producerId, t.brandId, t.segmentId, t.modelYear, t.msrp, t.fuel, t.engine, t.batteryKwh, t.bodyType, t.gearbox, t.drive, t.emissionStandard, t.modelLevel, t.seats, t.launchMonth, t.endMonth]));
  const engines = [...new Set(dims.trims.map((t) => t.engine).filter((e): e is string => e !== null))].sort();
  await copyRows(dataSource, 'dictionary', ['type', 'key', 'value', 'sort'], engines.map((e, i) => ['dicEngine', e, e, i + 1]));
}

async function loadFacts(
  dataSource: DataSource,
  dims: Dimensions,
  options: SeedOptions,
  onMonth: () => void,
): Promise<{ retail: number; price: number }> {
  const retail = await CopyWriter.open(dataSource, 'retail_fact', ['month', 'car_id', 'city_id', 'use_nature', 'ownership', 'colour', 'qty']);
  const price = await CopyWriter.open(dataSource, 'price_fact', ['month', 'car_id', 'city_id', 'tp', 'qty']);
  const wholesale = await CopyWriter.open(dataSource, 'wholesale_fact', ['month', 'car_id', 'qty']);
  const msrp = await CopyWriter.open(dataSource, 'msrp_month', ['month', 'car_id', 'msrp']);
  const rebate = await CopyWriter.open(dataSource, 'rebate_month', ['month', 'car_id', 'rebate']);
  const writers = [retail, price, wholesale, msrp, rebate];
  const sink: FactSink = {
    retail: (m, car, city, use, owner, colour, qty) => retail.push(`${m}\t${car}\t${city}\t${use}\t${owner}\t${colour}\t${qty}`),
    wholesale: (m, car, qty) => wholesale.push(`${m}\t${car}\t${qty}`),
    price: (m, car, city, tp, qty) => price.push(`${m}\t${car}\t${city}\t${tp}\t${qty}`),
    msrp: (m, car, value) => msrp.push(`${m}\t${car}\t${value}`),
    rebate: (m, car, value) => rebate.push(`${m}\t${car}\t${value}`),
    endOfMonth: async () => {
      await Promise.all(writers.map((w) => w.flushIfFull()));
    },
  };
  const regionOfProvince = new Map(PROVINCES.map((p) => [p.code, p.regionId]));
  try {
    await generateFacts(dims, CITIES, regionOfProvince, SCALES[options.scale], options.seed, sink, onMonth);
  } finally {
    await Promise.all(writers.map((w) => w.close()));
  }
  await dataSource.query(
    `INSERT INTO data_month (month, has_retail, has_wholesale, has_price, has_rebate)
     SELECT m, true, true, true, true FROM unnest($1::int[]) AS m`,
    [allMonths().filter((m) => m <= LAST_MONTH)],
  );
  return { retail: retail.count, price: price.count };
}

/** admin and demo; demo belongs to 一汽-大众 / 大众 (or the first producer-brand if the catalog lacks it). */
async function createDemoUsers(dataSource: DataSource, dims: Dimensions): Promise<void> {
  const producer = dims.producers.find((p) => p.name === '一汽-大众') ?? dims.producers[0];
  const brand =
    dims.brands.find((b) => b.name === '大众' && dims.producerBrands.some((pb) => pb.producerId === producer.id && pb.brandId === b.id)) ??
    dims.brands.find((b) => b.id === dims.producerBrands.find((pb) => pb.producerId === producer.id)?.brandId) ??
    dims.brands[0];
  for (const user of DEMO_USERS) {
    const hash = await argon2.hash(user.password, { type: argon2.argon2id });
    const analyst = user.roleId === 2;
    await dataSource.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id, producer_id, brand_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [user.account, hash, user.nickname, user.roleId, analyst ? producer.id : null, analyst ? brand.id : null],
    );
  }
}
