import request from 'supertest';
import { API_PREFIX, ApiCode, CONTROL_CHARACTER_MESSAGE, declaredReferences, ENDPOINTS, MP_SESSION_HEADER, type Endpoint } from '@car/contracts';
import { sharedApp, type SharedApp, signIn } from '../support/shared-app';
import { demoMpSession } from '../support/mp-link';
import { createAdmin, createAnalyst } from '../support/users';

/**
 * Bad input is a 400 with a Chinese message that names the parameter, never a 500 (issue #10 §1):
 * ids past what the database's integers hold, NUL bytes in texts, a malformed logout body, and the
 * echo of an unknown parameter's name. An id that names nothing and a month outside the data are 400s
 * too, not answers full of dashes or empty workbooks (issue 24 §4, decision 131).
 */
describe('bad input', () => {
  let app: SharedApp;
  let token: string;
  const server = () => request(app.getHttpServer());

  let adminToken: string;
  let mpSession: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: '203.0.113.92' }));
    adminToken = await signIn(app, await createAdmin('badinput_admin', 'BadInput#2026a', '错误输入管理员'), 'BadInput#2026a', '203.0.113.95');
    mpSession = await demoMpSession(app);
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
    expect(await refusal(path, query)).toBe(`参数 ${name} ${CONTROL_CHARACTER_MESSAGE}`);
  });

  test('a NUL byte in the login account is a 400, not a 500', async () => {
    const response = await server()
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', '203.0.113.93')
      .send({ account: 'a\u0000b', password: 'Whatever1!' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: ApiCode.BadRequest, msg: `账号${CONTROL_CHARACTER_MESSAGE}`, result: null },
    });
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

  // ---------- ids that name nothing, months outside the data (issue 24 §4) ----------

  test.each([
    ['price/marketPriceWhole/whole', 'detailId', '99'],
    ['pricevolume/priceQtyDetail/table', 'detailId', '999'],
    ['saleVolume/wholeMarket/whole', 'detailId', '999'],
  ])('%s?%s=%s (no such segment) is a 400 naming the parameter, not cards of dashes', async (path, name, id) => {
    expect(await refusal(path, { [name]: id })).toBe(`参数 ${name} 没有 id 为 ${id} 的细分市场`);
  });

  /** The months search/calendar offers a category, oldest and latest, as 'YYYY-MM'. */
  async function calendarBounds(category: 1 | 2 | 3): Promise<[string, string]> {
    const months = (await server().get(`${API_PREFIX}/search/calendar`).query({ category }).set('token', token).expect(200)).body.result as string[];
    return [months[months.length - 1], months[0]];
  }

  test.each([
    ['cityRetail', 2, '零售'],
    ['mix', 2, '零售'],
    ['price', 1, '价格'],
    ['fandian', 3, '返点'],
  ] as const)('the %s export of months outside the calendar (2030-01 - 2030-02) is a 400 with the months allowed, and no job', async (kind, category, data) => {
    const [first, latest] = await calendarBounds(category);
    const jobsBefore = (await server().get(`${API_PREFIX}/dataExport/jobs`).set('token', token).expect(200)).body.result.length as number;
    for (const [yyyyMm, outside] of [
      ['2030-01 - 2030-02', '2030-01'],
      [`${latest} - 2030-02`, '2030-02'],
      ['2001-01 - 2001-03', '2001-01'],
    ]) {
      const response = await server().post(`${API_PREFIX}/dataExport/${kind}`).set('token', token).type('form').send({ yyyyMm });
      expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({
        status: 400,
        code: ApiCode.BadRequest,
        msg: `参数 yyyyMm 没有 ${outside} 的${data}数据，应在 ${first} 至 ${latest} 之间`,
      });
    }
    expect((await server().get(`${API_PREFIX}/dataExport/jobs`).set('token', token).expect(200)).body.result.length).toBe(jobsBefore);
  });

  test('a month after the latest with data is a 400 that says which months have it', async () => {
    const [first, latest] = await calendarBounds(2);
    expect(await refusal('saleVolume/wholeMarket/whole', { time: '2030-01' })).toBe(`参数 time 没有 2030-01 的零售数据，应在 ${first} 至 ${latest} 之间`);
  });

  /** Ordinary values of the parameters some calls require, so that a sweep's request differs from an ordinary one in one parameter. */
  const REQUIRED: Record<string, string> = {
    modelSubId: '1',
    modelSubIds: '1',
    foreignId: '1',
    type: '0',
    id: '1',
    provinceId: '440000',
    producerId: '1',
    month: '2026-10',
    yyyyMm: '2026-10 - 2026-10',
  };

  /** The smallest request the call's schema accepts: the parameters it requires, from REQUIRED. */
  function ordinaryRequest(endpoint: Endpoint): Record<string, string> {
    const query: Record<string, string> = {};
    for (let tries = 0; tries < 5; tries++) {
      const parsed = endpoint.params.safeParse(query);
      if (parsed.success) return query;
      const missing = parsed.error.issues.map((issue) => String(issue.path[0])).find((name) => REQUIRED[name] !== undefined && query[name] === undefined);
      if (missing === undefined) break;
      query[missing] = REQUIRED[missing];
    }
    throw new Error(`${endpoint.path}: no ordinary request`);
  }

  /** Every id and month parameter of every call, from the contracts' declarations. */
  const sweep = ENDPOINTS.flatMap((endpoint) =>
    declaredReferences(endpoint.params).map(({ param, to }): [string, string, 'id' | 'month', Endpoint] => [endpoint.path, param, to, endpoint]),
  );

  test('the sweep covers the calls the issue names and every kind of id', () => {
    const swept = sweep.map(([path, param]) => `${path} ${param}`);
    expect(swept).toEqual(
      expect.arrayContaining([
        'price/marketPriceWhole/whole detailId',
        'pricevolume/priceQtyDetail/table detailId',
        'saleVolume/wholeMarket/whole detailId',
        'dataExport/cityRetail yyyyMm',
        'dataExport/fandian yyyyMm',
      ]),
    );
    expect(sweep.length).toBeGreaterThan(150);
  });

  test.each(sweep)('%s: %s naming nothing is a 400 naming it', async (path, param, to, endpoint) => {
    const base = ordinaryRequest(endpoint);
    // An unknown id the schema accepts (6-digit ids and codes, 4-digit dictionary codes), a month long after the data.
    const candidates = to === 'month' ? ['2030-01'] : ['999999', '9999'];
    const value = candidates.find((candidate) => endpoint.params.safeParse({ ...base, [param]: candidate }).success) ?? candidates[0];
    const query = { ...base, [param]: value };
    const caller = endpoint.adminOnly ? adminToken : token;
    const call =
      endpoint.method === 'GET'
        ? server().get(`${API_PREFIX}/${path}`).query(query)
        : endpoint.body === 'multipart'
          ? Object.entries(query).reduce((r, [name, v]) => r.field(name, v), server().post(`${API_PREFIX}/${path}`))
          : server().post(`${API_PREFIX}/${path}`).type('form').send(query);
    call.set('token', caller);
    if (endpoint.access === 'mp') call.set(MP_SESSION_HEADER, mpSession);
    const response = await call;
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: ApiCode.BadRequest });
    const accepted = endpoint.params.safeParse(query).success;
    // What the schema accepts is checked against the data; what it refuses (bigArea is 1-7) is refused by it, by name too.
    const expected = !accepted
      ? `^参数 ${param} `
      : to === 'month'
        ? `^参数 ${param} 没有 2030-01 的.+数据，应在 \\d{4}-\\d{2} 至 \\d{4}-\\d{2} 之间$`
        : `^参数 ${param} 没有 id 为 ${value} 的.+$`;
    expect(response.body.msg).toMatch(new RegExp(expected));
  });
});
