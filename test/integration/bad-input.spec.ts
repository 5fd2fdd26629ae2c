import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX, ApiCode, ENDPOINTS } from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { createAnalyst } from '../support/users';

/**
 * Bad input is a 400 with a Chinese message that names the parameter, never a 500 (issue #10 §1):
 * ids past what the database's integers hold, NUL bytes in texts, a malformed logout body, and the
 * echo of an unknown parameter's name.
 */
describe('bad input', () => {
  let app: NestExpressApplication;
  let token: string;
  const server = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.92' }));
  });

  afterAll(async () => {
    await app?.close();
  });

  async function refusal(path: string, query: Record<string, string>): Promise<string> {
    const response = await server().get(`${API_PREFIX}/${path}`).query(query).set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: ApiCode.BadRequest });
    return response.body.msg as string;
  }

  const salesCalls = ENDPOINTS.filter((e) => e.path.startsWith('saleVolume/')).map((e) => e.path);

  test.each(salesCalls)('%s refuses ids past a database integer (2^31) with a 400 naming them', async (path) => {
    expect(await refusal(path, { detailId: '2147483648' })).toMatch(/^参数 detailId /);
    expect(await refusal(path, { producerProperty: '2147483648' })).toMatch(/^参数 producerProperty /);
    expect(await refusal(path, { fuels: '2147483648' })).toMatch(/^参数 fuels /);
  });

  test.each([
    ['search/getProducers', 'key'],
    ['search/getCities', 'condition'],
    ['search/getProvinceCities', 'condition'],
    ['search/complexBPs', 'condition'],
  ])('%s refuses a NUL byte in %s with a 400', async (path, name) => {
    const query: Record<string, string> = { [name]: 'a\u0000b', ...(path === 'search/complexBPs' ? { type: '0' } : {}) };
    expect(await refusal(path, query)).toBe(`参数 ${name} 不能包含控制字符`);
  });

  test('a NUL byte in the login account is a 400, not a 500', async () => {
    const response = await server()
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', '203.0.113.93')
      .send({ account: 'a\u0000b', password: 'Whatever1!' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { code: ApiCode.BadRequest, msg: '账号不能包含控制字符', result: null } });
  });

  test('an unknown parameter name is echoed at most 40 characters long', async () => {
    const name = 'x'.repeat(10_000);
    const msg = await refusal('saleVolume/wholeMarket/whole', { [name]: '1' });
    expect(msg).toBe(`参数 ${'x'.repeat(40)} 不是可用的参数`);
  });

  test('a logout with a malformed JSON body still revokes the presented token', async () => {
    const password = 'Logout#2026';
    const account = await createAnalyst('badbody', password, '退出测试');
    const login = await server().post(`${API_PREFIX}/security/login`).set('X-Forwarded-For', '203.0.113.94').send({ account, password }).expect(200);
    const own = login.body.result.token as string;
    const logout = await server().post(`${API_PREFIX}/security/logout`).set('token', own).set('Content-Type', 'application/json').send('{"broken":');
    expect({ status: logout.status, code: logout.body.code }).toEqual({ status: 200, code: ApiCode.Success });
    const after = await server().get(`${API_PREFIX}/security/me`).set('token', own);
    expect({ status: after.status, code: after.body.code }).toEqual({ status: 401, code: ApiCode.TokenRevoked });
  });
});
