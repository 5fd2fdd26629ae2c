import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  ALERT_PAGES,
  alertChangeText,
  type AlertNotification,
  type AlertSubscription,
  API_PREFIX,
  formatMonth,
  ROBOT_MESSAGES,
  robotStoppedNotice,
  subscriptionTitle,
  type Summary,
  SUMMARY_CARD_MEASURES,
  TABLE_DIMENSION_ROW_KINDS,
  type TableRow,
  type TeamRobot,
} from '@car/contracts';
import { AlertEvaluator } from '../../backend/src/alerts/alert-evaluator';
import { InProcessJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { RobotsService } from '../../backend/src/robots/robots.service';
import { signIn } from '../support/shared-app';
import { importCalls, type ImportTestbed, openImportTestbed } from '../support/import-testbed';
import { receiver } from '../support/robot-receiver';
import { createAnalyst } from '../support/users';
import { ANALYST, BRANDS, PRODUCERS, PROVINCE } from '../support/sales-fixture';

const API = `${API_PREFIX}/alerts`;
const HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';
const [JIADE, , YIPAI] = BRANDS;
const PUBLIC_URL = 'https://car.example.com';

/**
 * 订阅与提醒 end to end on the hand-made sales fixture (months to 2026-03; jobs in-process): the analyst subscribes
 * to views, the administrator imports 2026-04 through the import API, the publish queues the evaluation, and the
 * analyst's notifications are exactly the hits, their figures those the sales API answers for the same view and month.
 * April: 甲德 (trim JLL61) sells 30 in 北京, 乙牌 (JLL64) 10 in 广州, so 甲德 holds 75.0 % of the market.
 */
describe('subscriptions and notifications', () => {
  let app: NestExpressApplication;
  let admin: string;
  let analyst: string;
  let bed: ImportTestbed;
  let robot: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    robot = await receiver();
    bed = await openImportTestbed({
      name: 'alerts',
      address: `10.84.${process.pid % 250}.1`,
      nickname: '提醒管理员',
      config: { ROBOT_ALLOW_INSECURE: 'true', PUBLIC_URL },
    });
    ({ app, admin } = bed);
    analyst = await signIn(app, ANALYST.account, ANALYST.password, `10.84.${process.pid % 250}.2`);
  }, 120_000);

  afterAll(async () => {
    await bed?.close();
    await robot?.close();
  });

  const server = () => request(app.getHttpServer());
  /** A POST of the alerts calls; a status other than the one expected fails with the API's message shown. */
  const post = async (path: string, token: string, body: object, status = 200) => {
    const res = await server().post(`${API}/${path}`).set('token', token).send(body);
    expect({ status: res.status, msg: res.body.msg as unknown }).toEqual({ status, msg: status === 200 ? '成功' : expect.any(String) });
    return res.body;
  };
  const subscribe = async (token: string, body: object): Promise<AlertSubscription> => {
    const answer = await post('subscriptions/create', token, body);
    expect(answer.msg).toBe('成功');
    return answer.result as AlertSubscription;
  };
  const notifications = async (token: string): Promise<AlertNotification[]> =>
    (await server().get(`${API}/notifications`).set('token', token).expect(200)).body.result.items as AlertNotification[];
  const unread = async (token: string): Promise<number> =>
    (await server().get(`${API}/notifications/unread`).set('token', token).expect(200)).body.result.unread as number;
  const brandRow = async (path: string, query: Record<string, string>, id: number): Promise<TableRow> => {
    const list = (
      await server()
        .get(`${API_PREFIX}/saleVolume/${path}`)
        .query({ ...query, pageSize: '100' })
        .set('token', analyst)
        .expect(200)
    ).body.result.list as TableRow[];
    const row = list.find((r) => r.id === id);
    if (!row) throw new Error(`brand ${id} is not in ${path}`);
    return row;
  };
  /** A condition on one brand's figure of the view. */
  const onBrand = (rowId: number, measure: string, comparison: string, threshold: number) => ({
    kind: 'condition',
    measure,
    comparison,
    threshold,
    rowKind: 'brand',
    rowId,
  });
  /** Imports a month of retail sales (`月份,城市代码,…` lines) through the import API as the administrator; the publish queues the evaluation. */
  const publish = async (lines: string, month: string, name: string): Promise<InProcessJobQueue> => {
    const imported = await importCalls(
      () => app,
      () => admin,
    ).upload(`${HEADER}\n${lines}`, { kind: 'retail', from: month, name });
    expect(imported.state).toBe('done');
    return app.get<JobQueue, InProcessJobQueue>(JobQueue, { strict: false });
  };
  const subscriptionsOf = async (token: string): Promise<AlertSubscription[]> =>
    (await server().get(`${API}/subscriptions`).set('token', token).expect(200)).body.result as AlertSubscription[];

  test('a published month reaches the subscribed analyst with the figures of the API, once', async () => {
    const whole = { path: '/salevolume/wholemarket', search: '?source=2&time=2026-03' };
    const guangdong = { path: '/salevolume/areamarket', search: `source=2&area=${PROVINCE.guangdong.id}&level=2&time=2026-03` };
    const newMonth = await subscribe(analyst, { name: '整体市场（零售）', ...whole, kind: 'newMonth' });
    expect(newMonth).toMatchObject({
      kind: 'newMonth',
      source: 'retail',
      lastMonth: '2026-03',
      paused: false,
      link: '/salevolume/wholemarket?source=2&time=2026-03',
    });
    const share = await subscribe(analyst, { name: '甲德份额', ...whole, ...onBrand(JIADE.id, 'share', 'above', 70) });
    expect(share).toMatchObject({ rowName: '甲德', conditionText: '甲德 份额不低于 70%' });
    // 乙牌 holds 25 %: no hit.
    await subscribe(analyst, { name: '乙牌份额', ...whole, ...onBrand(YIPAI.id, 'share', 'above', 70) });
    await subscribe(analyst, { name: '广东乙牌', ...guangdong, ...onBrand(YIPAI.id, 'sales', 'above', 10) });
    // Wholesale got no month, and a paused subscription hears nothing.
    await subscribe(analyst, { name: '批发', path: '/salevolume/wholemarket', search: 'source=1', kind: 'newMonth' });
    const paused = await subscribe(analyst, { name: '暂停的', ...whole, kind: 'newMonth' });
    expect((await post('subscriptions/pause', analyst, { id: paused.id, paused: true })).result.paused).toBe(true);
    // The administrator's own subscription is theirs alone.
    await subscribe(admin, { name: '管理员的', ...whole, kind: 'newMonth' });

    const queue = await publish('2026-04,110000,JLL61,1,1,1,30\n2026-04,440100,JLL64,1,1,1,10\n', '2026-04', '四月.csv');
    for (let i = 0; i < 50 && (await unread(analyst)) < 3; i++) await queue.drain();

    const market = await brandRow('wholeMarket/bound', { source: '2', time: '2026-04' }, JIADE.id);
    expect(market.mixs).toBe('75.0%');
    const inGuangdong = await brandRow('areaMarket/bound', { source: '2', area: String(PROVINCE.guangdong.id), level: '2', time: '2026-04' }, YIPAI.id);
    expect(inGuangdong.sales).toBe(10);
    const expected = [
      {
        title: '广东乙牌：乙牌 销量不低于 10辆',
        figureText: `乙牌 2026-04 销量 ${inGuangdong.salesStr}辆`,
        changeText: `同比 ${inGuangdong.yoys}`,
        link: `/salevolume/areamarket?source=2&area=440000&level=2&time=2026-04`,
      },
      {
        title: '甲德份额：甲德 份额不低于 70%',
        figureText: `甲德 2026-04 份额 ${market.mixs}`,
        changeText: alertChangeText('share', market.mixChange),
        link: '/salevolume/wholemarket?source=2&time=2026-04',
      },
      {
        title: '整体市场（零售）：2026-04 零售量数据已发布',
        figureText: '零售量数据已更新至 2026-04',
        changeText: '',
        link: '/salevolume/wholemarket?source=2&time=2026-04',
      },
    ];
    const received = await notifications(analyst);
    expect(received.map(({ title, figureText, changeText, link, month, read }) => ({ title, figureText, changeText, link, month, read }))).toEqual(
      expected.map((e) => ({ ...e, month: '2026-04', read: false })),
    );
    expect(market.mixChanges).not.toBe('');
    expect(await unread(analyst)).toBe(3);
    expect((await notifications(admin)).map((n) => n.title)).toEqual(['管理员的：2026-04 零售量数据已发布']);

    // Evaluated again, and again after its record of the month is lost: nothing twice.
    const evaluator = app.get(AlertEvaluator, { strict: false });
    expect((await evaluator.evaluate()).sources).toEqual([]);
    await bed.db.query(`UPDATE alert_subscription SET last_month = 202603`);
    const again = await evaluator.evaluate();
    expect(again.sources.find((s) => s.source === 'retail')).toMatchObject({ month: 202604, written: 0 });
    expect(await notifications(analyst)).toHaveLength(3);

    // Read one, then all; another user's ids change nothing.
    const [first] = received;
    expect((await post('notifications/read', analyst, { ids: [first.id] })).result).toEqual({ unread: 2 });
    const adminsOwn = (await notifications(admin))[0];
    await post('notifications/read', analyst, { ids: [adminsOwn.id] });
    expect(await unread(admin)).toBe(1);
    expect((await post('notifications/readAll', analyst, {})).result).toEqual({ unread: 0 });
    expect((await notifications(analyst)).every((n) => n.read)).toBe(true);
  });

  test('only a user who may open the view is told: a disabled user is not, and a page taken from the role is neither watched nor subscribed', async () => {
    const address = `10.84.${process.pid % 250}.3`;
    const [narrow, leaving] = await Promise.all([
      createAnalyst('alerts_narrow', 'Narrow#2026', '窄权限分析师', bed.url),
      createAnalyst('alerts_leaving', 'Leaving#2026', '离职分析师', bed.url),
    ]);
    const narrowToken = await signIn(app, narrow, 'Narrow#2026', address);
    const leavingToken = await signIn(app, leaving, 'Leaving#2026', address);
    const whole = await subscribe(narrowToken, { name: '整体（窄）', path: '/salevolume/wholemarket', search: 'source=2', kind: 'newMonth' });
    const area = await subscribe(narrowToken, { name: '区域（窄）', path: '/salevolume/areamarket', search: 'source=2', kind: 'newMonth' });
    const gone = await subscribe(leavingToken, { name: '整体（离职）', path: '/salevolume/wholemarket', search: 'source=2', kind: 'newMonth' });

    // The narrow analyst's role now holds 整体市场表现 and 订阅与提醒 alone; the other analyst is disabled. Both subscriptions are due.
    await bed.db.query(`INSERT INTO role (id, code, name) VALUES (90, 'alerts_narrow', '窄权限') ON CONFLICT DO NOTHING`);
    await bed.db.query(
      `INSERT INTO role_menu (role_id, menu_id) SELECT 90, id FROM menu WHERE path IN ('/salevolume/wholemarket', '/alerts') ON CONFLICT DO NOTHING`,
    );
    await bed.db.query(`UPDATE app_user SET role_id = 90 WHERE account = $1`, [narrow]);
    await bed.db.query(`UPDATE app_user SET enabled = false WHERE account = $1`, [leaving]);
    await bed.db.query(`UPDATE alert_subscription SET last_month = NULL WHERE id = ANY($1)`, [[whole.id, area.id, gone.id]]);

    const narrowNow = await signIn(app, narrow, 'Narrow#2026', address);
    const refused = await post('subscriptions/create', narrowNow, { name: '区域', path: '/salevolume/areamarket', search: 'source=2', kind: 'newMonth' }, 403);
    expect(refused.msg).toBe('您没有该视图页面的访问权限');

    const evaluated = await app.get(AlertEvaluator, { strict: false }).evaluate();
    const month = evaluated.sources[0]?.month ?? 0;
    expect(evaluated.sources).toEqual([{ source: 'retail', month, evaluated: 1, closed: 1, written: 1, queries: 0 }]);
    expect((await notifications(narrowNow)).map((n) => n.title)).toEqual([`整体（窄）：${formatMonth(month)} 零售量数据已发布`]);
    const left = await bed.db.query<{ id: number; last_month: number | null; notified: number }>(
      `SELECT s.id, s.last_month, (SELECT count(*)::int FROM alert_notification n WHERE n.subscription_id = s.id) AS notified
       FROM alert_subscription s WHERE s.id = ANY($1) ORDER BY s.id`,
      [[area.id, gone.id]],
    );
    // Not evaluated: still due, at the then latest month, if the page or the user comes back.
    expect(left.rows).toEqual([
      { id: area.id, last_month: null, notified: 0 },
      { id: gone.id, last_month: null, notified: 0 },
    ]);

    await bed.db.query(`UPDATE app_user SET role_id = (SELECT id FROM role WHERE code = 'analyst') WHERE account = $1`, [narrow]);
    expect((await app.get(AlertEvaluator, { strict: false }).evaluate()).sources).toEqual([
      { source: 'retail', month, evaluated: 1, closed: 0, written: 1, queries: 0 },
    ]);
    // A role change ends the user's sessions: signed in again.
    const restored = await signIn(app, narrow, 'Narrow#2026', address);
    expect((await notifications(restored)).map((n) => n.title).sort()).toEqual([
      `区域（窄）：${formatMonth(month)} 零售量数据已发布`,
      `整体（窄）：${formatMonth(month)} 零售量数据已发布`,
    ]);
  });

  test("a bell's subscription stores the condition its form showed, titled in words, on the figure its card or row shows (decision 279)", async () => {
    const path = '/salevolume/companybrand';
    // 甲德's own page (type 1 is 品牌): its 同比 card carries the bell.
    const makerSearch = `source=2&time=2026-03&type=1&id=${JIADE.id}`;
    const cardTitle = subscriptionTitle(path, makerSearch, JIADE.name);
    expect(cardTitle).toBe('厂商品牌表现 · 甲德 · 零售 · 2026-03');
    const fromCard = await subscribe(analyst, {
      name: cardTitle,
      path,
      search: makerSearch,
      kind: 'condition',
      measure: SUMMARY_CARD_MEASURES.yoy,
      comparison: 'below',
      threshold: -5,
      rowKind: 'brand',
      rowId: JIADE.id,
    });
    expect(fromCard).toMatchObject({
      name: cardTitle,
      title: cardTitle,
      path,
      search: makerSearch,
      source: 'retail',
      measure: 'yoy',
      rowKind: 'brand',
      rowId: JIADE.id,
      rowName: '甲德',
      conditionText: '甲德 同比不高于 -5%',
    });
    // The overview's 厂商 ranking: 乙汽车's row carries the bell, on its 销量; wholesale figures say so.
    const rankingSearch = '?source=1&time=2026-02&page=2';
    const rowTitle = subscriptionTitle(path, 'source=1&time=2026-02&page=2', PRODUCERS[1].name);
    expect(rowTitle).toBe('厂商品牌表现 · 乙汽车 · 批发 · 2026-02');
    const fromRow = await subscribe(analyst, {
      name: rowTitle,
      path,
      search: rankingSearch,
      kind: 'condition',
      measure: 'sales',
      comparison: 'above',
      threshold: 100,
      rowKind: TABLE_DIMENSION_ROW_KINDS[5],
      rowId: PRODUCERS[1].id,
    });
    expect(fromRow).toMatchObject({ title: rowTitle, search: 'source=1&time=2026-02&page=2', source: 'wholesale', rowKind: 'producer', rowName: '乙汽车' });
    const listed = await subscriptionsOf(analyst);
    expect(listed.filter((s) => [fromCard.id, fromRow.id].includes(s.id)).map((s) => s.title)).toEqual([rowTitle, cardTitle]);

    // The cards the bell is on read the figures the alert reads: the brand's ranking row of the same view.
    const card = (
      await server()
        .get(`${API_PREFIX}/saleVolume/companyBrand/whole`)
        .query({ source: '2', time: '2026-03', type: '1', foreignId: String(JIADE.id) })
        .set('token', analyst)
        .expect(200)
    ).body.result as Summary;
    const row = await brandRow('wholeMarket/bound', { source: '2', time: '2026-03' }, JIADE.id);
    expect({ qty: card.qty, yoy: card.yoy }).toEqual({ qty: row.sales, yoy: row.yoy });
    expect(Object.keys(SUMMARY_CARD_MEASURES)).toEqual(['qty', 'yoy']);

    // A title follows what is stored: the edit to another row names it.
    const moved = await post('subscriptions/update', analyst, {
      id: fromCard.id,
      name: cardTitle,
      path,
      search: makerSearch,
      ...onBrand(YIPAI.id, 'yoy', 'below', -5),
    });
    expect(moved.result).toMatchObject({ name: cardTitle, title: '厂商品牌表现 · 乙牌 · 零售 · 2026-03' });
    for (const id of [fromCard.id, fromRow.id]) await post('subscriptions/delete', analyst, { id });
  });

  test('a subscription is checked, refused in Chinese, and its owner alone may change it', async () => {
    const view = { name: '视图', path: '/salevolume/wholemarket', search: 'source=2' };
    const missing = await post('subscriptions/create', analyst, { ...view, kind: 'condition', measure: 'share', comparison: 'below', threshold: -1 }, 400);
    expect(missing.msg).toBe('指标提醒须选择对象类型');
    const moved = await post('subscriptions/create', analyst, { ...view, ...onBrand(JIADE.id, 'shareChange', 'movedBy', 0) }, 400);
    expect(moved.msg).toBe('阈值应大于 0（变动超过 N 的 N）');
    const wholesale = await post(
      'subscriptions/create',
      analyst,
      {
        ...view,
        search: 'source=1',
        kind: 'condition',
        measure: 'sales',
        comparison: 'above',
        threshold: 1,
        rowKind: 'province',
        rowId: PROVINCE.guangdong.id,
      },
      400,
    );
    expect(wholesale.msg).toBe('批发量数据没有地区维度：按省份或城市的提醒请订阅零售量的视图');
    const unknownRow = await post('subscriptions/create', analyst, { ...view, ...onBrand(999, 'sales', 'above', 1) }, 400);
    expect(unknownRow.msg).toBe('对象没有编号为 999 的品牌');
    const price = await post('subscriptions/create', analyst, { ...view, ...onBrand(JIADE.id, 'tp', 'above', 1) }, 400);
    expect(price.msg).toBe('成交价、优惠率的提醒请从价格页面（整体市场价格指数、车系价格追踪）订阅');
    const before = await subscriptionsOf(analyst);

    const own = await subscribe(admin, { ...view, kind: 'newMonth' });
    expect((await post('subscriptions/delete', analyst, { id: own.id }, 404)).msg).toBe('没有这条订阅');
    expect((await post('subscriptions/update', analyst, { id: own.id, ...view, name: '改名', kind: 'newMonth' }, 404)).msg).toBe('没有这条订阅');
    expect(await subscriptionsOf(analyst)).toEqual(before);

    const updated = await post('subscriptions/update', admin, { id: own.id, ...view, name: '改为条件', ...onBrand(JIADE.id, 'shareChange', 'below', -1) });
    expect(updated.result).toMatchObject({ name: '改为条件', conditionText: '甲德 份额变化不高于 -1个百分点' });
    expect((await post('subscriptions/delete', admin, { id: own.id })).result).toEqual({ deleted: 1 });
  });

  test('a hit reaches the team robot the subscription names, in its format; a failing robot is retried, then failed on the subscription', async () => {
    const registered = async (body: object): Promise<{ id: number }> => {
      const res = await server()
        .post(`${API_PREFIX}/admin/robots/create`)
        .set('token', admin)
        .send({ enabled: true, ...body });
      expect(res.body).toMatchObject({ code: 1 });
      return res.body.result as { id: number };
    };
    const wecom = await registered({ name: '企业微信群', service: 'wecom', url: `${robot.url}/ok?key=ALERTS` });
    const dingtalk = await registered({ name: '钉钉群', service: 'dingtalk', url: `${robot.url}/ok?access_token=ALERTS`, secret: 'SECalerts' });
    const down = await registered({ name: '故障群', service: 'wecom', url: `${robot.url}/down?key=DOWN` });
    const [{ id: producerId }] = (await bed.db.query<{ id: number }>(`SELECT id FROM producer ORDER BY id LIMIT 1`)).rows;
    const otherTeam = await registered({ name: '他厂群', service: 'wecom', url: `${robot.url}/ok?key=OTHER`, producerId });

    // The analyst (no producer) picks among everyone's robots; another team's robot is refused in Chinese.
    const team = (await server().get(`${API_PREFIX}/robots/team`).set('token', analyst).expect(200)).body.result as TeamRobot[];
    expect(team.map((r) => r.name).sort()).toEqual(['企业微信群', '故障群', '钉钉群'].sort());
    const whole = { path: '/salevolume/wholemarket', search: 'source=2&time=2026-04' };
    const refused = await post('subscriptions/create', analyst, { name: '他厂', ...whole, kind: 'newMonth', robotId: otherTeam.id }, 400);
    expect(refused.msg).toBe('所选群机器人不存在、已停用或不属于本团队');

    const newMonth = await subscribe(analyst, { name: '五月大盘', ...whole, kind: 'newMonth', robotId: wecom.id });
    expect(newMonth).toMatchObject({ robot: { id: wecom.id, name: '企业微信群' }, robotDelivery: null });
    const share = await subscribe(analyst, { name: '甲德份额（钉钉）', ...whole, ...onBrand(JIADE.id, 'share', 'above', 70), robotId: dingtalk.id });
    // 乙牌 stays under 70 %: no notification, so nothing for its robot.
    await subscribe(analyst, { name: '乙牌份额（钉钉）', ...whole, ...onBrand(YIPAI.id, 'share', 'above', 70), robotId: dingtalk.id });
    const failing = await subscribe(analyst, { name: '故障群订阅', ...whole, kind: 'newMonth', robotId: down.id });

    const before = robot.received.length;
    const queue = await publish('2026-05,110000,JLL61,1,1,1,40\n2026-05,440100,JLL64,1,1,1,10\n', '2026-05', '五月.csv');
    const mine = () => subscriptionsOf(analyst);
    const settled = async () => (await mine()).find((x) => x.id === failing.id)?.robotDelivery?.state === 'failed';
    for (let i = 0; i < 100 && !(await settled()); i++) await queue.drain();

    const market = await brandRow('wholeMarket/bound', { source: '2', time: '2026-05' }, JIADE.id);
    expect(market.mixs).toBe('80.0%');
    const got = robot.received.slice(before);
    const toWecom = got.filter((r) => r.query.get('key') === 'ALERTS');
    const toDingtalk = got.filter((r) => r.query.get('access_token') === 'ALERTS');
    const toDown = got.filter((r) => r.query.get('key') === 'DOWN');
    // Exactly the hits: one message each for the two that hit, none for 乙牌; the failing robot got its three tries.
    expect([toWecom.length, toDingtalk.length, toDown.length]).toEqual([1, 1, 3]);
    expect(got.filter((r) => r.query.get('key') === 'OTHER')).toEqual([]);
    expect(toWecom[0].body).toEqual({
      msgtype: 'markdown',
      markdown: {
        content: `### 五月大盘：2026-05 零售量数据已发布\n> 零售量数据已更新至 2026-05\n\n[查看详情](${PUBLIC_URL}/salevolume/wholemarket?source=2&time=2026-05)`,
      },
    });
    const dingBody = toDingtalk[0].body as { msgtype: string; markdown: { title: string; text: string } };
    expect(dingBody.msgtype).toBe('markdown');
    expect(dingBody.markdown.title).toBe('甲德份额（钉钉）：甲德 份额不低于 70%');
    expect(dingBody.markdown.text).toContain(`甲德 2026-05 份额 ${market.mixs}`);
    expect(dingBody.markdown.text).toContain(alertChangeText('share', market.mixChange));
    expect(dingBody.markdown.text).toContain(`${PUBLIC_URL}/salevolume/wholemarket?source=2&time=2026-05`);
    expect(toDingtalk[0].query.get('sign')).toBeTruthy();

    // The subscription shows its robot's latest send: sent, or failed with the reason.
    const listed = await mine();
    expect(listed.find((x) => x.id === newMonth.id)?.robotDelivery).toMatchObject({ state: 'sent', stateLabel: '已发送', lastError: null });
    expect(listed.find((x) => x.id === share.id)?.robotDelivery).toMatchObject({ state: 'sent' });
    expect(listed.find((x) => x.id === failing.id)?.robotDelivery).toMatchObject({
      state: 'failed',
      stateLabel: '发送失败',
      lastError: expect.stringContaining('500'),
    });

    // A robot deleted leaves its subscriptions in the bell only.
    await server().post(`${API_PREFIX}/admin/robots/delete`).set('token', admin).send({ id: down.id }).expect(200);
    expect((await mine()).find((x) => x.id === failing.id)).toMatchObject({ robot: null });
  }, 120_000);

  test("a robot is checked against its owner's team at each delivery: an owner moved to another team or disabled sends nothing, told in the bell", async () => {
    const [first, second] = (await bed.db.query<{ id: number }>(`SELECT id FROM producer ORDER BY id LIMIT 2`)).rows.map((r) => r.id);
    const res = await server()
      .post(`${API_PREFIX}/admin/robots/create`)
      .set('token', admin)
      .send({ enabled: true, name: '甲厂团队群', service: 'wecom', url: `${robot.url}/ok?key=TEAM`, producerId: first });
    expect(res.body).toMatchObject({ code: 1 });
    const teamRobot = res.body.result as { id: number };
    const password = 'Mover@2026x';
    const account = await createAnalyst('alerts_mover', password, '调岗分析师', bed.url);
    await bed.db.query(`UPDATE app_user SET producer_id = $2 WHERE account = $1`, [account, first]);
    const [{ id: moverId }] = (await bed.db.query<{ id: number }>(`SELECT id FROM app_user WHERE account = $1`, [account])).rows;
    let mover = await signIn(app, account, password, `10.84.${process.pid % 250}.3`);
    const whole = { path: '/salevolume/wholemarket', search: 'source=2&time=2026-05' };
    const subscription = await subscribe(mover, { name: '甲厂大盘', ...whole, kind: 'newMonth', robotId: teamRobot.id });
    expect(subscription.robot).toEqual({ id: teamRobot.id, name: '甲厂团队群' });

    // Moved by an administrator to another producer: the June publish reaches the bell, not the first team's robot.
    await bed.db.query(`UPDATE app_user SET producer_id = $2 WHERE id = $1`, [moverId, second]);
    mover = await signIn(app, account, password, `10.84.${process.pid % 250}.3`);
    const before = robot.received.length;
    const queue = await publish('2026-06,110000,JLL61,1,1,1,20\n', '2026-06', '六月.csv');
    const told = async () => (await notifications(mover)).filter((n) => n.subscriptionId === subscription.id);
    for (let i = 0; i < 100 && (await told()).length === 0; i++) await queue.drain();
    await queue.drain();
    expect(robot.received.slice(before).filter((r) => r.query.get('key') === 'TEAM')).toEqual([]);
    const [listed] = (await subscriptionsOf(mover)).filter((x) => x.id === subscription.id);
    expect(listed).toMatchObject({ robot: null, robotDelivery: null });
    const bell = await told();
    expect(bell.map((n) => n.title).sort()).toEqual(['甲厂大盘：2026-06 零售量数据已发布', robotStoppedNotice('甲厂大盘', '甲厂团队群').title].sort());
    expect(bell.find((n) => n.title === robotStoppedNotice('甲厂大盘', '甲厂团队群').title)).toMatchObject({
      figureText: robotStoppedNotice('甲厂大盘', '甲厂团队群').figureText,
      link: ALERT_PAGES.subscriptions,
      read: false,
    });

    // A delivery sent after its owner was disabled (queued before; the in-process queue sends at once, so queued
    // here after) is not sent: it fails with the reason, on the subscription.
    await bed.db.query(`UPDATE app_user SET producer_id = $2 WHERE id = $1`, [moverId, first]);
    await bed.db.query(`UPDATE alert_subscription SET robot_id = $2 WHERE id = $1`, [subscription.id, teamRobot.id]);
    await bed.db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [moverId]);
    try {
      await app.get(RobotsService).deliver(teamRobot.id, { title: '排队中的提醒', lines: [], link: whole.path }, subscription.id);
      await queue.drain();
      expect(robot.received.slice(before).filter((r) => r.query.get('key') === 'TEAM')).toEqual([]);
      const [delivery] = (
        await bed.db.query(`SELECT state, last_error AS "lastError" FROM robot_delivery WHERE subscription_id = $1 ORDER BY id DESC LIMIT 1`, [subscription.id])
      ).rows;
      expect(delivery).toEqual({ state: 'failed', lastError: ROBOT_MESSAGES.subscriberLeft });
    } finally {
      await bed.db.query(`UPDATE app_user SET enabled = true WHERE id = $1`, [moverId]);
    }
  }, 120_000);
});
