import { Client } from 'pg';
import request from 'supertest';
import {
  API_PREFIX,
  ApiCode,
  type Colleague,
  DASHBOARD_PATH,
  MAX_VIEWS_PER_USER,
  VIEW_MESSAGES,
  type SavedView,
  type ViewList,
  type ViewOpening,
} from '@car/contracts';
import { sharedApp, type SharedApp, signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAdmin, createAnalyst } from '../support/users';

/**
 * 我的视图 through the API (docs/modules.md "我的视图", decisions 187-189): save, list, rename, delete; share with a
 * named colleague and with the owner's producer; a receiver sees it read-only and may copy it; nobody else sees
 * it; opening keeps the parameters the page reads and names the others, and a page outside the viewer's menus
 * stays closed; refusals in Chinese change nothing; every write is in the audit trail. An analyst's colleagues are
 * the analysts of their producer, an administrator's everyone (decision 259); a producer share names the producer
 * it was made for (decision 260).
 */

const env = testEnv();
const PASSWORD = 'Views@2026x';
const VIEWS = `${API_PREFIX}/views`;
const address = (n: number) => `10.87.${process.pid % 250}.${n}`;

describe('saved and shared views', () => {
  let app: SharedApp;
  let db: Client;
  /**
   * owner, colleague, sameMaker and narrow are analysts of 一汽-大众 (demo's producer); stranger belongs to another
   * producer; loner to none; narrow sees only 销量分析; admin has no producer, makerAdmin (no session) is 一汽-大众's.
   */
  const tokens: Record<'owner' | 'colleague' | 'sameMaker' | 'stranger' | 'narrow' | 'loner' | 'admin', string> = {
    owner: '',
    colleague: '',
    sameMaker: '',
    stranger: '',
    narrow: '',
    loner: '',
    admin: '',
  };
  const ids: Record<string, number> = {};
  let producerId: number;
  let otherProducer: number;

  const post = (who: keyof typeof tokens, path: string, body: object) =>
    request(app.getHttpServer()).post(`${VIEWS}/${path}`).set('token', tokens[who]).send(body);
  const get = (who: keyof typeof tokens, path: string, query: Record<string, string> = {}) =>
    request(app.getHttpServer()).get(`${VIEWS}/${path}`).query(query).set('token', tokens[who]);
  const ok = async <T>(call: request.Test): Promise<T> => {
    const response = await call;
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  };
  const refused = async (call: PromiseLike<request.Response>, status: number, msg: string) => {
    const response = await call;
    expect({ status: response.status, msg: response.body.msg }).toEqual({ status, msg });
  };
  const list = (who: keyof typeof tokens) => ok<ViewList>(get(who, 'list'));
  const rowCount = async () => Number((await db.query(`SELECT (SELECT count(*) FROM saved_view) + (SELECT count(*) FROM saved_view_share) AS n`)).rows[0].n);

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    [{ producerId }] = (await db.query(`SELECT producer_id AS "producerId" FROM app_user WHERE account = 'demo'`)).rows;
    [{ otherProducer }] = (await db.query(`SELECT min(id) AS "otherProducer" FROM producer WHERE id <> $1`, [producerId])).rows;
    const accounts = {
      owner: await createAnalyst('views_owner', PASSWORD, '视图主人'),
      colleague: await createAnalyst('views_colleague', PASSWORD, '指定同事'),
      sameMaker: await createAnalyst('views_samemaker', PASSWORD, '同厂同事'),
      stranger: await createAnalyst('views_stranger', PASSWORD, '外厂用户'),
      narrow: await createAnalyst('views_narrow', PASSWORD, '只看销量'),
      loner: await createAnalyst('views_loner', PASSWORD, '无厂商'),
      admin: await createAdmin('views_admin', PASSWORD, '视图管理员'),
      makerAdmin: await createAdmin('views_makeradmin', PASSWORD, '厂商管理员'),
    };
    for (const [who, account] of Object.entries(accounts)) {
      const producer = ['owner', 'colleague', 'sameMaker', 'narrow', 'makerAdmin'].includes(who) ? producerId : who === 'stranger' ? otherProducer : null;
      const [{ id }] = (await db.query(`UPDATE app_user SET producer_id = $2 WHERE account = $1 RETURNING id`, [account, producer])).rows;
      ids[who] = id;
    }
    // A role whose menus hold 销量分析 only: what a narrower customer account sees.
    const [{ roleId }] = (
      await db.query(`INSERT INTO role (id, code, name) SELECT max(id) + 1, 'views_narrow_' || $1, '只看销量' FROM role RETURNING id AS "roleId"`, [
        process.pid,
      ])
    ).rows;
    await db.query(`INSERT INTO role_menu (role_id, menu_id) VALUES ($1, 1)`, [roleId]);
    await db.query(`UPDATE app_user SET role_id = $1 WHERE id = $2`, [roleId, ids.narrow]);

    ({ app, token: tokens.owner } = await sharedApp({ address: address(1), account: accounts.owner, password: PASSWORD }));
    let n = 2;
    for (const who of ['colleague', 'sameMaker', 'stranger', 'narrow', 'loner', 'admin'] as const)
      tokens[who] = await signIn(app, accounts[who], PASSWORD, address(n++));
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  let view: SavedView;

  test('a view is saved with its page and query, listed as mine, and its writes are audited', async () => {
    view = await ok<SavedView>(
      post('owner', 'save', { name: '  十月整体市场  ', path: '/salevolume/wholemarket/', query: 'time=2026-10&source=2&dimension=3' }),
    );
    expect(view).toMatchObject({
      name: '十月整体市场',
      path: '/salevolume/wholemarket',
      pageName: '整体市场表现',
      query: '?time=2026-10&source=2&dimension=3',
      mine: true,
      sharedWith: [],
      sharedWithProducer: false,
      owner: { id: ids.owner, nickname: '视图主人' },
    });
    expect(view.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const mine = await list('owner');
    expect(mine.mine.map((v) => v.id)).toEqual([view.id]);
    expect(mine).toMatchObject({ shared: [], limit: MAX_VIEWS_PER_USER, producerName: '一汽-大众' });
    const audit = await db.query(`SELECT event, detail, path FROM security_event WHERE user_id = $1 AND event LIKE 'view.%' ORDER BY id`, [ids.owner]);
    expect(audit.rows).toEqual([{ event: 'view.saved', path: '/salevolume/wholemarket', detail: { viewId: view.id, viewName: '十月整体市场' } }]);
  });

  test('refusals are Chinese and change nothing', async () => {
    const before = await rowCount();
    await refused(post('owner', 'save', { name: '导出', path: '/comprehensiveinquiry/cityretailexport', query: '' }), 400, VIEW_MESSAGES.notAnalysisPage);
    await refused(post('owner', 'save', { name: '管理', path: '/admin/users', query: '' }), 400, VIEW_MESSAGES.notAnalysisPage);
    await refused(post('owner', 'save', { name: '   ', path: '/salevolume/wholemarket', query: '' }), 400, '请输入视图名称');
    await refused(post('owner', 'save', { name: '名'.repeat(41), path: '/salevolume/wholemarket', query: '' }), 400, '视图名称不能超过 40 个字符');
    // Invisible characters, as control and bidirectional ones (issue 44 §5).
    await refused(post('owner', 'save', { name: '十月\u200b大盘', path: '/salevolume/wholemarket', query: '' }), 400, '视图名称不能包含控制字符或不可见字符');
    await refused(post('owner', 'rename', { id: view.id, name: '\u2060十月大盘' }), 400, '视图名称不能包含控制字符或不可见字符');
    await refused(post('owner', 'save', { name: '十月整体市场', path: '/salevolume/areamarket', query: '' }), 409, VIEW_MESSAGES.nameTaken);
    await refused(post('owner', 'save', { name: '长', path: '/salevolume/wholemarket', query: `a=${'x'.repeat(2000)}` }), 400, '页面条件不能超过 2000 个字符');
    await refused(post('owner', 'save', { name: '多余', path: '/salevolume/wholemarket', query: '', extra: 1 }), 400, '参数 extra 不是可用的参数');
    await refused(post('owner', 'rename', { id: 999999, name: '无' }), 404, VIEW_MESSAGES.notFound);
    await refused(post('owner', 'share', { id: view.id, userIds: [ids.owner] }), 400, VIEW_MESSAGES.selfShare);
    await refused(post('owner', 'share', { id: view.id, userIds: [999999] }), 400, VIEW_MESSAGES.notColleague);
    await refused(post('owner', 'share', { id: 999999 }), 404, VIEW_MESSAGES.notFound);
    await refused(get('owner', 'open', { id: 'abc' }), 400, '视图编号应为正整数');
    expect(await rowCount()).toBe(before);
  });

  test('a user keeps at most the limit of views', async () => {
    const saved: number[] = [];
    const already = (await list('stranger')).mine.length;
    for (let i = already; i < MAX_VIEWS_PER_USER; i++)
      saved.push((await ok<SavedView>(post('stranger', 'save', { name: `视图${i}`, path: DASHBOARD_PATH, query: '' }))).id);
    await refused(post('stranger', 'save', { name: '再一个', path: DASHBOARD_PATH, query: '' }), 409, VIEW_MESSAGES.tooMany);
    for (const id of saved) await ok(post('stranger', 'delete', { id }));
    expect((await list('stranger')).mine).toEqual([]);
  });

  test('rename keeps the view; a name of another view is refused', async () => {
    const other = await ok<SavedView>(post('owner', 'save', { name: '价格指数', path: '/price/marketpricetendency', query: '?time=2026-09' }));
    await refused(post('owner', 'rename', { id: view.id, name: '价格指数' }), 409, VIEW_MESSAGES.nameTaken);
    const renamed = await ok<SavedView>(post('owner', 'rename', { id: view.id, name: '十月大盘' }));
    expect(renamed).toMatchObject({ id: view.id, name: '十月大盘', query: view.query });
    expect((await list('owner')).mine.map((v) => v.name)).toEqual(['十月大盘', '价格指数']);
    const [{ detail }] = (await db.query(`SELECT detail FROM security_event WHERE user_id = $1 AND event = 'view.renamed'`, [ids.owner])).rows;
    expect(detail).toEqual({ viewId: view.id, viewName: '十月大盘', changes: { name: { from: '十月整体市场', to: '十月大盘' } } });
    expect(await ok<{ deleted: number }>(post('owner', 'delete', { id: other.id }))).toEqual({ deleted: 1 });
    await refused(post('owner', 'delete', { id: other.id }), 404, VIEW_MESSAGES.notFound);
  });

  test('another user sees nothing of a view not shared with them', async () => {
    expect((await list('colleague')).shared).toEqual([]);
    expect((await list('sameMaker')).shared).toEqual([]);
    await refused(get('colleague', 'open', { id: String(view.id) }), 404, VIEW_MESSAGES.notFound);
    await refused(post('colleague', 'copy', { id: view.id, name: '偷看' }), 404, VIEW_MESSAGES.notFound);
    await refused(post('colleague', 'rename', { id: view.id, name: '改名' }), 404, VIEW_MESSAGES.notFound);
  });

  test('shared with a named colleague: listed read-only for them, who may copy but not rename, delete or share it', async () => {
    const shared = await ok<SavedView>(post('owner', 'share', { id: view.id, userIds: [ids.colleague] }));
    expect(shared.sharedWith.map((u) => u.id)).toEqual([ids.colleague]);
    expect(shared.sharedWithProducer).toBe(false);
    const theirs = await list('colleague');
    expect(theirs.mine).toEqual([]);
    expect(theirs.shared).toEqual([
      expect.objectContaining({ id: view.id, name: '十月大盘', mine: false, sharedWith: [], owner: expect.objectContaining({ id: ids.owner }) }),
    ]);
    // Someone of the same producer but not named still sees nothing.
    expect((await list('sameMaker')).shared).toEqual([]);
    const before = await rowCount();
    await refused(post('colleague', 'rename', { id: view.id, name: '改名' }), 403, VIEW_MESSAGES.readOnly);
    await refused(post('colleague', 'delete', { id: view.id }), 403, VIEW_MESSAGES.readOnly);
    await refused(post('colleague', 'share', { id: view.id, userIds: [] }), 403, VIEW_MESSAGES.readOnly);
    expect(await rowCount()).toBe(before);
    const copy = await ok<SavedView>(post('colleague', 'copy', { id: view.id, name: '十月大盘' }));
    expect(copy).toMatchObject({ name: '十月大盘', path: view.path, query: view.query, mine: true, owner: { id: ids.colleague } });
    expect(copy.id).not.toBe(view.id);
    // The copy is the colleague's own: renaming it leaves the owner's view as it was.
    await ok(post('colleague', 'rename', { id: copy.id, name: '我的十月' }));
    expect((await list('owner')).mine.find((v) => v.id === view.id)?.name).toBe('十月大盘');
    const [{ event }] = (await db.query(`SELECT event FROM security_event WHERE user_id = $1 AND event = 'view.copied'`, [ids.colleague])).rows;
    expect(event).toBe('view.copied');
  });

  test('shared with the producer: everyone of the owner producer sees it, others do not; unsharing takes it back', async () => {
    await ok(post('owner', 'share', { id: view.id, userIds: [ids.colleague], producer: true }));
    expect((await list('sameMaker')).shared.map((v) => v.id)).toEqual([view.id]);
    expect((await list('stranger')).shared).toEqual([]);
    expect((await list('admin')).shared).toEqual([]);
    const [{ detail }] = (
      await db.query(`SELECT detail FROM security_event WHERE user_id = $1 AND event = 'view.shared' ORDER BY id DESC LIMIT 1`, [ids.owner])
    ).rows;
    expect(detail.sharedWith).toMatch(/^views_colleague_.*、一汽-大众全部同事$/);
    // A user without a producer cannot share with "their producer".
    const adminView = await ok<SavedView>(post('admin', 'save', { name: '管理员的视图', path: '/salevolume/wholemarket', query: '' }));
    await refused(post('admin', 'share', { id: adminView.id, producer: true }), 400, VIEW_MESSAGES.noProducer);

    await ok(post('owner', 'share', { id: view.id, userIds: [], producer: false }));
    expect((await list('sameMaker')).shared).toEqual([]);
    expect((await list('colleague')).shared).toEqual([]);
  });

  test('opening drops the parameters the page no longer reads and names them', async () => {
    const stale = await ok<SavedView>(
      post('owner', 'save', { name: '旧版链接', path: '/salevolume/wholemarket', query: '?time=2026-10&oldChart=1&dimension=2&oldChart=2&legacy=x' }),
    );
    expect(await ok<ViewOpening>(get('owner', 'open', { id: String(stale.id) }))).toEqual({
      id: stale.id,
      name: '旧版链接',
      pageName: '整体市场表现',
      href: '/salevolume/wholemarket?time=2026-10&dimension=2',
      dropped: ['oldChart', 'legacy'],
    });
    expect(await ok<ViewOpening>(get('owner', 'open', { id: String(view.id) }))).toMatchObject({ href: `/salevolume/wholemarket${view.query}`, dropped: [] });
    // A page this build no longer has (a row written by an older version).
    await db.query(`UPDATE saved_view SET path = '/salevolume/oldpage' WHERE id = $1`, [stale.id]);
    await refused(get('owner', 'open', { id: String(stale.id) }), 404, VIEW_MESSAGES.pageGone);
    expect((await list('owner')).mine.find((v) => v.id === stale.id)?.pageName).toBeNull();
    await ok(post('owner', 'delete', { id: stale.id }));
  });

  test('a shared view opens with the sharer filters but only on a page in the viewer menus', async () => {
    const price = await ok<SavedView>(post('owner', 'save', { name: '价格追踪', path: '/price/cabmodelpricetrace', query: '?time=2026-10' }));
    await ok(post('owner', 'share', { id: price.id, userIds: [ids.narrow] }));
    await ok(post('owner', 'share', { id: view.id, userIds: [ids.narrow] }));
    await refused(get('narrow', 'open', { id: String(price.id) }), 403, VIEW_MESSAGES.pageClosed);
    expect(await ok<ViewOpening>(get('narrow', 'open', { id: String(view.id) }))).toMatchObject({ href: `/salevolume/wholemarket${view.query}` });
    // The dashboard is everyone's.
    const board = await ok<SavedView>(post('owner', 'save', { name: '看板十月', path: DASHBOARD_PATH, query: '?time=2026-10' }));
    await ok(post('owner', 'share', { id: board.id, userIds: [ids.narrow] }));
    expect(await ok<ViewOpening>(get('narrow', 'open', { id: String(board.id) }))).toMatchObject({ href: `${DASHBOARD_PATH}?time=2026-10`, pageName: '看板' });
  });

  test("an analyst's colleagues are the enabled analysts of their producer; an administrator's are everyone", async () => {
    const found = async (who: keyof typeof tokens) => (await ok<Colleague[]>(get(who, 'colleagues', { keyword: 'views_' }))).map((c) => c.id);
    const owners = await found('owner');
    expect(owners).toEqual(expect.arrayContaining([ids.colleague, ids.sameMaker, ids.narrow]));
    // Not another producer's people, not an administrator, even one of the same producer, nor the caller.
    for (const other of [ids.stranger, ids.loner, ids.admin, ids.makerAdmin, ids.owner]) expect(owners).not.toContain(other);
    const strangers = await found('stranger');
    for (const other of [ids.owner, ids.colleague, ids.sameMaker, ids.narrow, ids.loner, ids.admin, ids.makerAdmin]) expect(strangers).not.toContain(other);
    expect(await found('loner')).toEqual([]);
    const admins = await found('admin');
    expect(admins).toEqual(expect.arrayContaining([ids.owner, ids.colleague, ids.sameMaker, ids.stranger, ids.narrow, ids.loner, ids.makerAdmin]));
    expect(admins).not.toContain(ids.admin);
  });

  test('sharing with another producer or an administrator is refused at the API; an administrator shares with anyone', async () => {
    const before = await rowCount();
    await refused(post('owner', 'share', { id: view.id, userIds: [ids.stranger] }), 400, VIEW_MESSAGES.notColleague);
    await refused(post('owner', 'share', { id: view.id, userIds: [ids.colleague, ids.makerAdmin] }), 400, VIEW_MESSAGES.notColleague);
    await refused(post('owner', 'share', { id: view.id, userIds: [ids.loner] }), 400, VIEW_MESSAGES.notColleague);
    const lonely = await ok<SavedView>(post('loner', 'save', { name: '无厂商的视图', path: DASHBOARD_PATH, query: '' }));
    await refused(post('loner', 'share', { id: lonely.id, userIds: [ids.owner] }), 400, VIEW_MESSAGES.notColleague);
    await ok(post('loner', 'delete', { id: lonely.id }));
    expect(await rowCount()).toBe(before);
    expect((await list('stranger')).shared.map((v) => v.id)).not.toContain(view.id);

    const adminView = await ok<SavedView>(post('admin', 'save', { name: '发给各厂', path: '/salevolume/wholemarket', query: '' }));
    const shared = await ok<SavedView>(post('admin', 'share', { id: adminView.id, userIds: [ids.stranger, ids.owner, ids.makerAdmin] }));
    expect(shared.sharedWith.map((u) => u.id).sort()).toEqual([ids.stranger, ids.owner, ids.makerAdmin].sort());
    expect((await list('stranger')).shared.map((v) => v.id)).toContain(adminView.id);
    await ok(post('admin', 'delete', { id: adminView.id }));
  });

  test('a producer share names the producer it was made for: the owner moving to another producer takes it along neither way', async () => {
    const shared = await ok<SavedView>(post('owner', 'share', { id: view.id, userIds: [], producer: true }));
    expect(shared).toMatchObject({ sharedWithProducer: true, sharedProducerName: '一汽-大众' });
    const seen = async (who: keyof typeof tokens) => (await list(who)).shared.some((v) => v.id === view.id);
    expect([await seen('sameMaker'), await seen('stranger')]).toEqual([true, false]);
    // An administrator moves the owner to the stranger's producer.
    await db.query(`UPDATE app_user SET producer_id = $2 WHERE id = $1`, [ids.owner, otherProducer]);
    try {
      expect([await seen('sameMaker'), await seen('stranger')]).toEqual([true, false]);
    } finally {
      await db.query(`UPDATE app_user SET producer_id = $2 WHERE id = $1`, [ids.owner, producerId]);
    }
    expect(await ok<SavedView>(post('owner', 'share', { id: view.id, userIds: [], producer: false }))).toMatchObject({
      sharedWithProducer: false,
      sharedProducerName: null,
    });
    expect(await seen('sameMaker')).toBe(false);
  });

  test('a disabled owner shares nothing any more; a disabled colleague is neither listed nor shared with', async () => {
    await db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [ids.sameMaker]);
    try {
      expect((await ok<Colleague[]>(get('owner', 'colleagues', { keyword: 'views_' }))).map((c) => c.id)).not.toContain(ids.sameMaker);
      await refused(post('owner', 'share', { id: view.id, userIds: [ids.sameMaker] }), 400, VIEW_MESSAGES.notColleague);
    } finally {
      await db.query(`UPDATE app_user SET enabled = true WHERE id = $1`, [ids.sameMaker]);
    }
    expect((await list('narrow')).shared.length).toBeGreaterThan(0);
    await db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [ids.owner]);
    try {
      expect((await list('narrow')).shared).toEqual([]);
    } finally {
      await db.query(`UPDATE app_user SET enabled = true WHERE id = $1`, [ids.owner]);
    }
  });

  test('without a session every views call is refused', async () => {
    const response = await request(app.getHttpServer()).get(`${VIEWS}/list`);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 401, code: ApiCode.TokenInvalid });
    const save = await request(app.getHttpServer()).post(`${VIEWS}/save`).send({ name: 'x', path: '/salevolume/wholemarket' });
    expect(save.body.code).toBe(ApiCode.TokenInvalid);
  });
});
