import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type AreaTreeRow, type ChartResult, type Summary, type TablePage, type TableRow } from '@car/contracts';
import { ANALYST, LATEST_MONTH, createSalesFixture, dropSalesFixture } from '../support/sales-fixture';
import { signedInApp } from '../support/api-app';
import { testEnv } from '../support/test-env';

/*
 * Every figure of the sales-volume calls on the hand-made market of test/support/sales-fixture.ts,
 * worked out by hand from its RETAIL and WHOLESALE tables. The latest month is 2026-03, so:
 *   当月 qty = 2026-03, 同期 tq = 2025-03, 环比 hb = 2026-02, 累计 lj = 2026-01..03, 去年累计 tqLj = 2025-01..03.
 *
 * Retail (data source 2) by sub-series, read off RETAIL (trim @ city):
 *   德锐 [51]   = 61@北京 + 62@深圳:  qty 300+200 = 500, tq 100, hb 100+100 = 200,
 *                lj (100+100)+(100+100)+500 = 900, tqLj 100+100+100 = 300
 *   日行SUV [52] = 63@天津 + 63@广州:  qty 100+100 = 200, tq 100+100 = 200, hb 100+0 = 100,
 *                lj 200+100+200 = 500, tqLj 200+100+200 = 500
 *   乙电EV [53]  = 64@广州 + 64@深圳:  qty 100+200 = 300, tq 0 (launched 2025-07), hb 100+0 = 100,
 *                lj 200+100+300 = 600, tqLj 0
 *   乙尊 [54]   = 65@北京 + 66@天津:  qty 0+0 = 0, tq 300+200 = 500, hb 100+0 = 100,
 *                lj 100+100+0 = 200, tqLj (200+100)+(100+100)+(300+200) = 1000
 *   market:                          qty 1000, tq 800, hb 500, lj 2200, tqLj 1800
 */

interface Figures {
  id: number;
  name: string;
  sales: number;
  tqSales: number;
  salesSum: number;
  tqSalesSum: number;
  /** Growths and shares as percents with one decimal; null where the display is '-'. */
  mom: number | null;
  yoy: number | null;
  mix: number | null;
  tqMix: number | null;
  mixChange: number | null;
  yearYoy: number | null;
  yearMix: number | null;
  tqYearMix: number | null;
  yearMixChange: number | null;
  ljRanking: number | null;
  rankingStatus: -2 | -1 | 0 | 1;
}

/** '1,234' — the thousands display of a count. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** '12.3%' for 12.3, '-' for null: the display of a growth or share already worked out by hand. */
const shown = (n: number | null): string => (n === null ? '-' : `${n.toFixed(1)}%`);

/** The table row the API must answer for hand-worked figures: each number with its display string. */
function row(f: Figures): Record<string, unknown> {
  return {
    id: f.id, name: f.name,
    sales: f.sales, salesStr: grouped(f.sales), tqSales: f.tqSales, tqSalesStr: grouped(f.tqSales),
    salesSum: f.salesSum, salesSumStr: grouped(f.salesSum), tqSalesSum: f.tqSalesSum, tqSalesSumStr: grouped(f.tqSalesSum),
    mom: f.mom, moms: shown(f.mom), yoy: f.yoy, yoys: shown(f.yoy),
    mix: f.mix, mixs: shown(f.mix), tqMix: f.tqMix, tqMixs: shown(f.tqMix), mixChange: f.mixChange, mixChanges: shown(f.mixChange),
    yearYoy: f.yearYoy, yearYoys: shown(f.yearYoy),
    yearMix: f.yearMix, yearMixs: shown(f.yearMix), tqYearMix: f.tqYearMix, tqYearMixs: shown(f.tqYearMix),
    yearMixChange: f.yearMixChange, yearMixChanges: shown(f.yearMixChange),
    ljRanking: f.ljRanking, rankingStatus: f.rankingStatus,
  };
}

/** A table row, read field by field against the hand-worked figures. */
type Row = TableRow & Record<string, unknown>;
type Page = Omit<TablePage, 'list'> & { list: Row[] };
type Chart = ChartResult;

/* ---------- hand-worked rows of the whole retail market, 2026-03 ---------- */

// 德锐 [51]: yoy 500/100−1 = 400.0 %; mom 500/200−1 = 150.0 %; mix 500/1000 = 50.0 %; tqMix 100/800 = 12.5 %;
// mixChange 50−12.5 = 37.5 pt; yearYoy 900/300−1 = 200.0 %; yearMix 900/2200 = 40.9 %; tqYearMix 300/1800 = 16.7 %;
// yearMixChange 40.91−16.67 = 24.2 pt.
const DERUI = { sales: 500, tqSales: 100, salesSum: 900, tqSalesSum: 300, mom: 150, yoy: 400, mix: 50, tqMix: 12.5, mixChange: 37.5, yearYoy: 200, yearMix: 40.9, tqYearMix: 16.7, yearMixChange: 24.2 };
// 日行SUV [52]: yoy 200/200−1 = 0 → '-'; mom 200/100−1 = 100.0 %; mix 20.0 %; tqMix 200/800 = 25.0 %; mixChange −5.0 pt;
// yearYoy 500/500−1 = 0 → '-'; yearMix 500/2200 = 22.7 %; tqYearMix 500/1800 = 27.8 %; yearMixChange 22.73−27.78 = −5.1 pt.
const RIXING = { sales: 200, tqSales: 200, salesSum: 500, tqSalesSum: 500, mom: 100, yoy: null, mix: 20, tqMix: 25, mixChange: -5, yearYoy: null, yearMix: 22.7, tqYearMix: 27.8, yearMixChange: -5.1 };
// 乙电EV [53]: no sales a year ago, so yoy and yearYoy '-'; mom 300/100−1 = 200.0 %; mix 30.0 %; tqMix 0/800 = 0.0 %;
// mixChange 30.0 pt; yearMix 600/2200 = 27.3 %; tqYearMix 0.0 %; yearMixChange 27.3 pt.
const YIDIAN = { sales: 300, tqSales: 0, salesSum: 600, tqSalesSum: 0, mom: 200, yoy: null, mix: 30, tqMix: 0, mixChange: 30, yearYoy: null, yearMix: 27.3, tqYearMix: 0, yearMixChange: 27.3 };
// 乙尊 [54]: no sales this month: yoy 0/500−1 = −100.0 %, mom 0/100−1 = −100.0 %, mix 0.0 %; tqMix 500/800 = 62.5 %;
// mixChange −62.5 pt; yearYoy 200/1000−1 = −80.0 %; yearMix 200/2200 = 9.1 %; tqYearMix 1000/1800 = 55.6 %;
// yearMixChange 9.09−55.56 = −46.5 pt.
const YIZUN = { sales: 0, tqSales: 500, salesSum: 200, tqSalesSum: 1000, mom: -100, yoy: -100, mix: 0, tqMix: 62.5, mixChange: -62.5, yearYoy: -80, yearMix: 9.1, tqYearMix: 55.6, yearMixChange: -46.5 };
// 乙汽车 = 乙电EV + 乙尊: qty 300, tq 500, hb 100+100 = 200, lj 800, tqLj 1000. yoy 300/500−1 = −40.0 %; mom 300/200−1 = 50.0 %;
// mix 30.0 %; tqMix 62.5 %; mixChange −32.5 pt; yearYoy 800/1000−1 = −20.0 %; yearMix 800/2200 = 36.4 %;
// tqYearMix 1000/1800 = 55.6 %; yearMixChange 36.36−55.56 = −19.2 pt.
const YI = { sales: 300, tqSales: 500, salesSum: 800, tqSalesSum: 1000, mom: 50, yoy: -40, mix: 30, tqMix: 62.5, mixChange: -32.5, yearYoy: -20, yearMix: 36.4, tqYearMix: 55.6, yearMixChange: -19.2 };
// 甲汽车 = 德锐 + 日行SUV: qty 700, tq 300, hb 300, lj 1400, tqLj 800. yoy 700/300−1 = 133.3 %; mom 133.3 %; mix 70.0 %;
// tqMix 300/800 = 37.5 %; mixChange 32.5 pt; yearYoy 1400/800−1 = 75.0 %; yearMix 1400/2200 = 63.6 %;
// tqYearMix 800/1800 = 44.4 %; yearMixChange 63.64−44.44 = 19.2 pt.
const JIA = { sales: 700, tqSales: 300, salesSum: 1400, tqSalesSum: 800, mom: 133.3, yoy: 133.3, mix: 70, tqMix: 37.5, mixChange: 32.5, yearYoy: 75, yearMix: 63.6, tqYearMix: 44.4, yearMixChange: 19.2 };
// The whole market: yoy 1000/800−1 = 25.0 %; mom 1000/500−1 = 100.0 %; shares 100.0 %, so share changes 0 → '-';
// yearYoy 2200/1800−1 = 22.2 %.
const MARKET = { sales: 1000, tqSales: 800, salesSum: 2200, tqSalesSum: 1800, mom: 100, yoy: 25, mix: 100, tqMix: 100, mixChange: null, yearYoy: 22.2, yearMix: 100, tqYearMix: 100, yearMixChange: null };
const TOTAL = { id: 0, name: '合计', ...MARKET, ljRanking: null, rankingStatus: -2 as const };

describe('sales-volume figures on a hand-made market', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_figures`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createSalesFixture(env.adminUrl, database);
    ({ app, token } = await signedInApp({
      address: `10.88.${process.pid % 250}.1`,
      databaseUrl,
      account: ANALYST.account,
      password: ANALYST.password,
    }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await dropSalesFixture(env.adminUrl, database);
  });

  function call(path: string, query: Record<string, string | number> = {}) {
    return request(app.getHttpServer()).get(`/car/api/saleVolume/${path}`).query(query).set('token', token);
  }

  async function ok<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const response = await call(path, query);
    expect({ path, status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ path, status: 200, code: 1, msg: expect.any(String) });
    return response.body.result as T;
  }

  const ranked = (page: Page): Row[] => page.list.filter((r) => !r.heji);

  describe('wholeMarket/whole: the five cards', () => {
    test('the latest month by default: 2026-03 against 2025-03, 2026-02 and January-to-date', async () => {
      const whole = await ok<Summary>('wholeMarket/whole');
      expect(whole).toEqual({
        time: LATEST_MONTH,
        qty: 1000, qtyStr: '1,000', // 2026-03: 300+200+100+100+100+200+0+0
        tb: 800, // 2025-03: 100+0+100+100+0+0+300+200
        hb: 500, // 2026-02: 100+100+100+0+100+0+100+0
        ljQty: 2200, ljQtyStr: '2,200', // 700 + 500 + 1000
        ljTb: 1800, // 600 + 400 + 800
        yoy: 25, yoys: '25.0%', // 1000/800 − 1
        mom: 100, moms: '100.0%', // 1000/500 − 1
        yearYoy: 22.2, yearYoys: '22.2%', // 2200/1800 − 1 = 0.2222
      });
      // The same when the month is named.
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-03', source: 2, detailId: -1, producerProperty: -1 })).toEqual(whole);
    });

    test('February 2026: lj covers two months, mom falls', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-02' })).toMatchObject({
        qty: 500, tb: 400, hb: 700, ljQty: 1200, ljTb: 1000,
        yoy: 25, yoys: '25.0%', // 500/400 − 1
        mom: -28.6, moms: '-28.6%', // 500/700 − 1 = −0.2857
        yearYoy: 20, yearYoys: '20.0%', // (700+500)/(600+400) − 1
      });
    });

    test('January 2026: mom compares with December 2025, lj restarts with January', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2026-01' })).toMatchObject({
        qty: 700, tb: 600, hb: 800, ljQty: 700, ljTb: 600,
        yoy: 16.7, yoys: '16.7%', // 700/600 − 1 = 0.1667
        mom: -12.5, moms: '-12.5%', // 700/800 − 1
        yearYoy: 16.7, yearYoys: '16.7%',
      });
    });

    test('December 2025, the first year of data: nothing to compare with, and a flat month, all show "-"', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { time: '2025-12' })).toEqual({
        time: '2025-12',
        qty: 800, qtyStr: '800', tb: 0, hb: 800,
        ljQty: 8400, ljQtyStr: '8,400', // 600+400+800 + 3×600 + 6×800
        ljTb: 0,
        yoy: null, yoys: '-', // no 2024-12
        mom: null, moms: '-', // 800/800 − 1 = 0
        yearYoy: null, yearYoys: '-',
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
      expect(aSedan).toMatchObject(row({
        id: 3, name: 'A级轿车', sales: 800, tqSales: 100, salesSum: 1500, tqSalesSum: 300,
        mom: 166.7, yoy: 700, mix: 80, tqMix: 12.5, mixChange: 67.5, yearYoy: 400, yearMix: 68.2, tqYearMix: 16.7, yearMixChange: 51.5,
        ljRanking: 1, rankingStatus: 1,
      }));
      // B级轿车 = 乙尊: rank 3, was 1 → down.
      expect(bSedan).toMatchObject(row({ id: 4, name: 'B级轿车', ...YIZUN, ljRanking: 3, rankingStatus: -1 }));
      // 轿车小计 = A级轿车 + B级轿车: qty 800, tq 600, hb 400, lj 1700, tqLj 1300. yoy 800/600−1 = 33.3 %; mom 800/400−1 = 100.0 %;
      // mix 80.0 %; tqMix 600/800 = 75.0 %; mixChange 5.0 pt; yearYoy 1700/1300−1 = 30.8 %; yearMix 1700/2200 = 77.3 %;
      // tqYearMix 1300/1800 = 72.2 %; yearMixChange 77.27−72.22 = 5.1 pt. Subtotals carry no rank.
      expect(sedans).toMatchObject(row({
        id: -1, name: '轿车小计', sales: 800, tqSales: 600, salesSum: 1700, tqSalesSum: 1300,
        mom: 100, yoy: 33.3, mix: 80, tqMix: 75, mixChange: 5, yearYoy: 30.8, yearMix: 77.3, tqYearMix: 72.2, yearMixChange: 5.1,
        ljRanking: null, rankingStatus: -2,
      }));
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
      expect([aSedan, bSedan, aSuv].map((r) => [r.salesWidth, r.salesSumWidth])).toEqual([[100, 100], [0, 13.3], [25, 33.3]]);
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
      expect(page.list.map((r) => [r.salesWidth, r.salesSumWidth])).toEqual([[100, 100], [42.9, 57.1]]);
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
    const HUANAN = { sales: 600, tqSales: 100, salesSum: 1200, tqSalesSum: 200, mom: 200, yoy: 500, mix: 60, tqMix: 12.5, mixChange: 47.5, yearYoy: 500, yearMix: 54.5, tqYearMix: 11.1, yearMixChange: 43.4 };
    // 华北 = 北京 + 天津: qty 300+0+100+0 = 400, tq 100+300+100+200 = 700, hb 100+100+100+0 = 300,
    //   lj 300+300+400 = 1000, tqLj 500+400+700 = 1600.
    //   yoy 400/700−1 = −42.9 %; mom 400/300−1 = 33.3 %; mix 40.0 %; tqMix 700/800 = 87.5 %; mixChange −47.5 pt;
    //   yearYoy 1000/1600−1 = −37.5 %; yearMix 1000/2200 = 45.5 %; tqYearMix 1600/1800 = 88.9 %; yearMixChange 45.45−88.89 = −43.4 pt.
    const HUABEI = { sales: 400, tqSales: 700, salesSum: 1000, tqSalesSum: 1600, mom: 33.3, yoy: -42.9, mix: 40, tqMix: 87.5, mixChange: -47.5, yearYoy: -37.5, yearMix: 45.5, tqYearMix: 88.9, yearMixChange: -43.4 };

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
      expect(beijing).toMatchObject(row({
        id: 110000, name: '北京', sales: 300, tqSales: 400, salesSum: 700, tqSalesSum: 900,
        mom: 50, yoy: -25, mix: 30, tqMix: 50, mixChange: -20, yearYoy: -22.2, yearMix: 31.8, tqYearMix: 50, yearMixChange: -18.2,
        ljRanking: 2, rankingStatus: -1,
      }));
      // 天津 = 63@天津 + 66: qty 100+0 = 100, tq 100+200 = 300, hb 100+0 = 100, lj 100+100+100 = 300, tqLj 200+200+300 = 700.
      // yoy 100/300−1 = −66.7 %; mom 100/100−1 = 0 → '-'; mix 10.0 %; tqMix 300/800 = 37.5 %; mixChange −27.5 pt;
      // yearYoy 300/700−1 = −57.1 %; yearMix 300/2200 = 13.6 %; tqYearMix 700/1800 = 38.9 %; yearMixChange 13.64−38.89 = −25.3 pt.
      expect(tianjin).toMatchObject(row({
        id: 120000, name: '天津', sales: 100, tqSales: 300, salesSum: 300, tqSalesSum: 700,
        mom: null, yoy: -66.7, mix: 10, tqMix: 37.5, mixChange: -27.5, yearYoy: -57.1, yearMix: 13.6, tqYearMix: 38.9, yearMixChange: -25.3,
        ljRanking: 3, rankingStatus: -1,
      }));
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

    test('month, count 1: the months of 2026 with their yoy', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 0, count: 1 });
      expect(chart.xAxis[0].categories).toEqual(['2026-01', '2026-02', '2026-03']);
      expect(chart.series).toEqual([
        expect.objectContaining({ ...SALES, data: [700, 500, 1000] }),
        // 700/600−1 = 16.7 %, 500/400−1 = 25.0 %, 1000/800−1 = 25.0 %
        expect.objectContaining({ ...YOY, data: [16.7, 25, 25] }),
      ]);
    });

    test('month, count 2: fifteen months; 2025 has no year before it to compare with', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 0, count: 2 });
      expect(chart.xAxis[0].categories).toEqual([
        '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12',
        '2026-01', '2026-02', '2026-03',
      ]);
      expect(chart.series[0]).toMatchObject({ ...SALES, data: [600, 400, 800, 600, 600, 600, 800, 800, 800, 800, 800, 800, 700, 500, 1000] });
      expect(chart.series[1]).toMatchObject({ ...YOY, data: [...new Array(12).fill(null), 16.7, 25, 25] });
    });

    test('quarter, count 2: whole-month sums per quarter', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 1, count: 2 });
      expect(chart.xAxis[0].categories).toEqual(['2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1']);
      // Q1 600+400+800, Q2 3×600, Q3 and Q4 3×800, 2026-Q1 700+500+1000
      expect(chart.series[0]).toMatchObject({ ...SALES, data: [1800, 1800, 2400, 2400, 2200] });
      expect(chart.series[1]).toMatchObject({ ...YOY, data: [null, null, null, null, 22.2] }); // 2200/1800 − 1
    });

    test('quarter in February: the unfinished quarter is compared with the same two months a year before', async () => {
      const chart = await ok<Chart>('wholeMarket/highCharts', { timeDimensionality: 1, count: 1, time: '2026-02' });
      expect(chart.xAxis[0].categories).toEqual(['2026Q1(1-2月)']);
      expect(chart.series[0].data).toEqual([1200]); // 700 + 500
      expect(chart.series[1].data).toEqual([20]); // 1200 / (600 + 400) − 1
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
      expect(chart.series[0].data).toEqual([200, 100, 300]); // 64@广州 + 64@深圳
      expect(chart.series[1].data).toEqual([null, null, null]);
    });
  });

  describe('data source 1 (wholesale) differs from retail', () => {
    test('summary: 2026-03 1200 against 700 and 700; lj 2600 against 2100', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { source: 1 })).toEqual({
        time: LATEST_MONTH,
        qty: 1200, qtyStr: '1,200', // 400+200+250+300+50
        tb: 700, // 50+0+250+0+300+100
        hb: 700, // 100+100+150+250+100
        ljQty: 2600, ljQtyStr: '2,600', // 700 + 700 + 1200
        ljTb: 2100, // 700 × 3
        yoy: 71.4, yoys: '71.4%', // 1200/700 − 1 = 0.7143
        mom: 71.4, moms: '71.4%',
        yearYoy: 23.8, yearYoys: '23.8%', // 2600/2100 − 1 = 0.2381
      });
    });

    test('producers on wholesale', async () => {
      const page = await ok<Page>('wholeMarket/producer', { source: 1 });
      expect(page.list).toEqual([
        // 甲汽车 = 61+62+63: qty 400+200+250 = 850, tq 50+0+250 = 300, hb 100+100+150 = 350, lj 400+350+850 = 1600, tqLj 300×3 = 900.
        // yoy 850/300−1 = 183.3 %; mom 850/350−1 = 142.9 %; mix 850/1200 = 70.8 %; tqMix 300/700 = 42.9 %; mixChange 70.83−42.86 = 28.0 pt;
        // yearYoy 1600/900−1 = 77.8 %; yearMix 1600/2600 = 61.5 %; tqYearMix 900/2100 = 42.9 %; yearMixChange 61.54−42.86 = 18.7 pt.
        expect.objectContaining(row({
          id: 11, name: '甲汽车', sales: 850, tqSales: 300, salesSum: 1600, tqSalesSum: 900,
          mom: 142.9, yoy: 183.3, mix: 70.8, tqMix: 42.9, mixChange: 28, yearYoy: 77.8, yearMix: 61.5, tqYearMix: 42.9, yearMixChange: 18.7,
          ljRanking: 1, rankingStatus: 1,
        })),
        // 乙汽车 = 64+65+66: qty 300+50 = 350, tq 0+300+100 = 400, hb 250+100 = 350, lj 300+350+350 = 1000, tqLj 400×3 = 1200.
        // yoy 350/400−1 = −12.5 %; mom 350/350−1 = 0 → '-'; mix 29.2 %; tqMix 400/700 = 57.1 %; mixChange 29.17−57.14 = −28.0 pt;
        // yearYoy 1000/1200−1 = −16.7 %; yearMix 1000/2600 = 38.5 %; tqYearMix 1200/2100 = 57.1 %; yearMixChange −18.7 pt.
        expect.objectContaining(row({
          id: 12, name: '乙汽车', sales: 350, tqSales: 400, salesSum: 1000, tqSalesSum: 1200,
          mom: null, yoy: -12.5, mix: 29.2, tqMix: 57.1, mixChange: -28, yearYoy: -16.7, yearMix: 38.5, tqYearMix: 57.1, yearMixChange: -18.7,
          ljRanking: 2, rankingStatus: -1,
        })),
      ]);
    });

    test('a growth of 1000 % or more shows "-": 德锐 wholesale 600 against 50', async () => {
      const page = await ok<Page>('wholeMarket/modelSub', { source: 1 });
      const derui = page.list.find((r) => r.id === 51)!;
      // yoy 600/50−1 = 11 = 1100 % → '-'; mom 600/200−1 = 200.0 %; yearYoy (200+200+600)/(100+100+50)−1 = 300.0 %; mix 600/1200 = 50.0 %.
      expect(derui).toMatchObject({ sales: 600, tqSales: 50, yoy: null, yoys: '-', mom: 200, moms: '200.0%', salesSum: 1000, tqSalesSum: 250, yearYoy: 300, yearYoys: '300.0%', mix: 50 });
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

  describe('areaMarket: a region, a province and a city', () => {
    type TreeRow = AreaTreeRow & Record<string, unknown>;

    test('whole: the cards of 华北 (region 1), 广东 (province 440000) and 深圳 (city 440300)', async () => {
      // 华北 = 北京 + 天津: qty 400, tq 700, hb 300, lj 300+300+400 = 1000, tqLj 500+400+700 = 1600.
      expect(await ok<Summary>('areaMarket/whole', { area: 1, level: 1 })).toMatchObject({
        qty: 400, tb: 700, hb: 300, ljQty: 1000, ljTb: 1600,
        yoy: -42.9, yoys: '-42.9%', mom: 33.3, moms: '33.3%', yearYoy: -37.5, yearYoys: '-37.5%', // 400/700−1, 400/300−1, 1000/1600−1
      });
      // 广东 = 广州 + 深圳 = all of 华南: qty 600, tq 100, hb 200, lj 1200, tqLj 200.
      const guangdong = await ok<Summary>('areaMarket/whole', { area: 440000, level: 2 });
      expect(guangdong).toMatchObject({
        qty: 600, tb: 100, hb: 200, ljQty: 1200, ljTb: 200,
        yoy: 500, yoys: '500.0%', mom: 200, moms: '200.0%', yearYoy: 500, yearYoys: '500.0%',
      });
      expect(await ok<Summary>('areaMarket/whole', { area: 5, level: 1 })).toEqual(guangdong);
      // 深圳 = 62 + 64 there: qty 200+200 = 400, tq 0, hb 100+0 = 100, lj (100+100)+100+400 = 700, tqLj 0.
      expect(await ok<Summary>('areaMarket/whole', { area: 440300, level: 3 })).toMatchObject({
        qty: 400, tb: 0, hb: 100, ljQty: 700, ljTb: 0,
        yoy: null, yoys: '-', mom: 300, moms: '300.0%', yearYoy: null, yearYoys: '-', // 400/100 − 1
      });
      // No area: the nation.
      expect(await ok<Summary>('areaMarket/whole')).toEqual(await ok<Summary>('wholeMarket/whole'));
    });

    test('area tree of the nation: every region, sold or not, with its provinces; shares of the nation', async () => {
      const tree = await ok<{ list: TreeRow[]; total: number }>('areaMarket/area');
      // Sales 600, 400, then the unsold regions by id: 东北 2, 华东 3, 华中 4, 西南 6, 西北 7.
      expect(tree.list.map((r) => [r.name, r.code, r.dimensionality, r.sales])).toEqual([
        ['华南', '5', 1, 600], ['华北', '1', 1, 400], ['东北', '2', 1, 0], ['华东', '3', 1, 0], ['华中', '4', 1, 0], ['西南', '6', 1, 0], ['西北', '7', 1, 0],
      ]);
      expect(tree.total).toBe(7);
      const [huanan, huabei, dongbei] = tree.list;
      // The same hand-worked figures as the whole-market region rows (华南 600 of 1000, 华北 400 of 1000).
      expect(huanan).toMatchObject({ sales: 600, tqSales: 100, salesSum: 1200, tqSalesSum: 200, yoys: '500.0%', mix: 60, yearMix: 54.5, ljRanking: 1, rankingStatus: 1, hasChildren: true });
      expect(huabei).toMatchObject({ sales: 400, tqSales: 700, salesSum: 1000, tqSalesSum: 1600, yoys: '-42.9%', mix: 40, yearMix: 45.5, ljRanking: 2, rankingStatus: -1, hasChildren: true });
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
      expect(huanan.children!.map((c) => [c.name, c.sales, c.mix, c.ljRanking])).toEqual([['广东', 600, 60, 1], ['广西', 0, 0, null], ['海南', 0, 0, null]]);
    });

    test('area tree of 华北 (level 1): its provinces with their cities; shares of 华北', async () => {
      const tree = await ok<{ list: TreeRow[] }>('areaMarket/area', { area: 1, level: 1 });
      expect(tree.list.map((r) => r.name)).toEqual(['北京', '天津', '河北', '山西', '内蒙古']);
      const [beijing, tianjin] = tree.list;
      // 北京 in 华北: 300 of 400 = 75.0 %; tq 400 of 700 = 57.1 %; mixChange 75−57.14 = 17.9 pt; lj 700 of 1000 = 70.0 %.
      expect(beijing).toMatchObject({ sales: 300, yoys: '-25.0%', moms: '50.0%', mix: 75, tqMix: 57.1, mixChange: 17.9, yearYoys: '-22.2%', yearMix: 70, ljRanking: 1, rankingStatus: 0 });
      // 天津 in 华北: 100 of 400 = 25.0 %; tq 300 of 700 = 42.9 %; mixChange −17.9 pt; lj 300 of 1000 = 30.0 %; ranks 2 and 2.
      expect(tianjin).toMatchObject({ sales: 100, yoys: '-66.7%', moms: '-', mix: 25, tqMix: 42.9, mixChange: -17.9, yearYoys: '-57.1%', yearMix: 30, ljRanking: 2, rankingStatus: 0 });
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
      expect(shenzhen).toMatchObject(row({
        id: 440300, name: '深圳市', sales: 400, tqSales: 0, salesSum: 700, tqSalesSum: 0,
        mom: 300, yoy: null, mix: 66.7, tqMix: 0, mixChange: 66.7, yearYoy: null, yearMix: 58.3, tqYearMix: 0, yearMixChange: 58.3,
        ljRanking: 1, rankingStatus: -2,
      }));
      // 广州 = 63 + 64: qty 100+100 = 200, tq 100, hb 0+100 = 100, lj 200+100+200 = 500, tqLj 100+0+100 = 200.
      // yoy 100.0 %; mom 100.0 %; mix 200/600 = 33.3 %; tqMix 100/100 = 100.0 %; mixChange −66.7 pt; yearYoy 500/200−1 = 150.0 %;
      // yearMix 500/1200 = 41.7 %; tqYearMix 100.0 %; yearMixChange −58.3 pt; lj rank 2, last year 1 → down.
      expect(guangzhou).toMatchObject(row({
        id: 440100, name: '广州市', sales: 200, tqSales: 100, salesSum: 500, tqSalesSum: 200,
        mom: 100, yoy: 100, mix: 33.3, tqMix: 100, mixChange: -66.7, yearYoy: 150, yearMix: 41.7, tqYearMix: 100, yearMixChange: -58.3,
        ljRanking: 2, rankingStatus: -1,
      }));
      expect(rest.every((c) => c.sales === 0 && c.salesSum === 0 && c.tqSales === 0 && c.dimensionality === 3)).toBe(true);
    });

    test('producer table of 华北', async () => {
      const page = await ok<Page>('areaMarket/producer', { area: 1, level: 1 });
      expect(page.list).toEqual([
        // 甲汽车 in 华北 = 61@北京 + 63@天津: qty 300+100 = 400, tq 100+100 = 200, hb 200, lj 200+200+400 = 800, tqLj 600.
        // yoy 100.0 %; mom 100.0 %; mix 400/400 = 100.0 %; tqMix 200/700 = 28.6 %; mixChange 71.4 pt; yearYoy 800/600−1 = 33.3 %;
        // yearMix 800/1000 = 80.0 %; tqYearMix 600/1600 = 37.5 %; yearMixChange 42.5 pt; rank 1, last year 2 → up.
        expect.objectContaining(row({
          id: 11, name: '甲汽车', sales: 400, tqSales: 200, salesSum: 800, tqSalesSum: 600,
          mom: 100, yoy: 100, mix: 100, tqMix: 28.6, mixChange: 71.4, yearYoy: 33.3, yearMix: 80, tqYearMix: 37.5, yearMixChange: 42.5,
          ljRanking: 1, rankingStatus: 1,
        })),
        // 乙汽车 in 华北 = 65@北京 + 66@天津: qty 0, tq 300+200 = 500, hb 100, lj 200, tqLj 1000.
        // yoy −100.0 %; mom −100.0 %; mix 0.0 %; tqMix 500/700 = 71.4 %; mixChange −71.4 pt; yearYoy 200/1000−1 = −80.0 %;
        // yearMix 20.0 %; tqYearMix 1000/1600 = 62.5 %; yearMixChange −42.5 pt; rank 2, last year 1 → down.
        expect.objectContaining(row({
          id: 12, name: '乙汽车', sales: 0, tqSales: 500, salesSum: 200, tqSalesSum: 1000,
          mom: -100, yoy: -100, mix: 0, tqMix: 71.4, mixChange: -71.4, yearYoy: -80, yearMix: 20, tqYearMix: 62.5, yearMixChange: -42.5,
          ljRanking: 2, rankingStatus: -1,
        })),
      ]);
    });

    test('segment table of 广东', async () => {
      const page = await ok<Page>('areaMarket/detail', { area: 440000, level: 2 });
      // 乙尊 (B级轿车) sells only in 北京 and 天津: no row.
      expect(page.list.map((r) => r.name)).toEqual(['A级轿车', '轿车小计', 'A级SUV', 'SUV小计', '合计']);
      // A级轿车 = 62@深圳 + 64@广州 + 64@深圳: qty 200+100+200 = 500, tq 0, hb 100+100+0 = 200, lj 300+200+500 = 1000, tqLj 0.
      expect(page.list[0]).toMatchObject(row({
        id: 3, name: 'A级轿车', sales: 500, tqSales: 0, salesSum: 1000, tqSalesSum: 0,
        mom: 150, yoy: null, mix: 83.3, tqMix: 0, mixChange: 83.3, yearYoy: null, yearMix: 83.3, tqYearMix: 0, yearMixChange: 83.3,
        ljRanking: 1, rankingStatus: -2,
      }));
      // A级SUV = 63@广州: qty 100, tq 100 (yoy 0 → '-'), hb 0 (mom '-'), lj 100+0+100 = 200, tqLj 200 (yearYoy 0 → '-');
      // mix 100/600 = 16.7 %; tqMix 100/100 = 100.0 %; mixChange −83.3 pt; yearMix 200/1200 = 16.7 %; rank 2, last year 1 → down.
      expect(page.list[2]).toMatchObject(row({
        id: 7, name: 'A级SUV', sales: 100, tqSales: 100, salesSum: 200, tqSalesSum: 200,
        mom: null, yoy: null, mix: 16.7, tqMix: 100, mixChange: -83.3, yearYoy: null, yearMix: 16.7, tqYearMix: 100, yearMixChange: -83.3,
        ljRanking: 2, rankingStatus: -1,
      }));
      expect(page.list[4]).toMatchObject({ name: '合计', sales: 600, tqSales: 100, salesSum: 1200, tqSalesSum: 200, yoys: '500.0%' });
    });

    test('highCharts of 华北 by month and of 深圳 by year', async () => {
      const huabei = await ok<Chart>('areaMarket/highCharts', { area: 1, level: 1, timeDimensionality: 0, count: 1 });
      expect(huabei.xAxis[0].categories).toEqual(['2026-01', '2026-02', '2026-03']);
      // 2026: 100+100+100+0, 100+100+100+0, 300+0+100+0; 2025: 100+200+100+100, 100+100+100+100, 100+300+100+200
      expect(huabei.series[0].data).toEqual([300, 300, 400]);
      expect(huabei.series[1].data).toEqual([-40, -25, -42.9]); // 300/500−1, 300/400−1, 400/700−1
      const shenzhen = await ok<Chart>('areaMarket/highCharts', { area: 440300, level: 3, timeDimensionality: 2 });
      expect(shenzhen.xAxis[0].categories).toEqual(['2025年', '2026年(1-3月)']);
      expect(shenzhen.series[0].data).toEqual([600, 700]); // 64 July-December 6×100; 62 + 64: 200+100+400
      expect(shenzhen.series[1].data).toEqual([null, null]); // nothing in 深圳 in January-March 2025
    });

    test('wholesale has no areas: a chosen area or the tree with source 1 is a 400', async () => {
      const cases: Array<[string, Record<string, number>]> = [['areaMarket/whole', { source: 1, area: 1, level: 1 }], ['areaMarket/area', { source: 1 }]];
      for (const [path, query] of cases) {
        const response = await call(path, query).expect(400);
        expect(response.body).toEqual({ code: -1400, msg: '批发量数据没有地区维度，请选择零售量（数据来源 2）', result: null });
      }
    });
  });

  describe('companyBrand: one producer or brand, the ranking list, the car-model details', () => {
    test('whole: the cards of producer 乙汽车 (type 0) and brand 甲德 (type 1)', async () => {
      expect(await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 12 })).toMatchObject({
        qty: 300, tb: 500, hb: 200, ljQty: 800, ljTb: 1000,
        yoy: -40, yoys: '-40.0%', mom: 50, moms: '50.0%', yearYoy: -20, yearYoys: '-20.0%', // 300/500−1, 300/200−1, 800/1000−1
      });
      expect(await ok<Summary>('companyBrand/whole', { type: 1, foreignId: 21 })).toMatchObject({
        qty: 500, tb: 100, hb: 200, ljQty: 900, ljTb: 300,
        yoy: 400, yoys: '400.0%', mom: 150, moms: '150.0%', yearYoy: 200, yearYoys: '200.0%', // 500/100−1, 500/200−1, 900/300−1
      });
      // Wholesale, producer 甲汽车: 850 against 300 and 350; lj 1600 against 900.
      expect(await ok<Summary>('companyBrand/whole', { type: 0, foreignId: 11, source: 1 })).toMatchObject({
        qty: 850, tb: 300, hb: 350, ljQty: 1600, ljTb: 900, yoys: '183.3%', moms: '142.9%', yearYoys: '77.8%',
      });
      const unknown = await call('companyBrand/whole', { type: 0, foreignId: 99 }).expect(400);
      expect(unknown.body.msg).toContain('99');
    });

    test('list: producers and brands ranked, with places, Str forms and paging', async () => {
      const producers = await ok<Page>('companyBrand/list', { type: 0 });
      expect(producers.list).toEqual([
        expect.objectContaining({ ...row({ id: 11, name: '甲汽车', ...JIA, ljRanking: 1, rankingStatus: 1 }), ranking: 1, rankingStr: '1', yoyStr: '133.3%', mixStr: '70.0%', ljRankingStr: '1', yearYoyStr: '75.0%' }),
        expect.objectContaining({ ...row({ id: 12, name: '乙汽车', ...YI, ljRanking: 2, rankingStatus: -1 }), ranking: 2, rankingStr: '2', yoyStr: '-40.0%', mixStr: '30.0%', ljRankingStr: '2', yearYoyStr: '-20.0%' }),
      ]);
      expect(producers.total).toBe(2);
      const brands = await ok<Page>('companyBrand/list', { type: 1, accumulate: 1 });
      // By January-to-date: 甲德 900, 乙牌 800, 甲日 500.
      expect(brands.list.map((r) => [r.name, r.ranking, r.salesSum, r.yearMix, r.ljRanking])).toEqual([
        ['甲德', 1, 900, 40.9, 1], ['乙牌', 2, 800, 36.4, 2], ['甲日', 3, 500, 22.7, 3],
      ]);
      const second = await ok<Page>('companyBrand/list', { type: 1, pageSize: 1, currentPage: 2 });
      expect(second.list.map((r) => [r.name, r.ranking, r.sales, r.mix])).toEqual([['乙牌', 2, 300, 30]]);
      expect(second.total).toBe(3);
      // Rank band 1 holds places 1-10, band 2 is empty here.
      expect((await ok<Page>('companyBrand/list', { type: 1, rank: 1 })).list.map((r) => r.ranking)).toEqual([1, 2, 3]);
      expect((await ok<Page>('companyBrand/list', { type: 1, rank: 2 })).list).toEqual([]);
    });

    test('carDetails of 乙汽车 for the month: its sub-series per segment, subtotals, the segment and market totals', async () => {
      interface ModelRow { name: string; sales: number; tqSales: number; yoy: number | null; detailMix: number | null; detailMixChange: number | null; wholeMix: number | null; wholeMixChange: number | null; ranking: number | null; rankingStatus: number }
      interface Details { time: string; tqTime: string; details: Array<{ id: number; name: string; width: number; mix: number | null; tqWidth: number; tqMix: number | null; models: ModelRow[]; heJi1: ModelRow; heJi2: ModelRow }>; wholeHeJi1: ModelRow; wholeHeJi2: ModelRow; hejis: ModelRow[] }
      const pick = (m: ModelRow) => [m.name, m.sales, m.tqSales, m.yoy, m.detailMix, m.detailMixChange, m.wholeMix, m.wholeMixChange, m.ranking, m.rankingStatus];
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
      expect(year.details.map((d) => [d.name, d.width, d.mix, d.tqWidth, d.tqMix])).toEqual([['A级轿车', 100, 75, 0, 0], ['B级轿车', 33.3, 25, 100, 100]]);
      // 乙电EV: 600 of A级轿车's 1500 = 40.0 %; of 2200 = 27.3 %. 乙尊: all of B级轿车 both years (change 0 → '-'), 200/2200 = 9.1 %
      // vs 1000/1800 = 55.6 % → −46.5 pt; 1st of its segment both years → flat.
      expect(year.details[0].models.map(pick)).toEqual([['乙电EV', 600, 0, null, 40, 40, 27.3, 27.3, 2, -2]]);
      expect(year.details[1].models.map(pick)).toEqual([['乙尊', 200, 1000, -80, 100, null, 9.1, -46.5, 1, 0]]);
      // 800 vs 1000 → −20.0 %; 800/2200 = 36.4 % vs 1000/1800 = 55.6 % → −19.2 pt; 2nd, was 1st.
      expect(pick(year.wholeHeJi1)).toEqual(['乙汽车合计', 800, 1000, -20, 36.4, -19.2, 36.4, -19.2, 2, -1]);
    });
  });

  describe('filters narrow every figure consistently', () => {
    test('detailId 3 (A级轿车 = 德锐 + 乙电EV)', async () => {
      // qty 500+300 = 800, tq 100, hb 200+100 = 300, lj 900+600 = 1500, tqLj 300.
      expect(await ok<Summary>('wholeMarket/whole', { detailId: 3 })).toMatchObject({
        qty: 800, tb: 100, hb: 300, ljQty: 1500, ljTb: 300,
        yoy: 700, yoys: '700.0%', mom: 166.7, moms: '166.7%', yearYoy: 400, yearYoys: '400.0%', // 800/100−1, 800/300−1, 1500/300−1
      });
      const producers = await ok<Page>('wholeMarket/producer', { detailId: 3 });
      // 甲汽车 here is 德锐 only: mix 500/800 = 62.5 %, tqMix 100/100 = 100.0 %, yearMix 900/1500 = 60.0 %.
      // 乙汽车 here is 乙电EV only: mix 300/800 = 37.5 %, tqMix 0.0 %, yearMix 600/1500 = 40.0 %.
      expect(producers.list.map((r) => [r.name, r.sales, r.mix, r.tqMix, r.mixChange, r.yearMix])).toEqual([
        ['甲汽车', 500, 62.5, 100, -37.5, 60],
        ['乙汽车', 300, 37.5, 0, 37.5, 40],
      ]);
      const areas = await ok<Page>('wholeMarket/area', { detailId: 3 });
      // 华南 = 62@深圳 + 64@广州 + 64@深圳: 200+100+200 = 500, lj 300+200+500 = 1000 → mix 62.5 %, yearMix 66.7 %.
      // 华北 = 61@北京: 300, lj 500 → mix 37.5 %, yearMix 33.3 %.
      expect(ranked(areas).map((r) => [r.name, r.sales, r.salesSum, r.mix, r.yearMix])).toEqual([
        ['华南', 500, 1000, 62.5, 66.7],
        ['华北', 300, 500, 37.5, 33.3],
      ]);
      const subSeries = await ok<Page>('wholeMarket/modelSub', { detailId: 3 });
      expect(subSeries.list.map((r) => [r.name, r.mix])).toEqual([['德锐', 62.5], ['乙电EV', 37.5]]);
      const segments = await ok<Page>('wholeMarket/detail', { detailId: 3 });
      expect(segments.list.map((r) => [r.name, r.sales, r.mix])).toEqual([['A级轿车', 800, 100], ['轿车小计', 800, 100], ['合计', 800, 100]]);
    });

    test('fuels 6 (BEV = 乙电EV only): no sales a year ago, so every yoy is "-"', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '6' })).toMatchObject({
        qty: 300, tb: 0, hb: 100, ljQty: 600, ljTb: 0,
        yoy: null, yoys: '-', mom: 200, moms: '200.0%', yearYoy: null, yearYoys: '-', // 300/100 − 1
      });
      const producers = await ok<Page>('wholeMarket/producer', { fuels: '6' });
      // Last year's market is empty: tqMix has no meaning ('-'), nor has the share change.
      expect(producers.list).toEqual([
        expect.objectContaining({ name: '乙汽车', sales: 300, mix: 100, mixs: '100.0%', tqMix: null, tqMixs: '-', mixChange: null, yoy: null, yoys: '-', ljRanking: 1, rankingStatus: -2 }),
      ]);
      const areas = await ok<Page>('wholeMarket/area', { fuels: '6' });
      expect(ranked(areas).map((r) => [r.name, r.sales, r.mix])).toEqual([['华南', 300, 100]]);
    });

    test('fuels 1 (petrol = 德锐 + 日行SUV + 乙尊)', async () => {
      // qty 500+200+0 = 700, tq 100+200+500 = 800, hb 200+100+100 = 400, lj 900+500+200 = 1600, tqLj 300+500+1000 = 1800.
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '1' })).toMatchObject({
        qty: 700, tb: 800, hb: 400, ljQty: 1600, ljTb: 1800,
        yoy: -12.5, yoys: '-12.5%', mom: 75, moms: '75.0%', yearYoy: -11.1, yearYoys: '-11.1%', // 700/800−1, 700/400−1, 1600/1800−1
      });
      const producers = await ok<Page>('wholeMarket/producer', { fuels: '1' });
      // 甲汽车 700 → 100.0 %, yearMix 1400/1600 = 87.5 %; 乙汽车 (乙尊) 0 → 0.0 %, yearMix 200/1600 = 12.5 %.
      expect(producers.list.map((r) => [r.name, r.sales, r.mix, r.yearMix])).toEqual([['甲汽车', 700, 100, 87.5], ['乙汽车', 0, 0, 12.5]]);
      const areas = await ok<Page>('wholeMarket/area', { fuels: '1' });
      // 华北 has no BEV: 400 → 400/700 = 57.1 %; 华南 = 62@深圳 200 + 63@广州 100 = 300 → 42.9 %.
      expect(ranked(areas).map((r) => [r.name, r.sales, r.mix])).toEqual([['华北', 400, 57.1], ['华南', 300, 42.9]]);
      // Both fuels are the whole market.
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '1,6' })).toEqual(await ok<Summary>('wholeMarket/whole'));
    });

    test('producerProperty 1 (自主 = 乙汽车) and 2 (合资 = 甲汽车)', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { producerProperty: 1 })).toMatchObject({
        qty: 300, tb: 500, hb: 200, ljQty: 800, ljTb: 1000,
        yoy: -40, yoys: '-40.0%', mom: 50, moms: '50.0%', yearYoy: -20, yearYoys: '-20.0%',
      });
      expect(await ok<Summary>('wholeMarket/whole', { producerProperty: 2 })).toMatchObject({
        qty: 700, tb: 300, hb: 300, ljQty: 1400, ljTb: 800,
        yoy: 133.3, mom: 133.3, yearYoy: 75, // 700/300−1, 700/300−1, 1400/800−1
      });
      const subSeries = await ok<Page>('wholeMarket/modelSub', { producerProperty: 1 });
      // 乙电EV 300 of 300 → 100.0 %, yearMix 600/800 = 75.0 %; 乙尊 0 → 0.0 %, yearMix 200/800 = 25.0 %.
      expect(subSeries.list.map((r) => [r.name, r.sales, r.mix, r.yearMix])).toEqual([['乙电EV', 300, 100, 75], ['乙尊', 0, 0, 25]]);
      const provinces = await ok<Page>('wholeMarket/area', { producerProperty: 1, dimensionality: 2 });
      // 北京 = 65: qty 0, tq 300, lj 100+100 = 200; 天津 = 66: qty 0, tq 200, lj 0 (sold only last year: no rank);
      // 广东 = 64: qty 300, lj 600.
      expect(provinces.list.map((r) => [r.name, r.sales, r.tqSales, r.salesSum, r.ljRanking, r.rankingStatus])).toEqual([
        ['北京', 0, 300, 200, 2, -1],
        ['天津', 0, 200, 0, null, -2],
        ['华北小计', 0, 500, 200, null, -2],
        ['广东', 300, 0, 600, 1, -2],
        ['华南小计', 300, 0, 600, null, -2],
        ['合计', 300, 500, 800, null, -2],
      ]);
    });

    const FILTERS: Array<Record<string, string | number>> = [
      {},
      { detailId: 3 },
      { detailId: 7 },
      { fuels: '6' },
      { fuels: '1' },
      { producerProperty: 1 },
      { producerProperty: 2 },
      { detailId: 3, fuels: '1', producerProperty: 2 },
      { time: '2026-01' },
      { source: 1 },
      { source: 1, detailId: 3 },
    ];
    const TABLES: Array<[string, Record<string, number>]> = [
      ['wholeMarket/detail', {}],
      ['wholeMarket/series', {}],
      ['wholeMarket/bound', { pageSize: 500 }],
      ['wholeMarket/producer', { pageSize: 500 }],
      ['wholeMarket/modelSub', { pageSize: 500 }],
      ['wholeMarket/area', { dimensionality: 1 }],
      ['wholeMarket/area', { dimensionality: 2 }],
      ['companyBrand/list', { type: 0, pageSize: 500 }],
      ['companyBrand/list', { type: 1, pageSize: 500, accumulate: 1 }],
    ];

    /** The rows of a table hold the summary's volumes; shares add to 100 %; 合计 and 小计 rows are the sums they say. */
    function expectAddsUp(context: string, page: Page, summary: Summary): void {
      const rows = ranked(page);
      const sum = (key: 'sales' | 'tqSales' | 'salesSum' | 'tqSalesSum') => rows.reduce((s, r) => s + r[key], 0);
      expect({ context, qty: sum('sales'), tb: sum('tqSales'), ljQty: sum('salesSum'), ljTb: sum('tqSalesSum') }).toEqual({
        context, qty: summary.qty, tb: summary.tb, ljQty: summary.ljQty, ljTb: summary.ljTb,
      });
      expect({ context, total: page.total }).toEqual({ context, total: rows.length });
      // Shares rounded to one decimal: within 0.05 pt per row of 100.
      const tolerance = 0.05 * rows.length + 1e-9;
      if (summary.qty > 0) expect({ context, mixOff: Math.abs(rows.reduce((s, r) => s + (r.mix ?? 0), 0) - 100) <= tolerance }).toEqual({ context, mixOff: true });
      if (summary.ljQty > 0) expect({ context, yearMixOff: Math.abs(rows.reduce((s, r) => s + (r.yearMix ?? 0), 0) - 100) <= tolerance }).toEqual({ context, yearMixOff: true });
      const total = page.list.find((r) => r.name === '合计');
      if (total) {
        expect({ context, sales: total.sales, tqSales: total.tqSales, salesSum: total.salesSum, tqSalesSum: total.tqSalesSum, yoys: total.yoys, yearYoys: total.yearYoys }).toEqual({
          context, sales: summary.qty, tqSales: summary.tb, salesSum: summary.ljQty, tqSalesSum: summary.ljTb, yoys: summary.yoys, yearYoys: summary.yearYoys,
        });
      }
      // Each subtotal is the sum of the rows of its group.
      for (const subtotal of page.list.filter((r) => r.heji && r.name !== '合计')) {
        const members = rows.filter((r) => r.groupName === subtotal.groupName);
        expect({ context, group: subtotal.name, sales: subtotal.sales, salesSum: subtotal.salesSum }).toEqual({
          context, group: subtotal.name, sales: members.reduce((s, r) => s + r.sales, 0), salesSum: members.reduce((s, r) => s + r.salesSum, 0),
        });
      }
    }

    test.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))('whole market %s: the rows of every dimension add up to the narrowed summary, shares to 100 %%', async (_label, filter) => {
      const summary = await ok<Summary>('wholeMarket/whole', filter);
      for (const [path, extra] of TABLES) {
        if (filter.source === 1 && path === 'wholeMarket/area') continue;
        expectAddsUp(`${path} ${JSON.stringify({ ...filter, ...extra })}`, await ok<Page>(path, { ...filter, ...extra }), summary);
      }
    });

    const AREAS: Array<Record<string, string | number>> = [
      {},
      { fuels: '6' },
      { area: 1, level: 1 },
      { area: 5, level: 1, fuels: '1' },
      { area: 440000, level: 2 },
      { area: 440000, level: 2, producerProperty: 1 },
      { area: 440300, level: 3 },
      { area: 110000, level: 3, detailId: 3 },
      { area: 120000, level: 2, time: '2026-02' },
    ];
    test.each(AREAS.map((f) => [JSON.stringify(f), f] as const))('area market %s: every table and the area tree add up to the area\'s cards', async (_label, filter) => {
      const summary = await ok<Summary>('areaMarket/whole', filter);
      for (const [path, extra] of [['areaMarket/detail', {}], ['areaMarket/series', {}], ['areaMarket/bound', { pageSize: 500 }], ['areaMarket/producer', { pageSize: 500 }]] as const) {
        expectAddsUp(`${path} ${JSON.stringify({ ...filter, ...extra })}`, await ok<Page>(path, { ...filter, ...extra }), summary);
      }
      type Node = Row & { children?: Node[] };
      const tree = await ok<{ list: Node[]; total: number }>('areaMarket/area', filter);
      expectAddsUp(`areaMarket/area ${JSON.stringify(filter)}`, { list: tree.list, total: tree.total, currentPage: 1, pageSize: tree.list.length }, summary);
      // Each parent holds exactly its children's volumes.
      for (const parent of tree.list.filter((r) => r.children && r.children.length > 0)) {
        const kids = parent.children!;
        expect({ place: parent.name, sales: kids.reduce((s, r) => s + r.sales, 0), salesSum: kids.reduce((s, r) => s + r.salesSum, 0), tqSales: kids.reduce((s, r) => s + r.tqSales, 0) }).toEqual({
          place: parent.name, sales: parent.sales, salesSum: parent.salesSum, tqSales: parent.tqSales,
        });
      }
    });
  });
});
