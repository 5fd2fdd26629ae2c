import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX, ApiCode } from '@car/contracts';
import { signedInApp } from './api-app';
import { addPriceFixture } from './price-fixture';
import { ANALYST, createSalesFixture, dropSalesFixture } from './sales-fixture';
import { testEnv } from './test-env';

/**
 * The price-structure pair's calls on the literal market of sales-fixture.ts and price-fixture.ts, signed in as
 * the figures analyst, in a database of its own (`<test db>_<database>`) from a client address of its own
 * (`10.<subnet>.<pid>.2`): `call` answers the raw response, `get` the result of a successful call.
 */
export function priceStructureApi(database: string, subnet: number) {
  const env = testEnv();
  const name = `${new URL(env.databaseUrl).pathname.slice(1)}_${database}`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createSalesFixture(env.adminUrl, name);
    await addPriceFixture(databaseUrl);
    ({ app, token } = await signedInApp({ address: `10.${subnet}.${process.pid % 250}.2`, databaseUrl, account: ANALYST.account, password: ANALYST.password }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await dropSalesFixture(env.adminUrl, name);
  });

  /** A call under /car/api/price/, signed in (or, `signedIn` false, without a session). */
  const call = (path: string, query: Record<string, string>, signedIn = true) => {
    const pending = request(app.getHttpServer()).get(`${API_PREFIX}/price/${path}`).query(query);
    return signedIn ? pending.set('token', token) : pending;
  };

  async function get<T>(path: string, query: Record<string, string>): Promise<T> {
    const response = await call(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toMatchObject({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }

  return { call, get, app: () => app, token: () => token };
}
