import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type ChartResult, MP_SESSION_HEADER, type TablePage, type TableRow } from '@car/contracts';
import { ANALYST, createSalesFixture } from './sales-fixture';
import { signedInApp } from './api-app';
import { signedLink } from './mp-link';
import { testEnv } from './test-env';

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

export interface Figures {
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
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** '12.3%' for 12.3, '-' for null: the display of a growth or share already worked out by hand. */
export const shown = (n: number | null): string => (n === null ? '-' : `${n.toFixed(1)}%`);
/** '+37.5' for 37.5, '-5.0' for −5, '-' for null: the display of a share change in percentage points (decision 173), no '%'. */
export const points = (n: number | null): string => (n === null ? '-' : `${n > 0 ? '+' : ''}${n.toFixed(1)}`);

/** The table row the API must answer for hand-worked figures: each number with its display string. */
export function row(f: Figures): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    sales: f.sales,
    salesStr: grouped(f.sales),
    tqSales: f.tqSales,
    tqSalesStr: grouped(f.tqSales),
    salesSum: f.salesSum,
    salesSumStr: grouped(f.salesSum),
    tqSalesSum: f.tqSalesSum,
    tqSalesSumStr: grouped(f.tqSalesSum),
    mom: f.mom,
    moms: shown(f.mom),
    yoy: f.yoy,
    yoys: shown(f.yoy),
    mix: f.mix,
    mixs: shown(f.mix),
    tqMix: f.tqMix,
    tqMixs: shown(f.tqMix),
    mixChange: f.mixChange,
    mixChanges: points(f.mixChange),
    yearYoy: f.yearYoy,
    yearYoys: shown(f.yearYoy),
    yearMix: f.yearMix,
    yearMixs: shown(f.yearMix),
    tqYearMix: f.tqYearMix,
    tqYearMixs: shown(f.tqYearMix),
    yearMixChange: f.yearMixChange,
    yearMixChanges: points(f.yearMixChange),
    ljRanking: f.ljRanking,
    rankingStatus: f.rankingStatus,
  };
}

/** A table row, read field by field against the hand-worked figures. */
export type Row = TableRow & Record<string, unknown>;
export type Page = Omit<TablePage, 'list'> & { list: Row[] };
export type Chart = ChartResult;

/* ---------- hand-worked rows of the whole retail market, 2026-03 ---------- */

// 德锐 [51]: yoy 500/100−1 = 400.0 %; mom 500/200−1 = 150.0 %; mix 500/1000 = 50.0 %; tqMix 100/800 = 12.5 %;
// mixChange 50−12.5 = 37.5 pt; yearYoy 900/300−1 = 200.0 %; yearMix 900/2200 = 40.9 %; tqYearMix 300/1800 = 16.7 %;
// yearMixChange 40.91−16.67 = 24.2 pt.
export const DERUI = {
  sales: 500,
  tqSales: 100,
  salesSum: 900,
  tqSalesSum: 300,
  mom: 150,
  yoy: 400,
  mix: 50,
  tqMix: 12.5,
  mixChange: 37.5,
  yearYoy: 200,
  yearMix: 40.9,
  tqYearMix: 16.7,
  yearMixChange: 24.2,
};
// 日行SUV [52]: yoy 200/200−1 = 0 → '-'; mom 200/100−1 = 100.0 %; mix 20.0 %; tqMix 200/800 = 25.0 %; mixChange −5.0 pt;
// yearYoy 500/500−1 = 0 → '-'; yearMix 500/2200 = 22.7 %; tqYearMix 500/1800 = 27.8 %; yearMixChange 22.73−27.78 = −5.1 pt.
export const RIXING = {
  sales: 200,
  tqSales: 200,
  salesSum: 500,
  tqSalesSum: 500,
  mom: 100,
  yoy: null,
  mix: 20,
  tqMix: 25,
  mixChange: -5,
  yearYoy: null,
  yearMix: 22.7,
  tqYearMix: 27.8,
  yearMixChange: -5.1,
};
// 乙电EV [53]: no sales a year ago, so yoy and yearYoy '-'; mom 300/100−1 = 200.0 %; mix 30.0 %; tqMix 0/800 = 0.0 %;
// mixChange 30.0 pt; yearMix 600/2200 = 27.3 %; tqYearMix 0.0 %; yearMixChange 27.3 pt.
export const YIDIAN = {
  sales: 300,
  tqSales: 0,
  salesSum: 600,
  tqSalesSum: 0,
  mom: 200,
  yoy: null,
  mix: 30,
  tqMix: 0,
  mixChange: 30,
  yearYoy: null,
  yearMix: 27.3,
  tqYearMix: 0,
  yearMixChange: 27.3,
};
// 乙尊 [54]: no sales this month: yoy 0/500−1 = −100.0 %, mom 0/100−1 = −100.0 %, mix 0.0 %; tqMix 500/800 = 62.5 %;
// mixChange −62.5 pt; yearYoy 200/1000−1 = −80.0 %; yearMix 200/2200 = 9.1 %; tqYearMix 1000/1800 = 55.6 %;
// yearMixChange 9.09−55.56 = −46.5 pt.
export const YIZUN = {
  sales: 0,
  tqSales: 500,
  salesSum: 200,
  tqSalesSum: 1000,
  mom: -100,
  yoy: -100,
  mix: 0,
  tqMix: 62.5,
  mixChange: -62.5,
  yearYoy: -80,
  yearMix: 9.1,
  tqYearMix: 55.6,
  yearMixChange: -46.5,
};
// 乙汽车 = 乙电EV + 乙尊: qty 300, tq 500, hb 100+100 = 200, lj 800, tqLj 1000. yoy 300/500−1 = −40.0 %; mom 300/200−1 = 50.0 %;
// mix 30.0 %; tqMix 62.5 %; mixChange −32.5 pt; yearYoy 800/1000−1 = −20.0 %; yearMix 800/2200 = 36.4 %;
// tqYearMix 1000/1800 = 55.6 %; yearMixChange 36.36−55.56 = −19.2 pt.
export const YI = {
  sales: 300,
  tqSales: 500,
  salesSum: 800,
  tqSalesSum: 1000,
  mom: 50,
  yoy: -40,
  mix: 30,
  tqMix: 62.5,
  mixChange: -32.5,
  yearYoy: -20,
  yearMix: 36.4,
  tqYearMix: 55.6,
  yearMixChange: -19.2,
};
// 甲汽车 = 德锐 + 日行SUV: qty 700, tq 300, hb 300, lj 1400, tqLj 800. yoy 700/300−1 = 133.3 %; mom 133.3 %; mix 70.0 %;
// tqMix 300/800 = 37.5 %; mixChange 32.5 pt; yearYoy 1400/800−1 = 75.0 %; yearMix 1400/2200 = 63.6 %;
// tqYearMix 800/1800 = 44.4 %; yearMixChange 63.64−44.44 = 19.2 pt.
export const JIA = {
  sales: 700,
  tqSales: 300,
  salesSum: 1400,
  tqSalesSum: 800,
  mom: 133.3,
  yoy: 133.3,
  mix: 70,
  tqMix: 37.5,
  mixChange: 32.5,
  yearYoy: 75,
  yearMix: 63.6,
  tqYearMix: 44.4,
  yearMixChange: 19.2,
};
// The whole market: yoy 1000/800−1 = 25.0 %; mom 1000/500−1 = 100.0 %; shares 100.0 %, so share changes 0 → '-';
// yearYoy 2200/1800−1 = 22.2 %.
export const MARKET = {
  sales: 1000,
  tqSales: 800,
  salesSum: 2200,
  tqSalesSum: 1800,
  mom: 100,
  yoy: 25,
  mix: 100,
  tqMix: 100,
  mixChange: null,
  yearYoy: 22.2,
  yearMix: 100,
  tqYearMix: 100,
  yearMixChange: null,
};
export const TOTAL = { id: 0, name: '合计', ...MARKET, ljRanking: null, rankingStatus: -2 as const };

/**
 * The sales-volume API on its own copy of the hand-made market (database `<run>_figures_<part>`), signed in as the
 * analyst; call inside a describe, whose beforeAll and afterAll it registers. `ok` asserts a 200 with code 1.
 */
export function salesFiguresApi(part: string, addressOctet: number) {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_figures_${part}`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createSalesFixture(env.adminUrl, database);
    ({ app, token } = await signedInApp({
      address: `10.88.${process.pid % 250}.${addressOctet}`,
      databaseUrl,
      account: ANALYST.account,
      password: ANALYST.password,
    }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** A call under /car/api: `callApi('dashboard/whole')`. */
  function callApi(path: string, query: Record<string, string | number> = {}) {
    return request(app.getHttpServer()).get(`/car/api/${path}`).query(query).set('token', token);
  }

  function call(path: string, query: Record<string, string | number> = {}) {
    return callApi(`saleVolume/${path}`, query);
  }

  /** A sales call with no session: what a signed-out browser gets. */
  function anonymous(path: string, query: Record<string, string | number> = {}) {
    return request(app.getHttpServer()).get(`/car/api/saleVolume/${path}`).query(query);
  }

  async function ok<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const response = await (path.startsWith('dashboard/') ? callApi(path, query) : call(path, query));
    expect({ path, status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({
      path,
      status: 200,
      code: 1,
      msg: expect.any(String),
    });
    return response.body.result as T;
  }

  const ranked = (page: Page): Row[] => page.list.filter((r) => !r.heji);

  let mpSession: string | null = null;
  /** A phone page's call (`mpCall('retail/getRetailChart')`) in an mp session of the analyst, bound once to an openId of this part. */
  async function mpCall(path: string, query: Record<string, string | number> = {}) {
    if (mpSession === null) {
      const bound = await request(app.getHttpServer())
        .post('/car/api/mp/bind')
        .send({ ...signedLink(`o_figures_${part}_${process.pid}`), account: ANALYST.account, password: ANALYST.password });
      mpSession = (bound.body as { result: { session: string } }).result.session;
    }
    return request(app.getHttpServer()).get(`/car/api/mp/${path}`).query(query).set(MP_SESSION_HEADER, mpSession);
  }

  return { call, callApi, anonymous, ok, ranked, mpCall };
}
