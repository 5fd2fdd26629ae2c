import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { API_PREFIX, type ChartResult, type DimensionTable, type PriceScatter, type ProportionTable } from '@car/contracts';
import { openDataSource } from '../../backend/src/database/data-source';
import { binaryBody } from '../support/shared-app';
import { priceVolumeMarket, type PriceVolumeMarket } from '../support/price-volume-market';
import { sheetTable } from '../support/workbook-table';

/*
 * Issue 26 items 5 and 7 on the literal market of sales-fixture.ts and price-fixture.ts (the worked
 * figures of price-volume.spec.ts): the price-band page's brand, 车身形式, 系别 and TP city filters, the
 * sales-proportion page's city, its year count and its rank band.
 *
 * Bands 14万-20万 by 1万, ascending: 0 14万以下 … 7 20万以上. Nationally, 2026-03: 61 → 0 (300, TP 133,333),
 * 64 → 2 (300, 15.4万), 62 → 3 (200, 16万), 63 → 6 (200, 19.5万); 2025-03 (no prices, launch MSRP): 61 → 2
 * (100), 63, 65, 66 → 7 (700).
 * Tianjin [120000]'s own TPs, 2026-03: 61 140,000 (→ 1), 63 200,000 (→ 7); 62 and 64 have none there and
 * keep their national TP (→ 3, → 2).
 */

const BANDS = { priceLow: '14', priceHigh: '20', segment: '1', orderBy: '0' };
const TIANJIN = 120000;
const BEIJING = 110000;

describe('price × volume filters on the hand-made market', () => {
  const market = priceVolumeMarket('pvf', `10.90.${process.pid % 250}.1`);
  let databaseUrl: string;
  let app: NestExpressApplication;
  let token: string;
  let get: PriceVolumeMarket['get'];
  let refuse: PriceVolumeMarket['refuse'];

  beforeAll(async () => {
    ({ app, token, databaseUrl, get, refuse } = await market.open());
  }, 120_000);

  afterAll(() => market.close());

  // The bands' columns (this period, a year earlier); the 同比 line beside them is checked on its own.
  const series = (chart: ChartResult) => chart.series.filter((s) => s.type === 'column').map((s) => s.data);
  const growthLine = (chart: ChartResult) => chart.series.find((s) => s.name === '同比')?.data;

  test("tpCity bands each trim by its TP weighted over that city's sales, else its national TP: the bands of a SQL worked on the facts", async () => {
    const chart = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, tpCity: String(TIANJIN) });
    expect(series(chart)).toEqual([
      [0, 300, 300, 200, 0, 0, 0, 200],
      // No TPs in 2025: every trim by its MSRP, as nationally.
      [0, 0, 100, 0, 0, 0, 0, 700],
    ]);
    // Each band's 同比 on the right axis (decision 174): 300 on 100 is +200.0 %, 200 on 700 is −71.4 %; a band
    // without sales a year earlier has none.
    expect(growthLine(chart)).toEqual([null, null, 200, null, null, null, null, -71.4]);
    // The same figures from the facts: Σ(tp × qty) / Σ qty over the city's price rows, else over all, else the MSRP.
    const ds = await openDataSource(databaseUrl, 'car-test-tp-city');
    try {
      const rows: Array<{ car_id: number; qty: string; city_tp: number | null; price: number }> = await ds.query(
        `SELECT r.car_id, sum(r.qty) AS qty,
           (SELECT sum(p.tp::bigint * p.qty)::float8 / sum(p.qty) FROM price_fact p WHERE p.month = 202603 AND p.car_id = r.car_id AND p.city_id = $1) AS city_tp,
           coalesce(
             (SELECT sum(p.tp::bigint * p.qty)::float8 / sum(p.qty) FROM price_fact p WHERE p.month = 202603 AND p.car_id = r.car_id AND p.city_id = $1),
             (SELECT sum(p.tp::bigint * p.qty)::float8 / sum(p.qty) FROM price_fact p WHERE p.month = 202603 AND p.car_id = r.car_id),
             (SELECT m.msrp FROM msrp_month m WHERE m.month = 202603 AND m.car_id = r.car_id), c.msrp) AS price
         FROM retail_fact r JOIN car c ON c.id = r.car_id WHERE r.month = 202603 GROUP BY r.car_id, c.msrp ORDER BY r.car_id`,
        [TIANJIN],
      );
      expect(rows.map((r) => [Number(r.car_id), r.city_tp === null ? null : Number(r.city_tp)])).toEqual([
        [61, 140000],
        [62, null],
        [63, 200000],
        [64, null],
      ]);
      const bands = [0, 0, 0, 0, 0, 0, 0, 0];
      for (const r of rows) {
        const price = Number(r.price);
        const band = price < 140000 ? 0 : price >= 200000 ? 7 : Math.floor((price - 140000) / 10000) + 1;
        bands[band] += Number(r.qty);
      }
      expect(chart.series[0].data).toEqual(bands);
    } finally {
      await ds.destroy();
    }
  });

  test('tpCity reaches the table and the download; with MSRP bands it changes nothing', async () => {
    const table = await get<DimensionTable>('priceQtyDetail/table', { ...BANDS, tpCity: String(TIANJIN), type: '4' });
    const members = table.values.filter((cells) => cells[1].data[0] !== '小计').map((cells) => [cells[0].data[0], cells[1].data[0], cells[2].data[0]]);
    // 德锐's 61 a year earlier (launch MSRP 15万) is its 0 of this March in 15-16万; 乙尊 sold 500 in 2025-03 only.
    expect(members).toEqual([
      ['14-15万', '德锐', 300],
      ['15-16万', '乙电EV', 300],
      ['15-16万', '德锐', 0],
      ['16-17万', '德锐', 200],
      ['20万以上', '日行SUV', 200],
      ['20万以上', '乙尊', 0],
    ]);
    const response = await request(app.getHttpServer())
      .get(`${API_PREFIX}/pricevolume/priceQtyDetail/download`)
      .query({ ...BANDS, tpCity: String(TIANJIN), type: '4' })
      .set('token', token)
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const sheetMembers: Array<[string, string, number]> = [];
    for (const row of sheetTable(workbook.worksheets[0]).rows) {
      if (row.getCell(2).value !== '小计') sheetMembers.push([row.getCell(1).text, row.getCell(2).text, Number(row.getCell(3).value)]);
    }
    expect(sheetMembers).toEqual(members);
    const msrp = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, data1: '1' });
    expect(await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, data1: '1', tpCity: String(TIANJIN) })).toEqual(msrp);
  });

  test('brand, 车身形式 and 系别 narrow the market of the chart, the table and its MIX', async () => {
    // 甲德 [21]: 61 (→ 0, 300; a year earlier → 2, 100) and 62 (→ 3, 200).
    expect(series(await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, brand: '21' }))).toEqual([
      [300, 0, 0, 200, 0, 0, 0, 0],
      [0, 0, 100, 0, 0, 0, 0, 0],
    ]);
    // SUV (dicBodyShape 4) is 日行SUV's 63 only: 200 → 6; a year earlier 200 → 7.
    expect(series(await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, bodyShape: '4' }))).toEqual([
      [0, 0, 0, 0, 0, 0, 200, 0],
      [0, 0, 0, 0, 0, 0, 0, 200],
    ]);
    // 自主 (系别 1) is 乙牌's 64 (300 → 2) and, a year earlier, 65 and 66 (500 → 7).
    expect(series(await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, series: '1' }))).toEqual([
      [0, 0, 300, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 500],
    ]);
    // MIX of the narrowed market: 甲德's 500 this March.
    const mix = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, brand: '21', data2: '1' });
    expect(mix.series[0].data).toEqual([60, 0, 0, 40, 0, 0, 0, 0]);
    // The brand table inside 甲德 and 乙牌: a picked brand outside them is no member; one inside is.
    const outside = await get<DimensionTable>('priceQtyDetail/table', { ...BANDS, brand: '21,23', type: '1', foreignIds: '22' });
    expect(outside.values.filter((cells) => cells[1].data[0] !== '小计')).toEqual([]);
    const inside = await get<DimensionTable>('priceQtyDetail/table', { ...BANDS, brand: '21,23', type: '1', foreignIds: '23' });
    expect(
      inside.values.filter((cells) => cells[1].data[0] !== '小计').map((cells) => [cells[0].data[0], cells[1].data[0], cells[2].data[0], cells[2].data[1]]),
    ).toEqual([
      ['15-16万', '乙牌', 300, 0],
      ['20万以上', '乙牌', 0, 500],
    ]);
    expect(await refuse('priceQtyDetail/highCharts', { bodyShape: '99' })).toMatch(/^参数 bodyShape /);
    expect(await refuse('priceQtyDetail/table', { tpCity: '1' })).toMatch(/^参数 tpCity /);
  });

  test('the sales-proportion city: sales, shares, ranks and prices of that city only, in every call', async () => {
    // Beijing, 2026-03: 德锐's 61 sold 300 there at TP 130,000, the only A级轿车 sold there; a year earlier 100; 62 sold none there.
    const table = await get<ProportionTable>('modelPrice/singleTable', { modelSubId: '51', city: String(BEIJING) });
    expect(table.rows.map((r) => [r.name, r.priceStr, r.sales, r.tqSales, r.detailMixs, r.wholeMixs, r.rankingStr, r.subtotal])).toEqual([
      ['德锐 2025款 1.5T 舒适型', '13.00万', 300, 100, '100.0%', '100.0%', '1', false],
      ['德锐 小计', '13.00万', 300, 100, '100.0%', '100.0%', '1', true],
    ]);
    const compare = await get<ProportionTable>('modelPrice/compareTable', { modelSubId: '51', modelSubIds: '53', city: String(BEIJING) });
    expect(compare.rows.map((r) => [r.name, r.sales])).toEqual([
      ['德锐 2025款 1.5T 舒适型', 300],
      ['德锐 小计', 300],
      ['乙电EV 小计', 0],
    ]);
    const single = await get<PriceScatter>('modelPrice/singleChart', { modelSubId: '51', city: String(BEIJING) });
    expect(single.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y])])).toEqual([
      ['2026-03', [[61, 13, 300]]],
      ['2025-03', [[61, null, 100]]],
    ]);
    const chart = await get<PriceScatter>('modelPrice/compareCharts', { modelSubId: '51', city: String(BEIJING), data2: '1' });
    expect(chart.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y])])).toEqual([
      ['德锐', [[61, 13, 100]]],
      ['A级轿车 第1-10名', [[61, 13, 100]]],
    ]);
    const response = await request(app.getHttpServer())
      .get(`${API_PREFIX}/pricevolume/modelPrice/downloadSingleTable`)
      .query({ modelSubId: '51', city: String(BEIJING) })
      .set('token', token)
      .buffer(true)
      .parse(binaryBody);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    expect(sheetTable(workbook.worksheets[0]).rows.length).toBe(2);
    expect(await refuse('modelPrice/singleTable', { city: '1' })).toMatch(/^参数 city /);
  });

  test("时间段对比 draws the month and each of `count` years before it; 车型对比 adds the segment's rank band", async () => {
    const two = await get<PriceScatter>('modelPrice/singleChart', { modelSubId: '51', data1: '1', count: '2' });
    expect(two.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y])])).toEqual([
      [
        '2026-03',
        [
          [61, 15, 300],
          [62, 17, 200],
        ],
      ],
      ['2025-03', [[61, null, 100]]],
      // Nothing was sold in March 2024 in the fixture.
      ['2024-03', []],
    ]);
    // Segment A级轿车, 2026-03 by sales: 61 300, 64 300 (a tie, by id), 62 200.
    const ranked = await get<PriceScatter>('modelPrice/compareCharts', { modelSubId: '51', data2: '1' });
    expect(ranked.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y])])).toEqual([
      [
        '德锐',
        [
          [61, 13.33, 37.5],
          [62, 16, 25],
        ],
      ],
      [
        'A级轿车 第1-10名',
        [
          [61, 13.33, 37.5],
          [64, 15.4, 37.5],
          [62, 16, 25],
        ],
      ],
    ]);
    const second = await get<PriceScatter>('modelPrice/compareCharts', { modelSubId: '51', rank: '2' });
    expect(second.series.map((s) => s.name)).toEqual(['德锐', 'A级轿车 第11-20名']);
    expect(second.series[1].points).toEqual([]);
    expect(await refuse('modelPrice/singleChart', { count: '11' })).toBe('参数 count 应为 1-10（年数）');
    expect(await refuse('modelPrice/compareCharts', { rank: '6' })).toBe('参数 rank 应为 1-5（第 1-10 名 … 第 41-50 名）');
  });
});
