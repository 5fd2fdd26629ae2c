import request from 'supertest';
import { type SharedApp, sharedApp } from './shared-app';

type Query = Record<string, string | string[]>;

/**
 * One signed-in API for a test file (the jest worker's running app, shared-app.ts, and a sign-in from
 * the file's own address) and its two callers under `base`: `get` as sent, `result` for an answer that
 * must be HTTP 200 with code 1 and 成功. The integration specs of the sales and dashboard calls share it.
 */
export function signedInApi(options: { address: string; base: string }) {
  let app: SharedApp;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: options.address }));
  });

  afterAll(async () => {
    await app?.close();
  });

  function get(path: string, query: Query = {}) {
    return request(app.getHttpServer()).get(`${options.base}/${path}`).query(query).set('token', token);
  }

  async function result<T>(path: string, query: Query = {}): Promise<T> {
    const response = await get(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  }

  return { get, result, app: () => app, token: () => token };
}
