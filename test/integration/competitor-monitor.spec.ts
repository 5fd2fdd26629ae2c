import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_MESSAGES, API_PREFIX, COMPETITOR_SET_MESSAGES, type CompetitorMonitor, type CompetitorSet, formatMonth, MONITOR_MONTHS } from '@car/contracts';
import { WHOLESALE_HAS_NO_AREA } from '../../backend/src/saleVolume/area-node';
import { signedInApp } from '../support/api-app';
import { chartTitled, deckAnswer, part, slide, slidesTitled, tableTitled, texts } from '../support/deck-zip';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST, CARS, FIXTURE_MONTHS, RETAIL, WHOLESALE } from '../support/sales-fixture';
import { binaryBody, signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/*
 * 竞品监控 (competitorSets/monitor, issue 49 §2, decision 297) on the hand-made market of test/support/sales-fixture.ts
 * with the prices of price-fixture.ts (2026-02 and 2026-03 only). The set: 本品 德锐 [51], rivals 日行SUV [52] then
 * 乙电EV [53] — in that order, so the members' order by volume (53 before 52 in March) is the code's, not the set's.
 *
 * Retail by sub-series and city, read off RETAIL (trim @ city):
 *   德锐 [51]    = 61@北京 + 62@深圳:  2026-03 300 + 200 = 500; 2026-02 100 + 100 = 200; 2026-01 100 + 100 = 200
 *   日行SUV [52] = 63@天津 + 63@广州:  2026-03 100 + 100 = 200; 2026-02 100 +   0 = 100; 2026-01 100 + 100 = 200
 *   乙电EV [53]  = 64@广州 + 64@深圳:  2026-03 100 + 200 = 300; 2026-02 100 +   0 = 100; 2026-01 100 + 100 = 200
 *   the set:                           2026-03 1000;              2026-02 400;              2026-01 600
 * 乙尊 [54] sells too, but is no member: the shares are of the set, not of the market.
 *
 * Prices, national, weighted over the price rows' volumes (whole yuan; discount = MSRP − TP; rate = discount / MSRP):
 *   德锐 [51]    2026-03 TP (130000×200 + 140000×100 + 160000×200) / 500 = 144,000;
 *                        MSRP (150000×300 + 170000×200) / 500 = 158,000 (weighted by the price rows' qty, as
 *                        measures.ts weighs msrp_amount = msrp × qty): discount 14,000, rate 8.86 → 8.9
 *                2026-02 TP (135000 + 165000) / 2 = 150,000; MSRP (150000 + 170000) / 2 = 160,000: 10,000, 6.25 → 6.3
 *   乙电EV [53]  2026-03 TP (150000×100 + 156000×200) / 300 = 154,000; MSRP 175,000: 21,000, 12.0
 *                2026-02 TP 160,000; MSRP 180,000: 20,000, 11.1
 *   日行SUV [52] 2026-03 TP (200000 + 190000) / 2 = 195,000; MSRP 220,000: 25,000, 11.36 → 11.4; 2026-02 no price
 */

/** The thirteen months ending with `last` (YYYYMM), as the call names them. */
const monthsTo = (last: number): string[] => {
  const at = FIXTURE_MONTHS.indexOf(last);
  return FIXTURE_MONTHS.slice(at - MONITOR_MONTHS + 1, at + 1).map(formatMonth);
};
/** The sub-series' trims (CARS). */
const trimsOf = (subSeriesId: number): number[] => CARS.filter((c) => c.subSeriesId === subSeriesId).map((c) => c.id);
/** A sub-series' volumes over the thirteen months ending with `last`, summed from the fixture's literal rows. */
function volumesOf(rows: ReadonlyArray<{ carId: number; qty: readonly number[] }>, subSeriesId: number, last: number): number[] {
  const at = FIXTURE_MONTHS.indexOf(last);
  const trims = trimsOf(subSeriesId);
  return Array.from({ length: MONITOR_MONTHS }, (_, i) =>
    rows.filter((r) => trims.includes(r.carId)).reduce((sum, r) => sum + r.qty[at - MONITOR_MONTHS + 1 + i], 0),
  );
}
/** Eleven months with no price, then February's and March's. */
const lastTwo = (february: number | null, march: number | null): Array<number | null> => [...Array<null>(MONITOR_MONTHS - 2).fill(null), february, march];

const PASSWORD = 'Monitor#2026';

describe('竞品监控 on a hand-made market', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_competitor_monitor`;
  const address = (n: number) => `10.94.${process.pid % 250}.${n}`;
  let app: NestExpressApplication;
  let db: Client;
  /** analyst: the fixture's analyst, of 甲汽车 [11], owns the set; colleague of 甲汽车 too; stranger of 乙汽车 [12]; narrow's role lacks the page. */
  const tokens = { analyst: '', colleague: '', stranger: '', narrow: '' };
  let set: CompetitorSet;

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const accounts = {
      colleague: await createAnalyst('monitor_colleague', PASSWORD, '同厂同事', databaseUrl),
      stranger: await createAnalyst('monitor_stranger', PASSWORD, '外厂用户', databaseUrl),
      narrow: await createAnalyst('monitor_narrow', PASSWORD, '窄权限', databaseUrl),
    };
    // The fixture's analyst has no producer; sharing needs one (set before signing in: the session carries it).
    await db.query(`UPDATE app_user SET producer_id = 11 WHERE account = ANY($1)`, [[ANALYST.account, accounts.colleague]]);
    await db.query(`UPDATE app_user SET producer_id = 12 WHERE account = $1`, [accounts.stranger]);
    // A role holding 整体市场表现 alone: what a customer account without 竞品监控 holds.
    const [{ roleId }] = (
      await db.query(`INSERT INTO role (id, code, name) SELECT max(id) + 1, 'monitor_narrow', '只看整体市场' FROM role RETURNING id AS "roleId"`)
    ).rows;
    await db.query(`INSERT INTO role_menu (role_id, menu_id) SELECT $1, id FROM menu WHERE path = '/salevolume/wholemarket'`, [roleId]);
    await db.query(`UPDATE app_user SET role_id = $1 WHERE account = $2`, [roleId, accounts.narrow]);

    ({ app, token: tokens.analyst } = await signedInApp({ address: address(1), databaseUrl, account: ANALYST.account, password: ANALYST.password }));
    tokens.colleague = await signIn(app, accounts.colleague, PASSWORD, address(2));
    tokens.stranger = await signIn(app, accounts.stranger, PASSWORD, address(3));
    tokens.narrow = await signIn(app, accounts.narrow, PASSWORD, address(4));

    const saved = await request(app.getHttpServer())
      .post(`${API_PREFIX}/competitorSets/save`)
      .set('token', tokens.analyst)
      .send({ name: '德锐对标', own: [51], rivals: [52, 53] });
    expect({ status: saved.status, msg: saved.body.msg }).toEqual({ status: 200, msg: '成功' });
    set = saved.body.result as CompetitorSet;
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  const monitor = (query: Record<string, string>, who: keyof typeof tokens = 'analyst') =>
    request(app.getHttpServer())
      .get(`${API_PREFIX}/competitorSets/monitor`)
      .query({ id: String(set.id), source: '2', ...query })
      .set('token', tokens[who]);

  async function ok(query: Record<string, string>, who: keyof typeof tokens = 'analyst'): Promise<CompetitorMonitor> {
    const response = await monitor(query, who);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as CompetitorMonitor;
  }

  const byId = (answer: CompetitorMonitor, id: number) => answer.members.find((m) => m.id === id)!;
  const place = (answer: CompetitorMonitor, id: number) => answer.places!.rows.find((r) => r.id === id);

  test('retail, the latest month: volumes, shares within the set, their change, ranks and the order of the members', async () => {
    const answer = await ok({});
    expect([answer.time, answer.source, answer.areaName]).toEqual(['2026-03', 2, '全国']);
    expect(answer.months).toEqual(monthsTo(202603));
    expect(answer.months[0]).toBe('2025-03');

    // 本品 first; the rivals by March's volume: 乙电EV 300 before 日行SUV 200 (the set lists 52 first).
    expect(answer.members.map((m) => [m.id, m.name, m.own])).toEqual([
      [51, '德锐', true],
      [53, '乙电EV', false],
      [52, '日行SUV', false],
    ]);
    for (const id of [51, 52, 53]) expect([id, byId(answer, id).volumes]).toEqual([id, volumesOf(RETAIL, id, 202603)]);
    // The same, read by hand: March 500 / 300 / 200, February 200 / 100 / 100.
    expect(answer.members.map((m) => m.volumes.slice(-2))).toEqual([
      [200, 500],
      [100, 300],
      [100, 200],
    ]);
    // The set's total is the members' sum month by month, and the fixture's rows of their trims (61-64) summed.
    const trims = [61, 62, 63, 64];
    const at = FIXTURE_MONTHS.indexOf(202603);
    expect(answer.total).toEqual(
      answer.months.map((_, i) => RETAIL.filter((r) => trims.includes(r.carId)).reduce((sum, r) => sum + r.qty[at - MONITOR_MONTHS + 1 + i], 0)),
    );
    expect(answer.total).toEqual(answer.months.map((_, i) => answer.members.reduce((sum, m) => sum + m.volumes[i], 0)));
    expect(answer.total.slice(-2)).toEqual([400, 1000]);

    // Shares of the set: March 500/1000 = 50.0, 300/1000 = 30.0, 200/1000 = 20.0; February 200/400 = 50.0,
    // 100/400 = 25.0, 100/400 = 25.0; changes 50 − 50 = 0, 30 − 25 = +5.0, 20 − 25 = −5.0 points.
    expect(answer.members.map((m) => [m.id, m.shares.slice(-2), m.shareChange])).toEqual([
      [51, [50, 50], 0],
      [53, [25, 30], 5],
      [52, [25, 20], -5],
    ]);
    // Ranks: March 51 → 1, 53 → 2, 52 → 3; February 51 → 1, 52 and 53 tie on 100 → 2 and 2.
    expect(answer.members.map((m) => [m.id, m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [51, 1, 1, 0],
      [53, 2, 2, 0],
      [52, 3, 2, -1],
    ]);
    // 本品 together is 德锐 alone.
    expect(answer.own).toMatchObject({ volumes: byId(answer, 51).volumes, shares: byId(answer, 51).shares, shareChange: 0 });
    expect(answer.set).toMatchObject({ id: set.id, name: '德锐对标', mine: true });
  });

  test('national prices by month: TP, discount and rate; the TP gap of each rival to 本品', async () => {
    const answer = await ok({});
    const prices = (id: number) => {
      const m = byId(answer, id);
      return { tp: m.tp, discount: m.discount, discountRate: m.discountRate, tpGap: m.tpGap, tpGapRate: m.tpGapRate };
    };
    expect(prices(51)).toEqual({
      tp: lastTwo(150_000, 144_000),
      discount: lastTwo(10_000, 14_000),
      discountRate: lastTwo(6.3, 8.9),
      // 本品 has no gap to itself.
      tpGap: lastTwo(null, null),
      tpGapRate: lastTwo(null, null),
    });
    expect(prices(53)).toEqual({
      tp: lastTwo(160_000, 154_000),
      discount: lastTwo(20_000, 21_000),
      // 20000/180000 = 11.1; 21000/175000 = 12.0.
      discountRate: lastTwo(11.1, 12),
      // February 150,000 − 160,000 = −10,000, −10000/160000 = −6.25 % → −6.2 (percentNumber rounds half up, as
      // price-figures.spec.ts pins for the same gap on 成交价追踪: not −6.3); March 144,000 − 154,000 = −10,000,
      // −10000/154000 = −6.49 % → −6.5.
      tpGap: lastTwo(-10_000, -10_000),
      tpGapRate: lastTwo(-6.2, -6.5),
    });
    expect(prices(52)).toEqual({
      tp: lastTwo(null, 195_000),
      discount: lastTwo(null, 25_000),
      discountRate: lastTwo(null, 11.4),
      // March 144,000 − 195,000 = −51,000, −51000/195000 = −26.15 % → −26.2; February: 日行SUV had no price.
      tpGap: lastTwo(null, -51_000),
      tpGapRate: lastTwo(null, -26.2),
    });
    expect(answer.own).toMatchObject({ tp: lastTwo(150_000, 144_000), discount: lastTwo(10_000, 14_000), discountRate: lastTwo(6.3, 8.9) });
  });

  test("the map nationwide: 本品's share within the set in every province, sold or not", async () => {
    const answer = await ok({});
    const provinces = (await db.query(`SELECT id FROM province ORDER BY id`)).rows.map((r: { id: number }) => r.id);
    expect(answer.places!.level).toBe(2);
    expect(answer.places!.rows.map((r) => r.id)).toEqual(provinces);
    // 北京: March 德锐 61@北京 300 of the set's 300 → 100.0; February 100 of 100 → 100.0; change 0.
    expect(place(answer, 110000)).toEqual({
      id: 110000,
      code: '110000',
      name: '北京',
      ownQty: 300,
      setQty: 300,
      share: 100,
      previousShare: 100,
      shareChange: 0,
    });
    // 天津: only 日行SUV 63@天津 (100 each month): 0 of 100 → 0.0, 0.0.
    expect(place(answer, 120000)).toMatchObject({ ownQty: 0, setQty: 100, share: 0, previousShare: 0, shareChange: 0 });
    // 广东: March 德锐 62@深圳 200 of 200 + 100 (63@广州) + 100 + 200 (64) = 600 → 33.3; February 100 of 100 + 0 + 100 + 0
    // = 200 → 50.0; change 33.33 − 50 = −16.7.
    expect(place(answer, 440000)).toMatchObject({ name: '广东', ownQty: 200, setQty: 600, share: 33.3, previousShare: 50, shareChange: -16.7 });
    // 上海 sold nothing of the set: no share.
    expect(place(answer, 310000)).toMatchObject({ ownQty: 0, setQty: 0, share: null, previousShare: null, shareChange: null });
    // The provinces add up to the set's March total.
    expect(answer.places!.rows.reduce((sum, r) => sum + r.setQty, 0)).toBe(1000);
  });

  test('an earlier month: the thirteen months end there, ties keep the set order, and a place counts last month where only then it sold', async () => {
    const answer = await ok({ time: '2026-02' });
    expect([answer.time, answer.months[0], answer.months.length]).toEqual(['2026-02', '2025-02', MONITOR_MONTHS]);
    // February: 52 and 53 both sold 100: the set's order (52 first). January all three 200: everyone 1st.
    expect(answer.members.map((m) => [m.id, m.volumes.at(-1), m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [51, 200, 1, 1, 0],
      [52, 100, 2, 1, -1],
      [53, 100, 2, 1, -1],
    ]);
    // No price before February: 53's gap is February's alone (−10,000, −6.2), the months before null.
    expect(byId(answer, 53).tpGap).toEqual([...Array<null>(MONITOR_MONTHS - 1).fill(null), -10_000]);
    // 广东 in February: 德锐 62@深圳 100 of 100 + 0 (63@广州) + 100 (64@广州) + 0 = 200 → 50.0; in January 100 of
    // 100 + 100 + 100 + 100 = 400 → 25.0 (日行SUV's 100 in 广州 sold in January only, and still counts); +25.0 points.
    expect(place(answer, 440000)).toMatchObject({ ownQty: 100, setQty: 200, share: 50, previousShare: 25, shareChange: 25 });
  });

  test('a region narrows the volumes and maps its provinces; a province or a city maps the cities; prices stay national', async () => {
    const south = await ok({ area: '5', level: '1' });
    expect(south.areaName).toBe('华南');
    // 华南 = 广州 + 深圳: March 德锐 62@深圳 200, 日行SUV 63@广州 100, 乙电EV 64@广州 100 + @深圳 200 = 300.
    expect(south.members.map((m) => [m.id, m.volumes.at(-1), m.shares.at(-1)])).toEqual([
      [51, 200, 33.3],
      [53, 300, 50],
      [52, 100, 16.7],
    ]);
    expect(south.total.at(-1)).toBe(600);
    const southProvinces = (await db.query(`SELECT id FROM province WHERE area_id = 5 ORDER BY id`)).rows.map((r: { id: number }) => r.id);
    expect(south.places!.level).toBe(2);
    expect(south.places!.rows.map((r) => r.id)).toEqual(southProvinces);
    expect(place(south, 440000)).toMatchObject({ share: 33.3, previousShare: 50 });
    // 德锐's TP is the nation's 144,000 (in 华南 alone it would be 160,000).
    expect(byId(south, 51).tp.at(-1)).toBe(144_000);

    const guangdong = await ok({ area: '440000', level: '2' });
    const cities = (await db.query(`SELECT id FROM city WHERE province_id = 440000 ORDER BY id`)).rows.map((r: { id: number }) => r.id);
    expect([guangdong.areaName, guangdong.places!.level]).toEqual(['广东', 3]);
    expect(guangdong.places!.rows.map((r) => r.id)).toEqual(cities);
    // 广州: March 0 of 100 (63) + 100 (64) = 200 → 0.0; February 0 of 0 + 100 → 0.0.
    expect(place(guangdong, 440100)).toMatchObject({ name: '广州市', ownQty: 0, setQty: 200, share: 0, previousShare: 0, shareChange: 0 });
    // 深圳: March 200 of 200 + 200 = 400 → 50.0; February 100 of 100 + 0 → 100.0; change −50.0.
    expect(place(guangdong, 440300)).toMatchObject({ name: '深圳市', ownQty: 200, setQty: 400, share: 50, previousShare: 100, shareChange: -50 });
    expect(guangdong.places!.rows.filter((r) => ![440100, 440300].includes(r.id)).every((r) => r.share === null)).toBe(true);

    // A city: its volumes; the map still shows its province's cities (full names: 广州市). 广州 in March: 德锐 0, 日行SUV 100, 乙电EV 100:
    // the two rivals tie, so the set's order (52 first).
    const guangzhou = await ok({ area: '440100', level: '3' });
    expect([guangzhou.areaName, guangzhou.places!.level, guangzhou.places!.rows.map((r) => r.id)]).toEqual(['广州市', 3, cities]);
    expect(guangzhou.members.map((m) => [m.id, m.volumes.at(-1), m.rank])).toEqual([
      [51, 0, null],
      [52, 100, 1],
      [53, 100, 1],
    ]);
  });

  test('wholesale: volumes from the wholesale facts, no map', async () => {
    const answer = await ok({ source: '1' });
    expect([answer.time, answer.source, answer.areaName, answer.places]).toEqual(['2026-03', 1, '全国', null]);
    for (const id of [51, 52, 53]) expect([id, byId(answer, id).volumes]).toEqual([id, volumesOf(WHOLESALE, id, 202603)]);
    // March 51 = 61 400 + 62 200 = 600, 53 = 300, 52 = 250 (set 1150); February 51 = 100 + 100 = 200, 53 = 250, 52 = 150 (600).
    // Shares: 600/1150 = 52.2, 300/1150 = 26.1, 250/1150 = 21.7; February 33.3, 41.7, 25.0; changes 52.17 − 33.33 = +18.8,
    // 26.09 − 41.67 = −15.6, 21.74 − 25 = −3.3. Ranks: March 51, 53, 52; February 53 (250), 51 (200), 52 (150).
    expect(answer.members.map((m) => [m.id, m.volumes.slice(-2), m.shares.slice(-2), m.shareChange, m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [51, [200, 600], [33.3, 52.2], 18.8, 1, 2, 1],
      [53, [250, 300], [41.7, 26.1], -15.6, 2, 1, -1],
      [52, [150, 250], [25, 21.7], -3.3, 3, 3, 0],
    ]);
    expect(answer.total.slice(-2)).toEqual([600, 1150]);
    // Prices are the same national retail prices whatever the source.
    expect(byId(answer, 53).tpGap.slice(-2)).toEqual([-10_000, -10_000]);
  });

  test('refusals, in Chinese: a set unknown or not shared with the caller, a month without data, wholesale by area, no session, no page', async () => {
    const refused = async (call: PromiseLike<request.Response>, status: number, msg: string) => {
      const response = await call;
      expect({ status: response.status, msg: response.body.msg }).toEqual({ status, msg });
    };
    await refused(monitor({ id: '99999999' }), 404, COMPETITOR_SET_MESSAGES.notFound);
    await refused(monitor({}, 'stranger'), 404, COMPETITOR_SET_MESSAGES.notFound);
    await refused(monitor({}, 'colleague'), 404, COMPETITOR_SET_MESSAGES.notFound);
    // The retail calendar of the fixture: 2025-01 … 2026-03.
    await refused(monitor({ time: '2024-06' }), 400, '参数 time 没有 2024-06 的零售数据，应在 2025-01 至 2026-03 之间');
    await refused(monitor({ time: '2024-06', source: '1' }), 400, '参数 time 没有 2024-06 的批发数据，应在 2025-01 至 2026-03 之间');
    await refused(monitor({ source: '1', area: '5', level: '1' }), 400, WHOLESALE_HAS_NO_AREA);
    await refused(
      request(app.getHttpServer())
        .get(`${API_PREFIX}/competitorSets/monitor`)
        .query({ id: String(set.id), source: '2' }),
      401,
      API_MESSAGES.signInFirst,
    );
    await refused(monitor({}, 'narrow'), 403, API_MESSAGES.pageForbidden);
  });

  test("shared with the owner's producer, a colleague reads it (read-only); another producer still cannot", async () => {
    const shared = await request(app.getHttpServer())
      .post(`${API_PREFIX}/competitorSets/share`)
      .set('token', tokens.analyst)
      .send({ id: set.id, producer: true });
    expect({ status: shared.status, msg: shared.body.msg }).toEqual({ status: 200, msg: '成功' });
    const theirs = await ok({}, 'colleague');
    expect(theirs.set).toMatchObject({ id: set.id, mine: false, sharedWithProducer: true });
    expect(theirs.members.map((m) => m.volumes.at(-1))).toEqual([500, 300, 200]);
    const response = await monitor({}, 'stranger');
    expect({ status: response.status, msg: response.body.msg }).toEqual({ status: 404, msg: COMPETITOR_SET_MESSAGES.notFound });
  });

  test("导出PPT: the page's answer as a deck — 本品's figures, both trends, the members, their volumes with the total, the TP gaps, the provinces", async () => {
    const answer = await ok({});
    const response = await request(app.getHttpServer())
      .get(`${API_PREFIX}/competitorSets/ppt`)
      .query({ id: String(set.id), source: '2' })
      .set('token', tokens.analyst)
      .buffer(true)
      .parse(binaryBody);
    const zip = await deckAnswer(response, '竞品监控-德锐对标-2026-03.pptx');
    expect(texts(await part(zip, 'ppt/slides/slide1.xml'))).toEqual(
      expect.arrayContaining(['竞品监控', '时间：2026-03    数据来源：零售量    区域：全国    竞品组：德锐对标']),
    );
    // 本品: 500 of 1000 in March (50.0 %), as in February (200 of 400): no change.
    expect(texts(await part(zip, 'ppt/slides/slide2.xml'))).toEqual(expect.arrayContaining(['50.0%', '500', '1,000']));
    expect((await chartTitled(zip, '销量走势（近13个月）')).categories).toEqual(answer.months);
    expect(await tableTitled(zip, '成员表现（2026-03，全国）')).toEqual({
      header: ['子车系', '厂商', '当月销量', '组内份额', '组内份额变化(百分点)', '组内排名'],
      rows: [
        // A change of nothing is a dash, as on the page; February's ranks 1, 2, 2 (a tie) give the arrows.
        ['德锐（本品）', '甲汽车', '500', '50.0%', '-', '1 —'],
        ['乙电EV', '乙汽车', '300', '30.0%', '+5.0', '2 —'],
        ['日行SUV', '甲汽车', '200', '20.0%', '-5.0', '3 ↓'],
      ],
    });
    // The months' table, split by columns over its slides: the set's total is its last row, 1,000 in March.
    const [volumes] = await Promise.all((await slidesTitled(zip, '月度销量（全国）')).slice(-1).map((n) => slide(zip, n)));
    expect([volumes.table.at(-1)?.[0], volumes.table.at(-1)?.at(-1), volumes.table[0].at(-1)]).toEqual(['竞品组合计', '1,000', '2026-03']);
    // The TP gaps of March: 144,000 − 154,000 and 144,000 − 195,000 (the trace's slide, decision 276).
    const gaps = await tableTitled(zip, '成交价差（德锐 − 对比）');
    expect(gaps.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['乙电EV', '-10,000元（-6.5%）'],
      ['日行SUV', '-51,000元（-26.2%）'],
    ]);
    const provinces = await tableTitled(zip, '本品组内份额（2026-03，按省份）');
    expect(provinces.rows.slice(0, 3).map((r) => r.slice(0, 2))).toEqual([
      ['北京', '100.0%'],
      ['广东', '33.3%'],
      ['天津', '0.0%'],
    ]);
  });
});
