import { type AreaTreeRow, type Summary } from '@car/contracts';
import { Chart, Page, row, salesFiguresApi } from '../support/sales-figures';

/*
 * The area market's calls (areaMarket/…: a region, a province and a city, the tree and the map), every figure worked out by hand
 * on the hand-made market of test/support/sales-fixture.ts; its hand-worked rows are in test/support/sales-figures.ts.
 */
describe('sales-volume figures on a hand-made market: the area market (areaMarket/…)', () => {
  const { call, ok } = salesFiguresApi('area', 2);

  describe('areaMarket: a region, a province and a city', () => {
    type TreeRow = AreaTreeRow & Record<string, unknown>;

    test('whole: the cards of 华北 (region 1), 广东 (province 440000) and 深圳 (city 440300)', async () => {
      // 华北 = 北京 + 天津: qty 400, tq 700, hb 300, lj 300+300+400 = 1000, tqLj 500+400+700 = 1600.
      expect(await ok<Summary>('areaMarket/whole', { area: 1, level: 1 })).toMatchObject({
        qty: 400,
        tb: 700,
        hb: 300,
        ljQty: 1000,
        ljTb: 1600,
        yoy: -42.9,
        yoys: '-42.9%',
        mom: 33.3,
        moms: '33.3%',
        yearYoy: -37.5,
        yearYoys: '-37.5%', // 400/700−1, 400/300−1, 1000/1600−1
      });
      // 广东 = 广州 + 深圳 = all of 华南: qty 600, tq 100, hb 200, lj 1200, tqLj 200.
      const guangdong = await ok<Summary>('areaMarket/whole', { area: 440000, level: 2 });
      expect(guangdong).toMatchObject({
        qty: 600,
        tb: 100,
        hb: 200,
        ljQty: 1200,
        ljTb: 200,
        yoy: 500,
        yoys: '500.0%',
        mom: 200,
        moms: '200.0%',
        yearYoy: 500,
        yearYoys: '500.0%',
      });
      expect(await ok<Summary>('areaMarket/whole', { area: 5, level: 1 })).toEqual(guangdong);
      // 深圳 = 62 + 64 there: qty 200+200 = 400, tq 0, hb 100+0 = 100, lj (100+100)+100+400 = 700, tqLj 0.
      expect(await ok<Summary>('areaMarket/whole', { area: 440300, level: 3 })).toMatchObject({
        qty: 400,
        tb: 0,
        hb: 100,
        ljQty: 700,
        ljTb: 0,
        yoy: null,
        yoys: '-',
        mom: 300,
        moms: '300.0%',
        yearYoy: null,
        yearYoys: '-', // 400/100 − 1
      });
      // No area: the nation.
      expect(await ok<Summary>('areaMarket/whole')).toEqual(await ok<Summary>('wholeMarket/whole'));
    });

    test('area tree of the nation: every region, sold or not, with its provinces; shares of the nation', async () => {
      const tree = await ok<{ list: TreeRow[]; total: number }>('areaMarket/area');
      // Sales 600, 400, then the unsold regions by id: 东北 2, 华东 3, 华中 4, 西南 6, 西北 7.
      expect(tree.list.map((r) => [r.name, r.code, r.dimensionality, r.sales])).toEqual([
        ['华南', '5', 1, 600],
        ['华北', '1', 1, 400],
        ['东北', '2', 1, 0],
        ['华东', '3', 1, 0],
        ['华中', '4', 1, 0],
        ['西南', '6', 1, 0],
        ['西北', '7', 1, 0],
      ]);
      expect(tree.total).toBe(7);
      const [huanan, huabei, dongbei] = tree.list;
      // The same hand-worked figures as the whole-market region rows (华南 600 of 1000, 华北 400 of 1000).
      expect(huanan).toMatchObject({
        sales: 600,
        tqSales: 100,
        salesSum: 1200,
        tqSalesSum: 200,
        yoys: '500.0%',
        mix: 60,
        yearMix: 54.5,
        ljRanking: 1,
        rankingStatus: 1,
        hasChildren: true,
      });
      expect(huabei).toMatchObject({
        sales: 400,
        tqSales: 700,
        salesSum: 1000,
        tqSalesSum: 1600,
        yoys: '-42.9%',
        mix: 40,
        yearMix: 45.5,
        ljRanking: 2,
        rankingStatus: -1,
        hasChildren: true,
      });
      // An unsold region: zeros, shares 0.0 %, no growth, no rank.
      expect(dongbei).toMatchObject({ sales: 0, salesStr: '0', yoy: null, yoys: '-', mix: 0, mixs: '0.0%', ljRanking: null, rankingStatus: -2 });
      // 华北's provinces, ranked over all provinces of the nation (广东 1200, 北京 700, 天津 300 by lj).
      expect(huabei.children!.map((c) => [c.name, c.code, c.dimensionality, c.sales, c.mix, c.ljRanking, c.rankingStatus])).toEqual([
        ['北京', '110000', 2, 300, 30, 2, -1], // 300/1000; last year 900 was first
        ['天津', '120000', 2, 100, 10, 3, -1], // 100/1000; last year 700 was second
        ['河北', '130000', 2, 0, 0, null, -2],
        ['山西', '140000', 2, 0, 0, null, -2],
        ['内蒙古', '150000', 2, 0, 0, null, -2],
      ]);
      expect(huanan.children!.map((c) => [c.name, c.sales, c.mix, c.ljRanking])).toEqual([
        ['广东', 600, 60, 1],
        ['广西', 0, 0, null],
        ['海南', 0, 0, null],
      ]);
    });

    test('area tree of 华北 (level 1): its provinces with their cities; shares of 华北', async () => {
      const tree = await ok<{ list: TreeRow[] }>('areaMarket/area', { area: 1, level: 1 });
      expect(tree.list.map((r) => r.name)).toEqual(['北京', '天津', '河北', '山西', '内蒙古']);
      const [beijing, tianjin] = tree.list;
      // 北京 in 华北: 300 of 400 = 75.0 %; tq 400 of 700 = 57.1 %; mixChange 75−57.14 = 17.9 pt; lj 700 of 1000 = 70.0 %.
      expect(beijing).toMatchObject({
        sales: 300,
        yoys: '-25.0%',
        moms: '50.0%',
        mix: 75,
        tqMix: 57.1,
        mixChange: 17.9,
        yearYoys: '-22.2%',
        yearMix: 70,
        ljRanking: 1,
        rankingStatus: 0,
      });
      // 天津 in 华北: 100 of 400 = 25.0 %; tq 300 of 700 = 42.9 %; mixChange −17.9 pt; lj 300 of 1000 = 30.0 %; ranks 2 and 2.
      expect(tianjin).toMatchObject({
        sales: 100,
        yoys: '-66.7%',
        moms: '-',
        mix: 25,
        tqMix: 42.9,
        mixChange: -17.9,
        yearYoys: '-57.1%',
        yearMix: 30,
        ljRanking: 2,
        rankingStatus: 0,
      });
      // A municipality has one city, with its province's code and figures.
      expect(beijing.children!.map((c) => [c.name, c.code, c.dimensionality, c.sales, c.mix])).toEqual([['北京市', '110000', 3, 300, 75]]);
      expect(tianjin.children!.map((c) => [c.name, c.code, c.sales, c.mix])).toEqual([['天津市', '120000', 100, 25]]);
    });

    test('area tree of 广东 (level 2): its 21 cities; shares of 广东', async () => {
      const tree = await ok<{ list: TreeRow[] }>('areaMarket/area', { area: 440000, level: 2 });
      expect(tree.list).toHaveLength(21);
      const [shenzhen, guangzhou, ...rest] = tree.list;
      // 深圳 = 62 + 64: qty 400, tq 0, hb 100, lj 700, tqLj 0. mom 400/100−1 = 300.0 %; mix 400/600 = 66.7 %;
      // tqMix 0/100 = 0.0 %; mixChange 66.7 pt; yearMix 700/1200 = 58.3 %; tqYearMix 0.0 %; yearMixChange 58.3 pt.
      expect(shenzhen).toMatchObject(
        row({
          id: 440300,
          name: '深圳市',
          sales: 400,
          tqSales: 0,
          salesSum: 700,
          tqSalesSum: 0,
          mom: 300,
          yoy: null,
          mix: 66.7,
          tqMix: 0,
          mixChange: 66.7,
          yearYoy: null,
          yearMix: 58.3,
          tqYearMix: 0,
          yearMixChange: 58.3,
          ljRanking: 1,
          rankingStatus: -2,
        }),
      );
      // 广州 = 63 + 64: qty 100+100 = 200, tq 100, hb 0+100 = 100, lj 200+100+200 = 500, tqLj 100+0+100 = 200.
      // yoy 100.0 %; mom 100.0 %; mix 200/600 = 33.3 %; tqMix 100/100 = 100.0 %; mixChange −66.7 pt; yearYoy 500/200−1 = 150.0 %;
      // yearMix 500/1200 = 41.7 %; tqYearMix 100.0 %; yearMixChange −58.3 pt; lj rank 2, last year 1 → down.
      expect(guangzhou).toMatchObject(
        row({
          id: 440100,
          name: '广州市',
          sales: 200,
          tqSales: 100,
          salesSum: 500,
          tqSalesSum: 200,
          mom: 100,
          yoy: 100,
          mix: 33.3,
          tqMix: 100,
          mixChange: -66.7,
          yearYoy: 150,
          yearMix: 41.7,
          tqYearMix: 100,
          yearMixChange: -58.3,
          ljRanking: 2,
          rankingStatus: -1,
        }),
      );
      expect(rest.every((c) => c.sales === 0 && c.salesSum === 0 && c.tqSales === 0 && c.dimensionality === 3)).toBe(true);
    });

    test('producer table of 华北', async () => {
      const page = await ok<Page>('areaMarket/producer', { area: 1, level: 1 });
      expect(page.list).toEqual([
        // 甲汽车 in 华北 = 61@北京 + 63@天津: qty 300+100 = 400, tq 100+100 = 200, hb 200, lj 200+200+400 = 800, tqLj 600.
        // yoy 100.0 %; mom 100.0 %; mix 400/400 = 100.0 %; tqMix 200/700 = 28.6 %; mixChange 71.4 pt; yearYoy 800/600−1 = 33.3 %;
        // yearMix 800/1000 = 80.0 %; tqYearMix 600/1600 = 37.5 %; yearMixChange 42.5 pt; rank 1, last year 2 → up.
        expect.objectContaining(
          row({
            id: 11,
            name: '甲汽车',
            sales: 400,
            tqSales: 200,
            salesSum: 800,
            tqSalesSum: 600,
            mom: 100,
            yoy: 100,
            mix: 100,
            tqMix: 28.6,
            mixChange: 71.4,
            yearYoy: 33.3,
            yearMix: 80,
            tqYearMix: 37.5,
            yearMixChange: 42.5,
            ljRanking: 1,
            rankingStatus: 1,
          }),
        ),
        // 乙汽车 in 华北 = 65@北京 + 66@天津: qty 0, tq 300+200 = 500, hb 100, lj 200, tqLj 1000.
        // yoy −100.0 %; mom −100.0 %; mix 0.0 %; tqMix 500/700 = 71.4 %; mixChange −71.4 pt; yearYoy 200/1000−1 = −80.0 %;
        // yearMix 20.0 %; tqYearMix 1000/1600 = 62.5 %; yearMixChange −42.5 pt; rank 2, last year 1 → down.
        expect.objectContaining(
          row({
            id: 12,
            name: '乙汽车',
            sales: 0,
            tqSales: 500,
            salesSum: 200,
            tqSalesSum: 1000,
            mom: -100,
            yoy: -100,
            mix: 0,
            tqMix: 71.4,
            mixChange: -71.4,
            yearYoy: -80,
            yearMix: 20,
            tqYearMix: 62.5,
            yearMixChange: -42.5,
            ljRanking: 2,
            rankingStatus: -1,
          }),
        ),
      ]);
    });

    test('segment table of 广东', async () => {
      const page = await ok<Page>('areaMarket/detail', { area: 440000, level: 2 });
      // 乙尊 (B级轿车) sells only in 北京 and 天津: no row.
      expect(page.list.map((r) => r.name)).toEqual(['A级轿车', '轿车小计', 'A级SUV', 'SUV小计', '合计']);
      // A级轿车 = 62@深圳 + 64@广州 + 64@深圳: qty 200+100+200 = 500, tq 0, hb 100+100+0 = 200, lj 300+200+500 = 1000, tqLj 0.
      expect(page.list[0]).toMatchObject(
        row({
          id: 3,
          name: 'A级轿车',
          sales: 500,
          tqSales: 0,
          salesSum: 1000,
          tqSalesSum: 0,
          mom: 150,
          yoy: null,
          mix: 83.3,
          tqMix: 0,
          mixChange: 83.3,
          yearYoy: null,
          yearMix: 83.3,
          tqYearMix: 0,
          yearMixChange: 83.3,
          ljRanking: 1,
          rankingStatus: -2,
        }),
      );
      // A级SUV = 63@广州: qty 100, tq 100 (yoy 0 → '-'), hb 0 (mom '-'), lj 100+0+100 = 200, tqLj 200 (yearYoy 0 → '-');
      // mix 100/600 = 16.7 %; tqMix 100/100 = 100.0 %; mixChange −83.3 pt; yearMix 200/1200 = 16.7 %; rank 2, last year 1 → down.
      expect(page.list[2]).toMatchObject(
        row({
          id: 7,
          name: 'A级SUV',
          sales: 100,
          tqSales: 100,
          salesSum: 200,
          tqSalesSum: 200,
          mom: null,
          yoy: null,
          mix: 16.7,
          tqMix: 100,
          mixChange: -83.3,
          yearYoy: null,
          yearMix: 16.7,
          tqYearMix: 100,
          yearMixChange: -83.3,
          ljRanking: 2,
          rankingStatus: -1,
        }),
      );
      expect(page.list[4]).toMatchObject({ name: '合计', sales: 600, tqSales: 100, salesSum: 1200, tqSalesSum: 200, yoys: '500.0%' });
    });

    test('highCharts of 华北 by month and of 深圳 by year', async () => {
      const huabei = await ok<Chart>('areaMarket/highCharts', { area: 1, level: 1, timeDimensionality: 0, count: 1 });
      // 近1年: 2025-03 to 2026-03 (decision 270); the last three months as before.
      expect(huabei.xAxis[0].categories).toHaveLength(13);
      expect(huabei.xAxis[0].categories.slice(-3)).toEqual(['2026-01', '2026-02', '2026-03']);
      expect(huabei.xAxis[0].categories[0]).toBe('2025-03');
      // 2026: 100+100+100+0, 100+100+100+0, 300+0+100+0; 2025: 100+200+100+100, 100+100+100+100, 100+300+100+200
      expect(huabei.series[0].data.slice(-3)).toEqual([300, 300, 400]);
      expect(huabei.series[1].data.slice(-3)).toEqual([-40, -25, -42.9]); // 300/500−1, 300/400−1, 400/700−1
      const shenzhen = await ok<Chart>('areaMarket/highCharts', { area: 440300, level: 3, timeDimensionality: 2 });
      expect(shenzhen.xAxis[0].categories).toEqual(['2025年', '2026年(1-3月)']);
      expect(shenzhen.series[0].data).toEqual([600, 700]); // 64 July-December 6×100; 62 + 64: 200+100+400
      expect(shenzhen.series[1].data).toEqual([null, null]); // nothing in 深圳 in January-March 2025
    });

    test('wholesale has no areas: a chosen area or the tree with source 1 is a 400', async () => {
      const cases: Array<[string, Record<string, number>]> = [
        ['areaMarket/whole', { source: 1, area: 1, level: 1 }],
        ['areaMarket/area', { source: 1 }],
      ];
      for (const [path, query] of cases) {
        const response = await call(path, query).expect(400);
        expect(response.body).toEqual({ code: -1400, msg: '批发量数据没有地区维度，请选择零售量（数据来源 2）', result: null });
      }
    });
  });
});
