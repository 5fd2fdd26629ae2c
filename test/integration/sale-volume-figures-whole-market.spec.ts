import { type Summary } from '@car/contracts';
import { LATEST_MONTH } from '../support/sales-fixture';
import { Chart, DERUI, JIA, Page, RIXING, row, salesFiguresApi, TOTAL, YI, YIDIAN, YIZUN } from '../support/sales-figures';

/*
 * The whole market's calls (wholeMarket/…: cards, tables, chart; retail and wholesale), every figure worked out by hand
 * on the hand-made market of test/support/sales-fixture.ts; its hand-worked rows are in test/support/sales-figures.ts.
 */
describe('sales-volume figures on a hand-made market: the whole market (wholeMarket/…, retail and wholesale)', () => {
  const { call, ok } = salesFiguresApi('whole', 1);

  describe('wholeMarket/whole: the five cards', () => {
    test('the latest month by default: 2026-03 against 2025-03, 2026-02 and January-to-date', async () => {
      const whole = await ok<Summary>('wholeMarket/whole');
      expect(whole).toEqual({
        time: LATEST_MONTH,
        qty: 1000,
        qtyStr: '1,000', // 2026-03: 300+200+100+100+100+200+0+0
        tb: 800, // 2025-03: 100+0+100+100+0+0+300+200
        hb: 500, // 2026-02: 100+100+100+0+100+0+100+0
        ljQty: 2200,
        ljQtyStr: '2,200', // 700 + 500 + 1000
        ljTb: 1800, // 600 + 400 + 800
        yoy: 25,
        yoys: '25.0%', // 1000/800 − 1
        mom: 100,
        moms: '100.0%', // 1000/500 − 1
        yearYoy: 22.2,
        yearYoys: '22.2%', // 2200/1800 − 1 = 0.2222
      });
      // The same when the month is named.
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-03', source: 2, detailId: -1, producerProperty: -1 })).toEqual(whole);
    });

    test('February 2026: lj covers two months, mom falls', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-02' })).toMatchObject({
        qty: 500,
        tb: 400,
        hb: 700,
        ljQty: 1200,
        ljTb: 1000,
        yoy: 25,
        yoys: '25.0%', // 500/400 − 1
        mom: -28.6,
        moms: '-28.6%', // 500/700 − 1 = −0.2857
        yearYoy: 20,
        yearYoys: '20.0%', // (700+500)/(600+400) − 1
      });
    });

    test('January 2026: mom compares with December 2025, lj restarts with January', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-01' })).toMatchObject({
        qty: 700,
        tb: 600,
        hb: 800,
        ljQty: 700,
        ljTb: 600,
        yoy: 16.7,
        yoys: '16.7%', // 700/600 − 1 = 0.1667
        mom: -12.5,
        moms: '-12.5%', // 700/800 − 1
        yearYoy: 16.7,
        yearYoys: '16.7%',
      });
    });

    test('December 2025, the first year of data: nothing to compare with, and a flat month, all show "-"', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2025-12' })).toEqual({
        time: '2025-12',
        qty: 800,
        qtyStr: '800',
        tb: 0,
        hb: 800,
        ljQty: 8400,
        ljQtyStr: '8,400', // 600+400+800 + 3×600 + 6×800
        ljTb: 0,
        yoy: null,
        yoys: '-', // no 2024-12
        mom: null,
        moms: '-', // 800/800 − 1 = 0
        yearYoy: null,
        yearYoys: '-',
      });
    });

    test('a month without data is a 400 that names it', async () => {
      const response = await call('wholeMarket/whole', { time: '2024-12' }).expect(400);
      expect(response.body.code).toBeLessThan(0);
      expect(response.body.msg).toContain('2024-12');
    });
  });

  describe('wholeMarket/detail: segments grouped by category, with subtotals and the total', () => {
    test('every row, subtotal and merge field', async () => {
      const page = await ok<Page>('wholeMarket/detail');
      expect(page.list.map((r) => r.name)).toEqual(['A级轿车', 'B级轿车', '轿车小计', 'A级SUV', 'SUV小计', '合计']);
      expect(page.total).toBe(3);

      // ljRanking by lj: A级轿车 1500, A级SUV 500, B级轿车 200; last year (tqLj): B级轿车 1000, A级SUV 500, A级轿车 300.
      const [aSedan, bSedan, sedans, aSuv, suvs, total] = page.list;
      // A级轿车 = 德锐 + 乙电EV: qty 800, tq 100, hb 300, lj 1500, tqLj 300.
      // yoy 800/100−1 = 700.0 %; mom 800/300−1 = 166.7 %; mix 80.0 %; tqMix 100/800 = 12.5 %; mixChange 67.5 pt;
      // yearYoy 1500/300−1 = 400.0 %; yearMix 1500/2200 = 68.2 %; tqYearMix 300/1800 = 16.7 %; yearMixChange 68.18−16.67 = 51.5 pt;
      // rank 1, was 3 → up.
      expect(aSedan).toMatchObject(
        row({
          id: 3,
          name: 'A级轿车',
          sales: 800,
          tqSales: 100,
          salesSum: 1500,
          tqSalesSum: 300,
          mom: 166.7,
          yoy: 700,
          mix: 80,
          tqMix: 12.5,
          mixChange: 67.5,
          yearYoy: 400,
          yearMix: 68.2,
          tqYearMix: 16.7,
          yearMixChange: 51.5,
          ljRanking: 1,
          rankingStatus: 1,
        }),
      );
      // B级轿车 = 乙尊: rank 3, was 1 → down.
      expect(bSedan).toMatchObject(row({ id: 4, name: 'B级轿车', ...YIZUN, ljRanking: 3, rankingStatus: -1 }));
      // 轿车小计 = A级轿车 + B级轿车: qty 800, tq 600, hb 400, lj 1700, tqLj 1300. yoy 800/600−1 = 33.3 %; mom 800/400−1 = 100.0 %;
      // mix 80.0 %; tqMix 600/800 = 75.0 %; mixChange 5.0 pt; yearYoy 1700/1300−1 = 30.8 %; yearMix 1700/2200 = 77.3 %;
      // tqYearMix 1300/1800 = 72.2 %; yearMixChange 77.27−72.22 = 5.1 pt. Subtotals carry no rank.
      expect(sedans).toMatchObject(
        row({
          id: -1,
          name: '轿车小计',
          sales: 800,
          tqSales: 600,
          salesSum: 1700,
          tqSalesSum: 1300,
          mom: 100,
          yoy: 33.3,
          mix: 80,
          tqMix: 75,
          mixChange: 5,
          yearYoy: 30.8,
          yearMix: 77.3,
          tqYearMix: 72.2,
          yearMixChange: 5.1,
          ljRanking: null,
          rankingStatus: -2,
        }),
      );
      // A级SUV = 日行SUV: rank 2, was 2 → flat (0).
      expect(aSuv).toMatchObject(row({ id: 7, name: 'A级SUV', ...RIXING, ljRanking: 2, rankingStatus: 0 }));
      expect(suvs).toMatchObject(row({ id: -2, name: 'SUV小计', ...RIXING, ljRanking: null, rankingStatus: -2 }));
      expect(total).toMatchObject(row(TOTAL));

      // Merge fields: the category cell spans its segments and its subtotal; the total spans two columns.
      expect(page.list.map((r) => [r.groupName, r.rowMerge, r.rowMergeNum, r.heji])).toEqual([
        ['轿车', true, 3, false],
        ['轿车', false, 0, false],
        ['轿车', false, 0, true],
        ['SUV', true, 2, false],
        ['SUV', false, 0, true],
        [null, false, 0, true],
      ]);
      expect(total).toMatchObject({ columnMerge: true, columnMergeNum: 2 });
      // Bars against the largest segment: sales 800 → 100, 0 → 0, 200 → 25; lj 1500 → 100, 200 → 13.3, 500 → 33.3.
      expect([aSedan, bSedan, aSuv].map((r) => [r.salesWidth, r.salesSumWidth])).toEqual([
        [100, 100],
        [0, 13.3],
        [25, 33.3],
      ]);
    });
  });

  describe('wholeMarket/series (family), bound (brand), producer and modelSub', () => {
    test('families with the total: 德系 = 甲德 (德锐), 自主 = 乙牌 (乙汽车), 日系 = 甲日 (日行SUV)', async () => {
      const page = await ok<Page>('wholeMarket/series');
      // lj 900 > 800 > 500; tqLj 自主 1000, 日系 500, 德系 300.
      expect(page.list).toEqual([
        expect.objectContaining(row({ id: 2, name: '德系', ...DERUI, ljRanking: 1, rankingStatus: 1 })),
        expect.objectContaining(row({ id: 1, name: '自主', ...YI, ljRanking: 2, rankingStatus: -1 })),
        expect.objectContaining(row({ id: 3, name: '日系', ...RIXING, ljRanking: 3, rankingStatus: -1 })),
        expect.objectContaining({ ...row(TOTAL), heji: true, columnMerge: true, columnMergeNum: 1 }),
      ]);
      expect(page.total).toBe(3);
    });

    test('brands ranked by this month, with paging: page 2 of size 1 is the second brand', async () => {
      const all = await ok<Page>('wholeMarket/bound', { pageSize: 10, currentPage: 1 });
      expect(all.list).toEqual([
        expect.objectContaining(row({ id: 21, name: '甲德', ...DERUI, ljRanking: 1, rankingStatus: 1 })), // 3rd last year → up
        expect.objectContaining(row({ id: 23, name: '乙牌', ...YI, ljRanking: 2, rankingStatus: -1 })), // 1st last year → down
        expect.objectContaining(row({ id: 22, name: '甲日', ...RIXING, ljRanking: 3, rankingStatus: -1 })), // 2nd last year → down
      ]);
      expect(all.total).toBe(3);
      const second = await ok<Page>('wholeMarket/bound', { pageSize: 1, currentPage: 2 });
      expect(second).toEqual({ list: [all.list[1]], total: 3, currentPage: 2, pageSize: 1 });
      // Shares are of the whole market, not of the page.
      expect(second.list[0]).toMatchObject({ mix: 30, mixs: '30.0%' });
    });

    test('producers: 甲汽车 climbs to first, 乙汽车 drops from first to second', async () => {
      const page = await ok<Page>('wholeMarket/producer');
      // lj 1400 > 800, but last year tqLj 乙汽车 1000 > 甲汽车 800.
      expect(page.list).toEqual([
        expect.objectContaining(row({ id: 11, name: '甲汽车', ...JIA, ljRanking: 1, rankingStatus: 1 })),
        expect.objectContaining(row({ id: 12, name: '乙汽车', ...YI, ljRanking: 2, rankingStatus: -1 })),
      ]);
      expect(page.total).toBe(2);
      expect(await ok<Page>('wholeMarket/producer', { pageSize: 1, currentPage: 2 })).toEqual({ list: [page.list[1]], total: 2, currentPage: 2, pageSize: 1 });
      // Past the end: an empty page, same total.
      expect(await ok<Page>('wholeMarket/producer', { pageSize: 1, currentPage: 3 })).toEqual({ list: [], total: 2, currentPage: 3, pageSize: 1 });
      // Bars: 700 → 100, 300 → 300/700 = 42.9; lj 1400 → 100, 800 → 57.1.
      expect(page.list.map((r) => [r.salesWidth, r.salesSumWidth])).toEqual([
        [100, 100],
        [42.9, 57.1],
      ]);
    });

    test('sub-series: the dash rule on a row with no sales last year, a flat row, and a row with no sales this month', async () => {
      const page = await ok<Page>('wholeMarket/modelSub', { pageSize: 10 });
      // lj ranks 900, 600, 500, 200; last year 乙尊 1000, 日行SUV 500, 德锐 300, 乙电EV none.
      expect(page.list).toEqual([
        expect.objectContaining(row({ id: 51, name: '德锐', ...DERUI, ljRanking: 1, rankingStatus: 1 })),
        expect.objectContaining(row({ id: 53, name: '乙电EV', ...YIDIAN, ljRanking: 2, rankingStatus: -2 })),
        expect.objectContaining(row({ id: 52, name: '日行SUV', ...RIXING, ljRanking: 3, rankingStatus: -1 })),
        expect.objectContaining(row({ id: 54, name: '乙尊', ...YIZUN, ljRanking: 4, rankingStatus: -1 })),
      ]);
      expect(page.total).toBe(4);
    });
  });

  describe('wholeMarket/area', () => {
    // 华南 = 广州 + 深圳: qty (100+100)+(200+200) = 600, tq 100 (63@广州), hb (0+100)+(100+0) = 200,
    //   lj (100+100+100+100)+200+600 = 1200, tqLj 100+0+100 = 200.
    //   yoy 600/100−1 = 500.0 %; mom 600/200−1 = 200.0 %; mix 60.0 %; tqMix 100/800 = 12.5 %; mixChange 47.5 pt;
    //   yearYoy 1200/200−1 = 500.0 %; yearMix 1200/2200 = 54.5 %; tqYearMix 200/1800 = 11.1 %; yearMixChange 54.55−11.11 = 43.4 pt.
    const HUANAN = {
      sales: 600,
      tqSales: 100,
      salesSum: 1200,
      tqSalesSum: 200,
      mom: 200,
      yoy: 500,
      mix: 60,
      tqMix: 12.5,
      mixChange: 47.5,
      yearYoy: 500,
      yearMix: 54.5,
      tqYearMix: 11.1,
      yearMixChange: 43.4,
    };
    // 华北 = 北京 + 天津: qty 300+0+100+0 = 400, tq 100+300+100+200 = 700, hb 100+100+100+0 = 300,
    //   lj 300+300+400 = 1000, tqLj 500+400+700 = 1600.
    //   yoy 400/700−1 = −42.9 %; mom 400/300−1 = 33.3 %; mix 40.0 %; tqMix 700/800 = 87.5 %; mixChange −47.5 pt;
    //   yearYoy 1000/1600−1 = −37.5 %; yearMix 1000/2200 = 45.5 %; tqYearMix 1600/1800 = 88.9 %; yearMixChange 45.45−88.89 = −43.4 pt.
    const HUABEI = {
      sales: 400,
      tqSales: 700,
      salesSum: 1000,
      tqSalesSum: 1600,
      mom: 33.3,
      yoy: -42.9,
      mix: 40,
      tqMix: 87.5,
      mixChange: -47.5,
      yearYoy: -37.5,
      yearMix: 45.5,
      tqYearMix: 88.9,
      yearMixChange: -43.4,
    };

    test('dimensionality 1: the big regions and the total', async () => {
      const page = await ok<Page>('wholeMarket/area', { dimensionality: 1 });
      // lj 华南 1200 > 华北 1000; last year 华北 1600 > 华南 200.
      expect(page.list).toEqual([
        expect.objectContaining(row({ id: 5, name: '华南', ...HUANAN, ljRanking: 1, rankingStatus: 1 })),
        expect.objectContaining(row({ id: 1, name: '华北', ...HUABEI, ljRanking: 2, rankingStatus: -1 })),
        expect.objectContaining({ ...row(TOTAL), heji: true }),
      ]);
      expect(page.total).toBe(2);
      // The default dimensionality is 1.
      expect(await ok<Page>('wholeMarket/area')).toEqual(page);
    });

    test('dimensionality 2: provinces grouped by region, each region with its subtotal', async () => {
      const page = await ok<Page>('wholeMarket/area', { dimensionality: 2 });
      expect(page.list.map((r) => r.name)).toEqual(['北京', '天津', '华北小计', '广东', '华南小计', '合计']);
      expect(page.total).toBe(3);
      // ljRanking over provinces: 广东 1200, 北京 700, 天津 300; last year 北京 900, 天津 700, 广东 200.
      const [beijing, tianjin, huabei, guangdong, huanan, total] = page.list;
      // 北京 = 61 + 65: qty 300+0 = 300, tq 100+300 = 400, hb 100+100 = 200, lj 200+200+300 = 700, tqLj 300+200+400 = 900.
      // yoy 300/400−1 = −25.0 %; mom 300/200−1 = 50.0 %; mix 30.0 %; tqMix 400/800 = 50.0 %; mixChange −20.0 pt;
      // yearYoy 700/900−1 = −22.2 %; yearMix 700/2200 = 31.8 %; tqYearMix 900/1800 = 50.0 %; yearMixChange 31.82−50 = −18.2 pt.
      expect(beijing).toMatchObject(
        row({
          id: 110000,
          name: '北京',
          sales: 300,
          tqSales: 400,
          salesSum: 700,
          tqSalesSum: 900,
          mom: 50,
          yoy: -25,
          mix: 30,
          tqMix: 50,
          mixChange: -20,
          yearYoy: -22.2,
          yearMix: 31.8,
          tqYearMix: 50,
          yearMixChange: -18.2,
          ljRanking: 2,
          rankingStatus: -1,
        }),
      );
      // 天津 = 63@天津 + 66: qty 100+0 = 100, tq 100+200 = 300, hb 100+0 = 100, lj 100+100+100 = 300, tqLj 200+200+300 = 700.
      // yoy 100/300−1 = −66.7 %; mom 100/100−1 = 0 → '-'; mix 10.0 %; tqMix 300/800 = 37.5 %; mixChange −27.5 pt;
      // yearYoy 300/700−1 = −57.1 %; yearMix 300/2200 = 13.6 %; tqYearMix 700/1800 = 38.9 %; yearMixChange 13.64−38.89 = −25.3 pt.
      expect(tianjin).toMatchObject(
        row({
          id: 120000,
          name: '天津',
          sales: 100,
          tqSales: 300,
          salesSum: 300,
          tqSalesSum: 700,
          mom: null,
          yoy: -66.7,
          mix: 10,
          tqMix: 37.5,
          mixChange: -27.5,
          yearYoy: -57.1,
          yearMix: 13.6,
          tqYearMix: 38.9,
          yearMixChange: -25.3,
          ljRanking: 3,
          rankingStatus: -1,
        }),
      );
      expect(huabei).toMatchObject(row({ id: -1, name: '华北小计', ...HUABEI, ljRanking: null, rankingStatus: -2 }));
      expect(guangdong).toMatchObject(row({ id: 440000, name: '广东', ...HUANAN, ljRanking: 1, rankingStatus: 1 }));
      expect(huanan).toMatchObject(row({ id: -5, name: '华南小计', ...HUANAN, ljRanking: null, rankingStatus: -2 }));
      expect(total).toMatchObject(row(TOTAL));
      expect(page.list.map((r) => [r.groupName, r.rowMerge, r.rowMergeNum, r.heji])).toEqual([
        ['华北', true, 3, false],
        ['华北', false, 0, false],
        ['华北', false, 0, true],
        ['华南', true, 2, false],
        ['华南', false, 0, true],
        [null, false, 0, true],
      ]);
      expect(total).toMatchObject({ columnMerge: true, columnMergeNum: 2 });
    });
  });

  describe('wholeMarket/highCharts', () => {
    const SALES = { name: '销量', type: 'column' };
    const YOY = { name: '同比', type: 'spline' };

    test('month, count 1 (近1年): the latest month and the twelve before it, with their yoy (decision 270)', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 0, count: 1 });
      expect(chart.xAxis[0].categories).toEqual([
        '2025-03',
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ]);
      expect(chart.series).toEqual([
        expect.objectContaining({ ...SALES, data: [800, 600, 600, 600, 800, 800, 800, 800, 800, 800, 700, 500, 1000] }),
        // 2025 has no year before it; 700/600−1 = 16.7 %, 500/400−1 = 25.0 %, 1000/800−1 = 25.0 %
        expect.objectContaining({ ...YOY, data: [...new Array(10).fill(null), 16.7, 25, 25] }),
      ]);
    });

    test('month, count 2: fifteen months; 2025 has no year before it to compare with', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 0, count: 2 });
      expect(chart.xAxis[0].categories).toEqual([
        '2025-01',
        '2025-02',
        '2025-03',
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ]);
      expect(chart.series[0]).toMatchObject({ ...SALES, data: [600, 400, 800, 600, 600, 600, 800, 800, 800, 800, 800, 800, 700, 500, 1000] });
      expect(chart.series[1]).toMatchObject({ ...YOY, data: [...new Array(12).fill(null), 16.7, 25, 25] });
      // 显示去年同期: 2026's months beside 2025's (600, 400, 800); 2025 has no year before it.
      expect(chart.series[0].lastYear).toEqual([...new Array(12).fill(null), 600, 400, 800]);
    });

    test('quarter, count 2: whole-month sums per quarter', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 1, count: 2 });
      expect(chart.xAxis[0].categories).toEqual(['2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1']);
      // Q1 600+400+800, Q2 3×600, Q3 and Q4 3×800, 2026-Q1 700+500+1000
      expect(chart.series[0]).toMatchObject({ ...SALES, data: [1800, 1800, 2400, 2400, 2200] });
      expect(chart.series[1]).toMatchObject({ ...YOY, data: [null, null, null, null, 22.2] }); // 2200/1800 − 1
      expect(chart.series[0].lastYear).toEqual([null, null, null, null, 1800]);
    });

    test('quarter in February: five quarters, the unfinished one compared with the same two months a year before', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 1, count: 1, time: '2026-02' });
      expect(chart.xAxis[0].categories).toEqual(['2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1(1-2月)']);
      expect(chart.series[0].data).toEqual([1800, 1800, 2400, 2400, 1200]); // 2026: 700 + 500
      expect(chart.series[1].data).toEqual([null, null, null, null, 20]); // 1200 / (600 + 400) − 1
    });

    test('year: the partial current year against the same months of last year', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 2 });
      expect(chart.xAxis[0].categories).toEqual(['2025年', '2026年(1-3月)']);
      expect(chart.series[0].data).toEqual([8400, 2200]); // 1800+1800+2400+2400; 700+500+1000
      expect(chart.series[1].data).toEqual([null, 22.2]); // 2200 / (600+400+800) − 1, not / 8400
      const december = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 2, time: '2025-12' });
      expect(december.xAxis[0].categories).toEqual(['2025年']);
      expect(december.series[0].data).toEqual([8400]);
      expect(december.series[1].data).toEqual([null]);
    });

    test('filters narrow the chart: BEV only (乙电EV, launched 2025-07) has no yoy in 2026', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 0, count: 1, fuels: '6' });
      // 近1年 from 2025-03: nothing before its launch, then 64@广州 + 64@深圳.
      expect(chart.series[0].data).toEqual([0, 0, 0, 0, 200, 200, 200, 200, 200, 200, 200, 100, 300]);
      expect(chart.series[1].data).toEqual(new Array(13).fill(null));
    });
  });

  describe('data source 1 (wholesale) differs from retail', () => {
    test('summary: 2026-03 1200 against 700 and 700; lj 2600 against 2100', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { source: 1 })).toEqual({
        time: LATEST_MONTH,
        qty: 1200,
        qtyStr: '1,200', // 400+200+250+300+50
        tb: 700, // 50+0+250+0+300+100
        hb: 700, // 100+100+150+250+100
        ljQty: 2600,
        ljQtyStr: '2,600', // 700 + 700 + 1200
        ljTb: 2100, // 700 × 3
        yoy: 71.4,
        yoys: '71.4%', // 1200/700 − 1 = 0.7143
        mom: 71.4,
        moms: '71.4%',
        yearYoy: 23.8,
        yearYoys: '23.8%', // 2600/2100 − 1 = 0.2381
      });
    });

    test('producers on wholesale', async () => {
      const page = await ok<Page>('wholeMarket/producer', { source: 1 });
      expect(page.list).toEqual([
        // 甲汽车 = 61+62+63: qty 400+200+250 = 850, tq 50+0+250 = 300, hb 100+100+150 = 350, lj 400+350+850 = 1600, tqLj 300×3 = 900.
        // yoy 850/300−1 = 183.3 %; mom 850/350−1 = 142.9 %; mix 850/1200 = 70.8 %; tqMix 300/700 = 42.9 %; mixChange 70.83−42.86 = 28.0 pt;
        // yearYoy 1600/900−1 = 77.8 %; yearMix 1600/2600 = 61.5 %; tqYearMix 900/2100 = 42.9 %; yearMixChange 61.54−42.86 = 18.7 pt.
        expect.objectContaining(
          row({
            id: 11,
            name: '甲汽车',
            sales: 850,
            tqSales: 300,
            salesSum: 1600,
            tqSalesSum: 900,
            mom: 142.9,
            yoy: 183.3,
            mix: 70.8,
            tqMix: 42.9,
            mixChange: 28,
            yearYoy: 77.8,
            yearMix: 61.5,
            tqYearMix: 42.9,
            yearMixChange: 18.7,
            ljRanking: 1,
            rankingStatus: 1,
          }),
        ),
        // 乙汽车 = 64+65+66: qty 300+50 = 350, tq 0+300+100 = 400, hb 250+100 = 350, lj 300+350+350 = 1000, tqLj 400×3 = 1200.
        // yoy 350/400−1 = −12.5 %; mom 350/350−1 = 0 → '-'; mix 29.2 %; tqMix 400/700 = 57.1 %; mixChange 29.17−57.14 = −28.0 pt;
        // yearYoy 1000/1200−1 = −16.7 %; yearMix 1000/2600 = 38.5 %; tqYearMix 1200/2100 = 57.1 %; yearMixChange −18.7 pt.
        expect.objectContaining(
          row({
            id: 12,
            name: '乙汽车',
            sales: 350,
            tqSales: 400,
            salesSum: 1000,
            tqSalesSum: 1200,
            mom: null,
            yoy: -12.5,
            mix: 29.2,
            tqMix: 57.1,
            mixChange: -28,
            yearYoy: -16.7,
            yearMix: 38.5,
            tqYearMix: 57.1,
            yearMixChange: -18.7,
            ljRanking: 2,
            rankingStatus: -1,
          }),
        ),
      ]);
    });

    test('a growth of 1000 % or more shows "-": 德锐 wholesale 600 against 50', async () => {
      const page = await ok<Page>('wholeMarket/modelSub', { source: 1 });
      const derui = page.list.find((r) => r.id === 51)!;
      // yoy 600/50−1 = 11 = 1100 % → '-'; mom 600/200−1 = 200.0 %; yearYoy (200+200+600)/(100+100+50)−1 = 300.0 %; mix 600/1200 = 50.0 %.
      expect(derui).toMatchObject({
        sales: 600,
        tqSales: 50,
        yoy: null,
        yoys: '-',
        mom: 200,
        moms: '200.0%',
        salesSum: 1000,
        tqSalesSum: 250,
        yearYoy: 300,
        yearYoys: '300.0%',
        mix: 50,
      });
    });

    test('year chart on wholesale', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { source: 1, timeDimensionality: 2 });
      expect(chart.series[0].data).toEqual([9300, 2600]); // 6×700 + 6×850; 700+700+1200
      expect(chart.series[1].data).toEqual([null, 23.8]); // 2600/2100 − 1
    });

    test('there is no area dimension on wholesale: a 400 with a Chinese message', async () => {
      for (const dimensionality of [1, 2]) {
        const response = await call('wholeMarket/area', { source: 1, dimensionality }).expect(400);
        expect(response.body).toEqual({ code: -1400, msg: '批发量数据没有地区维度，请选择零售量（数据来源 2）', result: null });
      }
    });
  });
});
