import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEMO_OPEN_ID, MP_LINK_MESSAGES, MP_LINK_SECONDS, MP_SESSION_HEADER, type MpRetailChart, type Summary, type TendencyPage } from '@car/contracts';
import { usedLinkKey } from '../../backend/src/mp/mp-link';
import { MpService } from '../../backend/src/mp/mp.service';
import { signedInApp } from '../support/api-app';
import { demoMpSession, signedLink } from '../support/mp-link';
import { createAnalyst } from '../support/users';

/**
 * The mini-program identity and calls: signed, fresh links only, each good for one session or one binding
 * (decision 263), on every instance; an unbound openId binds once with a password; the mp calls refuse a missing, forged or unbound session with the spec's codes; the chart's
 * latest month equals the sales API's figure for that maker and area.
 */
const API = '/car/api';
const PASSWORD = 'Mp@Test2026';

describe('the mobile sales query', () => {
  let app: NestExpressApplication;
  let token: string;
  let session: string;

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: `10.80.${process.pid % 250}.1` }));
    session = await demoMpSession(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: object) =>
    request(app.getHttpServer())
      .post(`${API}/mp/${path}`)
      .set('X-Forwarded-For', `10.81.${process.pid % 250}.2`)
      .send(body);
  const chart = (query: Record<string, string>, mp: string | null = session) => {
    const call = request(app.getHttpServer()).get(`${API}/mp/retail/getRetailChart`).query(query);
    return mp ? call.set(MP_SESSION_HEADER, mp) : call;
  };

  test('a forged or stale link is refused; a fresh signed link of a bound openId opens a session', async () => {
    const good = signedLink(DEMO_OPEN_ID);
    const forged = await post('session', { ...good, sign: good.sign.replace(/^./, good.sign[0] === 'a' ? 'b' : 'a') });
    expect([forged.status, forged.body.code]).toEqual([401, -1009]);
    const stale = await post('session', signedLink(DEMO_OPEN_ID, 601));
    expect([stale.status, stale.body.code]).toEqual([401, -1008]);
    const opened = await post('session', good);
    expect(opened.body.result).toMatchObject({ bound: true, nickname: '演示分析师', expiresIn: 1800 });
  });

  const expectUsed = (response: request.Response) => {
    expect([response.status, response.body.code, response.body.msg, response.body.result]).toEqual([401, -1012, MP_LINK_MESSAGES.used, null]);
  };

  test('a link opens one session: the same link again is refused with a message that asks for a new one', async () => {
    const link = signedLink(DEMO_OPEN_ID);
    const opened = await post('session', link);
    expect(opened.body.result).toMatchObject({ bound: true });
    expectUsed(await post('session', link));
    expectUsed(await post('bind', { ...link, account: 'demo', password: 'Demo@2026' }));
    // Another link of the same openId still opens one.
    expect((await post('session', signedLink(DEMO_OPEN_ID))).body.result).toMatchObject({ bound: true });
  });

  test('five exchanges of one link at once, on two app instances, open exactly one session', async () => {
    const link = signedLink(DEMO_OPEN_ID);
    const other = await signedInApp({ address: `10.82.${process.pid % 250}.20` });
    try {
      const answers = await Promise.all(
        [app, other.app, app, other.app, app].map((target) =>
          request(target.getHttpServer())
            .post(`${API}/mp/session`)
            .set('X-Forwarded-For', `10.81.${process.pid % 250}.3`)
            .send(link),
        ),
      );
      const sessions = answers.filter((a) => a.body.code === 1);
      expect(sessions).toHaveLength(1);
      expect(sessions[0].body.result.session).toEqual(expect.any(String));
      for (const refused of answers.filter((a) => a.body.code !== 1)) expectUsed(refused);
    } finally {
      await other.app.close();
    }
  });

  test('a link binds once: a wrong password leaves it good, the bind uses it up, then it opens nothing', async () => {
    const account = await createAnalyst('mponce', PASSWORD, '移动端一次');
    const openId = `o_once_${process.pid}_${Date.now()}`;
    const link = signedLink(openId);
    // Asking whether the openId is bound opens no session, and neither does a wrong password: the link stays good.
    expect((await post('session', link)).body.result).toMatchObject({ bound: false });
    expect((await post('bind', { ...link, account, password: 'Wrong@2026x' })).body.code).toBe(-1401);
    const bound = await post('bind', { ...link, account, password: PASSWORD });
    expect(bound.body.result).toMatchObject({ bound: true, nickname: '移动端一次' });
    expectUsed(await post('bind', { ...link, account, password: PASSWORD }));
    expectUsed(await post('session', link));
  });

  test('the hourly housekeeping forgets used links once they are stale, and keeps the others', async () => {
    const db = app.get(DataSource);
    const fresh = signedLink(DEMO_OPEN_ID);
    expect((await post('session', fresh)).body.code).toBe(1);
    // A link used long ago: its record outlived its ten minutes.
    const stale = usedLinkKey(signedLink(DEMO_OPEN_ID, MP_LINK_SECONDS + 3600));
    await db.query(`INSERT INTO mp_link_use (link, expires_at) VALUES ($1, now() - interval '1 hour')`, [stale]);
    await app.get(MpService).forgetStaleLinks();
    expect(await db.query(`SELECT 1 FROM mp_link_use WHERE link = $1`, [stale])).toEqual([]);
    expectUsed(await post('session', fresh));
  });

  test('the mp calls refuse no session, a forged one, and a web token', async () => {
    expect((await chart({ id: '1' }, null)).body.code).toBe(-1009);
    expect((await chart({ id: '1' }, `${session}x`)).body.code).toBe(-1009);
    const web = await request(app.getHttpServer()).get(`${API}/mp/retail/searchCar`).query({ name: '大众' }).set('token', token);
    expect(web.body.code).toBe(-1009);
  });

  test('an unbound openId binds once with its password, then opens sessions; unbinding ends them', async () => {
    const account = await createAnalyst('mp', PASSWORD, '移动端测试');
    const openId = `o_test_${process.pid}_${Date.now()}`;
    expect((await post('session', signedLink(openId))).body.result).toEqual({ bound: false, session: null, expiresIn: 0, nickname: null });
    const wrong = await post('bind', { ...signedLink(openId), account, password: 'Wrong@2026x' });
    expect(wrong.body.code).toBe(-1401);
    const stale = await post('bind', { ...signedLink(openId, 700), account, password: PASSWORD });
    expect(stale.body.code).toBe(-1008);
    const bound = await post('bind', { ...signedLink(openId), account, password: PASSWORD });
    expect(bound.body.result).toMatchObject({ bound: true, nickname: '移动端测试' });
    const again = await post('bind', { ...signedLink(openId), account: 'demo', password: 'Demo@2026' });
    expect(again.body.code).toBe(-1409);
    const mine = bound.body.result.session as string;
    expect((await chart({ id: '1' }, mine)).body.code).toBe(1);

    const byAnalyst = await request(app.getHttpServer()).post(`${API}/mp/unbind`).set('token', token).send({ openId });
    expect(byAnalyst.status).toBe(403);
    const admin = await signedInApp({ address: `10.82.${process.pid % 250}.3`, account: 'admin', password: 'Admin@2026' });
    try {
      const unbound = await request(app.getHttpServer()).post(`${API}/mp/unbind`).set('token', admin.token).send({ openId });
      expect(unbound.body.result).toEqual({ unbound: true });
    } finally {
      await admin.app.close();
    }
    expect((await chart({ id: '1' }, mine)).body.code).toBe(-1012);
  });

  test.each([
    ['吊销会话', 'revokeSessions'],
    ['重置密码', 'resetPassword'],
    ['停用 then 启用', 'disable'],
  ])('%s ends the user’s mini-program sessions and bindings as it ends their web sessions (issue 25 #4)', async (_label, action) => {
    const account = await createAnalyst(`mpend${action.slice(0, 3)}`, PASSWORD, '移动端吊销');
    const openId = `o_end_${action}_${process.pid}_${Date.now()}`;
    const bound = await post('bind', { ...signedLink(openId), account, password: PASSWORD });
    const open = bound.body.result.session as string;
    expect((await chart({ id: '1' }, open)).body.code).toBe(1);
    const admin = await signedInApp({ address: `10.82.${process.pid % 250}.${4 + action.length}`, account: 'admin', password: 'Admin@2026' });
    try {
      const users = (await request(app.getHttpServer()).get(`${API}/admin/users/list`).query({ keyword: account }).set('token', admin.token)).body.result
        .items as Array<{ id: number; account: string }>;
      const id = users.find((u) => u.account === account)!.id;
      const act = (name: string) => request(app.getHttpServer()).post(`${API}/admin/users/${name}`).set('token', admin.token).send({ id });
      expect((await act(action)).body.code).toBe(1);
      if (action === 'disable') expect((await act('enable')).body.code).toBe(1);
    } finally {
      await admin.app.close();
    }
    // The open session is over, and a new signed link opens none: the owner binds again with the password.
    expect((await chart({ id: '1' }, open)).body.code).toBe(-1012);
    expect((await post('session', signedLink(openId))).body.result).toEqual({ bound: false, session: null, expiresIn: 0, nickname: null });
    if (action !== 'resetPassword') {
      const rebound = await post('bind', { ...signedLink(openId), account, password: PASSWORD });
      expect((await chart({ id: '1' }, rebound.body.result.session as string)).body.code).toBe(1);
      expect((await post('session', signedLink(openId))).body.result).toMatchObject({ bound: true });
    }
  });

  test("the latest month of the chart is the sales API's figure for that producer in that province, and in the nation", async () => {
    const ranking = await request(app.getHttpServer())
      .get(`${API}/saleVolume/areaMarket/producer`)
      .query({ area: '440000', level: '2', pageSize: '3' })
      .set('token', token);
    const top = (ranking.body.result as TendencyPage).list[0];
    const answer = (await chart({ type: '1', id: String(top.id), provinceId: '440000' })).body.result as MpRetailChart;
    expect(answer.name).toBe(top.name);
    expect(answer.areaName).toBe('广东');
    expect(answer.sales).toBe(top.sales);
    expect(answer.ljSales).toBe(top.salesSum);
    expect(answer.yoy).toBe(top.yoy);
    expect(answer.chart.series[0].data.at(-1)).toBe(top.sales);
    expect(answer.chart.series.map((s) => [s.name, s.hidden ?? false])).toEqual([
      ['销量', false],
      ['同比', false],
      ['环比', true],
    ]);
    expect(answer.chart.xAxis[0].categories).toHaveLength(13);

    const nation = (await chart({ type: '1', id: String(top.id) })).body.result as MpRetailChart;
    const summary = await request(app.getHttpServer())
      .get(`${API}/saleVolume/companyBrand/whole`)
      .query({ type: '0', foreignId: String(top.id) })
      .set('token', token);
    expect([nation.sales, nation.ljSales, nation.time]).toEqual([
      (summary.body.result as Summary).qty,
      (summary.body.result as Summary).ljQty,
      (summary.body.result as Summary).time,
    ]);
  });

  test("in a city too, the chart's latest month is the area market's figure for that producer", async () => {
    const ranking = await request(app.getHttpServer())
      .get(`${API}/saleVolume/areaMarket/producer`)
      .query({ area: '440100', level: '3', pageSize: '3' })
      .set('token', token);
    const top = (ranking.body.result as TendencyPage).list[0];
    const answer = (await chart({ type: '1', id: String(top.id), provinceId: '440000', cityId: '440100' })).body.result as MpRetailChart;
    expect([answer.areaName, answer.sales, answer.ljSales, answer.yoy]).toEqual(['广州市', top.sales, top.salesSum, top.yoy]);
    expect(answer.chart.series[0].data.at(-1)).toBe(top.sales);
  });

  test("the picker's cities are the province's, by code, or every city for its search; an unknown province is a 400; no session is -1009", async () => {
    const cities = (mp: string | null, provinceId?: string) => {
      const call = request(app.getHttpServer())
        .get(`${API}/mp/retail/getCities`)
        .query(provinceId === undefined ? {} : { provinceId });
      return mp ? call.set(MP_SESSION_HEADER, mp) : call;
    };
    const guangdong = (await cities(session, '440000')).body.result as Array<{ id: number; name: string; provinceId: number }>;
    expect(guangdong.length).toBeGreaterThan(10);
    expect(guangdong[0]).toEqual({ id: 440100, name: '广州市', provinceId: 440000 });
    expect(guangdong.every((c) => Math.floor(c.id / 10000) === 44)).toBe(true);
    expect(guangdong.map((c) => c.id)).toEqual([...guangdong.map((c) => c.id)].sort((a, b) => a - b));
    expect((await cities(session, '110000')).body.result).toEqual([{ id: 110000, name: '北京市', provinceId: 110000 }]);
    // Without a province: every city with its province (the picker's search box groups them by it).
    const every = (await cities(session)).body.result as Array<{ id: number; name: string; provinceId: number }>;
    expect(every.length).toBeGreaterThan(300);
    expect(every.filter((c) => c.provinceId === 440000)).toEqual(guangdong);
    expect(new Set(every.map((c) => c.provinceId)).size).toBe(31);
    const unknown = await cities(session, '990000');
    expect([unknown.status, unknown.body.msg]).toEqual([400, '参数 provinceId 没有 id 为 990000 的省份']);
    expect((await cities(session, 'x')).status).toBe(400);
    expect((await cities(null, '440000')).body.code).toBe(-1009);
  });

  test('a city outside the province, an unknown id and malformed values are 400s', async () => {
    expect((await chart({ id: '1', provinceId: '440000', cityId: '110000' })).status).toBe(400);
    expect((await chart({ id: '999999' })).status).toBe(400);
    for (const query of <Record<string, string>[]>[
      { id: 'x' },
      { id: '1', type: '3' },
      { id: '1', cityId: '12' },
      { id: '1', openId: 'a b' },
      { id: '1', openId: 'other' },
    ]) {
      const response = await chart(query);
      expect([400, 403]).toContain(response.status);
    }
  });

  test("searchCar answers any text that is not blank (the page asks while typing from two characters, on Enter from one), of the tab's kind", async () => {
    const suggest = async (type: string, name: string) =>
      (await request(app.getHttpServer()).get(`${API}/mp/retail/searchCar`).query({ type, name }).set(MP_SESSION_HEADER, session)).body.result as Array<{
        id: number;
        name: string;
      }>;
    const one = await suggest('0', '大');
    expect(one.length).toBeGreaterThan(0);
    for (const b of one) expect(b.name).toContain('大');
    expect(await suggest('0', ' ')).toEqual([]);
    const brands = await suggest('0', '大众');
    expect(brands[0].name).toBe('大众');
    for (const b of brands) expect(b.name).toContain('大众');
    expect((await suggest('4', '宋P')).every((s) => s.name.includes('宋P'))).toBe(true);
  });
});
