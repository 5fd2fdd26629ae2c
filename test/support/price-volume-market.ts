import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX, ApiCode } from '@car/contracts';
import { signedInApp } from './api-app';
import { createPriceFixture } from './price-fixture';
import { ANALYST } from './sales-fixture';
import { testEnv } from './test-env';

export interface PriceVolumeMarket {
  app: NestExpressApplication;
  token: string;
  databaseUrl: string;
  /** A price-volume GET that must answer code 1: its result. */
  get: <T>(path: string, query: Record<string, string>) => Promise<T>;
  /** A price-volume GET that must be refused with 400: its Chinese message. */
  refuse: (path: string, query: Record<string, string>) => Promise<string>;
}

/**
 * The hand-made market of sales-fixture.ts and price-fixture.ts in a database of its own (`suffix`), an app
 * on it signed in as the analyst from `address`, for a describe block's beforeAll; `close` in its afterAll.
 */
export function priceVolumeMarket(suffix: string, address: string): { open: () => Promise<PriceVolumeMarket>; close: () => Promise<void> } {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_${suffix}`;
  let app: NestExpressApplication | undefined;
  return {
    async open() {
      const databaseUrl = await createPriceFixture(env.adminUrl, database);
      const signedIn = await signedInApp({ address, databaseUrl, account: ANALYST.account, password: ANALYST.password });
      app = signedIn.app;
      const call = (path: string, query: Record<string, string>) =>
        request(signedIn.app.getHttpServer()).get(`${API_PREFIX}/pricevolume/${path}`).query(query).set('token', signedIn.token);
      return {
        ...signedIn,
        databaseUrl,
        get: async <T>(path: string, query: Record<string, string>): Promise<T> => {
          const response = await call(path, query);
          expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toMatchObject({ status: 200, code: ApiCode.Success });
          return response.body.result as T;
        },
        refuse: async (path: string, query: Record<string, string>): Promise<string> => {
          const response = await call(path, query);
          expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: ApiCode.BadRequest });
          return response.body.msg as string;
        },
      };
    },
    async close() {
      await app?.close();
    },
  };
}
