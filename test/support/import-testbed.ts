import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, IMPORT_BUSY_STATES, type DataImportView, type ImportProblem } from '@car/contracts';
import { signedInApp } from './api-app';
import { binaryBody } from './shared-app';
import { SALES_LAYER } from './sales-fixture';
import { copyOfFixture, type FixtureLayer } from './template-database';
import { testEnv } from './test-env';
import { createAdmin } from './users';

const API = `${API_PREFIX}/dataImport`;
const ADMIN_PASSWORD = 'Import#2026a';

/** The data imports' integration tests: the hand-made sales fixture in a database of its own, an administrator of its own signed in. */
export interface ImportTestbed {
  app: NestExpressApplication;
  /** The administrator's token. */
  admin: string;
  /** The testbed's database. */
  url: string;
  db: Client;
  close(): Promise<void>;
}

/**
 * The database is `<run>_<name>` (the global teardown drops it); `layers` go on the hand-made market before the
 * app starts (e.g. the configuration sheet of config-fixture.ts).
 */
export interface ImportTestbedOptions {
  name: string;
  address: string;
  nickname: string;
  layers?: readonly FixtureLayer[];
  /** More configuration keys for the app (e.g. ROBOT_ALLOW_INSECURE for a local robot receiver). */
  config?: Record<string, string>;
}

export async function openImportTestbed(options: ImportTestbedOptions): Promise<ImportTestbed> {
  const { adminUrl, databaseUrl } = testEnv();
  const url = await copyOfFixture(adminUrl, `${new URL(databaseUrl).pathname.slice(1)}_${options.name}`, [SALES_LAYER, ...(options.layers ?? [])]);
  const db = new Client({ connectionString: url });
  await db.connect();
  const account = await createAdmin('import_admin', ADMIN_PASSWORD, options.nickname, url);
  const { app, token } = await signedInApp({ address: options.address, databaseUrl: url, account, password: ADMIN_PASSWORD, config: options.config });
  return {
    app,
    admin: token,
    url,
    db,
    async close() {
      await db.end();
      await app.close();
    },
  };
}

/**
 * A describe block's testbed: opened before its tests, closed after them. Its app, token, database and client are read
 * as the tests run (`bed.db.query(…)`, `.set('token', bed.admin)`); the calls of importCalls are on it.
 */
export function useImportTestbed(options: ImportTestbedOptions): Omit<ImportTestbed, 'close'> & ReturnType<typeof importCalls> {
  let open: ImportTestbed | undefined;
  beforeAll(async () => {
    open = await openImportTestbed(options);
  }, 120_000);
  afterAll(() => open?.close());
  const bed = (): ImportTestbed => {
    if (!open) throw new Error(`the import testbed ${options.name} is not open (read it inside a test or a later beforeAll)`);
    return open;
  };
  return {
    get app() {
      return bed().app;
    },
    get admin() {
      return bed().admin;
    },
    get url() {
      return bed().url;
    },
    get db() {
      return bed().db;
    },
    ...importCalls(
      () => bed().app,
      () => bed().admin,
    ),
  };
}

/** An upload followed until its job stops working (done, failed, or waiting for the administrator), and its problems. */
export function importCalls(app: () => NestExpressApplication, token: () => string) {
  const server = () => request(app().getHttpServer());

  async function settled(id: string): Promise<DataImportView> {
    for (let i = 0; i < 600; i++) {
      const view = (await server().get(`${API}/job`).query({ id }).set('token', token()).expect(200)).body.result as DataImportView;
      if (!IMPORT_BUSY_STATES.includes(view.state)) return view;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${id} did not settle`);
  }

  async function upload(content: string | Buffer, options: { kind: string; from: string; to?: string; name: string }): Promise<DataImportView> {
    const res = await server()
      .post(`${API}/upload`)
      .set('token', token())
      .field('kind', options.kind)
      .field('from', options.from)
      .field('to', options.to ?? options.from)
      .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), options.name);
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '成功' });
    return settled((res.body.result as DataImportView).id);
  }

  async function problems(id: string): Promise<ImportProblem[]> {
    return (await server().get(`${API}/problems`).query({ id }).set('token', token()).expect(200)).body.result.items as ImportProblem[];
  }

  /** A kind's template (导入模板) as the administrator downloads it: CSV or XLSX (the call's default when unsaid), as bytes. */
  async function template(kind: string, format?: 'csv' | 'xlsx'): Promise<Buffer> {
    const res = await server()
      .get(`${API}/template`)
      .query({ kind, ...(format ? { format } : {}) })
      .set('token', token())
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    return res.body as Buffer;
  }

  return { server, upload, settled, problems, template };
}
