import { RollupRepository } from '../../backend/src/analytics/rollup.repository';
import { CalendarRepository } from '../../backend/src/reference/calendar.repository';
import { openDataSource } from '../../backend/src/database/data-source';
import { SALES_LAYER } from './sales-fixture';
import { copyOfFixture, type FixtureLayer } from './template-database';

/**
 * Transaction prices, MSRPs and rebates for the hand-made market of sales-fixture.ts, in two months,
 * all literals: the price tests work their expected figures out by hand from these tables.
 *
 * Trims (segment): 61 德锐 舒适型 (A级轿车 3), 62 德锐 豪华型 (3), 63 日行SUV (A级SUV 7), 64 乙电EV (3).
 * Cities: 北京 110000 and 天津 120000 (region 华北 1); 广州 440100 and 深圳 440300 (广东 440000, 华南 5).
 */
export const PRICE_MONTHS = [202602, 202603] as const;

/** TP (yuan) per trim, city and month, with the retail volume it was weighted over. */
export const PRICES: ReadonlyArray<{ month: number; carId: number; cityId: number; tp: number; qty: number }> = [
  { month: 202603, carId: 61, cityId: 110000, tp: 130000, qty: 200 },
  { month: 202603, carId: 61, cityId: 120000, tp: 140000, qty: 100 },
  { month: 202603, carId: 62, cityId: 440300, tp: 160000, qty: 200 },
  { month: 202603, carId: 63, cityId: 120000, tp: 200000, qty: 100 },
  { month: 202603, carId: 63, cityId: 440100, tp: 190000, qty: 100 },
  { month: 202603, carId: 64, cityId: 440100, tp: 150000, qty: 100 },
  { month: 202603, carId: 64, cityId: 440300, tp: 156000, qty: 200 },
  { month: 202602, carId: 61, cityId: 110000, tp: 135000, qty: 100 },
  { month: 202602, carId: 62, cityId: 440300, tp: 165000, qty: 100 },
  { month: 202602, carId: 64, cityId: 440100, tp: 160000, qty: 100 },
];

/** MSRP per trim-month: 乙电EV [64] had an official cut from 18万 to 17.5万 in March. */
export const MSRPS: ReadonlyArray<{ month: number; carId: number; msrp: number }> = [
  { month: 202603, carId: 61, msrp: 150000 },
  { month: 202603, carId: 62, msrp: 170000 },
  { month: 202603, carId: 63, msrp: 220000 },
  { month: 202603, carId: 64, msrp: 175000 },
  { month: 202602, carId: 61, msrp: 150000 },
  { month: 202602, carId: 62, msrp: 170000 },
  { month: 202602, carId: 64, msrp: 180000 },
];

/** Rebate per trim-month; 乙电EV [64]'s March rebate is not known (no row). */
export const REBATES: ReadonlyArray<{ month: number; carId: number; rebate: number }> = [
  { month: 202603, carId: 61, rebate: 3000 },
  { month: 202603, carId: 62, rebate: 2000 },
  { month: 202603, carId: 63, rebate: 5000 },
  { month: 202602, carId: 61, rebate: 3000 },
  { month: 202602, carId: 62, rebate: 2000 },
  { month: 202602, carId: 64, rebate: 1000 },
];

/** Creates `database`, a copy of the market of sales-fixture.ts with the prices above (as createSalesFixture does). */
export function createPriceFixture(adminUrl: string, database: string): Promise<string> {
  return copyOfFixture(adminUrl, database, [SALES_LAYER, PRICE_LAYER]);
}

export const PRICE_LAYER: FixtureLayer = { name: 'price', sources: ['test/support/price-fixture.ts'], fill: addPriceFixture };

/**
 * Adds the price facts to a copy of the sales fixture and rebuilds the rollups of their months, as an import
 * of those months would (RollupRepository.rebuild of the changed months).
 */
async function addPriceFixture(databaseUrl: string): Promise<void> {
  const ds = await openDataSource(databaseUrl, 'car-test-prices');
  try {
    await ds.transaction(async (tx) => {
      for (const p of PRICES) {
        await tx.query(`INSERT INTO price_fact (month, car_id, city_id, tp, qty) VALUES ($1, $2, $3, $4, $5)`, [p.month, p.carId, p.cityId, p.tp, p.qty]);
      }
      for (const m of MSRPS) await tx.query(`INSERT INTO msrp_month (month, car_id, msrp) VALUES ($1, $2, $3)`, [m.month, m.carId, m.msrp]);
      for (const r of REBATES) await tx.query(`INSERT INTO rebate_month (month, car_id, rebate) VALUES ($1, $2, $3)`, [r.month, r.carId, r.rebate]);
      await tx.query(`UPDATE data_month SET has_price = true, has_rebate = true WHERE month = ANY($1::int[])`, [[...PRICE_MONTHS]]);
    });
    await new RollupRepository(ds, new CalendarRepository(ds)).rebuild([...PRICE_MONTHS]);
  } finally {
    await ds.destroy();
  }
}
