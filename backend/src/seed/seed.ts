import * as argon2 from 'argon2';
import { DEMO_OPEN_ID } from '@car/contracts';
import { CAR_CATALOG_COLUMNS } from '../database/entities/vehicle.entity';
import { CITIES, PROVINCES } from '../reference/data/geography';
import { CATALOG } from './catalog';
import { openConfigSheet } from './config-sheet';
import type { DemoDataRepository } from './demo-data.repository';
import { Dimensions, buildDimensions } from './dimensions';
import { FactSink, SCALES, generateFacts } from './facts';
import { allMonths, LAST_MONTH } from './market-model';
import { Progress, silentProgress } from './progress';

export type SeedScale = keyof typeof SCALES;

export interface SeedOptions {
  scale: SeedScale;
  seed: number;
  progress?: Progress;
  /**
   * Work on the loaded facts that belongs to whoever loads the demo set (the rollups), run while Node
   * generates the configuration sheet: PostgreSQL and Node busy at once, two cores both used.
   * `stage` names it in the progress bar.
   */
  alongsideConfigSheet?: { stage: string; run: (months: number[]) => Promise<unknown> };
}

export interface SeedSummary {
  producers: number;
  brands: number;
  subSeries: number;
  trims: number;
  /** Every month generated, oldest first. */
  months: number[];
  retailRows: number;
  priceRows: number;
  configValues: number;
}

/** The tables written by DemoDataRepository.openFreshCopy, which take their statistics as they are written. */
const FRESH_TABLES = ['retail_fact', 'wholesale_fact', 'price_fact', 'msrp_month', 'rebate_month', 'config_value', 'config_sheet'];

export const DEMO_USERS = [
  { account: 'admin', password: 'Admin@2026', nickname: '系统管理员', roleId: 1 },
  { account: 'demo', password: 'Demo@2026', nickname: '演示分析师', roleId: 2 },
] as const;

/**
 * Replaces all market data with the deterministic demo data set: the catalog's makers, the trims
 * derived from it, 2019-01 … 2026-10 of facts, the configuration sheet and the demo users. It reads
 * only reference data and writes through its repository; rollups and reports are the caller's.
 */
export async function seedDatabase(repository: DemoDataRepository, options: SeedOptions): Promise<SeedSummary> {
  const progress = options.progress ?? silentProgress;
  const dims = buildDimensions(CATALOG, options.seed);

  progress.stage('清理旧数据', 1);
  await repository.empty();
  progress.advance();
  progress.finish();

  progress.stage('品牌与车型', 1);
  await loadDimensions(repository, dims);
  progress.advance();
  progress.finish();

  const months = allMonths();
  progress.stage('销量与价格', months.length);
  const counts = await loadFacts(repository, dims, options, () => progress.advance());
  progress.finish();

  const alongside = options.alongsideConfigSheet;
  progress.stage(alongside ? `${alongside.stage}与配置表` : '配置表', dims.trims.length + (alongside ? 1 : 0));
  // Opened before the work alongside starts: opening drops config_value's keys, which waits for every reader of the trims.
  const configSheet = await openConfigSheet(repository);
  const [, configValues] = await Promise.all([
    alongside?.run(months).then(() => progress.advance()),
    configSheet.fill(dims, options.seed, () => progress.advance()),
  ]);
  progress.finish();

  await createDemoUsers(repository, dims);
  await repository.analyze(FRESH_TABLES);

  return {
    producers: dims.producers.length,
    brands: dims.brands.length,
    subSeries: dims.subSeries.length,
    trims: dims.trims.length,
    months,
    retailRows: counts.retail,
    priceRows: counts.price,
    configValues,
  };
}

async function loadDimensions(repository: DemoDataRepository, dims: Dimensions): Promise<void> {
  await repository.copyRows(
    'brand_group',
    ['id', 'name'],
    dims.groups.map((g) => [g.id, g.name]),
  );
  await repository.copyRows(
    'producer',
    ['id', 'name', 'initial', 'property', 'jll_type'],
    dims.producers.map((p) => [p.id, p.name, p.initial, p.property, p.brandType]),
  );
  await repository.copyRows(
    'brand',
    ['id', 'name', 'initial', 'property', 'family_id', 'group_id', 'jll_type'],
    dims.brands.map((b) => [b.id, b.name, b.initial, b.property, b.familyId, b.groupId, b.brandType]),
  );
  await repository.copyRows(
    'producer_brand',
    ['id', 'name', 'initial', 'producer_id', 'brand_id'],
    dims.producerBrands.map((pb) => [pb.id, pb.name, pb.initial, pb.producerId, pb.brandId]),
  );
  await repository.copyRows(
    'series',
    ['id', 'name', 'initial', 'producer_brand_id'],
    dims.series.map((s) => [s.id, s.name, s.initial, s.producerBrandId]),
  );
  await repository.copyRows(
    'sub_series',
    [
      'id',
      'code',
      'name',
      'initial',
      'series_id',
      'producer_brand_id',
      'producer_id',
      'brand_id',
      'segment_id',
      'body_type',
      'fuel',
      'launch_month',
      'end_month',
    ],
    dims.subSeries.map((s) => [
      s.id,
      s.code,
      s.name,
      s.initial,
      s.seriesId,
      s.producerBrandId,
      s.producerId,
      s.brandId,
      s.segmentId,
      s.bodyType,
      s.fuel,
      s.launchMonth,
      s.endMonth,
    ]),
  );
  await repository.copyRows(
    'car',
    [
      'id',
      'jll_code',
      'name',
      ...CAR_CATALOG_COLUMNS,
      'model_year',
      'msrp',
      'fuel',
      'engine',
      'battery_kwh',
      'body_type',
      'gearbox',
      'drive',
      'emission_standard',
      'model_level',
      'seats',
      'launch_month',
      'end_month',
    ],
    dims.trims.map((t) => [
      t.id,
      t.jllCode,
      t.name,
      t.subSeriesId,
      t.seriesId,
      t.producerBrandId,
      t.producerId,
      t.brandId,
      t.segmentId,
      t.modelYear,
      t.msrp,
      t.fuel,
      t.engine,
      t.batteryKwh,
      t.bodyType,
      t.gearbox,
      t.drive,
      t.emissionStandard,
      t.modelLevel,
      t.seats,
      t.launchMonth,
      t.endMonth,
    ]),
  );
  const engines = [...new Set(dims.trims.map((t) => t.engine).filter((e): e is string => e !== null))].sort();
  await repository.copyRows(
    'dictionary',
    ['type', 'key', 'value', 'sort'],
    engines.map((e, i) => ['dicEngine', e, e, i + 1]),
  );
}

async function loadFacts(
  repository: DemoDataRepository,
  dims: Dimensions,
  options: SeedOptions,
  onMonth: () => void,
): Promise<{ retail: number; price: number }> {
  const retail = await repository.openFreshCopy('retail_fact', ['month', 'car_id', 'city_id', 'use_nature', 'ownership', 'colour', 'qty']);
  const price = await repository.openFreshCopy('price_fact', ['month', 'car_id', 'city_id', 'tp', 'qty']);
  const wholesale = await repository.openFreshCopy('wholesale_fact', ['month', 'car_id', 'qty']);
  const msrp = await repository.openFreshCopy('msrp_month', ['month', 'car_id', 'msrp']);
  const rebate = await repository.openFreshCopy('rebate_month', ['month', 'car_id', 'rebate']);
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
  await repository.recordMonths(allMonths().filter((m) => m <= LAST_MONTH));
  return { retail: retail.count, price: price.count };
}

/** admin and demo; demo belongs to 一汽-大众 / 大众 (or the first producer-brand if the catalog lacks it). */
async function createDemoUsers(repository: DemoDataRepository, dims: Dimensions): Promise<void> {
  const producer = dims.producers.find((p) => p.name === '一汽-大众') ?? dims.producers[0];
  const brand =
    dims.brands.find((b) => b.name === '大众' && dims.producerBrands.some((pb) => pb.producerId === producer.id && pb.brandId === b.id)) ??
    dims.brands.find((b) => b.id === dims.producerBrands.find((pb) => pb.producerId === producer.id)?.brandId) ??
    dims.brands[0];
  for (const user of DEMO_USERS) {
    const analyst = user.roleId === 2;
    await repository.createUser({
      account: user.account,
      passwordHash: await argon2.hash(user.password, { type: argon2.argon2id }),
      nickname: user.nickname,
      roleId: user.roleId,
      producerId: analyst ? producer.id : null,
      brandId: analyst ? brand.id : null,
    });
  }
  // The demo mini-program link's openId belongs to the demo analyst (decision 79).
  await repository.bindOpenId(DEMO_OPEN_ID, 'demo');
}
