import * as argon2 from 'argon2';
import { RollupRepository } from '../../backend/src/analytics/rollup.repository';
import { CalendarRepository } from '../../backend/src/reference/calendar.repository';
import { openDataSource } from '../../backend/src/database/data-source';
import { copyOfFixture, type FixtureLayer, SCHEMA_SOURCES } from './template-database';
import { TEST_HASH } from './users';

/**
 * A small, hand-made car market in a database of its own, for tests that pin every sales figure by
 * hand. Everything here is a literal: the tests write their expected values out next to these numbers
 * and never ask the code under test to work them out.
 *
 * The market (ids in brackets):
 *
 *   producer 甲汽车 [11], 合资 (property 2)
 *     brand 甲德 [21] 德系, producer-brand [31], series 德锐 [41]
 *       sub-series 德锐 [51]     A级轿车 (segment 3), petrol (fuel 1): trims [61] (sold since 2024), [62] (new in 2026)
 *     brand 甲日 [22] 日系, producer-brand [32], series 日行 [42]
 *       sub-series 日行SUV [52]  A级SUV (segment 7), petrol: trim [63]
 *   producer 乙汽车 [12], 自主 (property 1)
 *     brand 乙牌 [23] 自主, producer-brand [33], series 乙系 [43]
 *       sub-series 乙电EV [53]   A级轿车 (segment 3), BEV (fuel 6), launched 2025-07: trim [64]
 *       sub-series 乙尊 [54]     B级轿车 (segment 4), petrol: trims [65], [66] (not sold after 2025)
 *
 * Geography: 北京 110000 and 天津 120000 (two municipalities, each its own province, region 华北 [1]);
 * 广州 440100 and 深圳 440300 (province 广东 440000, region 华南 [5]).
 */

/** Months of the fixture, YYYYMM: January 2025 to March 2026 (the latest month). */
export const FIXTURE_MONTHS: readonly number[] = [
  202501, 202502, 202503, 202504, 202505, 202506, 202507, 202508, 202509, 202510, 202511, 202512, 202601, 202602, 202603,
];
export const LATEST_MONTH = '2026-03';
/** The day of the month after `month` (YYYYMM) at 10:00 Beijing time. */
const nextMonthAt = (month: number, day: number): string => {
  const next = month % 100 === 12 ? month + 89 : month + 1;
  return `${Math.floor(next / 100)}-${String(next % 100).padStart(2, '0')}-${String(day).padStart(2, '0')}T10:00:00+08:00`;
};
/** When each month was published (decision 200): retail on the 12th of the next month, wholesale on the 9th. */
export const PUBLISHED_AT = {
  retail: (month: number) => nextMonthAt(month, 12),
  wholesale: (month: number) => nextMonthAt(month, 9),
} as const;

export const REGION = { huabei: { id: 1, name: '华北' }, huanan: { id: 5, name: '华南' } } as const;
export const PROVINCE = {
  beijing: { id: 110000, name: '北京', regionId: 1 },
  tianjin: { id: 120000, name: '天津', regionId: 1 },
  guangdong: { id: 440000, name: '广东', regionId: 5 },
} as const;
export const CITY = { beijing: 110000, tianjin: 120000, guangzhou: 440100, shenzhen: 440300 } as const;

export const SEGMENT = { aSedan: { id: 3, name: 'A级轿车' }, bSedan: { id: 4, name: 'B级轿车' }, aSuv: { id: 7, name: 'A级SUV' } } as const;
export const FAMILY = { domestic: { id: 1, name: '自主' }, german: { id: 2, name: '德系' }, japanese: { id: 3, name: '日系' } } as const;
/** dicFuel keys. */
export const FUEL = { petrol: 1, bev: 6 } as const;
/** dicProducerProperty keys. */
export const PRODUCER_PROPERTY = { domestic: 1, jointVenture: 2 } as const;

export const PRODUCERS = [
  { id: 11, name: '甲汽车', initial: 'J', property: 2, jllType: 0 },
  { id: 12, name: '乙汽车', initial: 'Y', property: 1, jllType: 1 },
] as const;
export const BRAND_GROUPS = [
  { id: 1, name: '甲集团' },
  { id: 2, name: '乙集团' },
] as const;
export const BRANDS = [
  { id: 21, name: '甲德', initial: 'J', property: 2, familyId: 2, groupId: 1, jllType: 0 },
  { id: 22, name: '甲日', initial: 'J', property: 1, familyId: 3, groupId: 1, jllType: 0 },
  { id: 23, name: '乙牌', initial: 'Y', property: 2, familyId: 1, groupId: 2, jllType: 1 },
] as const;
export const PRODUCER_BRANDS = [
  { id: 31, name: '甲汽车-甲德', initial: 'J', producerId: 11, brandId: 21 },
  { id: 32, name: '甲汽车-甲日', initial: 'J', producerId: 11, brandId: 22 },
  { id: 33, name: '乙汽车-乙牌', initial: 'Y', producerId: 12, brandId: 23 },
] as const;
export const SERIES = [
  { id: 41, name: '德锐', initial: 'D', producerBrandId: 31 },
  { id: 42, name: '日行', initial: 'R', producerBrandId: 32 },
  { id: 43, name: '乙系', initial: 'Y', producerBrandId: 33 },
] as const;
/** Sub-series (the "modelSub" rows). body_type: 1 三厢, 4 SUV. */
export const SUB_SERIES = [
  {
    id: 51,
    code: 'FX051',
    name: '德锐',
    initial: 'D',
    seriesId: 41,
    producerBrandId: 31,
    producerId: 11,
    brandId: 21,
    segmentId: 3,
    bodyType: 1,
    fuel: 1,
    launchMonth: 202401,
  },
  {
    id: 52,
    code: 'FX052',
    name: '日行SUV',
    initial: 'R',
    seriesId: 42,
    producerBrandId: 32,
    producerId: 11,
    brandId: 22,
    segmentId: 7,
    bodyType: 4,
    fuel: 1,
    launchMonth: 202401,
  },
  {
    id: 53,
    code: 'FX053',
    name: '乙电EV',
    initial: 'Y',
    seriesId: 43,
    producerBrandId: 33,
    producerId: 12,
    brandId: 23,
    segmentId: 3,
    bodyType: 1,
    fuel: 6,
    launchMonth: 202507,
  },
  {
    id: 54,
    code: 'FX054',
    name: '乙尊',
    initial: 'Y',
    seriesId: 43,
    producerBrandId: 33,
    producerId: 12,
    brandId: 23,
    segmentId: 4,
    bodyType: 1,
    fuel: 1,
    launchMonth: 202401,
  },
] as const;

/** Trims, with every NOT NULL column of `car`. */
export const CARS = [
  {
    id: 61,
    subSeriesId: 51,
    name: '德锐 2025款 1.5T 舒适型',
    modelYear: 2025,
    msrp: 150000,
    engine: '1.5T',
    batteryKwh: null,
    gearbox: 2,
    drive: 1,
    emission: 1,
    modelLevel: 3,
    seats: 5,
    launchMonth: 202401,
    endMonth: null,
  },
  {
    id: 62,
    subSeriesId: 51,
    name: '德锐 2026款 1.5T 豪华型',
    modelYear: 2026,
    msrp: 170000,
    engine: '1.5T',
    batteryKwh: null,
    gearbox: 2,
    drive: 1,
    emission: 1,
    modelLevel: 3,
    seats: 5,
    launchMonth: 202601,
    endMonth: null,
  },
  {
    id: 63,
    subSeriesId: 52,
    name: '日行SUV 2025款 2.0L 四驱',
    modelYear: 2025,
    msrp: 220000,
    engine: '2.0L',
    batteryKwh: null,
    gearbox: 3,
    drive: 3,
    emission: 1,
    modelLevel: 3,
    seats: 5,
    launchMonth: 202401,
    endMonth: null,
  },
  {
    id: 64,
    subSeriesId: 53,
    name: '乙电EV 2025款 长续航',
    modelYear: 2025,
    msrp: 180000,
    engine: null,
    batteryKwh: 75.0,
    gearbox: 5,
    drive: 2,
    emission: null,
    modelLevel: 3,
    seats: 5,
    launchMonth: 202507,
    endMonth: null,
  },
  {
    id: 65,
    subSeriesId: 54,
    name: '乙尊 2024款 2.0T 旗舰型',
    modelYear: 2024,
    msrp: 260000,
    engine: '2.0T',
    batteryKwh: null,
    gearbox: 4,
    drive: 1,
    emission: 1,
    modelLevel: 4,
    seats: 5,
    launchMonth: 202401,
    endMonth: null,
  },
  {
    id: 66,
    subSeriesId: 54,
    name: '乙尊 2024款 2.0T 标准型',
    modelYear: 2024,
    msrp: 230000,
    engine: '2.0T',
    batteryKwh: null,
    gearbox: 4,
    drive: 1,
    emission: 1,
    modelLevel: 4,
    seats: 5,
    launchMonth: 202401,
    endMonth: 202512,
  },
] as const;

/**
 * Retail volume (data source 2) per trim and city, one number per month of FIXTURE_MONTHS
 * (2025-01 … 2025-12, then 2026-01, 2026-02, 2026-03). A zero means no fact row that month.
 *
 *                                    2025: J    F    M    A    M    J    J    A    S    O    N    D    2026: J    F    M
 */
export const RETAIL: ReadonlyArray<{ carId: number; cityId: number; qty: readonly number[] }> = [
  { carId: 61, cityId: 110000, qty: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, /**/ 100, 100, 300] },
  { carId: 62, cityId: 440300, qty: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /*                 */ 100, 100, 200] },
  { carId: 63, cityId: 120000, qty: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, /**/ 100, 100, 100] },
  { carId: 63, cityId: 440100, qty: [100, 0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, /*  */ 100, 0, 100] },
  { carId: 64, cityId: 440100, qty: [0, 0, 0, 0, 0, 0, 100, 100, 100, 100, 100, 100, /*        */ 100, 100, 100] },
  { carId: 64, cityId: 440300, qty: [0, 0, 0, 0, 0, 0, 100, 100, 100, 100, 100, 100, /*        */ 100, 0, 200] },
  { carId: 65, cityId: 110000, qty: [200, 100, 300, 200, 200, 200, 200, 200, 200, 200, 200, 200, /**/ 100, 100, 0] },
  { carId: 66, cityId: 120000, qty: [100, 100, 200, 100, 100, 100, 100, 100, 100, 100, 100, 100, /**/ 0, 0, 0] },
];
/*
 * Market totals by month (sum of each column):
 *   2025: 600 400 800 | 600 600 600 | 800 800 800 800 800 800      2026: 700 500 1000
 *   Q1 1800, Q2 1800, Q3 2400, Q4 2400, year 2025 8400;  2026-Q1 2200.
 */

/**
 * Some cells of RETAIL are stored as several fact rows (different colour, use nature, ownership) that
 * must add up to the cell: the rollups have to sum them. Other cells are one row, all codes 1.
 */
export const RETAIL_SPLITS: ReadonlyArray<{
  carId: number;
  cityId: number;
  month: number;
  rows: ReadonlyArray<{ useNature: number; ownership: number; colour: number; qty: number }>;
}> = [
  // 德锐 [61] in 北京, 2026-03: 300 = 200 white + 100 black.
  {
    carId: 61,
    cityId: 110000,
    month: 202603,
    rows: [
      { useNature: 1, ownership: 1, colour: 1, qty: 200 },
      { useNature: 1, ownership: 1, colour: 2, qty: 100 },
    ],
  },
  // 乙尊 [65] in 北京, 2025-03: 300 = 250 private + 50 company-owned, for hire.
  {
    carId: 65,
    cityId: 110000,
    month: 202503,
    rows: [
      { useNature: 1, ownership: 1, colour: 1, qty: 250 },
      { useNature: 2, ownership: 2, colour: 3, qty: 50 },
    ],
  },
];

/**
 * Wholesale volume (data source 1) per trim, one number per month of FIXTURE_MONTHS. Different from
 * retail on purpose.
 *
 *                                    2025: J    F    M    A    M    J    J    A    S    O    N    D    2026: J    F    M
 */
export const WHOLESALE: ReadonlyArray<{ carId: number; qty: readonly number[] }> = [
  { carId: 61, qty: [100, 100, 50, 100, 100, 100, 100, 100, 100, 100, 100, 100, /*  */ 100, 100, 400] },
  { carId: 62, qty: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /*                         */ 100, 100, 200] },
  { carId: 63, qty: [200, 200, 250, 200, 200, 200, 200, 200, 200, 200, 200, 200, /**/ 200, 150, 250] },
  { carId: 64, qty: [0, 0, 0, 0, 0, 0, 150, 150, 150, 150, 150, 150, /*             */ 150, 250, 300] },
  { carId: 65, qty: [300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, /**/ 150, 100, 50] },
  { carId: 66, qty: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, /**/ 0, 0, 0] },
];
/*
 * Wholesale market totals by month:
 *   2025: 700 700 700 | 700 700 700 | 850 850 850 850 850 850      2026: 700 700 1200
 *   year 2025 9300; 2026-01..03 2600.
 */

/** The analyst who calls the API in the tests (role 2, which sees every sales-volume page). */
export const ANALYST = { account: 'figures-analyst', password: 'Figures#2026', nickname: '手算分析师', roleId: 2 } as const;

/**
 * Creates `database` on the server of `adminUrl`, a copy of the market above: migrated, with the analyst user
 * and the rollups of every fixture month (built once per version of its sources, template-database.ts). Named
 * under the run's database (`<run>_<name>`), it is dropped by the global teardown. Returns its URL.
 */
export function createSalesFixture(adminUrl: string, database: string): Promise<string> {
  return copyOfFixture(adminUrl, database, [SALES_LAYER]);
}

/** The market above: the first layer of every hand-made fixture. */
export const SALES_LAYER: FixtureLayer = {
  name: 'sales',
  // RollupRepository and the calendar fill the rollups (SCHEMA_SOURCES has both).
  sources: [...SCHEMA_SOURCES, 'test/support/sales-fixture.ts'],
  fill: fillSalesFixture,
};

/** Migrates the new database `url` and writes the market, the analyst and the rollups into it. */
async function fillSalesFixture(url: string): Promise<void> {
  const ds = await openDataSource(url, 'car-test-figures');
  try {
    await ds.runMigrations({ transaction: 'each' });
    await ds.transaction(async (tx) => {
      for (const p of PRODUCERS) {
        await tx.query(`INSERT INTO producer (id, name, initial, property, jll_type) VALUES ($1, $2, $3, $4, $5)`, [
          p.id,
          p.name,
          p.initial,
          p.property,
          p.jllType,
        ]);
      }
      for (const g of BRAND_GROUPS) await tx.query(`INSERT INTO brand_group (id, name) VALUES ($1, $2)`, [g.id, g.name]);
      for (const b of BRANDS) {
        await tx.query(`INSERT INTO brand (id, name, initial, property, family_id, group_id, jll_type) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          b.id,
          b.name,
          b.initial,
          b.property,
          b.familyId,
          b.groupId,
          b.jllType,
        ]);
      }
      for (const pb of PRODUCER_BRANDS) {
        await tx.query(`INSERT INTO producer_brand (id, name, initial, producer_id, brand_id) VALUES ($1, $2, $3, $4, $5)`, [
          pb.id,
          pb.name,
          pb.initial,
          pb.producerId,
          pb.brandId,
        ]);
      }
      for (const s of SERIES) {
        await tx.query(`INSERT INTO series (id, name, initial, producer_brand_id) VALUES ($1, $2, $3, $4)`, [s.id, s.name, s.initial, s.producerBrandId]);
      }
      for (const s of SUB_SERIES) {
        await tx.query(
          `INSERT INTO sub_series (id, code, name, initial, series_id, producer_brand_id, producer_id, brand_id, segment_id, body_type, fuel, launch_month, end_month)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL)`,
          [s.id, s.code, s.name, s.initial, s.seriesId, s.producerBrandId, s.producerId, s.brandId, s.segmentId, s.bodyType, s.fuel, s.launchMonth],
        );
      }
      for (const c of CARS) {
        const s = SUB_SERIES.find((x) => x.id === c.subSeriesId)!;
        await tx.query(
          `INSERT INTO car (id, jll_code, name, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, model_year, msrp,
             fuel, engine, battery_kwh, body_type, gearbox, drive, emission_standard, model_level, seats, launch_month, end_month)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
          [
            c.id,
            `JLL${c.id}`,
            c.name,
            s.id,
            s.seriesId,
            s.producerBrandId,
            s.producerId,
            s.brandId,
            s.segmentId,
            c.modelYear,
            c.msrp,
            s.fuel,
            c.engine,
            c.batteryKwh,
            s.bodyType,
            c.gearbox,
            c.drive,
            c.emission,
            c.modelLevel,
            c.seats,
            c.launchMonth,
            c.endMonth,
          ],
        );
      }

      for (const cell of RETAIL) {
        if (cell.qty.length !== FIXTURE_MONTHS.length) throw new Error(`retail ${cell.carId}/${cell.cityId}: one number per month`);
        for (const [i, qty] of cell.qty.entries()) {
          if (qty === 0) continue;
          const month = FIXTURE_MONTHS[i];
          const split = RETAIL_SPLITS.find((s) => s.carId === cell.carId && s.cityId === cell.cityId && s.month === month);
          const rows = split?.rows ?? [{ useNature: 1, ownership: 1, colour: 1, qty }];
          if (rows.reduce((sum, r) => sum + r.qty, 0) !== qty) throw new Error(`split of ${cell.carId}/${cell.cityId}/${month} does not add up to ${qty}`);
          for (const r of rows) {
            await tx.query(`INSERT INTO retail_fact (month, car_id, city_id, use_nature, ownership, colour, qty) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
              month,
              cell.carId,
              cell.cityId,
              r.useNature,
              r.ownership,
              r.colour,
              r.qty,
            ]);
          }
        }
      }
      for (const cell of WHOLESALE) {
        if (cell.qty.length !== FIXTURE_MONTHS.length) throw new Error(`wholesale ${cell.carId}: one number per month`);
        for (const [i, qty] of cell.qty.entries()) {
          if (qty > 0) await tx.query(`INSERT INTO wholesale_fact (month, car_id, qty) VALUES ($1, $2, $3)`, [FIXTURE_MONTHS[i], cell.carId, qty]);
        }
      }
      for (const month of FIXTURE_MONTHS) {
        await tx.query(
          `INSERT INTO data_month (month, has_retail, has_wholesale, has_price, has_rebate, retail_published_at, wholesale_published_at)
           VALUES ($1, true, true, false, false, $2, $3)`,
          [month, PUBLISHED_AT.retail(month), PUBLISHED_AT.wholesale(month)],
        );
      }

      const hash = await argon2.hash(ANALYST.password, TEST_HASH);
      await tx.query(`INSERT INTO app_user (account, password_hash, nickname, role_id) VALUES ($1, $2, $3, $4)`, [
        ANALYST.account,
        hash,
        ANALYST.nickname,
        ANALYST.roleId,
      ]);
    });
    await new RollupRepository(ds, new CalendarRepository(ds)).rebuild([...FIXTURE_MONTHS]);
  } finally {
    await ds.destroy();
  }
}
