import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, IMPORT_BUSY_STATES, type DataImportView } from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { createSalesFixture } from '../support/sales-fixture';
import { testEnv } from '../support/test-env';
import { createAdmin } from '../support/users';
import { startKillableWorker } from '../support/killed-workers';
import { freePort } from '../support/net';
import { pollUntil } from '../support/poll';

/**
 * An import whose process dies in the middle of its write resumes the write in the next process and ends
 * done (decision 137), in both queue modes: the BullMQ worker killed with SIGKILL (the next worker gets the
 * job from BullMQ's stalled-job check), and the app itself killed while it ran the job in-process (the next
 * start runs the unfinished step again). The write is held at its INSERT by a trigger that waits for an
 * advisory lock this test holds, so the kill always lands mid-write; the lock is let go once the process is
 * dead. On the hand-made sales fixture (trims JLL61…, cities 110000 …; 2026-04 is a new month).
 */
const env = testEnv();
/** The fixtures' databases are named under the run's, which the global teardown drops with it. */
const RUN_DATABASE = new URL(env.databaseUrl).pathname.slice(1);
const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Resume#2026a';
const HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';
const FILE = [HEADER, '2026-04,110000,JLL61,1,1,1,100', '2026-04,120000,JLL61,1,1,2,50', '2026-04,440300,JLL65,1,2,1,30'].join('\n');
const HOLD = 725_0001;

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => pollUntil(read, done, ms, 200);

/** The fixture database with the write-holding trigger, a session holding its lock, and an administrator. */
async function openBed(database: string): Promise<{ url: string; db: Client; account: string }> {
  const url = await createSalesFixture(env.adminUrl, database);
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(
    `CREATE FUNCTION hold_import_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD}); RETURN NULL; END $$`,
  );
  await db.query(`CREATE TRIGGER hold_import_write BEFORE INSERT ON retail_fact FOR EACH STATEMENT EXECUTE FUNCTION hold_import_write()`);
  const account = await createAdmin('resume_admin', PASSWORD, '续传管理员', url);
  return { url, db, account };
}

/** Waits until the import's write is held at its INSERT (waiting for the test's lock). */
async function heldMidWrite(db: Client): Promise<void> {
  const held = await until(
    async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory' AND query LIKE 'INSERT INTO retail_fact%'`,
        )
      ).rows[0].n as number,
    (n) => n > 0,
    120_000,
  );
  expect(held).toBe(1);
}

async function expectWritten(db: Client, id: string, view: DataImportView): Promise<void> {
  expect(view).toMatchObject({ state: 'done', rowsWritten: 3, error: null });
  const { rows } = await db.query(`SELECT count(*)::int AS n, sum(qty)::int AS qty FROM retail_fact WHERE month = 202604`);
  expect(rows[0]).toEqual({ n: 3, qty: 180 });
  expect((await db.query(`SELECT has_retail FROM data_month WHERE month = 202604`)).rows[0].has_retail).toBe(true);
  expect((await db.query(`SELECT to_regclass($1) AS t`, [`import_stage_${id.replace(/-/g, '')}`])).rows[0].t).toBeNull();
  expect(fs.existsSync(path.join(env.dataDir, 'imports', id))).toBe(false);
}

const describeWithRedis = env.redisUrl ? describe : describe.skip;

describeWithRedis('an import whose worker is killed mid-write (BullMQ)', () => {
  const database = `${RUN_DATABASE}_resume_bull`;
  const prefix = `${env.redisPrefix}-resume`;
  let db: Client;
  let app: NestExpressApplication;
  let token: string;
  const workers: ChildProcess[] = [];
  let dbUrl: string;

  function startWorker(): ChildProcess {
    const worker = startKillableWorker({ databaseUrl: dbUrl, redisUrl: env.redisUrl!, redisPrefix: prefix, dataDir: env.dataDir });
    workers.push(worker);
    return worker;
  }

  beforeAll(async () => {
    const bed = await openBed(database);
    ({ db } = bed);
    dbUrl = bed.url;
    ({ app, token } = await signedInApp({
      address: `10.84.${process.pid % 250}.1`,
      databaseUrl: dbUrl,
      account: bed.account,
      password: PASSWORD,
      config: { REDIS_URL: env.redisUrl!, REDIS_PREFIX: prefix },
    }));
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await app?.close();
    await db?.end();
  }, 60_000);

  const view = async (id: string): Promise<DataImportView> =>
    (await request(app.getHttpServer()).get(`${API_PREFIX}/dataImport/job`).query({ id }).set('token', token).expect(200)).body.result as DataImportView;

  test('the next worker writes the month the killed one had begun, and the import ends done', async () => {
    await db.query(`SELECT pg_advisory_lock(${HOLD})`);
    const accepted = await request(app.getHttpServer())
      .post(`${API_PREFIX}/dataImport/upload`)
      .set('token', token)
      .field('kind', 'retail')
      .field('from', '2026-04')
      .field('to', '2026-04')
      .attach('file', Buffer.from(FILE, 'utf8'), '零售.csv')
      .expect(200);
    const id = (accepted.body.result as DataImportView).id;
    const first = startWorker();
    await heldMidWrite(db);
    expect((await view(id)).state).toBe('writing');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await db.query(`SELECT pg_advisory_unlock(${HOLD})`);

    // BullMQ hands the job on once the dead worker's lock has expired (WORKER_STALL_SECONDS) at the next stalled check.
    startWorker();
    const settled = await until(
      () => view(id),
      (v) => !IMPORT_BUSY_STATES.includes(v.state),
      180_000,
    );
    await expectWritten(db, id, settled);
    const { rows } = await db.query(`SELECT state FROM job_run WHERE id = $1`, [id]);
    expect(rows[0].state).toBe('completed');
  }, 300_000);

  test('an import whose workers die twice is given up by BullMQ: recorded failed in job_run and in the import, the month untouched', async () => {
    // Only the workers this test starts may take its job.
    for (const worker of workers.filter((w) => w.exitCode === null && w.signalCode === null)) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    await db.query(`SELECT pg_advisory_lock(${HOLD})`);
    const file = [HEADER, '2026-05,110000,JLL61,1,1,1,70'].join('\n');
    const accepted = await request(app.getHttpServer())
      .post(`${API_PREFIX}/dataImport/upload`)
      .set('token', token)
      .field('kind', 'retail')
      .field('from', '2026-05')
      .field('to', '2026-05')
      .attach('file', Buffer.from(file, 'utf8'), '零售.csv')
      .expect(200);
    const id = (accepted.body.result as DataImportView).id;
    const run = async (): Promise<{ state: string; attempts: number; error: string | null } | undefined> =>
      (await db.query(`SELECT state, attempts, error FROM job_run WHERE id = $1`, [id])).rows[0];
    try {
      const first = startWorker();
      await heldMidWrite(db);
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      // The second worker takes the job up after the stalled check and resumes the write, held again (the test
      // keeps its lock): it dies too.
      const second = startWorker();
      expect(await until(run, (r) => r?.state === 'active' && r.attempts === 2, 150_000)).toMatchObject({ state: 'active', attempts: 2 });
      second.kill('SIGKILL');
      await new Promise((resolve) => second.once('exit', resolve));
      startWorker();
      const failed = await until(
        () => view(id),
        (v) => !IMPORT_BUSY_STATES.includes(v.state),
        150_000,
      );
      expect(failed).toMatchObject({ state: 'failed', rowsWritten: 0, error: '导入中断：处理进程意外退出，原有数据未改变，请检查文件后重新上传' });
      expect(await run()).toMatchObject({ state: 'failed', error: 'job stalled more than allowable limit' });
    } finally {
      await db.query(`SELECT pg_advisory_unlock(${HOLD})`);
    }
    // The dead workers' transactions roll back once their sessions end; the import's stage goes with them.
    const stage = await until(
      async () => (await db.query(`SELECT to_regclass($1) AS t`, [`import_stage_${id.replace(/-/g, '')}`])).rows[0].t as string | null,
      (t) => t === null,
      60_000,
    );
    expect(stage).toBeNull();
    expect((await db.query(`SELECT count(*)::int AS n FROM retail_fact WHERE month = 202605`)).rows[0].n).toBe(0);
    expect((await db.query(`SELECT has_retail FROM data_month WHERE month = 202605`)).rows).toEqual([]);
  }, 420_000);
});

describe('an import whose app is killed mid-write (in-process jobs)', () => {
  const database = `${RUN_DATABASE}_resume_app`;
  let db: Client;
  let dbUrl: string;
  let account: string;
  let baseUrl: string;
  const apps: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-resume-'));

  async function startApp(): Promise<ChildProcess> {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.join(ROOT, 'backend', 'dist', 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        REDIS_URL: '',
        DATA_DIR: dataDir,
        SEED_ON_EMPTY: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    apps.push(child);
    const up = await until(
      async () => {
        if (child.exitCode !== null) return false;
        return fetch(`${baseUrl}/car/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      (ok) => ok || child.exitCode !== null,
      90_000,
    );
    expect(up).toBe(true);
    return child;
  }

  beforeAll(async () => {
    const bed = await openBed(database);
    ({ db, account } = bed);
    dbUrl = bed.url;
  }, 120_000);

  afterAll(async () => {
    for (const child of apps) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('the next start writes the month the killed app had begun, and the import ends done', async () => {
    await db.query(`SELECT pg_advisory_lock(${HOLD})`);
    const first = await startApp();
    const login = await fetch(`${baseUrl}${API_PREFIX}/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.84.${process.pid % 250}.2` },
      body: JSON.stringify({ account, password: PASSWORD }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const form = new FormData();
    form.set('kind', 'retail');
    form.set('from', '2026-04');
    form.set('to', '2026-04');
    form.set('file', new Blob([FILE]), '零售.csv');
    const accepted = (await (await fetch(`${baseUrl}${API_PREFIX}/dataImport/upload`, { method: 'POST', headers: { token }, body: form })).json()) as {
      result: DataImportView;
    };
    const id = accepted.result.id;
    await heldMidWrite(db);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await db.query(`SELECT pg_advisory_unlock(${HOLD})`);

    await startApp();
    const view = async (): Promise<DataImportView> =>
      ((await (await fetch(`${baseUrl}${API_PREFIX}/dataImport/job?id=${id}`, { headers: { token } })).json()) as { result: DataImportView }).result;
    const settled = await until(view, (v) => !IMPORT_BUSY_STATES.includes(v.state), 120_000);
    expect(settled).toMatchObject({ state: 'done', rowsWritten: 3, error: null });
    const { rows } = await db.query(`SELECT count(*)::int AS n, sum(qty)::int AS qty FROM retail_fact WHERE month = 202604`);
    expect(rows[0]).toEqual({ n: 3, qty: 180 });
    expect((await db.query(`SELECT has_retail FROM data_month WHERE month = 202604`)).rows[0].has_retail).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'imports', id))).toBe(false);
  }, 300_000);
});
