import { API_MESSAGES, ApiCode, SESSION_COOKIE } from '@car/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { testFetch } from '../support/http';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * Cross-site requests cannot act (docs/security.md): every state-changing request, to the API or to a page's
 * action in any of Remix's forms, from another site is a 403 with a Chinese message and changes nothing.
 * The API is driven through supertest; the pages through the production build the run started (env.baseUrl).
 */
const env = testEnv();
const PASSWORD = 'Csrf#2026ab';
const EVIL = 'https://evil.example';
const RUN = (process.pid % 200) + 20;
let addressCounter = 0;
/** An address of its own for every sign-in, so no throttle window is shared with another test. */
const address = () => `10.${RUN}.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe('cross-site requests to the API', () => {
  let app: NestExpressApplication;
  let account: string;

  beforeAll(async () => {
    const config = loadConfig({ DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test' });
    app = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await app.init();
    account = await createAnalyst('csrf', PASSWORD, '跨站测试');
  });

  afterAll(async () => {
    await app?.close();
  });

  const http = () => request(app.getHttpServer());
  const signIn = async () => {
    const response = await http().post('/car/api/security/login').set('X-Forwarded-For', address()).send({ account, password: PASSWORD }).expect(200);
    return response.body.result.token as string;
  };
  const expectRefused = (response: request.Response) => {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: ApiCode.Forbidden, msg: API_MESSAGES.crossSite, result: null });
    expect(response.headers['set-cookie']).toBeUndefined();
  };

  test('a form-encoded login posted from another site is refused and sets no cookie', async () => {
    const response = await http()
      .post('/car/api/security/login')
      .set('Origin', EVIL)
      .set('X-Forwarded-For', address())
      .type('form')
      .send({ account, password: PASSWORD });
    expectRefused(response);
  });

  test('an Origin of "null" (a sandboxed frame, a data: page) is foreign', async () => {
    const response = await http().post('/car/api/security/login').set('Origin', 'null').set('X-Forwarded-For', address()).send({ account, password: PASSWORD });
    expectRefused(response);
  });

  test('a cross-site logout riding the cookie is refused and the session stays valid', async () => {
    const token = await signIn();
    const response = await http().post('/car/api/security/logout').set('Origin', EVIL).set('Cookie', `${SESSION_COOKIE}=${token}`);
    expectRefused(response);
    await http().get('/car/api/security/me').set('token', token).expect(200);
  });

  test('a password change from a foreign Referer (no Origin) is refused and the password is unchanged', async () => {
    const token = await signIn();
    const response = await http()
      .post('/car/api/security/changePwd')
      .set('Referer', `${EVIL}/trap.html`)
      .set('Cookie', `${SESSION_COOKIE}=${token}`)
      .send({ oldPwd: PASSWORD, newPwd: 'Changed#2026x', confirmPwd: 'Changed#2026x' });
    expectRefused(response);
    await http().get('/car/api/security/me').set('token', token).expect(200);
    await signIn();
  });

  test('a request carrying the session cookie but neither Origin nor Referer is refused (an old browser)', async () => {
    const token = await signIn();
    const response = await http().post('/car/api/security/logout').set('Cookie', `${SESSION_COOKIE}=${token}`);
    expectRefused(response);
    await http().get('/car/api/security/me').set('token', token).expect(200);
  });

  test('a refused request never reaches its route: an unknown path from another site is 403, not 404', async () => {
    expectRefused(await http().post('/car/api/no/such/call').set('Origin', EVIL).send({}));
  });

  test('the same site, and API clients with the token header and no cookie, may act', async () => {
    const sameSite = await http()
      .post('/car/api/security/login')
      .set('Host', 'car.example.com')
      .set('Origin', 'https://car.example.com')
      .set('X-Forwarded-For', address())
      .send({ account, password: PASSWORD });
    expect(sameSite.status).toBe(200);
    expect(String(sameSite.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    const token = await signIn();
    await http().post('/car/api/security/logout').set('token', token).expect(200);
    await http().get('/car/api/security/me').set('token', token).expect(401);
  });

  test('a port is part of the site: another port on the same host is foreign', async () => {
    const response = await http()
      .post('/car/api/security/login')
      .set('Host', 'car.example.com')
      .set('Origin', 'https://car.example.com:8443')
      .set('X-Forwarded-For', address())
      .send({ account, password: PASSWORD });
    expectRefused(response);
  });

  // An Origin is `scheme://host[:port]` only; URL parsing would find this site's host in each of these (decision 262).
  test.each([
    'https://evil.example@car.example.com',
    'https://@car.example.com',
    'https://user:pass@car.example.com',
    'https://car.example.com/',
    'https://car.example.com/trap.html',
    'https://car.example.com?x=1',
    'https://car.example.com#x',
    'https://car.example.com, https://evil.example',
    'https:/car.example.com',
    'https:\\\\car.example.com',
  ])('an Origin that is not exactly scheme://host[:port] is foreign: %s', async (origin) => {
    const response = await http()
      .post('/car/api/security/login')
      .set('Host', 'car.example.com')
      .set('Origin', origin)
      .set('X-Forwarded-For', address())
      .send({ account, password: PASSWORD });
    expectRefused(response);
  });

  test('a Referer with userinfo is foreign', async () => {
    const response = await http()
      .post('/car/api/security/login')
      .set('Host', 'car.example.com')
      .set('Referer', 'https://evil.example@car.example.com/login')
      .set('X-Forwarded-For', address())
      .send({ account, password: PASSWORD });
    expectRefused(response);
  });

  test('X-Forwarded-Host names the site only from a proxy TRUST_PROXY lists, not from loopback by default', async () => {
    const response = await http()
      .post('/car/api/security/login')
      .set('Host', 'car.example.com')
      .set('X-Forwarded-Host', 'evil.example')
      .set('Origin', EVIL)
      .set('X-Forwarded-For', address())
      .send({ account, password: PASSWORD });
    expectRefused(response);
    const config = loadConfig({ DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test', TRUST_PROXY: 'loopback' });
    const behindProxy = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await behindProxy.init();
    try {
      const viaProxy = (origin: string) =>
        request(behindProxy.getHttpServer())
          .post('/car/api/security/login')
          .set('Host', 'app:3000')
          .set('X-Forwarded-Host', 'car.example.com')
          .set('Origin', origin)
          .set('X-Forwarded-For', address())
          .send({ account, password: PASSWORD });
      expect((await viaProxy('https://car.example.com')).status).toBe(200);
      expectRefused(await viaProxy('http://app:3000'));
      expectRefused(await viaProxy('https://evil.example@car.example.com'));
    } finally {
      await behindProxy.close();
    }
  });

  test('reads are not refused: a GET from another site is answered as usual', async () => {
    const token = await signIn();
    await http().get('/car/api/security/me').set('Origin', EVIL).set('token', token).expect(200);
  });
});

describe('cross-site requests to the pages (the production build)', () => {
  let account: string;

  beforeAll(async () => {
    account = await createAnalyst('csrfpage', PASSWORD, '跨站页面测试');
  });

  const post = (path: string, body: Record<string, string>, headers: Record<string, string>) =>
    testFetch(`${env.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address(), ...headers },
      body: new URLSearchParams(body).toString(),
      redirect: 'manual',
    });

  const expectRefusalPage = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain(API_MESSAGES.crossSite);
  };

  test('the older ?_data= login from another site is a 403 page and signs nobody in', async () => {
    await expectRefusalPage(await post('/login?_data=routes/login', { account, password: PASSWORD }, { Origin: EVIL }));
  });

  test('the login form posted from another site (document and single-fetch forms) is a 403 page', async () => {
    await expectRefusalPage(await post('/login', { account, password: PASSWORD }, { Origin: EVIL }));
    await expectRefusalPage(await post('/login.data', { account, password: PASSWORD }, { Origin: EVIL }));
  });

  test('logout and the password change from another site are refused with the cookie they ride on', async () => {
    const login = await post('/login', { account, password: PASSWORD }, { Origin: env.baseUrl });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
    await expectRefusalPage(await post('/logout?_data=routes/logout', {}, { Origin: EVIL, Cookie: cookie }));
    await expectRefusalPage(
      await post(
        '/resetpassword?_data=routes/_shell.resetpassword',
        { oldPwd: PASSWORD, newPwd: 'Changed#2026x', confirmPwd: 'Changed#2026x' },
        { Origin: EVIL, Cookie: cookie },
      ),
    );
    // The session is intact: its page still opens.
    const page = await testFetch(`${env.baseUrl}/resetpassword`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  test('a login form posted with an Origin that is not exactly scheme://host[:port] is a 403 page (decision 262)', async () => {
    const site = new URL(env.baseUrl);
    for (const origin of [`http://evil.example@${site.host}`, `http://@${site.host}`, `${site.origin}/`, `${site.origin}/trap.html`, `${site.origin}?x`]) {
      await expectRefusalPage(await post('/login', { account, password: PASSWORD }, { Origin: origin }));
      await expectRefusalPage(await post('/login.data', { account, password: PASSWORD }, { Origin: origin }));
    }
  });

  test('X-Forwarded-Host from a peer TRUST_PROXY does not list (loopback here) does not make another site this one', async () => {
    await expectRefusalPage(await post('/login', { account, password: PASSWORD }, { Origin: EVIL, 'X-Forwarded-Host': 'evil.example' }));
  });

  test('the login form posted from the site itself signs in', async () => {
    const response = await post('/login', { account, password: PASSWORD }, { Origin: env.baseUrl });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
  });
});
