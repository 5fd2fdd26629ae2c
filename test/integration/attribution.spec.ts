import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  ANSWER_CACHE_HEADER,
  API_PREFIX,
  ATTRIBUTION_MESSAGES,
  ATTRIBUTION_NOTES,
  type PriceAttribution,
  type PriceTraceWhole,
  type PriceWhole,
  type ShareAttribution,
  type VolumeAttribution,
} from '@car/contracts';
import { RollupRepository } from '../../backend/src/analytics/rollup.repository';
import { openDataSource } from '../../backend/src/database/data-source';
import { CalendarRepository } from '../../backend/src/reference/calendar.repository';
import { signedInApp } from '../support/api-app';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST } from '../support/sales-fixture';
import { signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/*
 * 归因分析 (attribution/volume, share, price; issue 50, decision 302): every split worked by hand on the hand-made market
 * of test/support/sales-fixture.ts with the prices of price-fixture.ts and a few price rows added here (below). The
 * latest month is 2026-03.
 *
 * Retail by sub-series, read off RETAIL (2026-03 / 2025-03 / 2026-02; 2026-01..03 / 2025-01..03):
 *   德锐 [51]    A级轿车 [3], 汽油 [1], 甲汽车 [11], 甲德 [21]:  500 / 100 / 200;  900 /  300
 *   日行SUV [52] A级SUV [7],  汽油,     甲汽车,      甲日 [22]:  200 / 200 / 100;  500 /  500
 *   乙电EV [53]  A级轿车,     纯电动 [6], 乙汽车 [12], 乙牌 [23]: 300 /   0 / 100;  600 /    0
 *   乙尊 [54]    B级轿车 [4], 汽油,     乙汽车,      乙牌:        0 / 500 / 100;  200 / 1000
 *   the market:                                                 1000 / 800 / 500; 2200 / 1800
 * By region (2026-03 / 2025-03): 华北 [1] (北京, 天津) 61@北京 300 + 63@天津 100 = 400 / 61 100 + 63 100 + 65 300 + 66 200
 * = 700; 华南 [5] (广州, 深圳, all in 广东 440000) 62 200 + 63 100 + 64 100 + 64 200 = 600 / 63@广州 100 = 100.
 * Wholesale by sub-series (WHOLESALE, 2026-03 / 2025-03): 德锐 400 + 200 = 600 / 50; 日行SUV 250 / 250; 乙电EV 300 / 0;
 * 乙尊 50 + 0 = 50 / 300 + 100 = 400; the market 1200 / 700.
 */

/**
 * Price rows added to the fixture's: 乙尊's [54] trims, so that a sub-series has a trim sold in both months (65), one gone
 * in March (66) and one new in March (67, added to the catalogue here). MSRPs as the fixture gives them, and 67's.
 */
const ADDED_PRICES = [
  { month: 202602, carId: 65, cityId: 110000, tp: 250_000, qty: 100, msrp: 260_000 },
  { month: 202602, carId: 66, cityId: 120000, tp: 220_000, qty: 100, msrp: 230_000 },
  { month: 202603, carId: 65, cityId: 110000, tp: 245_000, qty: 100, msrp: 260_000 },
  { month: 202603, carId: 67, cityId: 110000, tp: 230_000, qty: 100, msrp: 240_000 },
];

async function addPrices(databaseUrl: string): Promise<void> {
  const ds = await openDataSource(databaseUrl, 'car-test-attribution');
  try {
    await ds.query(
      `INSERT INTO car (id, jll_code, name, sub_series_id, series_id, producer_brand_id, producer_id, brand_id, segment_id, model_year, msrp,
         fuel, engine, battery_kwh, body_type, gearbox, drive, emission_standard, model_level, seats, launch_month, end_month)
       VALUES (67, 'JLL67', '乙尊 2026款 2.0T 新锐型', 54, 43, 33, 12, 23, 4, 2026, 240000, 1, '2.0T', NULL, 1, 4, 1, 1, 4, 5, 202603, NULL)`,
    );
    for (const p of ADDED_PRICES) {
      await ds.query(`INSERT INTO price_fact (month, car_id, city_id, tp, qty) VALUES ($1, $2, $3, $4, $5)`, [p.month, p.carId, p.cityId, p.tp, p.qty]);
      await ds.query(`INSERT INTO msrp_month (month, car_id, msrp) VALUES ($1, $2, $3)`, [p.month, p.carId, p.msrp]);
    }
    await new RollupRepository(ds, new CalendarRepository(ds)).rebuild([202602, 202603]);
  } finally {
    await ds.destroy();
  }
}

const PASSWORD = 'Attribution#2026';

describe('归因分析 on a hand-made market', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_attribution`;
  const address = (n: number) => `10.99.${process.pid % 250}.${n}`;
  let app: NestExpressApplication;
  /** analyst: the fixture's analyst, of 甲汽车 [11]; rival of 乙汽车 [12]; nobody of no producer. */
  const tokens = { analyst: '', rival: '', nobody: '' };

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    await addPrices(databaseUrl);
    const accounts = {
      rival: await createAnalyst('attribution_rival', PASSWORD, '乙汽车用户', databaseUrl),
      nobody: await createAnalyst('attribution_nobody', PASSWORD, '无厂商用户', databaseUrl),
    };
    const ds = await openDataSource(databaseUrl, 'car-test-attribution-users');
    try {
      // Set before signing in: the session carries the producer.
      await ds.query(`UPDATE app_user SET producer_id = 11 WHERE account = $1`, [ANALYST.account]);
      await ds.query(`UPDATE app_user SET producer_id = 12 WHERE account = $1`, [accounts.rival]);
    } finally {
      await ds.destroy();
    }
    // The answer cache on, as shipped: the volume and price splits are kept, the share split must not be.
    ({ app, token: tokens.analyst } = await signedInApp({
      address: address(1),
      databaseUrl,
      account: ANALYST.account,
      password: ANALYST.password,
      config: { ANSWER_CACHE_MB: '8' },
    }));
    tokens.rival = await signIn(app, accounts.rival, PASSWORD, address(2));
    tokens.nobody = await signIn(app, accounts.nobody, PASSWORD, address(3));
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const call = (path: string, query: Record<string, string> = {}, who: keyof typeof tokens = 'analyst') =>
    request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', tokens[who]);

  async function ok<T>(path: string, query: Record<string, string> = {}, who: keyof typeof tokens = 'analyst'): Promise<T> {
    const response = await call(path, query, who);
    expect({ path, status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ path, status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  }

  async function refused(path: string, query: Record<string, string>, who: keyof typeof tokens = 'analyst'): Promise<string> {
    const response = await call(path, query, who);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
    return response.body.msg as string;
  }

  const volume = (query: Record<string, string>) => ok<VolumeAttribution>('attribution/volume', query);
  const figures = (answer: VolumeAttribution) => answer.rows.map((r) => [r.id, r.name, r.current, r.base, r.change, r.contribution, r.changeShare]);
  const sum1 = (values: ReadonlyArray<number | null>) => Math.round(values.reduce<number>((a, v) => a + (v ?? 0), 0) * 10) / 10;
  const sum2 = (values: readonly number[]) => Math.round(values.reduce((a, v) => a + v, 0) * 100) / 100;

  describe('the volume split (销量拉动)', () => {
    test('by 细分市场, 同比: a segment gone this month, one unchanged; 拉动 adds up to the growth, 变化占比 to 100', async () => {
      const answer = await volume({ by: 'segment' });
      // A级轿车 = 德锐 + 乙电EV: 500 + 300 = 800 / 100 + 0 = 100, +700; B级轿车 = 乙尊: 0 / 500, −500; A级SUV 200 / 200, 0.
      // Growth 200 / 800 = 25.0 %; 拉动 700 / 800 = 87.5, −500 / 800 = −62.5, 0; 变化占比 700 / 200 = 350.0, −250.0, 0.
      expect(answer.total).toEqual({ current: 1000, base: 800, change: 200, growth: 25 });
      expect(figures(answer)).toEqual([
        [3, 'A级轿车', 800, 100, 700, 87.5, 350],
        [4, 'B级轿车', 0, 500, -500, -62.5, -250],
        [7, 'A级SUV', 200, 200, 0, 0, 0],
      ]);
      expect(sum1(answer.rows.map((r) => r.contribution))).toBe(answer.total.growth);
      expect(answer.rows.reduce((a, r) => a + r.change, 0)).toBe(answer.total.change);
      expect([answer.time, answer.source, answer.compare, answer.by, answer.byLabel, answer.scope, answer.note]).toEqual([
        '2026-03',
        2,
        0,
        'segment',
        '细分市场',
        [],
        ATTRIBUTION_NOTES.volume,
      ]);
      expect(answer.periods).toEqual({ current: '2026年3月', base: '2025年3月', comparison: '当月 vs 同期' });
      // Each segment drills into its brands.
      expect(answer.rows[0].drill).toEqual({ param: 'detailId', value: 3, next: 'brand' });
      // The waterfall: the base, the movers by size (an unchanged member is no bar), the current.
      expect(answer.waterfall.map((b) => [b.name, b.kind, b.value, b.from, b.to])).toEqual([
        ['基期', 'base', 800, 0, 800],
        ['A级轿车', 'change', 700, 800, 1500],
        ['B级轿车', 'change', -500, 1500, 1000],
        ['本期', 'current', 1000, 0, 1000],
      ]);
    });

    test('by 燃料类型, then the drill into 纯电动 by 品牌: a zero base has no growth and no 拉动', async () => {
      // 汽油 = 德锐 + 日行SUV + 乙尊: 500 + 200 + 0 = 700 / 100 + 200 + 500 = 800, −100; 纯电动 = 乙电EV 300 / 0, +300.
      // 拉动 −100 / 800 = −12.5 and 300 / 800 = 37.5 (25.0 together); 变化占比 −50.0 and 150.0.
      const byFuel = await volume({ by: 'fuel' });
      expect(figures(byFuel)).toEqual([
        [6, '纯电动', 300, 0, 300, 37.5, 150],
        [1, '汽油', 700, 800, -100, -12.5, -50],
      ]);
      const bev = byFuel.rows[0].drill!;
      expect(bev).toEqual({ param: 'fuels', value: 6, next: 'brand' });

      // The drill: 纯电动 is 乙牌's 乙电EV alone, 300 / 0. A base of 0: the growth and every 拉动 are null (no share of
      // nothing); the change is all 乙牌's (100.0).
      const drilled = await volume({ [bev.param]: String(bev.value), by: bev.next! });
      expect(drilled.total).toEqual({ current: 300, base: 0, change: 300, growth: null });
      expect(figures(drilled)).toEqual([[23, '乙牌', 300, 0, 300, null, 100]]);
      expect(drilled.scope).toEqual([{ label: '燃料类型', value: '纯电动' }]);
      expect(drilled.rows[0].drill).toEqual({ param: 'brandId', value: 23, next: 'subSeries' });
    });

    test('by 大区, then the drill into 华南 by 省份, with the area level', async () => {
      // 华北 400 / 700, −300 (拉动 −37.5); 华南 600 / 100, +500 (62.5): 25.0.
      const byRegion = await volume({ by: 'region' });
      expect(figures(byRegion)).toEqual([
        [5, '华南', 600, 100, 500, 62.5, 250],
        [1, '华北', 400, 700, -300, -37.5, -150],
      ]);
      const south = byRegion.rows[0].drill!;
      expect(south).toEqual({ param: 'area', value: 5, level: 1, next: 'province' });
      const byProvince = await volume({ area: String(south.value), level: String(south.level), by: south.next! });
      expect(figures(byProvince)).toEqual([[440000, '广东', 600, 100, 500, 500, 100]]);
      expect(byProvince.scope).toEqual([{ label: '区域', value: '华南' }]);
      expect(byProvince.rows[0].drill).toEqual({ param: 'area', value: 440000, level: 2, next: 'tier' });
    });

    test('a drill step whose next split the scope fixes already has none: 乙牌 by 细分市场', async () => {
      // 乙牌: A级轿车 (乙电EV) 300 / 0; B级轿车 (乙尊) 0 / 500; −200 on 500, −40.0 %: 拉动 60.0 and −100.0.
      const answer = await volume({ brandId: '23', by: 'segment' });
      expect(answer.total).toEqual({ current: 300, base: 500, change: -200, growth: -40 });
      expect(figures(answer)).toEqual([
        [4, 'B级轿车', 0, 500, -500, -100, 250],
        [3, 'A级轿车', 300, 0, 300, 60, -150],
      ]);
      expect(answer.rows.map((r) => r.drill)).toEqual([
        { param: 'detailId', value: 4, next: null },
        { param: 'detailId', value: 3, next: null },
      ]);
      expect(answer.scope).toEqual([{ label: '品牌', value: '乙牌' }]);
    });

    test('wholesale by 车系: 拉动 rounded to the decimal shown adds up to the growth shown (largest remainder)', async () => {
      // 德锐 600 / 50, +550; 日行SUV 250 / 250; 乙电EV 300 / 0, +300; 乙尊 50 / 400, −350. 1200 / 700: +500, 71.428… → 71.4.
      // 拉动 550 / 7 = 78.571…, 300 / 7 = 42.857…, −350 / 7 = −50.0: rounded alone 78.6 + 42.9 − 50.0 = 71.5, not 71.4.
      // Tenths: floors 785 + 428 − 500 = 713 of 714; the one left goes to the largest remainder (.714, 德锐): 78.6, 42.8.
      const answer = await volume({ source: '1', by: 'subSeries' });
      expect(answer.total).toEqual({ current: 1200, base: 700, change: 500, growth: 71.4 });
      expect(figures(answer)).toEqual([
        [51, '德锐', 600, 50, 550, 78.6, 110],
        [54, '乙尊', 50, 400, -350, -50, -70],
        [53, '乙电EV', 300, 0, 300, 42.8, 60],
        [52, '日行SUV', 250, 250, 0, 0, 0],
      ]);
      expect(sum1(answer.rows.map((r) => r.contribution))).toBe(71.4);
      expect(answer.source).toBe(1);
      // A sub-series is the last split: its drill narrows, no split follows.
      expect(answer.rows[0].drill).toEqual({ param: 'subSeriesId', value: 51, next: null });
    });

    test('累计 and 1-2月合计 name their periods; 拉动 over 累计 by 车系', async () => {
      // 2026-01..03 against 2025-01..03: 德锐 900 / 300 +600, 乙电EV 600 / 0 +600, 乙尊 200 / 1000 −800, 日行SUV 500 / 500.
      // 2200 / 1800: +400, 22.2 %; 拉动 33.3, 33.3, −44.4 (600 / 1800 = 33.33…, −800 / 1800 = −44.44…), 0.
      const cumulative = await volume({ compare: '2', by: 'subSeries' });
      expect(cumulative.periods).toEqual({ current: '2026年1-3月', base: '2025年1-3月', comparison: '累计 vs 去年累计' });
      expect(cumulative.total).toEqual({ current: 2200, base: 1800, change: 400, growth: 22.2 });
      expect(cumulative.rows.map((r) => [r.id, r.change, r.contribution, r.changeShare])).toEqual([
        [54, -800, -44.4, -200],
        [51, 600, 33.3, 150],
        [53, 600, 33.3, 150],
        [52, 0, 0, 0],
      ]);
      // 1-2月合计 of 2026 (700 + 500) against 2025's (600 + 400): 甲汽车 (德锐 + 日行SUV) 200 + 200 + 200 + 100 = 700 /
      // 100 + 200 + 100 + 100 = 500, +200; 乙汽车 500 / 500. Growth 200 / 1000 = 20.0 %, all 甲汽车's.
      const newYear = await volume({ time: '2026-02', compare: '3', by: 'producer' });
      expect(newYear.periods).toEqual({ current: '2026年1-2月', base: '2025年1-2月', comparison: '1-2月合计 vs 去年1-2月' });
      expect(figures(newYear)).toEqual([
        [11, '甲汽车', 700, 500, 200, 20, 100],
        [12, '乙汽车', 500, 500, 0, 0, 0],
      ]);
      // 环比: the month before.
      expect((await volume({ compare: '1' })).periods).toEqual({ current: '2026年3月', base: '2026年2月', comparison: '当月 vs 上月' });
    });

    test('the answer is served from the answer cache the second time', async () => {
      const first = await call('attribution/volume', { by: 'family' });
      const second = await call('attribution/volume', { by: 'family' });
      expect([first.headers[ANSWER_CACHE_HEADER.toLowerCase()], second.headers[ANSWER_CACHE_HEADER.toLowerCase()]]).toEqual(['miss', 'hit']);
      expect(second.body).toEqual(first.body);
    });
  });

  describe('the share split (份额归因)', () => {
    test("the caller's own producer by 细分市场: mix, performance and interaction worked by hand add up to the change", async () => {
      // 甲汽车 [11] (德锐 + 日行SUV), 2026-03 against 2025-03. Markets M_b 800, M_t 1000; w the segment's weight, s 甲's share in it:
      //   A级轿车: market 100 → 800, 甲 100 → 500: w 0.125 → 0.8, s 1 → 0.625
      //   B级轿车: market 500 → 0,   甲 0:          w 0.625 → 0,   s 0 → 0 (no market: 0)
      //   A级SUV:  market 200 → 200, 甲 200 → 200: w 0.25 → 0.2,   s 1 → 1
      // Share 300 / 800 = 37.50 % → 700 / 1000 = 70.00 %: +32.50 points.
      //   mix Σ Δw·s_b:        0.675 × 1 + (−0.625) × 0 + (−0.05) × 1 = 0.625 → 62.50
      //   performance Σ w_b·Δs: 0.125 × (−0.375) = −0.046875 → −4.6875
      //   interaction Σ Δw·Δs:  0.675 × (−0.375) = −0.253125 → −25.3125
      //   62.5 − 4.6875 − 25.3125 = 32.5. In hundredths: 6250, −468.75, −2531.25 → floors 6250 − 469 − 2532 = 3249 of 3250;
      //   the one left to the largest remainder (.75, interaction): 62.50, −4.69, −25.31.
      const answer = await ok<ShareAttribution>('attribution/share', {});
      expect(answer.subject).toEqual({ type: 'producer', id: 11, name: '甲汽车', inSet: false });
      expect(answer.share).toEqual({ base: 37.5, current: 70, change: 32.5 });
      expect(answer.effects).toEqual({ mix: 62.5, performance: -4.69, interaction: -25.31 });
      expect(sum2([answer.effects.mix, answer.effects.performance, answer.effects.interaction])).toBe(answer.share.change);
      // Per segment: A级轿车 67.50 − 4.69 − 25.31 = 37.50; A级SUV −5.00 (its weight fell where 甲 had it all); B级轿车 0.
      expect(
        answer.rows.map((r) => [r.id, r.name, r.weightBase, r.weightCurrent, r.shareBase, r.shareCurrent, r.mix, r.performance, r.interaction, r.total]),
      ).toEqual([
        [3, 'A级轿车', 12.5, 80, 100, 62.5, 67.5, -4.69, -25.31, 37.5],
        [7, 'A级SUV', 25, 20, 100, 100, -5, 0, 0, -5],
        [4, 'B级轿车', 62.5, 0, 0, null, 0, 0, 0, 0],
      ]);
      for (const column of ['mix', 'performance', 'interaction'] as const) {
        expect(sum2(answer.rows.map((r) => r[column]))).toBe(answer.effects[column]);
      }
      expect(answer.waterfall.map((b) => [b.name, b.value, b.from, b.to])).toEqual([
        ['基期份额', 37.5, 0, 37.5],
        ['结构效应', 62.5, 37.5, 100],
        ['表现效应', -4.69, 100, 95.31],
        ['交互效应', -25.31, 95.31, 70],
        ['本期份额', 70, 0, 70],
      ]);
      expect([answer.by, answer.byLabel, answer.note]).toEqual(['segment', '细分市场', ATTRIBUTION_NOTES.share]);
    });

    test('a subject asked (乙牌): a segment the market left is all performance and interaction', async () => {
      // 乙牌 [23] (乙电EV + 乙尊): s in A级轿车 0 → 300 / 800 = 0.375; in B级轿车 1 → 0 (the market there is gone); A级SUV 0.
      //   mix: 0.675 × 0 + (−0.625) × 1 + (−0.05) × 0 = −0.625 → −62.50
      //   performance: 0.125 × 0.375 + 0.625 × (−1) = 0.046875 − 0.625 → −57.8125
      //   interaction: 0.675 × 0.375 + (−0.625) × (−1) = 0.253125 + 0.625 → 87.8125
      //   Share 500 / 800 = 62.50 → 300 / 1000 = 30.00: −32.50 = −62.5 − 57.8125 + 87.8125. Hundredths: −6250, −5781.25,
      //   8781.25 → floors −6250 − 5782 + 8781 = −3251 of −3250: +1 to performance (.75): −57.81, 87.81.
      const answer = await ok<ShareAttribution>('attribution/share', { subjectType: 'brand', subjectId: '23' });
      expect(answer.subject).toEqual({ type: 'brand', id: 23, name: '乙牌', inSet: false });
      expect(answer.share).toEqual({ base: 62.5, current: 30, change: -32.5 });
      expect(answer.effects).toEqual({ mix: -62.5, performance: -57.81, interaction: 87.81 });
      // Rows: B级轿车 −62.50 − 62.50 + 62.50; A级轿车 0 + 4.69 + 25.31 (the performance column, 4.6875 − 62.5 = −57.8125,
      // rounded to −57.81: 468.75 takes the one left, 4.69); A级SUV nothing.
      expect(answer.rows.map((r) => [r.id, r.mix, r.performance, r.interaction, r.total])).toEqual([
        [4, -62.5, -62.5, 62.5, -62.5],
        [3, 0, 4.69, 25.31, 30],
        [7, 0, 0, 0, 0],
      ]);
    });

    test('within a 竞品组: 本品 德锐 in the set of 德锐, 日行SUV and 乙电EV, by 细分市场', async () => {
      // The market is the set: A级轿车 (德锐 + 乙电EV) 100 + 0 = 100 → 500 + 300 = 800; A级SUV (日行SUV) 200 → 200. M_b 300, M_t 1000.
      //   w: A级轿车 1/3 → 0.8, A级SUV 2/3 → 0.2; s (德锐): A级轿车 1 → 0.625, A级SUV 0 → 0.
      //   Share 100 / 300 = 33.33 → 500 / 1000 = 50.00: +16.67 (the difference of the two shown).
      //   mix (0.8 − 1/3) × 1 = 0.46667 → 46.6667; performance 1/3 × (−0.375) → −12.5; interaction 0.46667 × (−0.375) → −17.5.
      //   46.6667 − 12.5 − 17.5 = 16.6667. Hundredths: floors 4666 − 1250 − 1750 = 1666 of 1667: mix 46.67.
      const answer = await ok<ShareAttribution>('attribution/share', { setOwn: '51', setRivals: '52,53', setName: '德锐对标' });
      expect(answer.subject).toEqual({ type: 'subSeries', id: 51, name: '德锐对标', inSet: true });
      expect(answer.share).toEqual({ base: 33.33, current: 50, change: 16.67 });
      expect(answer.effects).toEqual({ mix: 46.67, performance: -12.5, interaction: -17.5 });
      expect(answer.rows.map((r) => [r.id, r.weightBase, r.weightCurrent, r.shareBase, r.shareCurrent, r.mix, r.performance, r.interaction, r.total])).toEqual([
        [3, 33.33, 80, 100, 62.5, 46.67, -12.5, -17.5, 16.67],
        [7, 66.67, 20, 0, 0, 0, 0, 0, 0],
      ]);
      expect(answer.scope).toEqual([{ label: '竞品组', value: '德锐对标' }]);
    });

    test("not cached: without a subject each caller gets their own producer's split, the same request", async () => {
      const mine = await call('attribution/share', { by: 'fuel' });
      const theirs = await call('attribution/share', { by: 'fuel' }, 'rival');
      expect([mine.body.result.subject.name, theirs.body.result.subject.name]).toEqual(['甲汽车', '乙汽车']);
      expect(theirs.headers[ANSWER_CACHE_HEADER.toLowerCase()]).toBeUndefined();
    });
  });

  describe('the price split (价格归因)', () => {
    /*
     * National prices, 2026-03 against 2026-02 (环比), weighted over the price rows' volumes, by sub-series:
     *   德锐 [51]    02: (135000 + 165000) / 2 = 150,000 × 200;  03: (130000×200 + 140000×100 + 160000×200) / 500 = 144,000 × 500
     *   乙电EV [53]  02: 160,000 × 100;                         03: (150000×100 + 156000×200) / 300 = 154,000 × 300
     *   乙尊 [54]    02: (250000 + 220000) / 2 = 235,000 × 200;  03: (245000 + 230000) / 2 = 237,500 × 200
     *   日行SUV [52] 02: none (new);                            03: (200000 + 190000) / 2 = 195,000 × 200
     *   the market   02: 93,000,000 / 500 = 186,000;            03: 204,700,000 / 1200 = 170,583.33 → 170,583
     */
    test('the market by 车系: price, mix, interaction and a new sub-series add up to the TP change the price page shows', async () => {
      // Common (德锐, 乙电EV, 乙尊): ω_b 0.4, 0.2, 0.4 → ω_t 0.5, 0.3, 0.2; P_b^C 186,000; P_t^C 165,700,000 / 1000 = 165,700.
      //   price Σ ω_b·Δp: 0.4 × −6000 + 0.2 × −6000 + 0.4 × 2500 = −2,600
      //   mix Σ Δω·(p_b − P_b^C): 0.1 × −36,000 + 0.1 × −26,000 + (−0.2) × 49,000 = −3,600 − 2,600 − 9,800 = −16,000
      //   interaction Σ Δω·Δp: −600 − 600 − 500 = −1,700
      //   entry (日行SUV): 200 × (195,000 − 165,700) / 1200 = 4,883.33; exit none.
      //   −2,600 − 16,000 − 1,700 + 4,883.33 = −15,416.67; shown 170,583 − 186,000 = −15,417: entry 4,883.
      const answer = await ok<PriceAttribution>('attribution/price', { compare: '1' });
      expect(answer.value).toEqual({ base: 186_000, current: 170_583, change: -15_417 });
      expect(answer.effects).toEqual({ price: -2600, mix: -16_000, interaction: -1700, entry: 4883, exit: 0 });
      const { price, mix, interaction, entry, exit } = answer.effects;
      expect(price + mix + interaction + entry + exit).toBe(answer.value.change);
      expect(
        answer.rows.map((r) => [
          r.id,
          r.name,
          r.status,
          r.qtyBase,
          r.qtyCurrent,
          r.weightBase,
          r.weightCurrent,
          r.valueBase,
          r.valueCurrent,
          r.price,
          r.mix,
          r.interaction,
          r.newOrGone,
        ]),
      ).toEqual([
        [54, '乙尊', 'both', 200, 200, 40, 20, 235_000, 237_500, 1000, -9800, -500, 0],
        [51, '德锐', 'both', 200, 500, 40, 50, 150_000, 144_000, -2400, -3600, -600, 0],
        [52, '日行SUV', 'new', 0, 200, null, 16.67, null, 195_000, 0, 0, 0, 4883],
        [53, '乙电EV', 'both', 100, 300, 20, 30, 160_000, 154_000, -1200, -2600, -600, 0],
      ]);
      expect([answer.time, answer.subject, answer.itemLabel, answer.measure, answer.measureLabel, answer.note]).toEqual([
        '2026-03',
        { type: 'market', id: null, name: '整体市场' },
        '车系',
        'tp',
        '成交价',
        ATTRIBUTION_NOTES.price,
      ]);
      expect(answer.periods).toEqual({ current: '2026年3月', base: '2026年2月', comparison: '当月 vs 上月' });
      // The two values are 整体市场价格指数's TP card of each month.
      const [march, february] = await Promise.all(['2026-03', '2026-02'].map((time) => ok<PriceWhole>('price/marketPriceWhole/whole', { time })));
      expect([answer.value.base, answer.value.current]).toEqual([february.tp, march.tp]);
    });

    test("the discount: the values are the page's (its MSRP shown less its TP shown), the effects add up to their difference", async () => {
      // MSRPs weighted over the same rows: 02 (150000 + 170000 + 180000 + 260000 + 230000) × 100 / 500 = 198,000; 03
      // (150000×300 + 170000×200 + 220000×200 + 175000×300 + 260000×100 + 240000×100) / 1200 = 187,916.67 → 187,917.
      // The page: 198,000 − 186,000 = 12,000 and 187,917 − 170,583 = 17,334 (the exact 17,333.33 would show 17,333).
      // Discounts by sub-series: 德锐 10,000 → 14,000; 乙电EV 20,000 → 21,000; 乙尊 10,000 → 12,500; 日行SUV new 25,000.
      //   price 0.4 × 4000 + 0.2 × 1000 + 0.4 × 2500 = 2,800; mix 0.1 × −2000 + 0.1 × 8000 + (−0.2) × −2000 = 1,000;
      //   interaction 400 + 100 − 500 = 0; entry 17,333.33 − 15,800 = 1,533.33. 5,333.33 exact; shown 5,334: entry 1,534.
      const answer = await ok<PriceAttribution>('attribution/price', { compare: '1', measure: 'discount' });
      expect(answer.value).toEqual({ base: 12_000, current: 17_334, change: 5334 });
      expect(answer.effects).toEqual({ price: 2800, mix: 1000, interaction: 0, entry: 1534, exit: 0 });
      expect(answer.measureLabel).toBe('优惠');
      const [march, february] = await Promise.all(['2026-03', '2026-02'].map((time) => ok<PriceWhole>('price/marketPriceWhole/whole', { time })));
      expect([answer.value.base, answer.value.current]).toEqual([february.discount, march.discount]);
    });

    test('a sub-series by 车型: a trim sold in both months, one gone and one new, adding up to the yuan', async () => {
      // 乙尊 [54]: 65 250,000 → 245,000 (100 each); 66 220,000 × 100 in February only; 67 230,000 × 100 in March only.
      //   P_b (25,000,000 + 22,000,000) / 200 = 235,000; P_t (24,500,000 + 23,000,000) / 200 = 237,500: +2,500.
      //   Common {65}: price −5,000, no mix, no interaction. entry (67): 100 × (230,000 − 245,000) / 200 = −7,500;
      //   exit (66): −100 × (220,000 − 250,000) / 200 = 15,000. −5,000 − 7,500 + 15,000 = 2,500.
      const answer = await ok<PriceAttribution>('attribution/price', { compare: '1', subjectType: 'subSeries', subjectId: '54' });
      expect(answer.value).toEqual({ base: 235_000, current: 237_500, change: 2500 });
      expect(answer.effects).toEqual({ price: -5000, mix: 0, interaction: 0, entry: -7500, exit: 15_000 });
      expect(answer.rows.map((r) => [r.id, r.name, r.status, r.weightBase, r.weightCurrent, r.valueBase, r.valueCurrent, r.price, r.newOrGone])).toEqual([
        [66, '乙尊 2024款 2.0T 标准型', 'gone', 50, null, 220_000, null, 0, 15_000],
        [67, '乙尊 2026款 2.0T 新锐型', 'new', null, 50, null, 230_000, 0, -7500],
        [65, '乙尊 2024款 2.0T 旗舰型', 'both', 100, 100, 250_000, 245_000, -5000, 0],
      ]);
      expect([answer.subject, answer.itemLabel]).toEqual([{ type: 'subSeries', id: 54, name: '乙尊' }, '车型']);
      expect(answer.waterfall.map((b) => [b.name, b.from, b.to])).toEqual([
        ['基期', 0, 235_000],
        ['价格效应', 235_000, 230_000],
        ['结构效应', 230_000, 230_000],
        ['交互效应', 230_000, 230_000],
        ['新品效应', 230_000, 222_500],
        ['退市效应', 222_500, 237_500],
        ['本期', 0, 237_500],
      ]);
      // 车系价格追踪's TP card of 乙尊, each month.
      const [march, february] = await Promise.all(
        ['2026-03', '2026-02'].map((time) => ok<PriceTraceWhole>('price/cabmodelpricetrace/whole', { modelSubId: '54', time })),
      );
      expect([answer.value.base, answer.value.current]).toEqual([february.tp, march.tp]);
    });
  });

  describe('refusals', () => {
    test('wholesale with an area or split by one, a split by what the scope fixes, 1-2月合计 of another month', async () => {
      expect(await refused('attribution/volume', { source: '1', area: '5', level: '1' })).toBe(`参数 area ${ATTRIBUTION_MESSAGES.wholesaleArea}`);
      expect(await refused('attribution/volume', { source: '1', by: 'province' })).toBe(`参数 by ${ATTRIBUTION_MESSAGES.wholesaleDimension}`);
      expect(await refused('attribution/volume', { fuels: '6', by: 'fuel' })).toBe(`参数 by ${ATTRIBUTION_MESSAGES.byFiltered}`);
      expect(
        await refused('attribution/share', { brandId: '23', by: 'segment', subjectType: 'brand', subjectId: '23', area: '5', level: '1', source: '1' }),
      ).toBe(`参数 area ${ATTRIBUTION_MESSAGES.wholesaleArea}`);
      expect(await refused('attribution/volume', { compare: '3' })).toBe(`参数 compare ${ATTRIBUTION_MESSAGES.newYearOnly}`);
    });

    test('a share with no subject for a caller of no producer, a subject that sold nothing in either period', async () => {
      expect(await refused('attribution/share', {}, 'nobody')).toBe(ATTRIBUTION_MESSAGES.subjectMissing);
      // 甲德 [21] sells no B级轿车.
      expect(await refused('attribution/share', { detailId: '4', by: 'fuel', subjectType: 'brand', subjectId: '21' })).toBe(
        ATTRIBUTION_MESSAGES.subjectNoSales,
      );
    });

    test('a price split of a period without prices, a segment without its id', async () => {
      // No prices a year before March 2026.
      expect(await refused('attribution/price', {})).toBe(ATTRIBUTION_MESSAGES.noPrices);
      expect(await refused('attribution/price', { subjectType: 'segment' })).toBe(`参数 subjectId ${ATTRIBUTION_MESSAGES.subjectMissing}`);
    });
  });
});
