import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { ChartResult, Nationwide, PriceTable, PriceTraceGap, PriceTraceWhole, PriceWhole } from '@car/contracts';
import { RollupRepository } from '../../backend/src/analytics/rollup.repository';
import { openDataSource } from '../../backend/src/database/data-source';
import { CalendarRepository } from '../../backend/src/reference/calendar.repository';
import { signedInApp } from '../support/api-app';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST } from '../support/sales-fixture';
import { testEnv } from '../support/test-env';

/*
 * Every figure of the price calls on the literal prices of test/support/price-fixture.ts (2026-02, 2026-03)
 * plus two January prices added here, so the since-January (累计) change has a base:
 *   2026-01: 德锐 舒适型 [61] @北京 138,000 × 100 (MSRP 150,000); 乙电EV [64] @广州 165,000 × 100 (MSRP 180,000).
 *
 * The whole market, weighted over trims and cities with different volumes (whole yuan; discount = MSRP − TP):
 *   2026-03: Σ TP×qty = 130000×200 + 140000×100 + 160000×200 + 200000×100 + 190000×100 + 150000×100 + 156000×200
 *            = 157,200,000 over 1,000 → TP 157,200; MSRP (150000×300 + 170000×200 + 220000×200 + 175000×300) / 1000
 *            = 175,500; discount 18,300; rate 18,300 / 175,500 = 10.4 %
 *   2026-02: TP (135000 + 165000 + 160000) / 3 = 153,333; MSRP (150000 + 170000 + 180000) / 3 = 166,667;
 *            discount 13,334; rate 8.0 %
 *   2026-01: TP (138000 + 165000) / 2 = 151,500; MSRP 165,000; discount 13,500; rate 8.2 %
 *   tpMom 157200/153333 − 1 = 2.5 %; tpDown 157200/151500 − 1 = 3.8 %; discountMom 18300/13334 − 1 = 37.2 %;
 *   discountDown 18300/13500 − 1 = 35.6 %; rate 10.43 − 8.00 = 2.4 pt on February, 10.43 − 8.18 = 2.2 pt since January.
 * 乙电EV [64] had its MSRP cut from 180,000 to 175,000 in March (a month with a price cut); 日行SUV [63] sold
 * nothing with a price before March (a trim with no sales in a month: '-', not 0).
 * 德锐 [51] in the regions: 华北 = 61 @北京 (130000 × 200) and @天津 (140000 × 100) → 133,333; 华南 = 62 @深圳 only
 * (a region with one city) → 160,000; 全国 (26M + 14M + 32M) / 500 = 144,000 = (133,333.33 × 300 + 160,000 × 200) / 500.
 */

const JANUARY = [
  { carId: 61, cityId: 110000, tp: 138000, qty: 100, msrp: 150000 },
  { carId: 64, cityId: 440100, tp: 165000, qty: 100, msrp: 180000 },
];

async function addJanuaryPrices(databaseUrl: string): Promise<void> {
  const ds = await openDataSource(databaseUrl, 'car-test-price-january');
  try {
    for (const p of JANUARY) {
      await ds.query(`INSERT INTO price_fact (month, car_id, city_id, tp, qty) VALUES (202601, $1, $2, $3, $4)`, [p.carId, p.cityId, p.tp, p.qty]);
      await ds.query(`INSERT INTO msrp_month (month, car_id, msrp) VALUES (202601, $1, $2)`, [p.carId, p.msrp]);
    }
    await ds.query(`UPDATE data_month SET has_price = true WHERE month = 202601`);
    await new RollupRepository(ds, new CalendarRepository(ds)).rebuild([202601]);
  } finally {
    await ds.destroy();
  }
}

describe('price figures on a hand-made market', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_price_figures`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    await addJanuaryPrices(databaseUrl);
    ({ app, token } = await signedInApp({ address: `10.89.${process.pid % 250}.1`, databaseUrl, account: ANALYST.account, password: ANALYST.password }));
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const call = (path: string, query: Record<string, string> = {}) =>
    request(app.getHttpServer()).get(`/car/api/price/${path}`).query(query).set('token', token);

  async function ok<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await call(path, query);
    expect({ path, status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({
      path,
      status: 200,
      code: 1,
      msg: expect.any(String),
    });
    return response.body.result as T;
  }

  const MONTHS = ['2026-01', '2026-02', '2026-03'];

  test('the market cards: weighted MSRP and TP, the discount and its rate, each on February and since January', async () => {
    expect(await ok<PriceWhole>('marketPriceWhole/whole')).toEqual({
      time: '2026-03',
      startTime: '2026-01',
      qty: 1000,
      msrp: 175_500,
      msrpStr: '175,500元',
      tp: 157_200,
      tpStr: '157,200元',
      tpMom: 2.5,
      tpMomStr: '2.5%',
      tpDown: 3.8,
      tpDownStr: '3.8%',
      discount: 18_300,
      discountStr: '18,300元',
      discountMom: 37.2,
      discountMomStr: '37.2%',
      discountDown: 35.6,
      discountDownStr: '35.6%',
      discountRate: 10.4,
      discountRateStr: '10.4%',
      discountRateMom: 2.4,
      discountRateMomStr: '+2.4个百分点',
      discountRateDown: 2.2,
      discountRateDownStr: '+2.2个百分点',
    });
  });

  test('a segment with no prices before March has no change: dashes, never 0', async () => {
    // A级SUV [7] = 日行SUV 63: March 195,000 (200000 and 190000 × 100 each), MSRP 220,000, rate 25000/220000 = 11.4 %.
    const suv = await ok<PriceWhole>('marketPriceWhole/whole', { detailId: '7' });
    expect(suv).toMatchObject({
      tp: 195_000,
      msrp: 220_000,
      discount: 25_000,
      discountRate: 11.4,
      tpMom: null,
      tpMomStr: '-',
      tpDown: null,
      discountDownStr: '-',
      discountRateMomStr: '-',
    });
  });

  test('the trend: MSRP and TP columns, the discount or its rate as the second-axis line', async () => {
    const discount = await ok<ChartResult>('marketPriceWhole/highCharts', { type: '0' });
    expect(discount.xAxis[0].categories).toEqual(MONTHS);
    expect(discount.series).toEqual([
      { name: '厂商指导价', type: 'column', yAxis: 0, data: [165_000, 166_667, 175_500] },
      { name: '成交价', type: 'column', yAxis: 0, data: [151_500, 153_333, 157_200] },
      { name: '优惠', type: 'spline', yAxis: 1, data: [13_500, 13_334, 18_300] },
    ]);
    const rate = await ok<ChartResult>('marketPriceWhole/highCharts', { type: '1' });
    expect(rate.series[2]).toEqual({ name: '优惠率', type: 'spline', yAxis: 1, data: [8.2, 8.0, 10.4] });
  });

  test("the brand table: weighted over trims and cities, a month without sales is a dash, rows by the month's volume", async () => {
    const tp = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '2', type2: '2' });
    expect(tp.months).toEqual(MONTHS);
    expect(tp.rows.map((r) => [r.name, r.values, r.texts, r.total])).toEqual([
      ['整体市场', [151_500, 153_333, 157_200], ['151,500元', '153,333元', '157,200元'], true],
      // 甲德 = 61 + 62: Jan 138,000; Feb (135000 + 165000) / 2; Mar (26M + 14M + 32M) / 500.
      ['甲德', [138_000, 150_000, 144_000], ['138,000元', '150,000元', '144,000元'], false],
      // 乙牌 = 64: Mar (150000×100 + 156000×200) / 300 = 154,000.
      ['乙牌', [165_000, 160_000, 154_000], ['165,000元', '160,000元', '154,000元'], false],
      ['甲日', [null, null, 195_000], ['-', '-', '195,000元'], false],
    ]);
    // The price cut: 乙牌's discount 180000 − 165000, 180000 − 160000, then 175000 − 154000.
    const discount = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '2', type2: '0' });
    expect(discount.rows.find((r) => r.name === '乙牌')).toMatchObject({
      values: [15_000, 20_000, 21_000],
      texts: ['15,000元', '20,000元', '21,000元'],
      qty: [100, 100, 300],
    });
    const rate = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '2', type2: '1' });
    expect(rate.rows.find((r) => r.name === '乙牌')).toMatchObject({ values: [8.3, 11.1, 12.0], texts: ['8.3%', '11.1%', '12.0%'] });
  });

  test('the segment table lists every segment with the chosen one marked; its whole-market row equals the cards', async () => {
    const table = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '0', type2: '2', detailId: '7' });
    expect(table.rows.map((r) => [r.name, r.values, r.current])).toEqual([
      ['整体市场', [151_500, 153_333, 157_200], false],
      // A级轿车 [3]: Mar 118,200,000 / 800 = 147,750.
      ['A级轿车', [151_500, 153_333, 147_750], false],
      ['A级SUV', [null, null, 195_000], true],
    ]);
    const cards = await ok<PriceWhole>('marketPriceWhole/whole');
    expect(table.rows[0].values[2]).toBe(cards.tp);
    const unsegmented = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '0', type2: '2' });
    expect(unsegmented.rows[0]).toMatchObject({ name: '整体市场', current: true });
  });

  test('searchContent narrows the table by name; the whole-market row stays', async () => {
    const table = await ok<PriceTable>('marketPriceWhole/detailTable', { type: '1', searchContent: '乙' });
    expect(table.rows.map((r) => r.name)).toEqual(['整体市场', '乙汽车']);
  });

  test('the trace cards of one trim, named with its sub-series and producer, with its brand', async () => {
    // 61: Mar 400,000/3 → 133,333, MSRP 150,000, discount 16,667 (11.1 %); Feb 135,000 (15,000, 10.0 %); Jan 138,000 (12,000, 8.0 %).
    expect(await ok<PriceTraceWhole>('cabmodelpricetrace/whole', { modelSubId: '51', carId: '61' })).toEqual({
      time: '2026-03',
      startTime: '2026-01',
      qty: 300,
      producerName: '甲汽车',
      modelName: '德锐 2025款 1.5T 舒适型',
      brand: { id: 21, name: '甲德' },
      msrp: 150_000,
      msrpStr: '150,000元',
      tp: 133_333,
      tpStr: '133,333元',
      tpMom: -1.2,
      tpMomStr: '-1.2%',
      tpDown: -3.4,
      tpDownStr: '-3.4%',
      discount: 16_667,
      discountStr: '16,667元',
      discountMom: 11.1,
      discountMomStr: '11.1%',
      discountDown: 38.9,
      discountDownStr: '38.9%',
      discountRate: 11.1,
      discountRateStr: '11.1%',
      discountRateMom: 1.1,
      discountRateMomStr: '+1.1个百分点',
      discountRateDown: 3.1,
      discountRateDownStr: '+3.1个百分点',
    });
  });

  test('区域表现: national average, the lowest city price, the largest discount over the trims', async () => {
    // 德锐 [51], March: TP 144,000, MSRP 158,000; lowest TP 130,000 (61 @北京); highest discount 150,000 − 130,000 = 20,000
    // (62: 170,000 − 160,000 = 10,000), its rate 20,000 / 150,000 = 13.3 %; average rate 14,000 / 158,000 = 8.9 %.
    expect(await ok<Nationwide>('cabmodelpricetrace/nationwide', { modelSubId: '51' })).toEqual({
      name: '德锐',
      avgPrice: 144_000,
      avgPriceStr: '144,000元',
      lowPrice: 130_000,
      lowPriceStr: '130,000元',
      avgDiscount: 14_000,
      avgDiscountStr: '14,000元',
      highDiscount: 20_000,
      highDiscountStr: '20,000元',
      avgDiscountRate: 8.9,
      avgDiscountRateStr: '8.9%',
      highDiscountRate: 13.3,
      highDiscountRateStr: '13.3%',
      lowPriceProvince: '北京',
      highDiscountProvince: '北京',
    });
  });

  test('区域表现 names the province of the lowest price and of the highest discount', async () => {
    // 德锐 舒适型 [61], March: 北京 130,000, 天津 140,000 → 最低价 130,000（北京）, its discount 150,000 − 130,000 (北京).
    // 豪华型 [62]: only 深圳 160,000 → 最低价 160,000（广东）, 最高优惠 170,000 − 160,000 = 10,000（广东）.
    const trim = await ok<Nationwide>('cabmodelpricetrace/nationwide', { modelSubId: '51', carId: '62' });
    expect([trim.lowPriceStr, trim.lowPriceProvince, trim.highDiscountStr, trim.highDiscountProvince]).toEqual(['160,000元', '广东', '10,000元', '广东']);
    const cheap = await ok<Nationwide>('cabmodelpricetrace/nationwide', { modelSubId: '51', carId: '61' });
    expect([cheap.lowPriceStr, cheap.lowPriceProvince, cheap.highDiscountStr, cheap.highDiscountProvince]).toEqual(['130,000元', '北京', '20,000元', '北京']);
  });

  test('the regional table: 全国, each region then its provinces; the nation is the volume-weighted mean of the regions', async () => {
    const table = await ok<PriceTable>('cabmodelpricetrace/cityTable', { modelSubId: '51', type: '2' });
    expect(table.rows.map((r) => [r.name, r.level, r.values, r.qty])).toEqual([
      // Jan: 61 @北京 138,000; Feb: 61 @北京 135,000 and 62 @深圳 165,000.
      ['全国', 0, [138_000, 150_000, 144_000], [100, 200, 500]],
      ['华北', 1, [138_000, 135_000, 133_333], [100, 100, 300]],
      ['北京', 2, [138_000, 135_000, 130_000], [100, 100, 200]],
      ['天津', 2, [null, null, 140_000], [0, 0, 100]],
      ['华南', 1, [null, 165_000, 160_000], [0, 100, 200]],
      ['广东', 2, [null, 165_000, 160_000], [0, 100, 200]],
    ]);
    const regions = table.rows.filter((r) => r.level === 1);
    const weighted = regions.reduce((sum, r) => sum + (r.values[2] ?? 0) * r.qty[2], 0) / regions.reduce((sum, r) => sum + r.qty[2], 0);
    expect(Math.abs(weighted - table.rows[0].values[2]!)).toBeLessThanOrEqual(1);
  });

  test('the trace chart draws one measure, TP by default: a line for the subject, then each compared series and trim in the pick’s order', async () => {
    const query = { modelSubId: '51', modelSubIds: '53', carIds: '63' };
    const line = (name: string, data: Array<number | null>) => ({ name, type: 'line', yAxis: 0, data, group: name });
    const tp = await ok<ChartResult>('cabmodelpricetrace/highCharts', query);
    // 乙电EV [64]: TP 165,000 / 160,000 / (150000×100 + 156000×200) / 300 = 154,000; MSRP 180,000 / 180,000 / 175,000.
    // 日行SUV [63] in March: TP (200000 + 190000) / 2 = 195,000, MSRP 220,000; nothing before.
    expect(tp.yAxis).toEqual([{ title: '成交价（元）' }]);
    expect(tp.series).toEqual([
      line('德锐', [138_000, 150_000, 144_000]),
      line('乙电EV', [165_000, 160_000, 154_000]),
      line('日行SUV 2025款 2.0L 四驱', [null, null, 195_000]),
    ]);
    const msrp = await ok<ChartResult>('cabmodelpricetrace/highCharts', { ...query, measure: '3' });
    expect([msrp.yAxis, msrp.series.map((s) => s.data)]).toEqual([
      [{ title: '厂商指导价（元）' }],
      [
        [150_000, 160_000, 158_000],
        [180_000, 180_000, 175_000],
        [null, null, 220_000],
      ],
    ]);
    const rate = await ok<ChartResult>('cabmodelpricetrace/highCharts', { ...query, measure: '1' });
    // 德锐: 12,000 / 150,000 = 8.0 %, 10,000 / 160,000 = 6.3 %, 14,000 / 158,000 = 8.9 %; 乙电EV 15,000 / 180,000 = 8.3 % …
    expect([rate.yAxis, rate.series.map((s) => [s.name, s.data])]).toEqual([
      [{ title: '优惠率（%）' }],
      [
        ['德锐', [8, 6.3, 8.9]],
        ['乙电EV', [8.3, 11.1, 12]],
        ['日行SUV 2025款 2.0L 四驱', [null, null, 11.4]],
      ],
    ]);
    // The spec's type (0 discount, 1 rate) still chooses when measure is absent; measure wins when both are there.
    const discount = await ok<ChartResult>('cabmodelpricetrace/highCharts', { ...query, type: '0' });
    expect(discount.series.map((s) => s.data)).toEqual([
      [12_000, 10_000, 14_000],
      [15_000, 20_000, 21_000],
      [null, null, 25_000],
    ]);
    expect(await ok<ChartResult>('cabmodelpricetrace/highCharts', { ...query, type: '0', measure: '2' })).toEqual(tp);
  });

  test('成交价差: the subject’s TP minus each rival’s, month by month, in yuan and as a percent of the rival’s TP', async () => {
    const gap = await ok<PriceTraceGap>('cabmodelpricetrace/tpGap', { modelSubId: '51', modelSubIds: '53', carIds: '63' });
    // 德锐 138,000 / 150,000 / 144,000 − 乙电EV 165,000 / 160,000 / 154,000 = −27,000 (−16.4 %), −10,000 (−6.25 % → −6.2, the house's
    // percentNumber rounding half up), −10,000 (−6.5 %);
    // − 日行SUV (March only, 195,000) = −51,000 (−26.2 %).
    expect(gap).toEqual({
      months: ['2026-01', '2026-02', '2026-03'],
      name: '德锐',
      rows: [
        {
          name: '乙电EV',
          gaps: [-27_000, -10_000, -10_000],
          gapTexts: ['-27,000元', '-10,000元', '-10,000元'],
          percents: [-16.4, -6.2, -6.5],
          percentTexts: ['-16.4%', '-6.2%', '-6.5%'],
        },
        {
          name: '日行SUV 2025款 2.0L 四驱',
          gaps: [null, null, -51_000],
          gapTexts: ['-', '-', '-51,000元'],
          percents: [null, null, -26.2],
          percentTexts: ['-', '-', '-26.2%'],
        },
      ],
    });
    // The other way round the gap is positive and says so.
    const reverse = await ok<PriceTraceGap>('cabmodelpricetrace/tpGap', { modelSubId: '53', modelSubIds: '51' });
    expect(reverse.rows.map((r) => [r.name, r.gapTexts, r.percentTexts])).toEqual([
      ['德锐', ['+27,000元', '+10,000元', '+10,000元'], ['+19.6%', '+6.7%', '+6.9%']],
    ]);
    expect(await ok<PriceTraceGap>('cabmodelpricetrace/tpGap', { modelSubId: '51' })).toEqual({
      months: ['2026-01', '2026-02', '2026-03'],
      name: '德锐',
      rows: [],
    });
  });

  test('bad input is a 400 naming the field: a trim of another sub-series, an unknown sub-series, a month without prices, a sixth comparison', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['cabmodelpricetrace/whole', { modelSubId: '51', carId: '63' }, '参数 carId 不是所选子车系的车型'],
      ['cabmodelpricetrace/whole', { modelSubId: '999' }, '参数 modelSubId 没有 id 为 999 的子车系'],
      ['cabmodelpricetrace/whole', {}, '参数 modelSubId 应为子车系 id'],
      ['marketPriceWhole/whole', { time: '2025-06' }, '参数 time 没有 2025-06 的价格数据，应在 2026-01 至 2026-03 之间'],
      ['marketPriceWhole/detailTable', { type2: '3' }, '参数 type2 应为 2（成交价）、0（优惠）或 1（优惠率）'],
      ['cabmodelpricetrace/highCharts', { modelSubId: '51', modelSubIds: '1,2,3,4,5,6' }, '参数 modelSubIds 最多只能选择5个对比车系'],
      ['cabmodelpricetrace/highCharts', { modelSubId: '51', measure: '4' }, '参数 measure 应为 2（成交价）、0（优惠）、1（优惠率）或 3（厂商指导价）'],
      ['cabmodelpricetrace/tpGap', { modelSubId: '51', carIds: '1,2,3,4,5,6' }, '参数 carIds 最多只能选择5个对比车型'],
      ['marketPriceWhole/whole', { bigArea: '8' }, '参数 bigArea 应为 -1（全国）或大区编号 1-7'],
    ];
    for (const [path, query, msg] of cases) {
      const response = await call(path, query);
      expect({ path, query, status: response.status, msg: response.body.msg }).toEqual({ path, query, status: 400, msg });
    }
  });
});
