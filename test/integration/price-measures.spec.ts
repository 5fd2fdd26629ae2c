import type { DataSource } from 'typeorm';
import { AnalyticsRepository } from '../../backend/src/analytics/analytics.repository';
import { AnalyticsRow, AnalyticsService } from '../../backend/src/analytics/analytics.service';
import { RAW_FACTS } from '../../backend/src/analytics/rollups';
import type { AnalyticsQuery, MeasureRequest } from '../../backend/src/analytics/query';
import { buildQuery } from '../../backend/src/analytics/sql-writer';
import { openDataSource } from '../../backend/src/database/data-source';
import { ReadReplicas } from '../../backend/src/database/read-replicas';
import { createPriceFixture } from '../support/price-fixture';
import { testEnv } from '../support/test-env';

/*
 * The query layer's price measures on the literal prices of test/support/price-fixture.ts, every figure
 * worked out by hand. 2026-03, nationally:
 *   A级轿车 [3] = 61 (130000×200 + 140000×100), 62 (160000×200), 64 (150000×100 + 156000×200)
 *     volume 800; Σ TP×qty = 26,000,000 + 14,000,000 + 32,000,000 + 15,000,000 + 31,200,000 = 118,200,000
 *     TP = 118,200,000 / 800 = 147,750
 *     Σ MSRP×qty = 150000×300 + 170000×200 + 175000×300 = 131,500,000 → MSRP = 164,375
 *     discount = 164,375 − 147,750 = 16,625; rate = 16,625 / 164,375
 *     rebate: known for 61 (3000×300) and 62 (2000×200), not 64 → 1,300,000 / 500 = 2,600
 *     lowest TP 130,000, highest 160,000
 *     2026-02 (环比): (135000 + 165000 + 160000) × 100 / 300 = 153,333.33; MSRP (150000 + 170000 + 180000) / 3 = 166,666.67
 *     January-to-date (no January prices): (118,200,000 + 46,000,000) / 1,100 = 149,272.73
 *   A级SUV [7] = 63 (200000×100 + 190000×100): TP 195,000, MSRP 220,000, discount 25,000, rate 25/220,
 *     rebate 5,000, lowest 190,000, highest 200,000; no February prices.
 * Each trim's March TP: 61 133,333.33, 62 160,000, 63 195,000, 64 154,000; MSRP 150,000, 170,000, 220,000, 175,000.
 */

const MARCH = 202603;

describe('price measures in the query layer', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_prices`;
  let ds: DataSource;
  let analytics: AnalyticsService;

  beforeAll(async () => {
    const url = await createPriceFixture(env.adminUrl, database);
    ds = await openDataSource(url, 'car-test-prices');
    analytics = new AnalyticsService(new AnalyticsRepository(ReadReplicas.primaryOnly(ds)));
  }, 120_000);

  afterAll(async () => {
    await ds?.destroy();
  });

  const bySegment = async (measures: MeasureRequest[], extra: Partial<AnalyticsQuery> = {}): Promise<Map<number, AnalyticsRow['values']>> => {
    const rows = await analytics.query({ source: 'price', dimensions: ['segment'], month: MARCH, measures, ...extra });
    return new Map(rows.map((r) => [r.key.segment ?? 0, r.values]));
  };

  test('weighted TP and MSRP are Σ price × volume / Σ volume; discount and its rate follow from them', async () => {
    const segments = await bySegment([
      { measure: 'qty', as: 'qty' },
      { measure: 'tp', as: 'tp' },
      { measure: 'msrp', as: 'msrp' },
      { measure: 'discount', as: 'discount' },
      { measure: 'discountRate', as: 'rate' },
    ]);
    expect([...segments.keys()].sort()).toEqual([3, 7]);
    const a = segments.get(3)!;
    expect(a.qty).toBe(800);
    expect(a.tp).toBeCloseTo(147_750, 6);
    expect(a.msrp).toBeCloseTo(164_375, 6);
    expect(a.discount).toBeCloseTo(16_625, 6);
    expect(a.rate).toBeCloseTo(16_625 / 164_375, 12);
    const suv = segments.get(7)!;
    expect([suv.qty, suv.tp, suv.msrp, suv.discount]).toEqual([200, 195_000, 220_000, 25_000]);
    expect(suv.rate).toBeCloseTo(25 / 220, 12);
  });

  test("the rebate is weighted over the volume whose rebate is known; lowest and highest TP are the cities'", async () => {
    const segments = await bySegment([
      { measure: 'rebate', as: 'rebate' },
      { measure: 'tpLow', as: 'low' },
      { measure: 'tpHigh', as: 'high' },
    ]);
    expect(segments.get(3)).toEqual({ rebate: 2_600, low: 130_000, high: 160_000 });
    expect(segments.get(7)).toEqual({ rebate: 5_000, low: 190_000, high: 200_000 });
  });

  test('any price measure shifts: the previous month, January to date; no prices then is null, not 0', async () => {
    const segments = await bySegment([
      { measure: 'tp', as: 'tp' },
      { measure: 'tp', shift: 'previousMonth', as: 'tpHb' },
      { measure: 'msrp', shift: 'previousMonth', as: 'msrpHb' },
      { measure: 'rebate', shift: 'previousMonth', as: 'rebateHb' },
      { measure: 'tp', shift: 'yearToDate', as: 'tpLj' },
      { measure: 'tp', shift: 'lastYear', as: 'tpTq' },
    ]);
    const a = segments.get(3)!;
    expect(a.tpHb).toBeCloseTo(460_000 / 3, 6);
    expect(a.msrpHb).toBeCloseTo(500_000 / 3, 6);
    expect(a.rebateHb).toBe(2_000);
    expect(a.tpLj).toBeCloseTo(164_200_000 / 1_100, 6);
    expect(a.tpTq).toBeNull();
    expect(segments.get(7)!.tpHb).toBeNull();
  });

  test('a geography narrows the prices: in 华北, A级轿车 is 61 alone and A级SUV 63 in 天津', async () => {
    const segments = await bySegment(
      [
        { measure: 'qty', as: 'qty' },
        { measure: 'tp', as: 'tp' },
      ],
      { filters: { areaIds: [1] } },
    );
    expect(segments.get(3)!.qty).toBe(300);
    expect(segments.get(3)!.tp).toBeCloseTo(400_000 / 3, 6);
    expect(segments.get(7)).toEqual({ qty: 100, tp: 200_000 });
    const [shenzhen] = await analytics.query({
      source: 'price',
      dimensions: ['city'],
      filters: { cityIds: [440300] },
      month: MARCH,
      measures: [{ measure: 'tp', as: 'tp' }],
    });
    expect(shenzhen.values.tp).toBe(158_000);
  });

  test('the MSRP filter keeps trims by their MSRP of the month, bounds included', async () => {
    const [row] = await analytics.query({
      source: 'price',
      dimensions: [],
      month: MARCH,
      filters: { msrp: { between: [170_000, 175_000] } },
      measures: [
        { measure: 'qty', as: 'qty' },
        { measure: 'tp', as: 'tp' },
      ],
    });
    expect(row.values).toEqual({ qty: 500, tp: 156_400 });
    const [cheap] = await analytics.query({
      source: 'price',
      dimensions: [],
      month: MARCH,
      filters: { msrp: { lte: 150_000 } },
      measures: [{ measure: 'qty', as: 'qty' }],
    });
    expect(cheap.values.qty).toBe(300);
  });

  const bands = async (query: Partial<AnalyticsQuery>): Promise<Array<[number, string, number | null, number | null]>> => {
    const rows = await analytics.query({
      source: 'price',
      dimensions: ['priceBand'],
      month: MARCH,
      priceBand: { basis: 'tp', low: 50_000, high: 400_000, width: 50_000 },
      measures: [{ measure: 'qty', as: 'qty' }],
      windows: [{ fn: 'share', of: 'qty', as: 'mix' }],
      order: [{ by: 'priceBand', direction: 'asc' }],
      ...query,
    });
    return rows.map((r) => [r.key.priceBand ?? -1, r.name.priceBand ?? '', r.values.qty, r.values.mix]);
  };

  test('a band split by TP puts each trim-month in the band of its weighted TP (61 at 13.3万, the rest 15-20万)', async () => {
    expect(await bands({})).toEqual([
      [2, '10-15万', 300, 0.3],
      [3, '15-20万', 700, 0.7],
    ]);
  });

  test('by MSRP a band includes its lower bound: 61 at exactly 15万 is 15-20万', async () => {
    expect(await bands({ priceBand: { basis: 'msrp', low: 50_000, high: 400_000, width: 50_000 } })).toEqual([
      [3, '15-20万', 800, 0.8],
      [4, '20-25万', 200, 0.2],
    ]);
  });

  test('open bands below the low and at or above the high bound', async () => {
    expect(await bands({ priceBand: { basis: 'tp', low: 140_000, high: 160_000, width: 10_000 } })).toEqual([
      [0, '14万以下', 300, 0.3],
      [2, '15-16万', 300, 0.3],
      [3, '16万以上', 400, 0.4],
    ]);
  });

  test('under a geography filter a trim-month is banded by its price there: 63 is 20万 in 华北, 19.5万 nationally', async () => {
    expect(await bands({ filters: { areaIds: [1] } })).toEqual([
      [2, '10-15万', 300, 0.75],
      [4, '20-25万', 100, 0.25],
    ]);
  });

  test('ranking, paging and top-N happen in the query: by TP, two a page, with the row count and qty ranks 1, 1, 3, 3', async () => {
    const page = (offset: number): Promise<AnalyticsRow[]> =>
      analytics.query({
        source: 'price',
        dimensions: ['car'],
        month: MARCH,
        measures: [
          { measure: 'tp', as: 'tp' },
          { measure: 'qty', as: 'qty' },
        ],
        windows: [
          { fn: 'count', as: 'rows' },
          { fn: 'rank', of: 'qty', as: 'qtyRank' },
        ],
        order: [{ by: 'tp', direction: 'desc' }],
        limit: 2,
        offset,
      });
    const first = await page(0);
    expect(first.map((r) => [r.key.car, r.values.rows, r.values.qtyRank])).toEqual([
      [63, 4, 3],
      [62, 4, 3],
    ]);
    expect((await page(2)).map((r) => [r.key.car, r.values.qtyRank])).toEqual([
      [64, 1],
      [61, 1],
    ]);
    const top = await analytics.query({
      source: 'price',
      dimensions: ['segment', 'car'],
      month: MARCH,
      measures: [{ measure: 'qty', as: 'qty' }],
      order: [
        { by: 'qty', direction: 'desc' },
        { by: 'car', direction: 'asc' },
      ],
      topPerGroup: { by: ['segment'], n: 1 },
    });
    expect(top.map((r) => [r.key.segment, r.key.car]).sort()).toEqual([
      [3, 61],
      [7, 63],
    ]);
  });

  test('the price rollups answer exactly what the raw price facts answer', async () => {
    const measures: MeasureRequest[] = [
      { measure: 'qty', as: 'qty' },
      { measure: 'tp', as: 'tp' },
      { measure: 'msrp', as: 'msrp' },
      { measure: 'rebate', as: 'rebate' },
      { measure: 'tpLow', as: 'low' },
      { measure: 'tpHigh', as: 'high' },
      { measure: 'tp', shift: 'yearToDate', as: 'tpLj' },
    ];
    const queries: AnalyticsQuery[] = [
      { source: 'price', dimensions: ['segment'], month: MARCH, measures },
      { source: 'price', dimensions: ['brand'], filters: { provinceIds: [440000] }, month: MARCH, measures },
      { source: 'price', dimensions: ['area', 'priceBand'], month: MARCH, measures, priceBand: { basis: 'tp', low: 50_000, high: 400_000, width: 50_000 } },
    ];
    for (const query of queries) {
      const fromRollup = buildQuery(query);
      expect(fromRollup.rollup).toMatch(/^rollup_price_/);
      const raw = buildQuery(query, RAW_FACTS.price);
      const order = (rows: Array<Record<string, unknown>>): string[] => rows.map((r) => JSON.stringify(r)).sort();
      expect(order(await ds.query(fromRollup.sql, fromRollup.params))).toEqual(order(await ds.query(raw.sql, raw.params)));
    }
  });

  test('the sales band rollups, with and without year-to-date rows, answer exactly what the raw sales facts answer', async () => {
    const bands = { basis: 'tp' as const, low: 50_000, high: 400_000, width: 50_000 };
    const cases: Array<[AnalyticsQuery, string]> = [
      // The structure pages' months: each month's own sales, from the table without carry rows.
      [
        { source: 2, dimensions: ['month', 'priceBand'], priceBand: bands, measures: [{ measure: 'qty', span: { from: 202601, to: MARCH }, as: 'qty' }] },
        'rollup_retail_car_band_month',
      ],
      [
        {
          source: 2,
          dimensions: ['brand', 'priceBand'],
          month: MARCH,
          priceBand: { ...bands, basis: 'msrp' },
          measures: [
            { measure: 'qty', as: 'qty' },
            { measure: 'qty', shift: 'previousMonth', as: 'hb' },
          ],
        },
        'rollup_retail_car_band_month',
      ],
      // January to date: the year-to-date sums of one month.
      [
        {
          source: 2,
          dimensions: ['priceBand'],
          month: MARCH,
          priceBand: bands,
          measures: [
            { measure: 'qty', shift: 'yearToDate', as: 'lj' },
            { measure: 'qty', as: 'qty' },
          ],
        },
        'rollup_retail_car_band',
      ],
    ];
    for (const [query, table] of cases) {
      const fromRollup = buildQuery(query);
      expect(fromRollup.rollup).toBe(table);
      const raw = buildQuery(query, RAW_FACTS[2]);
      const order = (rows: Array<Record<string, unknown>>): string[] => rows.map((r) => JSON.stringify(r)).sort();
      const answer = await ds.query(fromRollup.sql, fromRollup.params);
      expect(answer.length).toBeGreaterThan(0);
      expect(order(answer)).toEqual(order(await ds.query(raw.sql, raw.params)));
    }
  });
});
