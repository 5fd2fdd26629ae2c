import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { type AlertNotification, type AlertSubscription, API_PREFIX, type CompetitorMonitor, type CompetitorSet } from '@car/contracts';
import { AlertEvaluator } from '../../backend/src/alerts/alert-evaluator';
import { signedInApp } from '../support/api-app';
import { createPriceFixture } from '../support/price-fixture';
import { ANALYST, PROVINCE } from '../support/sales-fixture';
import { signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/*
 * Alerts on a competitor set (issue 49 §3, decision 298), subscribed from 竞品监控 through the API and evaluated at the
 * fixture's latest months (2026-03 of retail, wholesale and prices: the evaluation a publish queues), on the hand-made
 * market of sales-fixture.ts with the prices of price-fixture.ts. The set 德锐对标: 本品 德锐 [51], rivals 日行SUV [52]
 * and 乙电EV [53] (competitor-monitor.spec.ts works its figures by hand):
 *
 *   retail, nationwide:  德锐 2026-03 500 of the set's 1000 = 50.0 %; 2026-02 200 of 400 = 50.0 %: no change (a dash)
 *   retail, 广东:         德锐 (深圳) 200 of 200 + 100 (日行SUV 广州) + 300 (乙电EV) = 600 → 33.3 %;
 *                        2026-02 100 of 100 + 0 + 100 = 200 → 50.0 %: 33.33 − 50 = −16.7 points
 *   wholesale:           德锐 (trims 61 + 62) 2026-03 400 + 200 = 600 of 600 + 250 + 300 = 1150 → 52.2 %;
 *                        2026-02 100 + 100 = 200 of 200 + 150 + 250 = 600 → 33.3 %: +18.8 points
 *   national TP:         乙电EV 2026-02 160,000 → 2026-03 154,000: a fall of 6,000 元, 6000 / 160000 = 3.75 %,
 *                        shown 3.7 (percentNumber rounds half up on −3.75, as the page's price figures do);
 *                        日行SUV has no price in 2026-02: it did not fall; 德锐 is 本品, not a rival.
 */

const PASSWORD = 'SetAlerts#2026';
const MONITOR = '/salevolume/competitormonitor';

describe('alerts on a competitor set', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_alerts_competitor_sets`;
  const address = (n: number) => `10.95.${process.pid % 250}.${n}`;
  let app: NestExpressApplication;
  let db: Client;
  /** analyst (甲汽车 [11]) owns the sets; colleague of 甲汽车 reads the shared one; stranger of 乙汽车 [12] reads none. */
  const tokens = { analyst: '', colleague: '', stranger: '' };
  let set: CompetitorSet;

  beforeAll(async () => {
    const databaseUrl = await createPriceFixture(env.adminUrl, database);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const colleague = await createAnalyst('set_alerts_colleague', PASSWORD, '同厂同事', databaseUrl);
    const stranger = await createAnalyst('set_alerts_stranger', PASSWORD, '外厂用户', databaseUrl);
    await db.query(`UPDATE app_user SET producer_id = 11 WHERE account = ANY($1)`, [[ANALYST.account, colleague]]);
    await db.query(`UPDATE app_user SET producer_id = 12 WHERE account = $1`, [stranger]);
    ({ app, token: tokens.analyst } = await signedInApp({ address: address(1), databaseUrl, account: ANALYST.account, password: ANALYST.password }));
    tokens.colleague = await signIn(app, colleague, PASSWORD, address(2));
    tokens.stranger = await signIn(app, stranger, PASSWORD, address(3));
    set = await saveSet('德锐对标', [51], [52, 53]);
    await api('analyst', 'competitorSets/share', { id: set.id, producer: true });
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  /** A POST as one of the users: the answer's result, or its status and message when `status` is not 200. */
  async function api<T>(who: keyof typeof tokens, path: string, body: object): Promise<T> {
    const res = await request(app.getHttpServer()).post(`${API_PREFIX}/${path}`).set('token', tokens[who]).send(body);
    expect({ status: res.status, msg: res.body.msg as unknown }).toEqual({ status: 200, msg: '成功' });
    return res.body.result as T;
  }
  async function refused(who: keyof typeof tokens, body: object): Promise<{ status: number; msg: string }> {
    const res = await request(app.getHttpServer()).post(`${API_PREFIX}/alerts/subscriptions/create`).set('token', tokens[who]).send(body);
    return { status: res.status, msg: res.body.msg as string };
  }
  const saveSet = (name: string, own: number[], rivals: number[]) => api<CompetitorSet>('analyst', 'competitorSets/save', { name, own, rivals });
  const subscribe = (who: keyof typeof tokens, body: object) => api<AlertSubscription>(who, 'alerts/subscriptions/create', body);
  const subscriptions = async (who: keyof typeof tokens): Promise<AlertSubscription[]> =>
    (await request(app.getHttpServer()).get(`${API_PREFIX}/alerts/subscriptions`).set('token', tokens[who]).expect(200)).body.result;
  const notifications = async (who: keyof typeof tokens): Promise<AlertNotification[]> =>
    (await request(app.getHttpServer()).get(`${API_PREFIX}/alerts/notifications`).set('token', tokens[who]).expect(200)).body.result.items;
  const monitor = async (query: Record<string, string>): Promise<CompetitorMonitor> =>
    (
      await request(app.getHttpServer())
        .get(`${API_PREFIX}/competitorSets/monitor`)
        .query({ id: String(set.id), ...query })
        .set('token', tokens.analyst)
        .expect(200)
    ).body.result;
  /** A condition on a set, on 竞品监控's view of it (`search` after the set). */
  const onSet = (id: number, name: string, measure: string, comparison: string, threshold: number, search = 'time=2026-03&source=2') => ({
    name,
    path: MONITOR,
    search: `set=${id}&${search}`,
    kind: 'condition',
    measure,
    comparison,
    threshold,
    rowKind: 'competitorSet',
    rowId: id,
  });
  const removeAll = async (who: keyof typeof tokens) => {
    for (const s of await subscriptions(who)) await api(who, 'alerts/subscriptions/delete', { id: s.id });
  };

  test("a set's share follows the view's data; its rivals' TP is a price, watched at the price months; both titled by the set", async () => {
    const share = await subscribe('analyst', onSet(set.id, '德锐份额', 'setShare', 'below', 60));
    expect(share).toMatchObject({
      source: 'retail',
      sourceText: '零售量',
      rowKind: 'competitorSet',
      rowId: set.id,
      rowName: '德锐对标',
      conditionText: '德锐对标 本品组内份额不高于 60%',
      title: '竞品监控 · 德锐对标 · 零售 · 2026-03',
      lastMonth: '2026-03',
    });
    const wholesale = await subscribe('analyst', onSet(set.id, '批发份额', 'setShare', 'movedBy', 10, 'source=1'));
    expect(wholesale).toMatchObject({ source: 'wholesale', conditionText: '德锐对标 组内份额较上月变动超过 ±10个百分点', title: '竞品监控 · 德锐对标 · 批发' });
    const fall = await subscribe('analyst', onSet(set.id, '竞品降价', 'rivalTpFall', 'movedBy', 5000));
    expect(fall).toMatchObject({ source: 'price', sourceText: '价格', conditionText: '德锐对标 竞品成交价降幅超过 5000元', lastMonth: '2026-03' });
    const rate = await subscribe('colleague', onSet(set.id, '竞品降幅', 'rivalTpFallRate', 'movedBy', 3));
    expect(rate).toMatchObject({ source: 'price', rowName: '德锐对标', conditionText: '德锐对标 竞品成交价降幅超过 3%' });
    // A rival's TP is national whatever the view's area: stored without it.
    const [{ filters }] = (await db.query(`SELECT filters FROM alert_subscription WHERE id = $1`, [fall.id])).rows;
    expect(filters).toEqual({});
    await removeAll('analyst');
    await removeAll('colleague');
  });

  test('refused in Chinese, nothing saved: a set the user cannot read, another set than the view’s, a fall watched otherwise, a set off 竞品监控', async () => {
    const mine = await saveSet('未共享', [51], [53]);
    expect(await refused('stranger', onSet(set.id, '外厂', 'setShare', 'above', 1))).toEqual({ status: 400, msg: `对象没有编号为 ${set.id} 的竞品组` });
    expect(await refused('colleague', onSet(mine.id, '未共享', 'setShare', 'above', 1))).toEqual({ status: 400, msg: `对象没有编号为 ${mine.id} 的竞品组` });
    expect(await refused('analyst', { ...onSet(set.id, '别的组', 'setShare', 'above', 1), search: `set=${mine.id}` })).toEqual({
      status: 400,
      msg: '对象应为视图中的竞品组（查询条件中的 set）',
    });
    expect(await refused('analyst', onSet(set.id, '不低于', 'rivalTpFall', 'above', 5000))).toEqual({
      status: 400,
      msg: '竞品成交价降幅的条件只能是「降幅超过 N」（movedBy）',
    });
    expect(await refused('analyst', { ...onSet(set.id, '整体市场', 'rivalTpFall', 'movedBy', 5000), path: '/salevolume/wholemarket' })).toEqual({
      status: 400,
      msg: '本品组内份额、竞品成交价降幅的提醒请从竞品监控页面订阅',
    });
    expect(await refused('analyst', { ...onSet(set.id, '价格页', 'rivalTpFallRate', 'movedBy', 1), path: '/price/cabmodelpricetrace' })).toEqual({
      status: 400,
      msg: '本品组内份额、竞品成交价降幅的提醒请从竞品监控页面订阅',
    });
    expect(await refused('analyst', { ...onSet(set.id, '品牌', 'setShare', 'above', 1), rowKind: 'brand', rowId: 21 })).toEqual({
      status: 400,
      msg: '本品组内份额、竞品成交价降幅的对象类型应为竞品组',
    });
    expect(await refused('analyst', { ...onSet(set.id, '品牌份额', 'share', 'above', 1), rowKind: 'brand', rowId: 21 })).toEqual({
      status: 400,
      msg: '竞品监控的视图只能按本品组内份额或竞品成交价降幅提醒',
    });
    // The pick-list of rows has no sets: a set is the view's, not picked from everyone's.
    const rows = await request(app.getHttpServer()).get(`${API_PREFIX}/alerts/rows`).query({ kind: 'competitorSet' }).set('token', tokens.analyst);
    expect(rows.status).toBe(400);
    for (const who of ['analyst', 'colleague', 'stranger'] as const) expect(await subscriptions(who)).toEqual([]);
    await api('analyst', 'competitorSets/delete', { id: mine.id });
  });

  test('evaluated after a publish: each set worked once per month, the hits told exactly, a set gone or no longer shared passed over', async () => {
    const gone = await saveSet('临时对标', [53], [51, 52]);
    const unshared = await saveSet('收回对标', [52], [51, 53]);
    await api('analyst', 'competitorSets/share', { id: unshared.id, producer: true });
    const guangdong = `time=2026-03&source=2&area=${PROVINCE.guangdong.id}&level=2`;
    const made = [
      await subscribe('analyst', onSet(set.id, '德锐份额', 'setShare', 'below', 60)),
      await subscribe('analyst', onSet(set.id, '德锐份额高', 'setShare', 'above', 60)),
      await subscribe('colleague', onSet(set.id, '同事份额', 'setShare', 'below', 50)),
      await subscribe('analyst', onSet(set.id, '广东份额', 'setShare', 'movedBy', 10, guangdong)),
      await subscribe('analyst', onSet(set.id, '批发份额', 'setShare', 'movedBy', 10, 'source=1')),
      await subscribe('analyst', onSet(set.id, '乙电降价', 'rivalTpFall', 'movedBy', 5000)),
      await subscribe('analyst', onSet(set.id, '降价六千', 'rivalTpFall', 'movedBy', 6000)),
      await subscribe('colleague', onSet(set.id, '降幅3%', 'rivalTpFallRate', 'movedBy', 3)),
      await subscribe('analyst', onSet(set.id, '降幅4%', 'rivalTpFallRate', 'movedBy', 4)),
      await subscribe('analyst', onSet(gone.id, '已删的组', 'setShare', 'above', 0)),
      await subscribe('analyst', onSet(gone.id, '已删的组降价', 'rivalTpFall', 'movedBy', 1)),
      await subscribe('colleague', onSet(unshared.id, '收回的组', 'setShare', 'above', 0)),
    ];
    await api('analyst', 'competitorSets/delete', { id: gone.id });
    await api('analyst', 'competitorSets/share', { id: unshared.id, producer: false });

    // The figures the page shows for the same views.
    const [national, inGuangdong, wholesale] = await Promise.all([
      monitor({ source: '2', time: '2026-03' }),
      monitor({ source: '2', time: '2026-03', area: String(PROVINCE.guangdong.id), level: '2' }),
      monitor({ source: '1', time: '2026-03' }),
    ]);
    const own = (m: CompetitorMonitor) => [m.own.shares.at(-1), m.own.shareChange];
    expect([own(national), own(inGuangdong), own(wholesale)]).toEqual([
      [50, 0],
      [33.3, -16.7],
      [52.2, 18.8],
    ]);
    expect(national.members.find((m) => m.id === 53)?.tp.slice(-2)).toEqual([160_000, 154_000]);

    // The latest months published again: what the publish job queues.
    await db.query(`UPDATE alert_subscription SET last_month = 202602 WHERE id = ANY($1)`, [made.map((s) => s.id)]);
    const summary = await app.get(AlertEvaluator, { strict: false }).evaluate();
    // One query a set and area: retail 德锐对标 nationwide (three subscriptions) and in 广东, 收回对标 and 临时对标; prices 德锐对标 and 临时对标.
    expect(summary.sources).toEqual([
      { source: 'retail', month: 202603, evaluated: 6, closed: 0, written: 3, queries: 4 },
      { source: 'wholesale', month: 202603, evaluated: 1, closed: 0, written: 1, queries: 1 },
      { source: 'price', month: 202603, evaluated: 5, closed: 0, written: 2, queries: 2 },
    ]);

    const link = (search: string) => `${MONITOR}?set=${set.id}&${search}`;
    const told = (items: AlertNotification[]) =>
      items
        .map(({ title, figureText, changeText, link, month }) => ({ title, figureText, changeText, link, month }))
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(told(await notifications('analyst'))).toEqual(
      told([
        {
          title: '德锐份额：德锐对标 本品组内份额不高于 60%',
          figureText: '德锐对标 2026-03 本品组内份额 50.0%',
          changeText: '组内份额较上月 -',
          link: link('time=2026-03&source=2'),
          month: '2026-03',
        },
        {
          title: '广东份额：德锐对标 组内份额较上月变动超过 ±10个百分点',
          figureText: '德锐对标 2026-03 本品组内份额 33.3%',
          changeText: '组内份额较上月 -16.7个百分点',
          link: link(guangdong),
          month: '2026-03',
        },
        {
          title: '批发份额：德锐对标 组内份额较上月变动超过 ±10个百分点',
          figureText: '德锐对标 2026-03 本品组内份额 52.2%',
          changeText: '组内份额较上月 +18.8个百分点',
          link: link('source=1&time=2026-03'),
          month: '2026-03',
        },
        {
          title: '乙电降价：德锐对标 竞品成交价降幅超过 5000元',
          figureText: '德锐对标 2026-03 竞品成交价降幅 乙电EV 6,000元（3.7%）',
          changeText: '乙电EV 成交价 154,000元（上月 160,000元）',
          link: link('time=2026-03&source=2'),
          month: '2026-03',
        },
      ] as AlertNotification[]),
    );
    expect(told(await notifications('colleague'))).toEqual(
      told([
        {
          title: '同事份额：德锐对标 本品组内份额不高于 50%',
          figureText: '德锐对标 2026-03 本品组内份额 50.0%',
          changeText: '组内份额较上月 -',
          link: link('time=2026-03&source=2'),
          month: '2026-03',
        },
        {
          title: '降幅3%：德锐对标 竞品成交价降幅超过 3%',
          figureText: '德锐对标 2026-03 竞品成交价降幅 乙电EV 6,000元（3.7%）',
          changeText: '乙电EV 成交价 154,000元（上月 160,000元）',
          link: link('time=2026-03&source=2'),
          month: '2026-03',
        },
      ] as AlertNotification[]),
    );
    const [figure] = (
      await db.query<{ figure: number }>(
        `SELECT figure::float8 AS figure FROM alert_notification n JOIN alert_subscription s ON s.id = n.subscription_id WHERE s.name = '降幅3%'`,
      )
    ).rows;
    expect(figure).toEqual({ figure: 3.7 });

    // The set gone and the set no longer shared: evaluated (their month moved on), nothing told, still listed.
    const passedOver = [made[9], made[10], made[11]].map((s) => s.id);
    const left = await db.query(
      `SELECT s.last_month AS "lastMonth", (SELECT count(*)::int FROM alert_notification n WHERE n.subscription_id = s.id) AS told
       FROM alert_subscription s WHERE s.id = ANY($1)`,
      [passedOver],
    );
    expect(left.rows).toEqual(passedOver.map(() => ({ lastMonth: 202603, told: 0 })));
    expect((await subscriptions('analyst')).find((s) => s.id === made[9].id)).toMatchObject({ rowName: null, conditionText: '本品组内份额不低于 0%' });

    // Evaluated again: nothing twice.
    await db.query(`UPDATE alert_subscription SET last_month = 202602 WHERE id = ANY($1)`, [made.map((s) => s.id)]);
    const again = await app.get(AlertEvaluator, { strict: false }).evaluate();
    expect(again.sources.map((s) => s.written)).toEqual([0, 0, 0]);
  });
});
