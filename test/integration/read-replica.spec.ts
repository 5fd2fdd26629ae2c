import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX } from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { signIn } from '../support/shared-app';
import { importCalls } from '../support/import-testbed';
import { freePort } from '../support/net';
import { ANALYST, createSalesFixture } from '../support/sales-fixture';
import { withDatabase } from '../support/test-env';
import { createAdmin } from '../support/users';

const execute = promisify(execFile);
/** PostgreSQL refuses to run as root: there, its commands run as the `postgres` user, which owns the temporary folder. */
const AS_ROOT = process.getuid?.() === 0;
const run = (command: string, args: string[], options: { maxBuffer?: number } = {}): Promise<unknown> =>
  AS_ROOT ? execute('runuser', ['-u', 'postgres', '--', command, ...args], options) : execute(command, args, options);
const BIN = '/usr/lib/postgresql/15/bin';
const HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';
const ADMIN_PASSWORD = 'Replica#2026a';

/** The analytics calls checked on each side: the whole market's cards, trend and segment table, the area table. */
const CALLS: Array<[string, Record<string, string | number>]> = [
  ['saleVolume/wholeMarket/whole', { time: '2026-03' }],
  ['saleVolume/wholeMarket/highCharts', { time: '2026-03', timeDimensionality: 0, count: 1 }],
  ['saleVolume/wholeMarket/detail', { time: '2026-03' }],
  ['saleVolume/wholeMarket/area', { time: '2026-03', dimensionality: 2 }],
];

/**
 * Read replicas for real (issue 32 §1, decisions 223-225): a private PostgreSQL 15 primary and a streaming
 * replica of it (`pg_basebackup -R`), each in a temporary folder on a port of its own (the tests' server
 * refuses replication connections in its pg_hba.conf), the hand-made sales fixture on the primary, and the
 * API on it with DATABASE_READ_URL naming the replica. Which server answered is read from the replica's
 * pg_stat_activity: the read pool's connections (car-app-read) and the rollup statement they last ran.
 */
describe('read replicas', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'car-replica-'));
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const database = `car_replica_${process.pid}`;
  let primaryPort = 0;
  let replicaPort = 0;
  let replicaUp = false;
  let primaryUp = false;
  let app: NestExpressApplication;
  let admin: string;
  let analyst: string;
  let replica: Client;

  const pgCtl = (dir: string, action: 'start' | 'stop', port?: number): Promise<unknown> =>
    run(
      path.join(BIN, 'pg_ctl'),
      action === 'start'
        ? ['-D', dir, '-l', `${dir}.log`, '-w', '-t', '60', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`, 'start']
        : ['-D', dir, '-m', 'fast', '-w', 'stop'],
    );

  async function replicaClient(): Promise<Client> {
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/${database}` });
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    if (AS_ROOT) {
      const { stdout } = await execute('id', ['-u', 'postgres']);
      const { stdout: group } = await execute('id', ['-g', 'postgres']);
      fs.chownSync(root, Number(stdout), Number(group));
    }
    primaryPort = await freePort();
    replicaPort = await freePort();
    await run(path.join(BIN, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
    // initdb's pg_hba.conf lets local and loopback connections replicate with trust auth.
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\nshared_buffers = 32MB\n`);
    await pgCtl(primaryDir, 'start', primaryPort);
    primaryUp = true;
    const adminUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const url = await createSalesFixture(adminUrl, database);
    const account = await createAdmin('replica_admin', ADMIN_PASSWORD, '副本管理员', url);
    // A fast checkpoint: a spread one paces out the fixture's fresh pages (its template and its copy) over minutes.
    await run(path.join(BIN, 'pg_basebackup'), [
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '-D',
      replicaDir,
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
    ]);
    await pgCtl(replicaDir, 'start', replicaPort);
    replicaUp = true;
    replica = await replicaClient();
    expect((await replica.query('SELECT pg_is_in_recovery() AS recovery')).rows[0]).toEqual({ recovery: true });
    const address = `10.84.${process.pid % 250}`;
    ({ app, token: admin } = await signedInApp({
      address: `${address}.1`,
      databaseUrl: url,
      account,
      password: ADMIN_PASSWORD,
      config: { DATABASE_READ_URL: withDatabase(`postgres://postgres@127.0.0.1:${replicaPort}/postgres`, database) },
    }));
    analyst = await signIn(app, ANALYST.account, ANALYST.password, `${address}.2`);
  }, 180_000);

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close().catch(() => undefined);
    if (replicaUp) await pgCtl(replicaDir, 'stop').catch(() => undefined);
    if (primaryUp) await pgCtl(primaryDir, 'stop').catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  const get = async (call: string, query: Record<string, string | number>): Promise<unknown> => {
    const res = await request(app.getHttpServer()).get(`${API_PREFIX}/${call}`).query(query).set('token', analyst);
    expect({ call, status: res.status, msg: res.body.msg }).toEqual({ call, status: 200, msg: '成功' });
    return res.body.result;
  };
  const answers = async (): Promise<unknown[]> => {
    const all: unknown[] = [];
    for (const [call, query] of CALLS) all.push(await get(call, query));
    return all;
  };

  /** Whether one of the read pool's connections on the replica ran a rollup statement since `since` (the replica's clock). */
  async function replicaRanSince(since: Date): Promise<boolean> {
    const { rows } = await replica.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'car-app-read' AND query_start >= $1 AND query LIKE '%rollup\\_%'`,
      [since],
    );
    return rows[0].n > 0;
  }
  const replicaNow = async (): Promise<Date> => (await replica.query('SELECT clock_timestamp() AS t')).rows[0].t as Date;

  /** Calls until the replica answers one (it is checked on demand, so the first calls may go to the primary). */
  async function untilReplicaAnswers(call: () => Promise<unknown>, seconds: number): Promise<unknown> {
    for (const deadline = Date.now() + seconds * 1000; Date.now() < deadline;) {
      const since = await replicaNow();
      const result = await call();
      if (await replicaRanSince(since)) return result;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica answered no call in ${seconds} s`);
  }

  let fromReplica: unknown[];

  test('with the replica caught up, the analytics calls are answered by it', async () => {
    await untilReplicaAnswers(() => get(...CALLS[0]), 10);
    const since = await replicaNow();
    fromReplica = await answers();
    expect(await replicaRanSince(since)).toBe(true);
    expect(fromReplica[0]).toMatchObject({ qty: expect.any(Number) });
  });

  test('a month published while the replica has not replayed it is read from the primary; the replica answers again once it has', async () => {
    const whole = async (): Promise<unknown> => get('saleVolume/wholeMarket/whole', { time: '2026-04' });
    const hasApril = async (): Promise<boolean> =>
      (await replica.query('SELECT coalesce(bool_or(has_retail), false) AS has FROM data_month WHERE month = 202604')).rows[0].has as boolean;
    await replica.query('SELECT pg_wal_replay_pause()');
    const rows = [HEADER, '2026-04,110000,JLL61,1,1,1,100', '2026-04,120000,JLL61,1,1,2,50', '2026-04,440300,JLL65,1,2,1,30', '2026-04,440100,JLL64,1,1,1,20'];
    const { upload } = importCalls(
      () => app,
      () => admin,
    );
    expect(await upload(rows.join('\n'), { kind: 'retail', from: '2026-04', name: '零售.csv' })).toMatchObject({ state: 'done', rowsWritten: 4 });
    expect(await hasApril()).toBe(false);
    const since = await replicaNow();
    expect(await whole()).toMatchObject({ qty: 200 });
    expect(await answers()).toEqual(fromReplica);
    expect(await replicaRanSince(since)).toBe(false);

    await replica.query('SELECT pg_wal_replay_resume()');
    expect(await untilReplicaAnswers(whole, 10)).toMatchObject({ qty: 200 });
    expect(await hasApril()).toBe(true);
  });

  test('a stopped replica: the reads fall back to the primary with the same answers, and go back to it when it returns', async () => {
    const before = await untilReplicaAnswers(answers, 10);
    await replica.end();
    await pgCtl(replicaDir, 'stop');
    replicaUp = false;
    expect(await answers()).toEqual(before);
    expect(await answers()).toEqual(before);

    await pgCtl(replicaDir, 'start', replicaPort);
    replicaUp = true;
    replica = await replicaClient();
    // A failed replica is tried again after 5 s.
    expect(await untilReplicaAnswers(answers, 20)).toEqual(before);
  }, 60_000);
});
