import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, LoggerService, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import * as argon2 from 'argon2';
import { SignJWT } from 'jose';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../../backend/src/app.module';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import type { Runtime } from '../../backend/src/core.module';
import { trustProxySetting } from '../../backend/src/security/client-address';
import { AdminOnly, RequiresPage } from '../../backend/src/security/security.decorators';
import { untilAnswer } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { TEST_HASH } from '../support/users';

const SECRET = 'security-integration-test-secret-0123456789';
const API = '/car/api/security';
const RUN = `${Date.now().toString(36)}${process.pid}`;
/** Throw-away users are made with this password; the demo accounts are never given a wrong one. */
const PASSWORD = 'Probe#2026x';
/** A role of this test alone, so its menu rows are never seen by other tests' users. */
const PROBE_ROLE = { id: 90, code: `probe${process.pid % 1000}` };
const PROBE_MENUS = [
  { id: 990100, parentId: null, name: '安全测试', path: '/sectest', sort: 1 },
  { id: 990102, parentId: 990100, name: '第二页', path: '/sectest/second', sort: 1 },
  // A path relative to its group, as the front end also allows.
  { id: 990101, parentId: 990100, name: '授权页', path: 'granted', sort: 2 },
  { id: 990103, parentId: 990100, name: '管理页', path: '/sectest/adminpage', sort: 3 },
];

/** Endpoints that exist only in this test, to exercise the page and administrator guards. */
@Controller('sectest-probe')
class ProbeController {
  @Get('granted')
  @RequiresPage('/sectest/granted')
  granted(): string {
    return 'granted';
  }

  @Get('adminpage')
  @RequiresPage('/sectest/adminpage/')
  adminPage(): string {
    return 'admin page';
  }

  @Post('import')
  @HttpCode(200)
  @AdminOnly()
  importData(): string {
    return 'imported';
  }
}

@Module({})
class ProbeAppModule {}

/** Keeps every log line so the tests can read the audit trail. */
class CapturingLogger implements LoggerService {
  readonly lines: unknown[] = [];
  log(message: unknown): void {
    this.lines.push(message);
  }
  warn(message: unknown): void {
    this.lines.push(message);
  }
  error(message: unknown): void {
    this.lines.push(message);
  }
  events(): Array<Record<string, unknown>> {
    return this.lines.filter((l): l is Record<string, unknown> => typeof l === 'object' && l !== null && 'event' in l);
  }
}

let addressCounter = 0;
/** Every test signs in from addresses of its own, so brute-force windows never cross tests. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(process.pid % 200) + 20}.${addressCounter >> 8}.${addressCounter & 255}`;
}

describe('the security module', () => {
  const env = testEnv();
  let app: NestExpressApplication;
  let probeApp: NestExpressApplication;
  let db: Client;
  const logger = new CapturingLogger();
  let userCounter = 0;

  beforeAll(async () => {
    const config = loadConfig({
      DATABASE_URL: env.databaseUrl,
      DATA_DIR: env.dataDir,
      NODE_ENV: 'test',
      JWT_SECRET: SECRET,
    });
    const runtime: Runtime = { config, databaseUrl: env.databaseUrl };
    app = await createApp(runtime, logger);
    await app.init();
    // A second instance on the same database, with the probe controller mounted beside the real ones.
    // The probe's routes are the test's own, with no contract in @car/contracts: no result check there.
    const probeRuntime: Runtime = { ...runtime, config: { ...config, checkResults: false } };
    probeApp = await NestFactory.create<NestExpressApplication>(
      { module: ProbeAppModule, imports: [AppModule.forRoot(probeRuntime)], controllers: [ProbeController] },
      // Nest's logger is one per process: this app must not replace the capturing one.
      { logger, abortOnError: false },
    );
    probeApp.setGlobalPrefix('car/api');
    probeApp.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
    await probeApp.init();

    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    await db.query(`INSERT INTO role (id, code, name) VALUES ($1, $2, '安全测试角色') ON CONFLICT (id) DO NOTHING`, [PROBE_ROLE.id, PROBE_ROLE.code]);
    for (const m of PROBE_MENUS) {
      await db.query(`INSERT INTO menu (id, parent_id, name, path, sort) VALUES ($1, $2, $3, $4, $5)`, [m.id, m.parentId, m.name, m.path, m.sort]);
    }
    // The probe role holds two pages; the administrator page belongs to nobody.
    await db.query(`INSERT INTO role_menu (role_id, menu_id) VALUES ($1, 990101), ($1, 990102)`, [PROBE_ROLE.id]);
  });

  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM role_menu WHERE menu_id BETWEEN 990100 AND 990199 OR role_id = $1`, [PROBE_ROLE.id]);
      await db.query(`DELETE FROM menu WHERE parent_id BETWEEN 990100 AND 990199`);
      await db.query(`DELETE FROM menu WHERE id BETWEEN 990100 AND 990199`);
      await db.query(`DELETE FROM app_user WHERE account LIKE $1`, [`sec-${RUN}-%`]);
      await db.query(`DELETE FROM role WHERE id = $1`, [PROBE_ROLE.id]);
      await db.end();
    }
    await probeApp?.close();
    await app?.close();
  });

  /** A user of this test alone, so wrong passwords and password changes never touch the demo accounts. */
  async function createUser(roleId = 2): Promise<{ id: number; account: string; password: string }> {
    const account = `sec-${RUN}-${++userCounter}`;
    const hash = await argon2.hash(PASSWORD, TEST_HASH);
    const rows = await db.query(`INSERT INTO app_user (account, password_hash, nickname, role_id) VALUES ($1, $2, $3, $4) RETURNING id`, [
      account,
      hash,
      `测试用户${userCounter}`,
      roleId,
    ]);
    return { id: rows.rows[0].id as number, account, password: PASSWORD };
  }

  function login(account: string, password: string, address = nextAddress()) {
    return request(app.getHttpServer()).post(`${API}/login`).set('X-Forwarded-For', address).send({ account, password });
  }

  async function tokenFor(account: string, password = PASSWORD): Promise<string> {
    const response = await login(account, password).expect(200);
    return response.body.result.token as string;
  }

  function me(token: string, server = app) {
    return request(server.getHttpServer()).get(`${API}/me`).set('token', token);
  }

  describe('sign-in', () => {
    test('a good login answers the token and nickname and sets the car-token cookie', async () => {
      const response = await login('demo', 'Demo@2026').expect(200);
      expect(response.body).toEqual({ code: 1, msg: '成功', result: { token: expect.any(String), nickname: '演示分析师', mustChangePassword: false } });
      const token = response.body.result.token as string;
      const cookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('car-token='));
      expect(cookie).toBeDefined();
      const attributes = cookie!.split(';').map((a) => a.trim());
      expect(attributes[0]).toBe(`car-token=${token}`);
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=54000']));
      expect(attributes).not.toContain('Secure');

      const [header, payload] = token
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(payload).toMatchObject({ sub: expect.any(String), role: 'analyst', jti: expect.any(String) });
      expect(payload.exp - payload.iat).toBe(15 * 60 * 60);
      expect(typeof payload.producerId).toBe('number');
      expect(typeof payload.brandId).toBe('number');

      const profile = await me(token).expect(200);
      expect(profile.body.result).toEqual({
        id: Number(payload.sub),
        account: 'demo',
        nickname: '演示分析师',
        role: 'analyst',
        producerId: payload.producerId,
        brandId: payload.brandId,
        mustChangePassword: false,
      });
    });

    test('behind HTTPS (X-Forwarded-Proto https from a trusted proxy) the cookie is Secure', async () => {
      const response = await request(app.getHttpServer())
        .post(`${API}/login`)
        .set('X-Forwarded-For', nextAddress())
        .set('X-Forwarded-Proto', 'https')
        .send({ account: 'admin', password: 'Admin@2026' })
        .expect(200);
      const cookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('car-token='));
      expect(cookie).toMatch(/; Secure/);
    });

    test('the browser cookie authenticates as well as the token header', async () => {
      const token = await tokenFor('admin', 'Admin@2026');
      const response = await request(app.getHttpServer()).get(`${API}/me`).set('Cookie', `car-token=${token}`).expect(200);
      expect(response.body.result).toMatchObject({ account: 'admin', role: 'admin', producerId: null, brandId: null });
    });

    test('a wrong password and an unknown account get the same 401 answer', async () => {
      const user = await createUser();
      const wrong = await login(user.account, 'Wrong#2026x').expect(401);
      expect(wrong.body).toEqual({ code: -1401, msg: '账号或密码错误', result: null });
      const unknown = await login(`nobody-${RUN}`, 'Wrong#2026x').expect(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    test('missing fields are 400s that say what to enter', async () => {
      const server = request(app.getHttpServer());
      const noAccount = await server.post(`${API}/login`).set('X-Forwarded-For', nextAddress()).send({ password: 'x' }).expect(400);
      expect(noAccount.body).toEqual({ code: -1400, msg: '请输入账号', result: null });
      const noPassword = await server.post(`${API}/login`).set('X-Forwarded-For', nextAddress()).send({ account: 'x' }).expect(400);
      expect(noPassword.body).toEqual({ code: -1400, msg: '请输入密码', result: null });
    });

    test('the audit log records sign-in events with account and address, never a password or token', async () => {
      const address = nextAddress();
      const user = await createUser();
      await login(user.account, 'Secret#Wrong1', address).expect(401);
      const token = await tokenFor(user.account);
      expect(logger.events()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ event: 'login.failure', userId: user.id, account: user.account, address, at: expect.any(String) }),
          expect.objectContaining({ event: 'login.success', userId: user.id, account: user.account, address: expect.any(String) }),
        ]),
      );
      const everything = JSON.stringify(logger.lines);
      expect(everything).not.toContain('Secret#Wrong1');
      expect(everything).not.toContain(PASSWORD);
      expect(everything).not.toContain(token);
    });
  });

  describe('brute-force protection', () => {
    const THROTTLED = { code: -1429, msg: '登录失败次数过多，请15分钟后再试', result: null };
    const wrongPasswords = (account: string, count: number, address: () => string) =>
      Array.from({ length: count }, (_, i) => () => login(account, `Wrong#${i}abc`, address()).expect(401));
    const inTurn = async (calls: Array<() => Promise<unknown>>) => {
      for (const call of calls) await call();
    };

    test('5 failures for one account from one address refuse that pair; the right password from another address signs in', async () => {
      const user = await createUser();
      const attacker = nextAddress();
      await inTurn(wrongPasswords(user.account, 5, () => attacker));
      expect((await login(user.account, user.password, attacker).expect(429)).body).toEqual(THROTTLED);
      expect(logger.events()).toEqual(
        expect.arrayContaining([expect.objectContaining({ event: 'login.throttled', reason: 'pair', account: user.account, address: attacker })]),
      );
      await login(user.account, user.password, nextAddress()).expect(200);
      // The same address may still sign in to other accounts.
      const colleague = await createUser();
      await login(colleague.account, colleague.password, attacker).expect(200);
    });

    test('failures for many accounts from one address (an office behind a NAT) refuse it only after 20', async () => {
      const office = nextAddress();
      await inTurn(Array.from({ length: 19 }, (_, i) => () => login(`typo-${RUN}-${i}`, 'Wrong#2026x', office).expect(401)));
      const user = await createUser();
      await login(user.account, user.password, office).expect(200);
      await login(`typo-${RUN}-19`, 'Wrong#2026x', office).expect(401);
      expect((await login(user.account, user.password, office).expect(429)).body).toEqual(THROTTLED);
      await login(user.account, user.password, nextAddress()).expect(200);
    });

    test('an account failing from many addresses still lets its owner in from a clean address, and refuses the failing ones', async () => {
      const user = await createUser();
      const attackers = Array.from({ length: 10 }, () => nextAddress());
      for (const address of attackers) await login(user.account, 'Wrong#2026x', address).expect(401);
      await login(user.account, user.password, nextAddress()).expect(200);
      expect((await login(user.account, user.password, attackers[3]).expect(429)).body).toEqual(THROTTLED);
      // A new address gets its one guess, then joins the refused ones.
      const newcomer = nextAddress();
      await login(user.account, 'Wrong#2026y', newcomer).expect(401);
      await login(user.account, 'Wrong#2026z', newcomer).expect(429);
      await login(user.account, user.password, nextAddress()).expect(200);
    });

    test('an IPv6 /64 counts as one address whatever the spelling, and an IPv4-mapped address as its IPv4 one', async () => {
      const user = await createUser();
      const block = `2001:db8:${(process.pid % 0xfff).toString(16)}`;
      const net = `${block}:${(++addressCounter).toString(16)}`;
      const spellings = [`${net}::1`, `${net.toUpperCase()}:0:0:0:2`, `${net}:ffff::3`, `${net}:0:0:0:0004`, `${net}::5%eth0`];
      for (const address of spellings) await login(user.account, 'Wrong#2026x', address).expect(401);
      await login(user.account, user.password, `${net}:abcd::9`).expect(429);
      await login(user.account, user.password, `${block}:${(addressCounter + 0x8000).toString(16)}::1`).expect(200);

      const mapped = nextAddress();
      const other = await createUser();
      await inTurn(wrongPasswords(other.account, 5, () => `::ffff:${mapped}`));
      await login(other.account, other.password, mapped).expect(429);
    });

    test('a burst of parallel guesses is counted one by one: 5 answered, the rest refused', async () => {
      const user = await createUser();
      const attacker = nextAddress();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.account, `Wrong#${i}abc`, attacker)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    });

    test("the owner's correct password does not reset an attacker's window", async () => {
      const user = await createUser();
      const attacker = nextAddress();
      await inTurn(wrongPasswords(user.account, 4, () => attacker));
      await login(user.account, user.password, nextAddress()).expect(200);
      await login(user.account, 'Wrong#5abc', attacker).expect(401);
      await login(user.account, user.password, attacker).expect(429);
    });
  });

  describe('tokens', () => {
    test('/car/api/health stays public', async () => {
      const response = await request(app.getHttpServer()).get('/car/api/health').expect(200);
      expect(response.body.code).toBe(1);
    });

    test('no token is a 401 with -1009', async () => {
      for (const path of ['me', 'menus']) {
        const response = await request(app.getHttpServer()).get(`${API}/${path}`).expect(401);
        expect(response.body).toEqual({ code: -1009, msg: '请先登录', result: null });
      }
      const logout = await request(app.getHttpServer()).post(`${API}/logout`).expect(401);
      expect(logout.body.code).toBe(-1009);
    });

    test('a forged token is a 401 with -1009, whatever it claims', async () => {
      const forged = await new SignJWT({ role: 'admin', producerId: null, brandId: null })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('car-market')
        .setSubject('1')
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret-but-long-enough-0123456789'));
      for (const token of [forged, 'garbage', `${forged.split('.').slice(0, 2).join('.')}.`]) {
        const response = await me(token).expect(401);
        expect(response.body).toEqual({ code: -1009, msg: '请先登录', result: null });
      }
      // A forged cookie is no better than a forged header.
      const cookie = await request(app.getHttpServer()).get(`${API}/me`).set('Cookie', `car-token=${forged}`).expect(401);
      expect(cookie.body.code).toBe(-1009);
    });

    test('an expired token is a 401 with -1008', async () => {
      const now = Math.floor(Date.now() / 1000);
      const user = await createUser();
      const expired = await new SignJWT({ role: 'analyst', producerId: null, brandId: null, pwv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('car-market')
        .setSubject(String(user.id))
        .setJti(randomUUID())
        .setIssuedAt(now - 16 * 3600)
        .setExpirationTime(now - 3600)
        .sign(new TextEncoder().encode(SECRET));
      const response = await me(expired).expect(401);
      expect(response.body).toEqual({ code: -1008, msg: '登录已过期，请重新登录', result: null });
    });

    /** A token signed with the app's own key, as the app would issue it, with claims of the test's choosing. */
    async function signed(claims: Record<string, unknown>, userId: number): Promise<string> {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('car-market')
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    }

    async function userRow(id: number): Promise<{ pwv: number; producerId: number | null; brandId: number | null }> {
      const { rows } = await db.query(`SELECT password_changed_at, producer_id, brand_id FROM app_user WHERE id = $1`, [id]);
      return { pwv: (rows[0].password_changed_at as Date).getTime(), producerId: rows[0].producer_id, brandId: rows[0].brand_id };
    }

    const REVOKED = { code: -1012, msg: '登录已失效，请重新登录', result: null };

    /** `me` once the app has heard the write just made to the user's row (decision 234: within moments, not at the next call). */
    async function refusedOnceHeard(token: string): Promise<unknown> {
      const response = await untilAnswer(
        () => me(token),
        (r) => r.status !== 200,
      );
      expect(response.status).toBe(401);
      return response.body;
    }

    test('a token whose user was disabled is refused (-1012)', async () => {
      const user = await createUser();
      const token = await tokenFor(user.account);
      await me(token).expect(200);
      await db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [user.id]);
      expect(await refusedOnceHeard(token)).toEqual(REVOKED);
      expect(logger.events()).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'token.refused', reason: 'disabled', userId: user.id })]));
    });

    test('a token whose role, producer or brand changed is refused (-1012); a new sign-in states what holds now', async () => {
      const user = await createUser();
      const token = await tokenFor(user.account);
      await db.query(`UPDATE app_user SET role_id = (SELECT id FROM role WHERE code = 'admin') WHERE id = $1`, [user.id]);
      expect(await refusedOnceHeard(token)).toEqual(REVOKED);
      const asAdmin = await tokenFor(user.account);
      expect((await me(asAdmin).expect(200)).body.result.role).toBe('admin');

      const [{ producer_id: producerId }] = (await db.query(`SELECT producer_id FROM app_user WHERE account = 'demo'`)).rows;
      await db.query(`UPDATE app_user SET producer_id = $2 WHERE id = $1`, [user.id, producerId]);
      expect(await refusedOnceHeard(asAdmin)).toEqual(REVOKED);
      const withProducer = await tokenFor(user.account);
      expect((await me(withProducer).expect(200)).body.result.producerId).toBe(producerId);
    });

    test('a token signed with the right key grants only what the database holds for its user now', async () => {
      const user = await createUser();
      const row = await userRow(user.id);
      const honest = { role: 'analyst', producerId: row.producerId, brandId: row.brandId, pwv: row.pwv };
      expect((await me(await signed(honest, user.id)).expect(200)).body.result).toMatchObject({ id: user.id, role: 'analyst' });
      for (const claims of [
        { ...honest, role: 'admin' },
        { ...honest, producerId: 1 },
        { ...honest, brandId: 1 },
        { ...honest, pwv: row.pwv + 1 },
        { ...honest, pwv: row.pwv - 1000 },
      ]) {
        expect((await me(await signed(claims, user.id)).expect(401)).body).toEqual(REVOKED);
      }
      // A user id nobody holds is no session at all.
      expect((await me(await signed(honest, 2_000_000_000)).expect(401)).body.code).toBe(-1009);
    });

    test('after logout the token is revoked (-1012) on every instance, and the cookie is cleared', async () => {
      const user = await createUser();
      const token = await tokenFor(user.account);
      const other = await tokenFor(user.account);
      await me(token).expect(200);
      const response = await request(app.getHttpServer()).post(`${API}/logout`).set('token', token).expect(200);
      expect(response.body).toEqual({ code: 1, msg: '成功', result: null });
      const cleared = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('car-token='));
      expect(cleared).toMatch(/^car-token=;.*Expires=Thu, 01 Jan 1970/);

      for (const server of [app, probeApp]) {
        const reused = await me(token, server).expect(401);
        expect(reused.body).toEqual({ code: -1012, msg: '登录已失效，请重新登录', result: null });
      }
      // Only that token: the user's other session goes on.
      await me(other).expect(200);
      // Logout by cookie works the same way, from a page of the site (a browser sends its Origin).
      await request(app.getHttpServer())
        .post(`${API}/logout`)
        .set('Host', 'car.test')
        .set('Origin', 'http://car.test')
        .set('Cookie', `car-token=${other}`)
        .expect(200);
      expect((await me(other).expect(401)).body.code).toBe(-1012);
      expect(logger.events()).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'logout', userId: user.id })]));
    });
  });

  describe('change of password', () => {
    function changePwd(token: string, body: Record<string, unknown>) {
      return request(app.getHttpServer()).post(`${API}/changePwd`).set('token', token).set('X-Forwarded-For', nextAddress()).send(body);
    }

    test('wrong, missing or weak input is a 400 with the spec message', async () => {
      const user = await createUser();
      const token = await tokenFor(user.account);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ newPwd: 'New#2026abc' }, '请输入旧密码'],
        [{ oldPwd: user.password }, '请输入新密码'],
        [{ oldPwd: '', newPwd: 'New#2026abc' }, '请输入旧密码'],
        [{ oldPwd: user.password, newPwd: 'short1A' }, '密码由8-20位大小写字母、数字、特殊字符组合'],
        [{ oldPwd: user.password, newPwd: 'onlylowercase1' }, '密码由8-20位大小写字母、数字、特殊字符组合'],
        [{ oldPwd: 'Wrong#2026x', newPwd: 'New#2026abc' }, '旧密码错误'],
      ];
      for (const [body, msg] of cases) {
        const response = await changePwd(token, body).expect(400);
        expect(response.body).toEqual({ code: -1400, msg, result: null });
      }
      // Nothing changed: the session and the old password still work.
      await me(token).expect(200);
      await login(user.account, user.password).expect(200);
    });

    test('success revokes every earlier token (-1012); the new password signs in at once', async () => {
      const user = await createUser();
      const current = await tokenFor(user.account);
      const elsewhere = await tokenFor(user.account);
      const response = await changePwd(current, { oldPwd: user.password, newPwd: 'Changed#2026' }).expect(200);
      expect(response.body).toEqual({ code: 1, msg: '成功', result: null });

      for (const token of [current, elsewhere]) {
        expect((await me(token).expect(401)).body).toEqual({ code: -1012, msg: '登录已失效，请重新登录', result: null });
      }
      expect((await login(user.account, user.password).expect(401)).body.code).toBe(-1401);
      // Signed in within the same second as the change: the new token must still be valid.
      const fresh = await tokenFor(user.account, 'Changed#2026');
      expect((await me(fresh).expect(200)).body.result.account).toBe(user.account);
      expect(logger.events()).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'password.changed', userId: user.id })]));
      const [row] = (await db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id])).rows;
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('menus and permissions', () => {
    test("menus are the role's groups with their pages, ordered by sort", async () => {
      const user = await createUser(PROBE_ROLE.id);
      const token = await tokenFor(user.account);
      const response = await request(app.getHttpServer()).get(`${API}/menus`).set('token', token).expect(200);
      expect(response.body).toEqual({
        code: 1,
        msg: '成功',
        result: [
          {
            id: 990100,
            name: '安全测试',
            path: '/sectest',
            subMenuItems: [
              { id: 990102, name: '第二页', path: '/sectest/second' },
              { id: 990101, name: '授权页', path: 'granted' },
            ],
          },
        ],
      });
    });

    test("the demo analyst's menus are the spec's tree, 销量分析 first with 整体市场表现, then 订阅与提醒", async () => {
      const token = await tokenFor('demo', 'Demo@2026');
      const response = await request(app.getHttpServer()).get(`${API}/menus`).set('token', token).expect(200);
      const groups = response.body.result as Array<{ name: string; path: string; subMenuItems: Array<{ name: string; path: string }> }>;
      // The spec's five groups in its order; 订阅与提醒 (issue 30, decision 193) is added after them, for every role.
      expect(groups.map((g) => g.name)).toEqual(['销量分析', '价格分析', '价量交叉', '产品分析', '数据综合查询', '订阅与提醒']);
      expect(groups[0].subMenuItems[0]).toMatchObject({ name: '整体市场表现', path: '/salevolume/wholemarket' });
      expect(JSON.stringify(groups)).not.toContain('/sectest');
    });

    test("an endpoint of a page outside the user's menus is a 403, whatever the client shows", async () => {
      const probeUser = await createUser(PROBE_ROLE.id);
      const probeToken = await tokenFor(probeUser.account);
      const analystToken = await tokenFor('demo', 'Demo@2026');
      const server = request(probeApp.getHttpServer());

      const granted = await server.get('/car/api/sectest-probe/granted').set('token', probeToken).expect(200);
      expect(granted.body).toEqual({ code: 1, msg: '成功', result: 'granted' });

      const refused = { code: -1403, msg: '没有访问该页面的权限', result: null };
      expect((await server.get('/car/api/sectest-probe/adminpage').set('token', probeToken).expect(403)).body).toEqual(refused);
      expect((await server.get('/car/api/sectest-probe/granted').set('token', analystToken).expect(403)).body).toEqual(refused);
      // Without a session the answer is still "sign in", not "forbidden".
      expect((await server.get('/car/api/sectest-probe/granted').expect(401)).body.code).toBe(-1009);
    });

    test('administrator-only operations refuse an analyst with 403 and accept the administrator', async () => {
      const server = request(probeApp.getHttpServer());
      const analystToken = await tokenFor('demo', 'Demo@2026');
      const refused = await server.post('/car/api/sectest-probe/import').set('token', analystToken).expect(403);
      expect(refused.body).toEqual({ code: -1403, msg: '仅管理员可执行此操作', result: null });
      const adminToken = await tokenFor('admin', 'Admin@2026');
      const accepted = await server.post('/car/api/sectest-probe/import').set('token', adminToken).expect(200);
      expect(accepted.body.result).toBe('imported');
    });
  });
});
