import ExcelJS from 'exceljs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import {
  ADMIN_AUDIT,
  ADMIN_MESSAGES,
  ADMIN_USERS,
  API_MESSAGES,
  API_PREFIX,
  ApiCode,
  isStrongPassword,
  MP,
  type AdminUser,
  type AuditPage,
  type Endpoint,
  type UserOptions,
  type UserPage,
} from '@car/contracts';
import { AdminUsersRepository } from '../../backend/src/admin/users/admin-users.repository';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { signedLink } from '../support/mp-link';
import { testEnv } from '../support/test-env';
import { createAnalyst, createUser } from '../support/users';
import { sheetTable } from '../support/workbook-table';

/**
 * 系统管理 (docs/security.md "Administration: users and audit"): every users and audit call as an administrator, its
 * validation messages, an analyst refused with 403 on each, and what the changes do to the users'
 * tokens (disabled, demoted, reset, revoked: -1012; a password set by an administrator: -1014 until
 * changed); the audit rows they leave, with the list's filters and the workbook.
 */

const ADMIN_PASSWORD = 'Admin#Test2026';
const ANALYST_PASSWORD = 'Analyst#Test2026';
const COLLEAGUE_PASSWORD = 'Colleague#2026';
const ADMIN_ADDRESS = '203.0.113.161';

describe('administration: users and audit', () => {
  let app: NestExpressApplication;
  let adminToken: string;
  let adminAccount: string;
  let analystToken: string;
  let db: Client;
  let addressCounter = 0;
  /** Each sign-in from an address of its own, so no throttle window is shared between tests. */
  const nextAddress = () => `198.51.100.${++addressCounter}`;
  const server = () => app.getHttpServer();

  function login(account: string, password: string, address = nextAddress()) {
    return request(server()).post(`${API_PREFIX}/security/login`).set('X-Forwarded-For', address).send({ account, password });
  }
  async function tokenOf(account: string, password: string): Promise<string> {
    const response = await login(account, password).expect(200);
    return response.body.result.token as string;
  }
  function post(path: string, body: object, token = adminToken) {
    return request(server()).post(`${API_PREFIX}/${path}`).set('token', token).set('X-Forwarded-For', ADMIN_ADDRESS).send(body);
  }
  function get(path: string, query: Record<string, string> = {}, token = adminToken) {
    return request(server()).get(`${API_PREFIX}/${path}`).set('token', token).set('X-Forwarded-For', ADMIN_ADDRESS).query(query);
  }
  async function ok<T>(call: request.Test): Promise<T> {
    const response = await call;
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: ApiCode.Success, msg: '成功' });
    return response.body.result as T;
  }
  async function refused(call: request.Test, status: number, code: number, msg: string): Promise<void> {
    const response = await call;
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status, code, msg });
  }
  let colleagueCounter = 0;
  /** A colleague created through the API, whose first password has already been changed (so they can work). */
  async function colleague(overrides: Partial<{ role: string; producerId: number; brandId: number }> = {}): Promise<{ user: AdminUser; password: string }> {
    const account = `colleague_${process.pid}_${Date.now().toString(36)}_${++colleagueCounter}`;
    const user = await ok<AdminUser>(post(ADMIN_USERS.create.path, { account, password: COLLEAGUE_PASSWORD, nickname: '同事', role: 'analyst', ...overrides }));
    const first = await tokenOf(account, COLLEAGUE_PASSWORD);
    const password = 'Changed#2026x';
    await ok(
      request(server())
        .post(`${API_PREFIX}/security/changePwd`)
        .set('token', first)
        .set('X-Forwarded-For', nextAddress())
        .send({ oldPwd: COLLEAGUE_PASSWORD, newPwd: password }),
    );
    return { user, password };
  }
  const fuels = (token: string) => request(server()).get(`${API_PREFIX}/search/getFuels`).set('token', token);

  beforeAll(async () => {
    adminAccount = await createUser('admin', 'admin_t', ADMIN_PASSWORD, '测试管理员');
    const analyst = await createAnalyst('admin_analyst', ANALYST_PASSWORD, '测试分析师');
    ({ app, token: adminToken } = await signedInApp({ address: nextAddress(), account: adminAccount, password: ADMIN_PASSWORD }));
    analystToken = await tokenOf(analyst, ANALYST_PASSWORD);
    db = new Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  test('an analyst gets 403 仅管理员可执行此操作 from every admin call, mp/unbind included', async () => {
    const calls: Endpoint[] = [...Object.values(ADMIN_USERS), ...Object.values(ADMIN_AUDIT), MP.unbind];
    for (const endpoint of calls) {
      const call = endpoint.method === 'GET' ? get(endpoint.path, { id: '1' }, analystToken) : post(endpoint.path, { id: 1, openId: 'x' }, analystToken);
      const response = await call;
      expect([endpoint.path, response.status, response.body.code, response.body.msg]).toEqual([endpoint.path, 403, ApiCode.Forbidden, API_MESSAGES.adminOnly]);
    }
  });

  test('options: the roles and every producer with its brands', async () => {
    const options = await ok<UserOptions>(get(ADMIN_USERS.options.path));
    // The seeded two, and any role another file of this worker's world added (views.spec.ts adds a narrower one).
    const roles = (await db.query(`SELECT code FROM role ORDER BY code`)).rows.map((r: { code: string }) => r.code);
    expect(roles).toEqual(expect.arrayContaining(['admin', 'analyst']));
    expect(options.roles.map((r) => r.code).sort()).toEqual(roles.sort());
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM producer`);
    expect(options.producers).toHaveLength(rows[0].n);
    expect(options.producers.some((p) => p.brands.length > 0)).toBe(true);
  });

  test('create: each field is validated with a Chinese message and nothing is written', async () => {
    const good = { account: `bad_${process.pid}`, password: COLLEAGUE_PASSWORD, nickname: '同事', role: 'analyst' };
    const { rows: before } = await db.query(`SELECT count(*)::int AS n FROM app_user`);
    const {
      rows: [pair],
    } = await db.query(`SELECT producer_id, brand_id FROM producer_brand ORDER BY id LIMIT 1`);
    const {
      rows: [otherBrand],
    } = await db.query(`SELECT id FROM brand WHERE id NOT IN (SELECT brand_id FROM producer_brand WHERE producer_id = $1) LIMIT 1`, [pair.producer_id]);
    const cases: Array<[object, string]> = [
      [{ ...good, account: 'x' }, '账号由3-32位字母、数字或 _ . @ - 组成'],
      [{ ...good, account: '' }, '请输入账号'],
      [{ ...good, password: 'short' }, '密码由8-20位大小写字母、数字、特殊字符组合'],
      [{ ...good, password: 'alllowercase1' }, '密码由8-20位大小写字母、数字、特殊字符组合'],
      [{ ...good, nickname: '  ' }, '请输入昵称'],
      [{ ...good, nickname: '同\u200b事' }, '昵称不能包含控制字符或不可见字符'],
      [{ ...good, role: 'root' }, ADMIN_MESSAGES.unknownRole],
      [{ ...good, producerId: 999999 }, ADMIN_MESSAGES.unknownProducer],
      [{ ...good, brandId: pair.brand_id }, ADMIN_MESSAGES.brandNeedsProducer],
      [{ ...good, producerId: pair.producer_id, brandId: otherBrand.id }, ADMIN_MESSAGES.brandNotOfProducer],
      [{ ...good, producerId: 'abc' }, '本品厂商应为正整数'],
      [{ ...good, extra: 1 }, '参数 extra 不是可用的参数'],
    ];
    for (const [body, msg] of cases) {
      const response = await post(ADMIN_USERS.create.path, body);
      expect([JSON.stringify(body), response.status, response.body.msg]).toEqual([JSON.stringify(body), 400, msg]);
    }
    const { rows: after } = await db.query(`SELECT count(*)::int AS n FROM app_user`);
    expect(after[0].n).toBe(before[0].n);
    await refused(post(ADMIN_USERS.create.path, { ...good, account: adminAccount }), 409, ApiCode.Conflict, ADMIN_MESSAGES.accountTaken);
  });

  test('a created colleague must change the password: the sign-in says so, other calls answer -1014 until it is changed', async () => {
    const {
      rows: [pair],
    } = await db.query(`SELECT producer_id, brand_id FROM producer_brand ORDER BY id LIMIT 1`);
    const account = `newcomer_${process.pid}_${Date.now().toString(36)}`;
    const created = await ok<AdminUser>(
      post(ADMIN_USERS.create.path, {
        account,
        password: COLLEAGUE_PASSWORD,
        nickname: ' 新同事 ',
        role: 'analyst',
        producerId: pair.producer_id,
        brandId: pair.brand_id,
      }),
    );
    expect(created).toMatchObject({
      account,
      nickname: '新同事',
      role: 'analyst',
      roleName: expect.any(String),
      producerId: pair.producer_id,
      brandId: pair.brand_id,
      enabled: true,
      mustChangePassword: true,
      lastLoginTime: null,
      bindings: 0,
    });

    const signIn = await login(account, COLLEAGUE_PASSWORD).expect(200);
    expect(signIn.body.result).toEqual({ token: expect.any(String), nickname: '新同事', mustChangePassword: true });
    const token = signIn.body.result.token as string;
    await refused(fuels(token), 403, ApiCode.PasswordChangeRequired, ADMIN_MESSAGES.passwordChangeRequired);
    const me = await ok<{ mustChangePassword: boolean; producerId: number }>(request(server()).get(`${API_PREFIX}/security/me`).set('token', token));
    expect(me).toMatchObject({ mustChangePassword: true, producerId: pair.producer_id });
    await ok(request(server()).get(`${API_PREFIX}/security/menus`).set('token', token));

    // Nor can the mini-program be bound with that password.
    await refused(
      request(server())
        .post(`${API_PREFIX}/mp/bind`)
        .set('X-Forwarded-For', nextAddress())
        .send({ ...signedLink(`o_newcomer_${process.pid}`), account, password: COLLEAGUE_PASSWORD }),
      403,
      ApiCode.PasswordChangeRequired,
      ADMIN_MESSAGES.passwordChangeRequiredForMp,
    );

    await ok(
      request(server())
        .post(`${API_PREFIX}/security/changePwd`)
        .set('token', token)
        .set('X-Forwarded-For', nextAddress())
        .send({ oldPwd: COLLEAGUE_PASSWORD, newPwd: 'Mine#2026abc' }),
    );
    const again = await login(account, 'Mine#2026abc').expect(200);
    expect(again.body.result.mustChangePassword).toBe(false);
    await ok(fuels(again.body.result.token as string));
    const listed = await ok<UserPage>(get(ADMIN_USERS.list.path, { keyword: account }));
    expect(listed.items.map((u) => [u.account, u.mustChangePassword, u.lastLoginTime !== null])).toEqual([[account, false, true]]);
  });

  test('list: keyword, role, status and paging', async () => {
    const { user } = await colleague();
    const all = await ok<UserPage>(get(ADMIN_USERS.list.path, { pageSize: '100' }));
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM app_user`);
    expect(all.total).toBe(rows[0].n);
    // Newest first: the account just created is on the first page.
    expect(all.items.map((u) => u.id)).toEqual([...all.items.map((u) => u.id)].sort((a, b) => b - a));
    const byKeyword = await ok<UserPage>(get(ADMIN_USERS.list.path, { keyword: user.account.toUpperCase() }));
    expect(byKeyword.items.map((u) => u.id)).toEqual([user.id]);
    const admins = await ok<UserPage>(get(ADMIN_USERS.list.path, { role: 'admin', pageSize: '100' }));
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
    expect(admins.items.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', adminAccount]));
    const page2 = await ok<UserPage>(get(ADMIN_USERS.list.path, { page: '2', pageSize: '2' }));
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page2.items.map((u) => u.id)).toEqual(all.items.slice(2, 4).map((u) => u.id));
    const literal = await ok<UserPage>(get(ADMIN_USERS.list.path, { keyword: '%' }));
    expect(literal.total).toBe(0);
    await refused(get(ADMIN_USERS.list.path, { status: 'gone' }), 400, ApiCode.BadRequest, '状态应为 enabled 或 disabled');
    await refused(get(ADMIN_USERS.list.path, { pageSize: '101' }), 400, ApiCode.BadRequest, '每页条数不能超过 100');
  });

  test('update: the fields change, the old token is refused (-1012) when the role changes, a no-op records nothing', async () => {
    const { user, password } = await colleague();
    const token = await tokenOf(user.account, password);
    const {
      rows: [pair],
    } = await db.query(`SELECT producer_id, brand_id FROM producer_brand ORDER BY id DESC LIMIT 1`);
    const updated = await ok<AdminUser>(
      post(ADMIN_USERS.update.path, { id: user.id, nickname: '改名', role: 'admin', producerId: pair.producer_id, brandId: pair.brand_id }),
    );
    expect(updated).toMatchObject({ id: user.id, nickname: '改名', role: 'admin', producerId: pair.producer_id, brandId: pair.brand_id });
    await refused(fuels(token), 401, ApiCode.TokenRevoked, API_MESSAGES.sessionRevoked);
    const fresh = await tokenOf(user.account, password);
    await ok(get(ADMIN_USERS.list.path, {}, fresh));

    const {
      rows: [{ n: before }],
    } = await db.query(`SELECT count(*)::int AS n FROM security_event WHERE event = 'user.updated'`);
    await ok(post(ADMIN_USERS.update.path, { id: user.id, nickname: '改名', role: 'admin', producerId: pair.producer_id, brandId: pair.brand_id }));
    const {
      rows: [{ n: after }],
    } = await db.query(`SELECT count(*)::int AS n FROM security_event WHERE event = 'user.updated'`);
    expect(after).toBe(before);
    // No producer: none (the update names every field).
    const cleared = await ok<AdminUser>(post(ADMIN_USERS.update.path, { id: user.id, nickname: '改名', role: 'analyst' }));
    expect(cleared).toMatchObject({ role: 'analyst', producerId: null, brandId: null, producerName: null });
    await refused(post(ADMIN_USERS.update.path, { id: 99999999, nickname: 'x', role: 'analyst' }), 404, ApiCode.NotFound, ADMIN_MESSAGES.userNotFound);
  });

  test('disable refuses the token and the sign-in; enable lets a new sign-in in but the old token stays dead', async () => {
    const { user, password } = await colleague();
    const token = await tokenOf(user.account, password);
    const disabled = await ok<AdminUser>(post(ADMIN_USERS.disable.path, { id: user.id }));
    expect(disabled.enabled).toBe(false);
    await refused(fuels(token), 401, ApiCode.TokenRevoked, API_MESSAGES.sessionRevoked);
    await refused(login(user.account, password), 401, ApiCode.LoginFailed, '账号或密码错误');
    const statusList = await ok<UserPage>(get(ADMIN_USERS.list.path, { status: 'disabled', pageSize: '100' }));
    expect(statusList.items.map((u) => u.id)).toContain(user.id);

    const enabled = await ok<AdminUser>(post(ADMIN_USERS.enable.path, { id: user.id }));
    expect(enabled.enabled).toBe(true);
    await refused(fuels(token), 401, ApiCode.TokenRevoked, API_MESSAGES.sessionRevoked);
    await ok(fuels(await tokenOf(user.account, password)));
  });

  test('an administrator cannot disable or demote themselves, and no change leaves no enabled administrator', async () => {
    const {
      rows: [me],
    } = await db.query(`SELECT id FROM app_user WHERE account = $1`, [adminAccount]);
    await refused(post(ADMIN_USERS.disable.path, { id: me.id }), 400, ApiCode.BadRequest, ADMIN_MESSAGES.selfDisable);
    await refused(post(ADMIN_USERS.update.path, { id: me.id, nickname: '测试管理员', role: 'analyst' }), 400, ApiCode.BadRequest, ADMIN_MESSAGES.selfDemote);
    // The rule under the API's own checks: with every other administrator disabled for a moment (restored
    // below, their passwords and sessions untouched), disabling the last one is refused and rolled back.
    const repository = app.get(AdminUsersRepository);
    const others = await db.query(
      `UPDATE app_user u SET enabled = false FROM role r WHERE r.id = u.role_id AND r.code = 'admin' AND u.enabled AND u.id <> $1 RETURNING u.id`,
      [me.id],
    );
    try {
      expect(await repository.change(me.id, { enabled: false })).toBe('last-admin');
      const {
        rows: [{ enabled }],
      } = await db.query(`SELECT enabled FROM app_user WHERE id = $1`, [me.id]);
      expect(enabled).toBe(true);
    } finally {
      await db.query(`UPDATE app_user SET enabled = true WHERE id = ANY($1::int[])`, [others.rows.map((r) => r.id)]);
    }
  });

  test('reset password: a temporary password shown once, old tokens -1012, the next sign-in must change it', async () => {
    const { user, password } = await colleague();
    const token = await tokenOf(user.account, password);
    const reset = await ok<{ user: AdminUser; password: string }>(post(ADMIN_USERS.resetPassword.path, { id: user.id }));
    expect(isStrongPassword(reset.password)).toBe(true);
    expect(reset.user.mustChangePassword).toBe(true);
    await refused(fuels(token), 401, ApiCode.TokenRevoked, API_MESSAGES.sessionRevoked);
    await refused(login(user.account, password), 401, ApiCode.LoginFailed, '账号或密码错误');
    const signIn = await login(user.account, reset.password).expect(200);
    expect(signIn.body.result.mustChangePassword).toBe(true);
    await refused(fuels(signIn.body.result.token as string), 403, ApiCode.PasswordChangeRequired, ADMIN_MESSAGES.passwordChangeRequired);
    const { rows } = await db.query(`SELECT detail::text FROM security_event WHERE event = 'password.reset' AND detail->>'targetId' = $1`, [String(user.id)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].detail).not.toContain(reset.password);
  });

  test('revoke sessions: every token the user holds answers -1012; a new sign-in works', async () => {
    const { user, password } = await colleague();
    const tokens = [await tokenOf(user.account, password), await tokenOf(user.account, password)];
    for (const token of tokens) await ok(fuels(token));
    await ok(post(ADMIN_USERS.revokeSessions.path, { id: user.id }));
    for (const token of tokens) await refused(fuels(token), 401, ApiCode.TokenRevoked, API_MESSAGES.sessionRevoked);
    await ok(fuels(await tokenOf(user.account, password)));
    await refused(post(ADMIN_USERS.revokeSessions.path, { id: 'x' }), 400, ApiCode.BadRequest, '用户编号应为正整数');
  });

  test("bindings: a user's openIds listed and unbound through mp/unbind, audited as mp.unbound", async () => {
    const { user } = await colleague();
    const openId = `o_admin_test_${process.pid}`;
    await db.query(`INSERT INTO mp_binding (open_id, user_id) VALUES ($1, $2)`, [openId, user.id]);
    const listed = await ok<Array<{ openId: string; createTime: string }>>(get(ADMIN_USERS.bindings.path, { id: String(user.id) }));
    expect(listed).toEqual([{ openId, createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) }]);
    expect((await ok<UserPage>(get(ADMIN_USERS.list.path, { keyword: user.account }))).items[0].bindings).toBe(1);
    expect(await ok(post(MP.unbind.path, { openId }))).toEqual({ unbound: true });
    expect(await ok(get(ADMIN_USERS.bindings.path, { id: String(user.id) }))).toEqual([]);
    expect(await ok(post(MP.unbind.path, { openId }))).toEqual({ unbound: false });
    const audit = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { events: 'mp.unbound', account: user.account }));
    expect(audit.items.map((i) => [i.account, i.detail?.openId, i.detail?.targetAccount])).toEqual([[adminAccount, openId, user.account]]);
    await refused(get(ADMIN_USERS.bindings.path, { id: '99999999' }), 404, ApiCode.NotFound, ADMIN_MESSAGES.userNotFound);
  });

  test('audit: sign-ins, failures, lockouts and admin actions are rows; the filters, paging and workbook agree', async () => {
    const { user, password } = await colleague();
    const address = '192.0.2.77';
    for (let i = 0; i < 6; i++) await login(user.account, 'Wrong#Pass1', address);
    await ok(post(ADMIN_USERS.update.path, { id: user.id, nickname: '审计对象', role: 'analyst' }));
    await ok(post(ADMIN_USERS.revokeSessions.path, { id: user.id }));

    const mine = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { account: user.account, pageSize: '100' }));
    const kinds = mine.items.map((i) => i.event);
    expect(kinds).toEqual(
      expect.arrayContaining(['user.created', 'login.success', 'password.changed', 'login.failure', 'login.throttled', 'user.updated', 'sessions.revoked']),
    );
    expect(kinds.filter((k) => k === 'login.failure')).toHaveLength(5);
    expect(mine.totalCapped).toBe(false);
    // Newest first.
    const times = mine.items.map((i) => `${i.time}#${String(i.id).padStart(12, '0')}`);
    expect(times).toEqual([...times].sort().reverse());
    const updated = mine.items.find((i) => i.event === 'user.updated')!;
    expect(updated).toMatchObject({
      account: adminAccount,
      address: ADMIN_ADDRESS,
      detail: { targetId: user.id, targetAccount: user.account, changes: { nickname: { from: '同事', to: '审计对象' } } },
    });
    // A role is kept as its code, with its name for the page: 角色 无 → 市场分析师.
    const created = mine.items.find((i) => i.event === 'user.created')!;
    expect(created.detail?.changes?.role).toEqual({ from: null, to: 'analyst', toText: '市场分析师' });
    expect(JSON.stringify(mine.items)).not.toContain(password);
    expect(JSON.stringify(mine.items)).not.toContain(COLLEAGUE_PASSWORD);

    const lockouts = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { events: 'login.failure,login.throttled', address: '192.0.2.', account: user.account }));
    expect(lockouts.items.map((i) => i.event)).toEqual([
      'login.throttled',
      'login.failure',
      'login.failure',
      'login.failure',
      'login.failure',
      'login.failure',
    ]);
    expect(lockouts.items.every((i) => i.address === address)).toBe(true);
    const paged = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { events: 'login.failure', account: user.account, page: '2', pageSize: '2' }));
    expect(paged).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.items.map((i) => i.id)).toEqual(lockouts.items.slice(3, 5).map((i) => i.id));

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const fromToday = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { account: user.account, from: today, to: today, pageSize: '100' }));
    expect(fromToday.total).toBe(mine.total);
    const yesterday = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { account: user.account, to: '2020-01-01' }));
    expect(yesterday.total).toBe(0);

    const response = await get(ADMIN_AUDIT.download.path, { account: user.account }).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('安全日志'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const table = sheetTable(workbook.worksheets[0]);
    // The header block names the log and its filters (decision 281).
    expect(table.head).toEqual(['安全日志', `事件类型：全部 · 账号：${user.account} · 地址：全部 · 日期：全部`]);
    expect(table.headers).toEqual(['时间', '事件', '事件代码', '账号', '用户ID', '地址', '原因', '路径', '详情']);
    expect(table.rows.length).toBe(mine.total);
    expect(table.rows[0].getCell(3).value).toBe(mine.items[0].event);
    const detailCells = table.column('详情').map((cell) => cell.text);
    expect(detailCells).toContain(`对象 ${user.account}；昵称 同事 → 审计对象`);

    await refused(get(ADMIN_AUDIT.list.path, { events: 'nope' }), 400, ApiCode.BadRequest, '没有事件类型 nope');
    await refused(get(ADMIN_AUDIT.list.path, { from: '2026-02-30' }), 400, ApiCode.BadRequest, '开始日期应为 YYYY-MM-DD 格式的日期');
    await refused(get(ADMIN_AUDIT.list.path, { from: '2026-03-02', to: '2026-03-01' }), 400, ApiCode.BadRequest, '开始日期不能晚于结束日期');
  });

  test('the audit list counts to 10,000 and says when there are more; later pages still answer', async () => {
    await db.query(`INSERT INTO security_event (event, address, account) SELECT 'logout', '192.0.2.250', 'cap_' || i FROM generate_series(1, 10001) i`);
    try {
      const first = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { address: '192.0.2.250' }));
      expect(first).toMatchObject({ total: 10_000, totalCapped: true, page: 1, pageSize: 20 });
      const last = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { address: '192.0.2.250', page: '501', pageSize: '20' }));
      expect(last.items.map((i) => i.account)).toEqual(['cap_1']);
      const some = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { address: '192.0.2.250', account: 'cap_1000' }));
      // cap_1000, cap_10000 and cap_10001 contain the text.
      expect(some).toMatchObject({ total: 3, totalCapped: false });
    } finally {
      await db.query(`DELETE FROM security_event WHERE address = '192.0.2.250'`);
    }
  });

  test('a sign-in still works when its audit row cannot be written (the failure is logged)', async () => {
    const { user, password } = await colleague();
    await db.query(`ALTER TABLE security_event RENAME TO security_event_away`);
    try {
      const signIn = await login(user.account, password).expect(200);
      await ok(fuels(signIn.body.result.token as string));
    } finally {
      await db.query(`ALTER TABLE security_event_away RENAME TO security_event`);
    }
    await ok(get(ADMIN_AUDIT.list.path, { account: user.account }));
  });

  test('a refused analyst and a refused token leave rows too; a call without any token does not', async () => {
    await get(ADMIN_USERS.list.path, {}, analystToken).expect(403);
    await request(server()).get(`${API_PREFIX}/search/getFuels`).set('X-Forwarded-For', '192.0.2.201').expect(401);
    await request(server()).get(`${API_PREFIX}/search/getFuels`).set('X-Forwarded-For', '192.0.2.202').set('token', 'forged').expect(401);
    // Refusals are recorded without holding the answer: wait for the rows.
    let page: AuditPage | undefined;
    for (let i = 0; i < 50; i++) {
      page = await ok<AuditPage>(get(ADMIN_AUDIT.list.path, { events: 'token.refused,access.refused', pageSize: '100' }));
      if (page.items.some((r) => r.address === '192.0.2.202')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      page!.items.find((r) => r.event === 'access.refused' && r.reason === 'not-admin' && r.path === `${API_PREFIX}/${ADMIN_USERS.list.path}`),
    ).toBeDefined();
    expect(page!.items.find((r) => r.address === '192.0.2.202')).toMatchObject({ event: 'token.refused', reason: 'invalid' });
    expect(page!.items.find((r) => r.address === '192.0.2.201')).toBeUndefined();
  });
});
