import { API_PREFIX, SESSION_COOKIE } from '@car/contracts';
import { testFetch } from '../support/http';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * The security headers of pages, API and downloads (docs/security.md), read from the production build the
 * run started (env.baseUrl): helmet's set with a per-request script nonce, no-store on the user's answers,
 * HSTS only over HTTPS. That the pages pass their policy is the browser tests' part (test/support/browser.ts).
 */
const env = testEnv();
const PASSWORD = 'Headers#2026a';

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

function expectCommonHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    const account = await createAnalyst('headers', PASSWORD, '响应头测试');
    const login = await testFetch(`${env.baseUrl}${API_PREFIX}/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.77.${process.pid % 250}.1` },
      body: JSON.stringify({ account, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { result: { token: string } }).result.token;
    cookie = `${SESSION_COOKIE}=${token}`;
  });

  test('a signed-in page: every inline script carries this request’s nonce, which no other request shares', async () => {
    const pages = await Promise.all([1, 2].map(() => testFetch(`${env.baseUrl}/salevolume/wholemarket`, { headers: { Cookie: cookie } })));
    const nonces: string[] = [];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expectCommonHeaders(page);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const scriptSrc = directives(page.headers.get('content-security-policy')).get('script-src') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc)?.[1];
      expect(nonce).toBeDefined();
      expect(scriptSrc).not.toContain('unsafe-inline');
      const html = await page.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test('API answers and workbooks are no-store and carry the same headers', async () => {
    const json = await testFetch(`${env.baseUrl}${API_PREFIX}/security/me`, { headers: { token } });
    expect(json.status).toBe(200);
    expectCommonHeaders(json);
    expect(json.headers.get('cache-control')).toBe('no-store');
    // A no-store answer is never revalidated: no ETag hashed over its body (a 0.6 MB comparison's took a hash of it).
    expect(json.headers.get('etag')).toBeNull();
    const workbook = await testFetch(`${env.baseUrl}${API_PREFIX}/saleVolume/wholeMarket/download?type=0`, { headers: { token } });
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toContain('spreadsheetml');
    expectCommonHeaders(workbook);
    expect(workbook.headers.get('cache-control')).toBe('no-store');
    await workbook.arrayBuffer();
  });

  test('the built assets keep their long cache', async () => {
    const html = await (await testFetch(`${env.baseUrl}/login`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await testFetch(`${env.baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('HSTS only when the request came over HTTPS (a trusted proxy’s X-Forwarded-Proto)', async () => {
    const plain = await testFetch(`${env.baseUrl}/login`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // The test process is on loopback, which the app trusts as its own Remix server and proxy.
    const secure = await testFetch(`${env.baseUrl}/login`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
