import request from 'supertest';
import {
  API_PREFIX,
  ApiCode,
  type DashboardCityPage,
  type DashboardGrowthSplit,
  type DashboardList,
  type DashboardNevTrend,
  type DashboardWhole,
  type Summary,
  type TablePage,
  addMonths,
  formatMonth,
  parseMonth,
  pointsCardText,
  signedText,
} from '@car/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { priceVolumeMarket } from '../support/price-volume-market';
import { signedInApi } from '../support/signed-in-api';

/**
 * The dashboard against the sales-volume calls on the demo data: the same month and mode give the
 * same volumes; penetration, the BEV/PHEV split and the brand types add up; top lists are ordered and
 * their shares are of the right total.
 */
const API = '/car/api';

describe('the dashboard calls', () => {
  const { get, result, app } = signedInApi({ address: `10.76.${process.pid % 250}.1`, base: API });
  let latest: string;

  beforeAll(async () => {
    latest = (await result<Summary>('saleVolume/wholeMarket/whole')).time;
  });

  const tenths = (qty: number) => Math.round(qty / 100) / 10;
  const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

  test('every call needs a session', async () => {
    for (const path of ['whole', 'producers', 'brands', 'modelSubs', 'cities', 'nevTrend']) {
      const response = await request(app().getHttpServer()).get(`${API}/dashboard/${path}`).expect(401);
      expect(response.body.code).toBe(-1009);
    }
  });

  test.each([['0'], ['1']])('accumulate %s: whole market and new energy equal the whole-market cards for the same month', async (accumulate) => {
    const earlier = formatMonth(addMonths(parseMonth(latest), -3));
    for (const time of [latest, earlier]) {
      const dashboard = await result<DashboardWhole>('dashboard/whole', { time, accumulate });
      const all = await result<Summary>('saleVolume/wholeMarket/whole', { time });
      const nev = await result<Summary>('saleVolume/wholeMarket/whole', { time, fuels: '4,5,6' });
      const pick = (s: Summary) => (accumulate === '1' ? { qty: s.ljQty, yoy: s.yearYoy } : { qty: s.qty, yoy: s.yoy });
      expect(dashboard.time).toBe(time);
      expect({ qty: dashboard.all.qty, yoy: dashboard.all.yoy }).toEqual(pick(all));
      expect({ qty: dashboard.xinnengyuan.qty, yoy: dashboard.xinnengyuan.yoy }).toEqual(pick(nev));
      expect(dashboard.all.qtyStr).toBe(tenths(pick(all).qty).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
      expect(dashboard.shentoulv).toBe(percent(dashboard.xinnengyuan.qty, dashboard.all.qty));
    }
  });

  test('BEV + PHEV = new energy, the gauges add to 100 %, and 新创 + 自主 + 合资 = the whole market', async () => {
    const d = await result<DashboardWhole>('dashboard/whole', { time: latest });
    expect(d.bev.qty + d.phev.qty).toBe(d.xinnengyuan.qty);
    expect(d.bev.yoyQty + d.phev.yoyQty).toBe(d.xinnengyuan.yoyQty);
    expect(d.bevPer).toBe(percent(d.bev.qty, d.xinnengyuan.qty));
    expect(Math.abs((d.bevPer ?? 0) + (d.phevPer ?? 0) - 100)).toBeLessThanOrEqual(0.1);
    expect(d.xinchuang.qty + d.zizhu.qty + d.hezi.qty).toBe(d.all.qty);
    const bev = await result<Summary>('saleVolume/wholeMarket/whole', { time: latest, fuels: '6' });
    expect(d.bev.qty).toBe(bev.qty);
    expect(d.bev.yoyQty).toBe(bev.qty - bev.tb);
  });

  test("penetration change is the points between this and last year's penetration", async () => {
    const time = latest;
    const lastYear = formatMonth(parseMonth(time) - 100);
    const now = await result<DashboardWhole>('dashboard/whole', { time });
    const before = await result<DashboardWhole>('dashboard/whole', { time: lastYear });
    const exact = (now.xinnengyuan.qty / now.all.qty - before.xinnengyuan.qty / before.all.qty) * 100;
    expect(now.yoyShentoulv).toBe(Math.round(exact * 10) / 10);
  });

  test('the producers are the whole-market producer ranking, shares of the whole market', async () => {
    const d = await result<DashboardWhole>('dashboard/whole', { time: latest });
    const ranking = await result<TablePage>('saleVolume/wholeMarket/producer', { time: latest, pageSize: '10' });
    expect(d.producers.map((p) => [p.id, p.qty, p.per, p.yoy])).toEqual(ranking.list.map((r) => [r.id, r.sales, r.mix, r.yoy]));
    const list = await result<DashboardList>('dashboard/producers', { time: latest, pageSize: '3' });
    expect(list.list).toEqual(d.producers.slice(0, 3));
  });

  test.each([['0'], ['1']])(
    'accumulate %s: the producers are ordered, each share of the whole market; the city pages are ordered across pages',
    async (accumulate) => {
      const d = await result<DashboardWhole>('dashboard/whole', { time: latest, accumulate });
      const producers = await result<DashboardList>('dashboard/producers', { time: latest, accumulate, pageSize: '50' });
      const quantities = producers.list.map((r) => r.qty);
      expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
      for (const r of producers.list) expect(r.per).toBe(percent(r.qty, d.all.qty));
      const pages = [];
      for (const currentPage of ['1', '2', '3'])
        pages.push(...(await result<DashboardCityPage>('dashboard/cities', { time: latest, accumulate, jllType: '2', currentPage })).list);
      const cityQuantities = pages.map((c) => c.qty);
      expect(cityQuantities).toEqual([...cityQuantities].sort((a, b) => b - a));
      expect(new Set(pages.map((c) => c.id)).size).toBe(pages.length);
      for (const c of pages) expect(c.per).toBe(percent(c.qty, d.xinchuang.qty));
    },
  );

  test.each([['2'], ['1'], ['0']])("jllType %s: brands and car series ordered, shares of the type's total", async (jllType) => {
    const whole = await result<DashboardWhole>('dashboard/whole', { time: latest, accumulate: '1' });
    const typeTotal = { '2': whole.xinchuang, '1': whole.zizhu, '0': whole.hezi }[jllType]!.qty;
    for (const path of ['brands', 'modelSubs']) {
      const every = await result<DashboardList>(`dashboard/${path}`, { time: latest, accumulate: '1', jllType, pageSize: '50' });
      const quantities = every.list.map((r) => r.qty);
      expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
      for (const r of every.list) expect(r.per).toBe(percent(r.qty, typeTotal));
      const top = await result<DashboardList>(`dashboard/${path}`, { time: latest, accumulate: '1', jllType });
      expect(top.list).toEqual(every.list.slice(0, path === 'brands' ? 7 : 10));
      expect(top.total).toBe(every.total);
    }
  });

  test('cities page by ten with their flags; the pages add up to the type in the cities listed', async () => {
    const first = await result<DashboardCityPage>('dashboard/cities', { time: latest, jllType: '1' });
    const second = await result<DashboardCityPage>('dashboard/cities', { time: latest, jllType: '1', currentPage: '2' });
    expect(first.list).toHaveLength(10);
    expect(second.currentPage).toBe(2);
    expect(first.list[9].qty).toBeGreaterThanOrEqual(second.list[0].qty);
    const beijing = [...first.list, ...second.list].find((c) => c.id === 110000);
    expect(beijing).toMatchObject({ xianxing: true, xiangou: true });
    const whole = await result<DashboardWhole>('dashboard/whole', { time: latest });
    for (const c of first.list) expect(c.per).toBe(percent(c.qty, whole.zizhu.qty));
  });

  test("the NEV trend's last point is the penetration card of the month; thirteen months end with it", async () => {
    const earlier = formatMonth(addMonths(parseMonth(latest), -5));
    for (const time of [latest, earlier]) {
      const trend = await result<DashboardNevTrend>('dashboard/nevTrend', { time });
      const months = trend.chart.xAxis[0].categories;
      expect(months).toHaveLength(13);
      expect(months[12]).toBe(time);
      expect(months[0]).toBe(formatMonth(addMonths(parseMonth(time), -12)));
      const points = trend.chart.series[0].data;
      expect(points[12]).toBe((await result<DashboardWhole>('dashboard/whole', { time })).shentoulv);
      expect(points[0]).toBe((await result<DashboardWhole>('dashboard/whole', { time: months[0] })).shentoulv);
    }
    expect((await result<DashboardNevTrend>('dashboard/nevTrend')).time).toBe(latest);
  });

  test('the three briefs are written from the figures', async () => {
    const d = await result<DashboardWhole>('dashboard/whole', { time: latest });
    expect(d.briefs).toHaveLength(3);
    expect(d.briefs[0].text).toContain(`零售 ${d.all.qtyStr} 千辆`);
    expect(d.briefs[1].text).toContain(`渗透率 ${d.shentoulvStr}`);
    expect(d.briefs[2].text).toContain(`${d.producers[0].name}（${d.producers[0].perStr}）`);
  });

  /**
   * 归因分析's sentences (issue 50) against the whole-market cards of the same period: the growth reads as the card's,
   * each part's change is the whole-market call's (新能源 = fuels 4,5,6; 燃油车 the rest), each 拉动 lies within a
   * tenth of its exact points (change ÷ the market's base × 100), and the two add up to the growth shown.
   */
  const checkGrowthSplit = (
    split: DashboardGrowthSplit,
    label: string,
    card: { growth: number | null; text: string },
    all: [number, number],
    nev: [number, number],
  ) => {
    const [current, base] = all;
    const [nevCurrent, nevBase] = nev;
    const changes = [nevCurrent - nevBase, current - nevCurrent - (base - nevBase)];
    expect(split.growth).toBe(card.growth);
    expect(split.parts.map((p) => [p.name, p.change])).toEqual([
      ['新能源', changes[0]],
      ['燃油车', changes[1]],
    ]);
    split.parts.forEach((p, i) => expect(Math.abs(p.contribution - (changes[i] * 100) / base)).toBeLessThan(0.1));
    expect(Math.round((split.parts[0].contribution + split.parts[1].contribution) * 10)).toBe(Math.round(split.growth * 10));
    const [pull, rest] = split.parts.map((p) => pointsCardText(p.contribution));
    expect(split.text).toBe(`${label} ${signedText(card.text)}：新能源拉动 ${pull}，燃油车 ${rest}`);
  };

  test.each([['0'], ['1']])('accumulate %s: the sentences split the market’s growth into 新能源 and 燃油车, adding up to the card', async (accumulate) => {
    const d = await result<DashboardWhole>('dashboard/whole', { time: latest, accumulate });
    const all = await result<Summary>('saleVolume/wholeMarket/whole', { time: latest });
    const nev = await result<Summary>('saleVolume/wholeMarket/whole', { time: latest, fuels: '4,5,6' });
    if (accumulate === '0') {
      expect(d.growthSplits.map((s) => s.compare)).toEqual([0, 1]);
      checkGrowthSplit(d.growthSplits[0], '同比', { growth: all.yoy, text: all.yoys }, [all.qty, all.tb], [nev.qty, nev.tb]);
      checkGrowthSplit(d.growthSplits[1], '环比', { growth: all.mom, text: all.moms }, [all.qty, all.hb], [nev.qty, nev.hb]);
    } else {
      expect(d.growthSplits.map((s) => s.compare)).toEqual([2]);
      checkGrowthSplit(d.growthSplits[0], '累计同比', { growth: all.yearYoy, text: all.yearYoys }, [all.ljQty, all.ljTb], [nev.ljQty, nev.ljTb]);
    }
  });

  test('1-2月合计: one sentence, the two months on last year’s, as the whole-market card of 1-2月合计', async () => {
    const time = `${Number(latest.slice(0, 4)) - 1}-02`;
    const d = await result<DashboardWhole>('dashboard/whole', { time, newYear: '1' });
    const all = await result<Summary>('saleVolume/wholeMarket/whole', { time, newYear: '1' });
    const nev = await result<Summary>('saleVolume/wholeMarket/whole', { time, newYear: '1', fuels: '4,5,6' });
    expect(d.growthSplits.map((s) => s.compare)).toEqual([3]);
    checkGrowthSplit(d.growthSplits[0], '1-2月同比', { growth: all.yoy, text: all.yoys }, [all.qty, all.tb], [nev.qty, nev.tb]);
  });

  test.each([
    ['time', '2026-13'],
    ['time', '1990-01'],
    ['accumulate', '2'],
    ['jllType', '3'],
    ['jllType', '-1'],
    ['pageSize', '0'],
    ['pageSize', '51'],
    ['pageSize', '1e3'],
    ['currentPage', '0'],
    ['currentPage', '99999999999'],
    ['currentPage', 'x'],
    ['company', '1'],
    ['time', '2026-10\u0000'],
  ])('%s=%s is a 400 with a Chinese message', async (name, value) => {
    for (const path of ['whole', 'producers', 'brands', 'modelSubs', 'cities', 'nevTrend']) {
      const response = await get(`dashboard/${path}`, { [name]: value });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(-1400);
      expect(response.body.msg).toMatch(/参数/);
    }
  });
});

/*
 * The NEV-penetration trend on the hand-made market of sales-fixture.ts, worked out by hand. New energy is
 * trim 64 (乙电EV, BEV) alone, sold from 2025-07. Thirteen months to 2026-03 are 2025-03 … 2026-03:
 *   NEV     0    0    0    0  200  200  200  200  200  200 | 200  100  300
 *   market 800  600  600  600  800  800  800  800  800  800 | 700  500 1000
 *   %       0    0    0    0   25   25   25   25   25   25 | 28.6  20   30     (200 / 700 = 28.571… → 28.6)
 */
describe('the NEV-penetration trend on the hand-made market', () => {
  // The shared testbed of the hand-made market (its prices come along; this test reads only retail).
  const market = priceVolumeMarket('nevtrend', `10.77.${process.pid % 250}.1`);
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await market.open());
  }, 120_000);

  afterAll(() => market.close());

  const trend = async (query: Record<string, string>): Promise<DashboardNevTrend> => {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/dashboard/nevTrend`).query(query).set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: ApiCode.Success });
    return response.body.result as DashboardNevTrend;
  };

  test('each month is its NEV over its whole market, one decimal, the latest month last', async () => {
    const answer = await trend({});
    expect(answer.time).toBe('2026-03');
    expect(answer.chart.xAxis[0].categories).toEqual(
      '2025-03 2025-04 2025-05 2025-06 2025-07 2025-08 2025-09 2025-10 2025-11 2025-12 2026-01 2026-02 2026-03'.split(' '),
    );
    expect(answer.chart.series).toEqual([{ name: '新能源渗透率', type: 'line', yAxis: 0, data: [0, 0, 0, 0, 25, 25, 25, 25, 25, 25, 28.6, 20, 30] }]);
  });

  test('an earlier month ends the line there; months before the data are null', async () => {
    const answer = await trend({ time: '2025-08' });
    expect(answer.chart.xAxis[0].categories[0]).toBe('2024-08');
    expect(answer.chart.series[0].data).toEqual([null, null, null, null, null, 0, 0, 0, 0, 0, 0, 25, 25]);
  });

  test('a month outside the data is a 400 naming time', async () => {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/dashboard/nevTrend`).query({ time: '2026-09' }).set('token', token);
    expect(response.status).toBe(400);
    expect(response.body.msg).toMatch(/time/);
  });
});
