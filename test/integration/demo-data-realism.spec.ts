import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../../backend/src/database/data-source';
import { testEnv } from '../support/test-env';

/** CPCA annual retail (../shared/anchors/cpca-retail.md), in units, and NEV share in percent. */
const ANCHORS: Record<number, { retail: number; nevShare: number }> = {
  2020: { retail: 19_300_000, nevShare: 5.8 },
  2021: { retail: 20_146_000, nevShare: 14.8 },
  2022: { retail: 20_540_000, nevShare: 27.6 },
  2023: { retail: 21_699_000, nevShare: 35.7 },
  2024: { retail: 22_894_000, nevShare: 47.6 },
  2025: { retail: 23_779_000, nevShare: 54.1 },
};

/** The month of each year whose retail falls furthest from the month before: the Chinese New Year. */
const NEW_YEAR_MONTH: Record<number, number> = { 2021: 2, 2022: 2, 2023: 1, 2024: 2, 2025: 1, 2026: 2 };

describe('the demo data set, queried with SQL, looks like the China market', () => {
  let ds: DataSource;
  const monthly = new Map<number, { total: number; nev: number; bev: number }>();

  beforeAll(async () => {
    ds = await openDataSource(testEnv().databaseUrl, 'car-test-realism');
    const rows: Array<{ month: number; total: string; nev: string; bev: string }> = await ds.query(
      `SELECT f.month, sum(f.qty) AS total,
              sum(f.qty) FILTER (WHERE c.fuel IN (4, 5, 6)) AS nev,
              sum(f.qty) FILTER (WHERE c.fuel = 6) AS bev
         FROM retail_fact f JOIN car c ON c.id = f.car_id
        GROUP BY f.month ORDER BY f.month`,
    );
    for (const r of rows) monthly.set(r.month, { total: Number(r.total), nev: Number(r.nev), bev: Number(r.bev) });
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  const year = (y: number) => [...monthly].filter(([m]) => Math.floor(m / 100) === y).map(([, v]) => v);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  test('months run from 2019-01 through 2026-10', () => {
    const months = [...monthly.keys()];
    expect(months[0]).toBe(201901);
    expect(months[months.length - 1]).toBe(202610);
    expect(months).toHaveLength(94);
  });

  test.each(Object.entries(ANCHORS))('annual retail of %s is within ±8 %% of the published total', (y, anchor) => {
    const total = sum(year(Number(y)).map((m) => m.total));
    expect(Math.abs(total / anchor.retail - 1)).toBeLessThan(0.08);
  });

  test.each(Object.entries(ANCHORS))('the new-energy share of %s is within 2 points of the published share', (y, anchor) => {
    const months = year(Number(y));
    const share = (sum(months.map((m) => m.nev)) / sum(months.map((m) => m.total))) * 100;
    expect(Math.abs(share - anchor.nevShare)).toBeLessThan(2);
  });

  test.each(Object.entries(NEW_YEAR_MONTH))('the New Year dip of %s falls in the month of the festival', (y, expectedMonth) => {
    const yearNumber = Number(y);
    const dec = monthly.get((yearNumber - 1) * 100 + 12)!.total;
    const jan = monthly.get(yearNumber * 100 + 1)!.total;
    const feb = monthly.get(yearNumber * 100 + 2)!.total;
    const dropJan = jan / dec - 1;
    const dropFeb = feb / jan - 1;
    expect(dropJan < dropFeb ? 1 : 2).toBe(expectedMonth);
    expect(Math.min(dropJan, dropFeb)).toBeLessThan(-0.15);
  });

  test('the named months of the anchors hold: Feb 2024 −46 % on January, Jan 2025 −32 % on December', () => {
    const mom = (m: number, prev: number) => monthly.get(m)!.total / monthly.get(prev)!.total - 1;
    expect(mom(202402, 202401)).toBeCloseTo(-0.462, 1);
    expect(mom(202501, 202412)).toBeCloseTo(-0.319, 1);
  });

  test.each([2022, 2023, 2024, 2025])('December %s is the peak month of its year', (y) => {
    const months = year(y).map((m) => m.total);
    expect(Math.max(...months)).toBe(months[11]);
  });

  test('NEV share dips in January and first passes 50 % in July 2024', () => {
    const share = (m: number) => monthly.get(m)!.nev / monthly.get(m)!.total;
    expect(share(202401)).toBeLessThan(share(202312));
    expect(share(202501)).toBeLessThan(share(202412));
    expect(share(202407)).toBeGreaterThan(0.5);
    for (let m = 202401; m <= 202406; m++) expect(share(m)).toBeLessThan(0.5);
  });

  test('BEV leads PHEV and EREV: about 58 / 42 in 2024', () => {
    const months = year(2024);
    const bevPart = sum(months.map((m) => m.bev)) / sum(months.map((m) => m.nev));
    expect(bevPart).toBeGreaterThan(0.54);
    expect(bevPart).toBeLessThan(0.62);
  });

  test('the catalog is the real market at the required size', async () => {
    const [counts] = await ds.query(
      `SELECT (SELECT count(*) FROM brand)::int AS brands, (SELECT count(*) FROM producer)::int AS producers,
              (SELECT count(*) FROM sub_series)::int AS sub_series, (SELECT count(*) FROM car)::int AS trims,
              (SELECT count(DISTINCT city_id) FROM retail_fact)::int AS cities,
              (SELECT count(*) FROM config_category)::int AS categories, (SELECT count(*) FROM config_item)::int AS items,
              (SELECT count(*) FROM config_item WHERE layer > 1)::int AS sub_rows,
              (SELECT count(DISTINCT car_id) FROM config_value)::int AS configured_trims`,
    );
    expect(counts.brands).toBeGreaterThanOrEqual(100);
    expect(counts.sub_series).toBeGreaterThanOrEqual(500);
    expect(counts.trims).toBeGreaterThanOrEqual(3000);
    expect(counts.cities).toBeGreaterThanOrEqual(300);
    expect(counts.categories).toBeGreaterThanOrEqual(10);
    expect(counts.items).toBeGreaterThanOrEqual(150);
    expect(counts.sub_rows).toBeGreaterThan(0);
    expect(counts.configured_trims).toBe(counts.trims);
    const names: Array<{ name: string }> = await ds.query(`SELECT name FROM brand WHERE name IN ('比亚迪', '大众', '丰田', '特斯拉', '理想', '吉利')`);
    expect(names).toHaveLength(6);
  });

  test('regional weights follow population and wealth: 华东 leads, the big cities top the list', async () => {
    const regions: Array<{ name: string }> = await ds.query(
      `SELECT a.name FROM retail_fact f JOIN city c ON c.id = f.city_id JOIN province p ON p.id = c.province_id
         JOIN area a ON a.id = p.area_id WHERE f.month BETWEEN 202501 AND 202512 GROUP BY a.name ORDER BY sum(f.qty) DESC`,
    );
    expect(regions[0].name).toBe('华东');
    // The cold, least populous regions come last.
    expect(
      regions
        .slice(-2)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['东北', '西北']);
    const top: Array<{ name: string; tier: number }> = await ds.query(
      `SELECT c.name, c.tier FROM retail_fact f JOIN city c ON c.id = f.city_id
        WHERE f.month BETWEEN 202501 AND 202512 GROUP BY c.name, c.tier ORDER BY sum(f.qty) DESC LIMIT 10`,
    );
    expect(top.every((c) => c.tier === 1)).toBe(true);
    const tiers: Array<{ tier: number; per_city: string }> = await ds.query(
      `SELECT c.tier, sum(f.qty) / count(DISTINCT c.id) AS per_city FROM retail_fact f JOIN city c ON c.id = f.city_id
        WHERE f.month BETWEEN 202501 AND 202512 GROUP BY c.tier ORDER BY c.tier`,
    );
    const perCity = tiers.map((t) => Number(t.per_city));
    for (let i = 1; i < perCity.length; i++) expect(perCity[i]).toBeLessThan(perCity[i - 1]);
  });

  test('discounts deepen through the 2023-2024 price war', async () => {
    const rows: Array<{ year: number; rate: string }> = await ds.query(
      `SELECT p.month / 100 AS year, 1 - sum(p.tp::numeric * p.qty) / sum(m.msrp::numeric * p.qty) AS rate
         FROM price_fact p JOIN msrp_month m ON m.month = p.month AND m.car_id = p.car_id
        WHERE p.month / 100 IN (2022, 2023, 2024) GROUP BY 1 ORDER BY 1`,
    );
    const [y2022, y2023, y2024] = rows.map((r) => Number(r.rate));
    expect(y2023).toBeGreaterThan(y2022);
    expect(y2024).toBeGreaterThan(y2022 + 0.03);
    expect(y2022).toBeGreaterThan(0.03);
  });

  test('every trim has an MSRP each month it sells, and rebates exist', async () => {
    const [row] = await ds.query(
      `SELECT count(*)::int AS missing FROM (SELECT DISTINCT month, car_id FROM retail_fact) f
        LEFT JOIN msrp_month m USING (month, car_id) WHERE m.car_id IS NULL`,
    );
    expect(row.missing).toBe(0);
    const [rebates] = await ds.query(`SELECT count(*)::int AS n, min(rebate) AS low FROM rebate_month WHERE month = 202410`);
    expect(rebates.n).toBeGreaterThan(500);
  });

  test('producers have downloadable monthly summaries, and the files are real workbooks', async () => {
    const rows: Array<{ file_name: string; file_size: number }> = await ds.query(`SELECT file_name, file_size FROM report ORDER BY id LIMIT 5`);
    const [perProducer] = await ds.query(`SELECT min(n)::int AS least FROM (SELECT count(*) AS n FROM report GROUP BY producer_id) r`);
    expect(perProducer.least).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      const file = fs.readFileSync(path.join(testEnv().dataDir, 'reports', row.file_name));
      expect(file.length).toBe(row.file_size);
      expect(file.subarray(0, 2).toString()).toBe('PK');
    }
  });

  test('the demo analyst belongs to a real producer and brand', async () => {
    const [demo] = await ds.query(
      `SELECT p.name AS producer, b.name AS brand, r.code AS role FROM app_user u JOIN producer p ON p.id = u.producer_id
         JOIN brand b ON b.id = u.brand_id JOIN role r ON r.id = u.role_id WHERE u.account = 'demo'`,
    );
    expect(demo).toEqual({ producer: '一汽-大众', brand: '大众', role: 'analyst' });
    const [admin] = await ds.query(`SELECT r.code, u.password_hash FROM app_user u JOIN role r ON r.id = u.role_id WHERE account = 'admin'`);
    expect(admin.code).toBe('admin');
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
  });
});
