import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, ApiCode } from '@car/contracts';
import { signedInApp } from './api-app';
import { createPriceFixture } from './price-fixture';
import { ANALYST } from './sales-fixture';
import { testEnv } from './test-env';

/**
 * An app on the literal market of sales-fixture.ts and price-fixture.ts, signed in as the figures analyst, in a
 * database of its own (`<test db>_<database>`) from a client address of its own (`10.<subnet>.<pid>.2`), with a
 * connection of the test's own to that database (`db`) for what a test writes or reads beside the app.
 */
export function priceMarketApp(database: string, subnet: number, config?: Record<string, string>) {
  const env = testEnv();
  const name = `${new URL(env.databaseUrl).pathname.slice(1)}_${database}`;
  const address = `10.${subnet}.${process.pid % 250}.2`;
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createPriceFixture(env.adminUrl, name);
    ({ app, token } = await signedInApp({ address, databaseUrl, account: ANALYST.account, password: ANALYST.password, config }));
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  return { address, app: () => app, token: () => token, db: () => db, databaseUrl: () => databaseUrl };
}

/** The price-structure pair's calls on `priceMarketApp`'s market: `call` answers the raw response, `get` the result of a successful call. */
export function priceStructureApi(database: string, subnet: number) {
  const { app, token } = priceMarketApp(database, subnet);

  /** A call under /car/api/price/, signed in (or, `signedIn` false, without a session). */
  const call = (path: string, query: Record<string, string>, signedIn = true) => {
    const pending = request(app().getHttpServer()).get(`${API_PREFIX}/price/${path}`).query(query);
    return signedIn ? pending.set('token', token()) : pending;
  };

  async function get<T>(path: string, query: Record<string, string>): Promise<T> {
    const response = await call(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toMatchObject({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }

  return { call, get, app, token };
}
