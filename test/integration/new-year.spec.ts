import type { DashboardList, DashboardWhole, MpRetailChart, Summary } from '@car/contracts';
import { type Chart, type Page, salesFiguresApi } from '../support/sales-figures';

/*
 * 1-2月合计 (春节口径, issue 30 §3; decisions 197-199) through the API on the hand-made market of
 * test/support/sales-fixture.ts. From its RETAIL table, by brand (甲德 [21] = trims 61, 62; 甲日 [22] = 63;
 * 乙牌 [23] = 64, 65, 66) and producer (甲汽车 [11] = 甲德 + 甲日; 乙汽车 [12] = 乙牌):
 *
 *                 2026-01  2026-02  1-2月 │ 2025-01  2025-02  1-2月 │ 2025-11+12
 *   甲德 [21]        200      200     400 │    100      100     200 │    200
 *   甲日 [22]        200      100     300 │    200      100     300 │    400
 *   乙牌 [23]        300      200     500 │    300      200     500 │   1000
 *   market           700      500    1200 │    600      400    1000 │   1600
 *
 * 华南 [5] (广州, 深圳): 2026 1-2月 甲德 200 (62 深圳), 甲日 100 (63 广州), 乙牌 300 (64) = 600; 2025 1-2月 100
 * (63 广州, January); 2025-11+12: 甲日 200, 乙牌 400 = 600.
 */
describe('1-2月合计 (newYear=1): January and February together against the same months a year earlier', () => {
  const { call, callApi, ok, mpCall } = salesFiguresApi('newyear', 5);

  const MARKET_CARDS = {
    qty: 1200, // 700 + 500
    qtyStr: '1,200',
    tb: 1000, // 600 + 400
    hb: 1600, // 2025-11 + 2025-12: 800 + 800
    ljQty: 1200, // 累计 is the period itself
    ljTb: 1000,
    yoy: 20,
    yoys: '20.0%', // 1200/1000 − 1
    mom: -25,
    moms: '-25.0%', // 1200/1600 − 1
    yearYoy: 20,
    yearYoys: '20.0%',
  };

  describe('整体市场 (wholeMarket/…)', () => {
    test('the cards are January + February of the chosen year, for a January and a February month alike', async () => {
      const february = await ok<Summary>('wholeMarket/whole', { time: '2026-02', newYear: 1 });
      expect(february).toMatchObject({ ...MARKET_CARDS, time: '2026-02' });
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-01', newYear: 1 })).toMatchObject({ ...MARKET_CARDS, time: '2026-01' });
      // newYear=0 is the single month.
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-02', newYear: 0 })).toMatchObject({ qty: 500, tb: 400 });
    });

    test('a brand row: volumes, yoy, share of the combined market and the rank on the combined volumes', async () => {
      const page = await ok<Page>('wholeMarket/bound', { time: '2026-01', newYear: 1 });
      expect(page.list.map((r) => [r.name, r.sales, r.tqSales, r.mixs, r.ljRanking])).toEqual([
        ['乙牌', 500, 500, '41.7%', 1], // 500/1200
        ['甲德', 400, 200, '33.3%', 2], // 400/1200
        ['甲日', 300, 300, '25.0%', 3], // 300/1200
      ]);
      const jiade = page.list[1];
      expect(jiade).toMatchObject({
        yoys: '100.0%', // 400/200 − 1
        moms: '100.0%', // against 2025-11+12: 400/200 − 1
        tqMixs: '20.0%', // 200/1000
        mixChanges: '+13.3', // 33.3 − 20.0
        rankingStatus: 1, // 2nd now, 3rd in 2025 1-2月 (乙牌 500, 甲日 300, 甲德 200)
      });
      // January alone ranks and shares otherwise: 乙牌 300, 甲德 200 and 甲日 200 of 700.
      const january = await ok<Page>('wholeMarket/bound', { time: '2026-01' });
      expect(january.list.map((r) => r.mixs)).toEqual(['42.9%', '28.6%', '28.6%']);
    });

    test('the segment table and its total add the two months', async () => {
      const page = await ok<Page>('wholeMarket/detail', { time: '2026-02', newYear: 1 });
      expect(page.list.find((r) => r.name === '合计')).toMatchObject({ sales: 1200, tqSales: 1000, mixs: '100.0%' });
    });

    test('the chart draws each year’s January and February as one bar, 2026-01~02, and ends with it', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { time: '2026-01', newYear: 1, timeDimensionality: 0, count: 1 });
      // 近1年 (decision 270): from last year's January-February, twelve bars.
      expect(chart.xAxis[0].categories[0]).toBe('2025-01~02');
      expect(chart.xAxis[0].categories.at(-1)).toBe('2026-01~02');
      expect(chart.xAxis[0].categories).toHaveLength(12);
      expect(chart.series[0].data.at(-1)).toBe(1200);
      expect(chart.series[1].data.at(-1)).toBe(20);
      const two = await ok<Chart>('wholeMarket/highCharts', { time: '2026-02', newYear: 1, timeDimensionality: 0, count: 2 });
      expect(two.xAxis[0].categories[0]).toBe('2025-01~02');
      expect(two.series[0].data[0]).toBe(1000);
      expect(two.xAxis[0].categories.at(-1)).toBe('2026-01~02');
      expect(two.xAxis[0].categories).toHaveLength(12); // 1-2月, 3 … 12月, 1-2月
    });

    test('the download takes the toggle: its file is named for the period', async () => {
      const response = await call('wholeMarket/download', { time: '2026-01', newYear: 1, type: 2 }).expect(200);
      expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('整体市场表现-品牌-2026-01~02.xlsx');
    });

    test('newYear=1 with a month other than January or February, or with no month, is a 400 in Chinese', async () => {
      for (const query of [{ time: '2026-03', newYear: 1 }, { newYear: 1 }] as Array<Record<string, string | number>>) {
        const response = await call('wholeMarket/whole', query).expect(400);
        expect(response.body.msg).toBe('1-2月合计只能在所选月份为1月或2月时使用');
      }
      const bad = await call('wholeMarket/bound', { time: '2026-02', newYear: 2 }).expect(400);
      expect(bad.body.msg).toBe('1-2月合计应为 0（单月）或 1（两月合计）');
    });
  });

  describe('区域市场 (areaMarket/…)', () => {
    test('华南: cards, a brand row’s share and rank on the region’s combined volumes', async () => {
      expect(await ok<Summary>('areaMarket/whole', { area: 5, level: 1, time: '2026-02', newYear: 1 })).toMatchObject({
        qty: 600,
        tb: 100,
        hb: 600,
        yoys: '500.0%', // 600/100 − 1
        moms: '-', // 600/600 − 1 = 0 shows a dash
      });
      const brands = await ok<Page>('areaMarket/bound', { area: 5, level: 1, time: '2026-02', newYear: 1 });
      expect(brands.list.map((r) => [r.name, r.sales, r.mixs, r.ljRanking])).toEqual([
        ['乙牌', 300, '50.0%', 1],
        ['甲德', 200, '33.3%', 2],
        ['甲日', 100, '16.7%', 3],
      ]);
    });

    test('a month other than January or February is refused', async () => {
      const response = await call('areaMarket/whole', { area: 5, level: 1, time: '2025-12', newYear: 1 }).expect(400);
      expect(response.body.msg).toBe('1-2月合计只能在所选月份为1月或2月时使用');
    });
  });

  describe('厂商品牌 (companyBrand/…)', () => {
    test('甲汽车’s cards and the producer list on the combined volumes', async () => {
      expect(await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 11, time: '2026-01', newYear: 1 })).toMatchObject({
        qty: 700, // 甲德 400 + 甲日 300
        tb: 500,
        hb: 600, // 2025-11+12: 200 + 400
        yoys: '40.0%',
        moms: '16.7%', // 700/600 − 1
      });
      const list = await ok<Page>('companyBrand/list', { type: 0, time: '2026-01', newYear: 1 });
      expect(list.list.map((r) => [r.name, r.sales, r.mixs, r.ljRanking])).toEqual([
        ['甲汽车', 700, '58.3%', 1],
        ['乙汽车', 500, '41.7%', 2],
      ]);
    });

    test('the car details name the period 2026-01~02 and sum both months', async () => {
      const details = await ok<{ time: string; tqTime: string; wholeHeJi2: Record<string, unknown> }>('companyBrand/carDetails', {
        type: 1,
        foreignId: 21,
        time: '2026-02',
        newYear: 1,
      });
      expect(details.time).toBe('2026-01~02');
      expect(details.tqTime).toBe('2025-01~02');
    });

    test('a month other than January or February is refused', async () => {
      const response = await call('companyBrand/list', { type: 0, time: '2026-03', newYear: 1 }).expect(400);
      expect(response.body.msg).toBe('1-2月合计只能在所选月份为1月或2月时使用');
    });
  });

  describe('销量查询 on the phone (mp/retail/getRetailChart, decision 204)', () => {
    const phone = async (query: Record<string, string | number>): Promise<MpRetailChart> => {
      const response = await mpCall('retail/getRetailChart', query);
      expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: expect.any(String) });
      return response.body.result as MpRetailChart;
    };

    test('甲德’s cards are January + February of the same call, and the whole market page’s combined figure for it', async () => {
      const [january, february] = await Promise.all([phone({ type: 0, id: 21, time: '2026-01' }), phone({ type: 0, id: 21, time: '2026-02' })]);
      expect([january.sales, february.sales]).toEqual([200, 200]);
      for (const time of ['2026-01', '2026-02']) {
        const combined = await phone({ type: 0, id: 21, time, newYear: 1 });
        expect(combined).toMatchObject({
          time,
          sales: january.sales + february.sales, // 400
          salesStr: '0.4',
          yoy: 100, // 400 / (2025-01 100 + 2025-02 100) − 1
          yoys: '100.0%',
          ljSales: 400, // 累计 is the period itself (decision 198)
          ljYoy: 100,
        });
      }
      const brands = await ok<Page>('wholeMarket/bound', { time: '2026-02', newYear: 1 });
      const jiade = brands.list.find((r) => r.id === 21)!;
      const combined = await phone({ type: 0, id: 21, time: '2026-02', newYear: 1 });
      expect([combined.sales, combined.yoy, combined.ljSales, combined.ljYoy]).toEqual([jiade.sales, jiade.yoy, jiade.salesSum, jiade.yearYoy]);
      // 甲汽车 (a producer, 厂商 tab) on the phone is 整体市场's producer figure: 甲德 400 + 甲日 300.
      const producer = await phone({ type: 1, id: 11, time: '2026-01', newYear: 1 });
      const summary = await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 11, time: '2026-01', newYear: 1 });
      expect([producer.sales, producer.yoy]).toEqual([summary.qty, summary.yoy]);
      expect(producer.sales).toBe(700);
    });

    test('the chart runs from January of the year before and draws each January and February as one bar', async () => {
      const { chart } = await phone({ type: 0, id: 21, time: '2026-01', newYear: 1 });
      const categories = chart.xAxis[0].categories;
      expect([categories[0], categories[1], categories.at(-1), categories.length]).toEqual(['2025-01~02', '2025-03', '2026-01~02', 12]);
      const [sales, yoy, mom] = chart.series;
      expect([sales.data[0], sales.data.at(-1)]).toEqual([200, 400]);
      expect(yoy.data.at(-1)).toBe(100); // 400/200 − 1
      expect(mom.data.at(-1)).toBe(100); // against 2025-11+12: 400/200 − 1
      // The single month keeps its thirteen months.
      expect((await phone({ type: 0, id: 21, time: '2026-02' })).chart.xAxis[0].categories).toHaveLength(13);
    });

    test('newYear=1 with a month other than January or February, or with no month, is a 400 in Chinese', async () => {
      for (const query of [
        { type: 0, id: 21, time: '2026-03', newYear: 1 },
        { type: 0, id: 21, newYear: 1 },
      ] as Array<Record<string, string | number>>) {
        const response = await mpCall('retail/getRetailChart', query);
        expect(response.status).toBe(400);
        expect(response.body.msg).toBe('1-2月合计只能在所选月份为1月或2月时使用');
      }
    });
  });

  describe('看板 (dashboard/…)', () => {
    test('the whole market and the producers on the combined volumes, the briefs named 2026年1-2月', async () => {
      const whole = await ok<DashboardWhole>('dashboard/whole', { time: '2026-02', newYear: 1 });
      expect(whole.all).toMatchObject({ qty: 1200, yoyQty: 200, yoys: '20.0%' });
      expect(whole.briefs[0].title).toBe('2026年1-2月乘用车市场');
      const producers = await ok<DashboardList>('dashboard/producers', { time: '2026-01', newYear: 1 });
      expect(producers.list.map((r) => [r.name, r.qty, r.perStr, r.yoys])).toEqual([
        ['甲汽车', 700, '58.3%', '40.0%'],
        ['乙汽车', 500, '41.7%', '-'], // 500/500 − 1 = 0 shows a dash
      ]);
    });

    test('a month other than January or February is refused', async () => {
      const response = await callApi('dashboard/producers', { time: '2026-03', newYear: 1 }).expect(400);
      expect(response.body.msg).toBe('1-2月合计只能在所选月份为1月或2月时使用');
    });
  });
});
