import { type Summary } from '@car/contracts';
import { JIA, Page, row, salesFiguresApi, YI } from '../support/sales-figures';

/*
 * The producer/brand page's calls (companyBrand/…: one producer or brand, the ranking list, the car-model details), every figure worked out by hand
 * on the hand-made market of test/support/sales-fixture.ts; its hand-worked rows are in test/support/sales-figures.ts.
 */
describe('sales-volume figures on a hand-made market: one producer or brand (companyBrand/…)', () => {
  const { call, ok } = salesFiguresApi('brand', 3);

  describe('companyBrand: one producer or brand, the ranking list, the car-model details', () => {
    test('whole: the cards of producer 乙汽车 (type 0) and brand 甲德 (type 1)', async () => {
      expect(await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 12 })).toMatchObject({
        qty: 300,
        tb: 500,
        hb: 200,
        ljQty: 800,
        ljTb: 1000,
        yoy: -40,
        yoys: '-40.0%',
        mom: 50,
        moms: '50.0%',
        yearYoy: -20,
        yearYoys: '-20.0%', // 300/500−1, 300/200−1, 800/1000−1
      });
      expect(await ok<Summary>('companyBrand/whole', { type: 1, foreignId: 21 })).toMatchObject({
        qty: 500,
        tb: 100,
        hb: 200,
        ljQty: 900,
        ljTb: 300,
        yoy: 400,
        yoys: '400.0%',
        mom: 150,
        moms: '150.0%',
        yearYoy: 200,
        yearYoys: '200.0%', // 500/100−1, 500/200−1, 900/300−1
      });
      // Wholesale, producer 甲汽车: 850 against 300 and 350; lj 1600 against 900.
      expect(await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 11, source: 1 })).toMatchObject({
        qty: 850,
        tb: 300,
        hb: 350,
        ljQty: 1600,
        ljTb: 900,
        yoys: '183.3%',
        moms: '142.9%',
        yearYoys: '77.8%',
      });
      const unknown = await call('companyBrand/whole', { type: 0, foreignId: 99 }).expect(400);
      expect(unknown.body.msg).toContain('99');
    });

    test('list: producers and brands ranked, with places, Str forms and paging', async () => {
      const producers = await ok<Page>('companyBrand/list', { type: 0 });
      expect(producers.list).toEqual([
        expect.objectContaining({
          ...row({ id: 11, name: '甲汽车', ...JIA, ljRanking: 1, rankingStatus: 1 }),
          ranking: 1,
          rankingStr: '1',
          yoyStr: '133.3%',
          mixStr: '70.0%',
          ljRankingStr: '1',
          yearYoyStr: '75.0%',
        }),
        expect.objectContaining({
          ...row({ id: 12, name: '乙汽车', ...YI, ljRanking: 2, rankingStatus: -1 }),
          ranking: 2,
          rankingStr: '2',
          yoyStr: '-40.0%',
          mixStr: '30.0%',
          ljRankingStr: '2',
          yearYoyStr: '-20.0%',
        }),
      ]);
      expect(producers.total).toBe(2);
      const brands = await ok<Page>('companyBrand/list', { type: 1, accumulate: 1 });
      // By January-to-date: 甲德 900, 乙牌 800, 甲日 500.
      expect(brands.list.map((r) => [r.name, r.ranking, r.salesSum, r.yearMix, r.ljRanking])).toEqual([
        ['甲德', 1, 900, 40.9, 1],
        ['乙牌', 2, 800, 36.4, 2],
        ['甲日', 3, 500, 22.7, 3],
      ]);
      const second = await ok<Page>('companyBrand/list', { type: 1, pageSize: 1, currentPage: 2 });
      expect(second.list.map((r) => [r.name, r.ranking, r.sales, r.mix])).toEqual([['乙牌', 2, 300, 30]]);
      expect(second.total).toBe(3);
      // Rank band 1 holds places 1-10, band 2 is empty here.
      expect((await ok<Page>('companyBrand/list', { type: 1, rank: 1 })).list.map((r) => r.ranking)).toEqual([1, 2, 3]);
      expect((await ok<Page>('companyBrand/list', { type: 1, rank: 2 })).list).toEqual([]);
    });

    test('carDetails of 乙汽车 for the month: its sub-series per segment, subtotals, the segment and market totals', async () => {
      interface ModelRow {
        name: string;
        sales: number;
        tqSales: number;
        yoy: number | null;
        detailMix: number | null;
        detailMixChange: number | null;
        wholeMix: number | null;
        wholeMixChange: number | null;
        ranking: number | null;
        rankingStatus: number;
      }
      interface Details {
        time: string;
        tqTime: string;
        details: Array<{
          id: number;
          name: string;
          width: number;
          mix: number | null;
          tqWidth: number;
          tqMix: number | null;
          models: ModelRow[];
          heJi1: ModelRow;
          heJi2: ModelRow;
        }>;
        wholeHeJi1: ModelRow;
        wholeHeJi2: ModelRow;
        hejis: ModelRow[];
      }
      const pick = (m: ModelRow) => [
        m.name,
        m.sales,
        m.tqSales,
        m.yoy,
        m.detailMix,
        m.detailMixChange,
        m.wholeMix,
        m.wholeMixChange,
        m.ranking,
        m.rankingStatus,
      ];
      const month = await ok<Details>('companyBrand/carDetails', { type: 0, foreignId: 12, accumulate: 0, foreignIds: '11' });
      expect([month.time, month.tqTime]).toEqual(['2026-03', '2025-03']);
      // 乙汽车: A级轿车 (乙电EV 300, tq 0) and B级轿车 (乙尊 0, tq 500). Segments in the market: A级轿车 800 / tq 100, B级轿车 0 / 500.
      expect(month.details.map((d) => [d.id, d.name, d.width, d.mix, d.tqWidth, d.tqMix])).toEqual([
        [3, 'A级轿车', 100, 100, 0, 0], // 300 of its 300; tq 0 of 500
        [4, 'B级轿车', 0, 0, 100, 100], // 0 of 300; tq 500 of 500
      ]);
      const [aSedan, bSedan] = month.details;
      // 乙电EV: detailMix 300/800 = 37.5 % (tq 0/100 = 0) → +37.5 pt; wholeMix 300/1000 = 30.0 % (tq 0) → +30.0 pt;
      // 2nd in its segment after 德锐 500; no rank a year ago.
      expect(aSedan.models.map(pick)).toEqual([['乙电EV', 300, 0, null, 37.5, 37.5, 30, 30, 2, -2]]);
      expect(pick(aSedan.heJi1)).toEqual(['合计', 300, 0, null, 37.5, 37.5, 30, 30, 2, -2]);
      // The segment in the market: 800 vs 100 → 700.0 %; detailMix 100 % both years → 0 → '-'; wholeMix 80.0 % vs 12.5 % → +67.5 pt;
      // segments ranked 800 > 200 > 0 now, 500 > 200 > 100 a year ago → 1st, was 3rd → up.
      expect(pick(aSedan.heJi2)).toEqual(['细分市场合计', 800, 100, 700, 100, null, 80, 67.5, 1, 1]);
      // 乙尊: nothing this month, so no share of an empty segment and no rank; wholeMix 0 vs 500/800 = 62.5 % → −62.5 pt.
      expect(bSedan.models.map(pick)).toEqual([['乙尊', 0, 500, -100, null, null, 0, -62.5, null, -2]]);
      expect(pick(bSedan.heJi2)).toEqual(['细分市场合计', 0, 500, -100, null, null, 0, -62.5, null, -2]);
      // 乙汽车 in total: 300 vs 500 → −40.0 %; 30.0 % of the market vs 62.5 % → −32.5 pt; 2nd after 甲汽车 700, was 1st → down.
      expect(pick(month.wholeHeJi1)).toEqual(['乙汽车合计', 300, 500, -40, 30, -32.5, 30, -32.5, 2, -1]);
      expect(pick(month.wholeHeJi2)).toEqual(['市场合计', 1000, 800, 25, 100, null, 100, null, null, -2]);
      // Compared with 甲汽车: 700 vs 300 → 133.3 %; 70.0 % vs 37.5 % → +32.5 pt; 1st, was 2nd → up.
      expect(month.hejis.map(pick)).toEqual([pick(month.wholeHeJi1), ['甲汽车合计', 700, 300, 133.3, 70, 32.5, 70, 32.5, 1, 1]]);

      const year = await ok<Details>('companyBrand/carDetails', { type: 0, foreignId: 12, accumulate: 1 });
      expect([year.time, year.tqTime]).toEqual(['2026-01~2026-03', '2025-01~2025-03']);
      // January-to-date: 乙电EV 600 (tq 0), 乙尊 200 (tq 1000); of 乙汽车's 800: 75.0 % and 25.0 %; widths 100 and 200/600 = 33.3.
      expect(year.details.map((d) => [d.name, d.width, d.mix, d.tqWidth, d.tqMix])).toEqual([
        ['A级轿车', 100, 75, 0, 0],
        ['B级轿车', 33.3, 25, 100, 100],
      ]);
      // 乙电EV: 600 of A级轿车's 1500 = 40.0 %; of 2200 = 27.3 %. 乙尊: all of B级轿车 both years (change 0 → '-'), 200/2200 = 9.1 %
      // vs 1000/1800 = 55.6 % → −46.5 pt; 1st of its segment both years → flat.
      expect(year.details[0].models.map(pick)).toEqual([['乙电EV', 600, 0, null, 40, 40, 27.3, 27.3, 2, -2]]);
      expect(year.details[1].models.map(pick)).toEqual([['乙尊', 200, 1000, -80, 100, null, 9.1, -46.5, 1, 0]]);
      // 800 vs 1000 → −20.0 %; 800/2200 = 36.4 % vs 1000/1800 = 55.6 % → −19.2 pt; 2nd, was 1st.
      expect(pick(year.wholeHeJi1)).toEqual(['乙汽车合计', 800, 1000, -20, 36.4, -19.2, 36.4, -19.2, 2, -1]);
    });
  });
});
