import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, type ExportJobView, type ReportBundleView, type ReportPage } from '@car/contracts';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { WORKER_NODE_FLAGS } from '../../workers/src/node-flags';
import { KILLED_WORKER_STALL_SECONDS } from '../support/killed-workers';
import { binaryBody } from '../support/shared-app';
import { pollUntil } from '../support/poll';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';
import { DEFINITIONS_SHEET } from '../../backend/src/workbook/table-workbook';

const env = testEnv();
const describeWithRedis = env.redisUrl ? describe : describe.skip;
if (!env.redisUrl) process.stderr.write('[data-export-worker] skipped: no Redis reachable (set REDIS_URL)\n');

const PASSWORD = 'Worker@2026a';
const WORKER = path.resolve(__dirname, '..', '..', 'workers', 'dist', 'main.js');

/**
 * With Redis the export runs in the worker process (`npm run worker`, built). Killed mid-export, the job
 * is taken up again by BullMQ's stalled-job check in the next worker, writes its workbook anew, and only
 * the complete file is ever offered.
 */
describeWithRedis('an export in the worker process', () => {
  const prefix = `${env.redisPrefix}-exports`;
  let app: NestExpressApplication;
  let token: string;
  const workers: ChildProcess[] = [];

  /** The lines the workers wrote (JSON logs, stdout and stderr). */
  const logs: string[] = [];

  function startWorker(): ChildProcess {
    const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, WORKER], {
      env: {
        ...process.env,
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl!,
        REDIS_PREFIX: prefix,
        DATA_DIR: env.dataDir,
        NODE_ENV: 'test',
        LOG_FORMAT: 'json',
        SEED_ON_EMPTY: 'false',
        WORKER_STALL_SECONDS: KILLED_WORKER_STALL_SECONDS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [worker.stdout, worker.stderr]) stream?.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
    workers.push(worker);
    return worker;
  }

  const liveWorker = (): ChildProcess => workers.find((worker) => worker.exitCode === null && worker.signalCode === null) ?? startWorker();

  beforeAll(async () => {
    const config = loadConfig({ DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl!, REDIS_PREFIX: prefix, DATA_DIR: env.dataDir, NODE_ENV: 'test' });
    app = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await app.init();
    const account = await createAnalyst('worker', PASSWORD, '导出进程测试');
    const login = await request(app.getHttpServer())
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', '10.81.0.1')
      .send({ account, password: PASSWORD })
      .expect(200);
    token = login.body.result.token as string;
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await app?.close();
  });

  const job = async (id: string): Promise<ExportJobView> =>
    (await request(app.getHttpServer()).get(`${API_PREFIX}/dataExport/job`).query({ id }).set('token', token).expect(200)).body.result as ExportJobView;

  test('a worker killed while writing: the next worker runs the job again and the complete file is offered, never the partial one', async () => {
    const accepted = await request(app.getHttpServer())
      .post(`${API_PREFIX}/dataExport/cityRetail`)
      .set('token', token)
      .type('form')
      .send('yyyyMm=2026-09 - 2026-10&titleKeys=province&titleKeys=brand')
      .expect(200);
    const id = (accepted.body.result as ExportJobView).id;
    const first = startWorker();

    let seen = await job(id);
    for (let i = 0; i < 1200 && !(seen.phase === 'writing' && seen.rowsWritten > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await job(id);
    }
    expect(seen).toMatchObject({ status: 'running', phase: 'writing', result: null });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const partial = path.join(env.dataDir, 'exports', `${id}.xlsx.partial`);
    expect(fs.existsSync(partial)).toBe(true);
    expect(fs.existsSync(path.join(env.dataDir, 'exports', `${id}.xlsx`))).toBe(false);
    expect((await request(app.getHttpServer()).get(`${API_PREFIX}/dataExport/file`).query({ id }).set('token', token)).status).toBe(404);

    // BullMQ hands the job on once the dead worker's lock has expired (WORKER_STALL_SECONDS) at the next stalled check.
    startWorker();
    let done = await job(id);
    for (let i = 0; i < 2400 && done.status !== 'done' && done.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await job(id);
    }
    expect(done).toMatchObject({ status: 'done', percent: 100 });
    expect(done.rowsWritten).toBe(done.rowsExpected);
    expect(fs.existsSync(partial)).toBe(false);
    const file = await request(app.getHttpServer()).get(`${API_PREFIX}/dataExport/file`).query({ id }).set('token', token).buffer(true).parse(binaryBody);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    // The data sheets' rows, not the 口径说明 sheet every workbook ends with (decision 202).
    const rows = workbook.worksheets.filter((sheet) => sheet.name !== DEFINITIONS_SHEET).reduce((n, sheet) => n + sheet.rowCount - 1, 0);
    expect(rows).toBe(done.rowsWritten);
  }, 420_000);

  test('a report bundle (several ids) is zipped by the worker process too, and offered once complete', async () => {
    liveWorker();
    const server = () => request(app.getHttpServer());
    const page = (await server().get(`${API_PREFIX}/reportDownload/list`).query({ pageSize: '3' }).set('token', token).expect(200)).body.result as ReportPage;
    expect(page.items).toHaveLength(3);
    const accepted = (
      await server()
        .get(`${API_PREFIX}/reportDownload/bundle`)
        .query({ ids: page.items.map((i) => i.id).join(',') })
        .set('token', token)
        .expect(200)
    ).body.result as ReportBundleView;
    let bundle = accepted;
    for (let i = 0; i < 600 && (bundle.status === 'queued' || bundle.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      bundle = (await server().get(`${API_PREFIX}/reportDownload/bundleJob`).query({ id: accepted.id }).set('token', token).expect(200)).body
        .result as ReportBundleView;
    }
    expect(bundle).toMatchObject({ status: 'done', percent: 100, filesAdded: 3 });
    const zip = await server().get(bundle.result!).set('token', token).buffer(true).parse(binaryBody).expect(200);
    expect(Object.keys((await JSZip.loadAsync(zip.body as Buffer)).files).sort()).toEqual(page.items.map((item) => `${item.name}.${item.fileType}`).sort());
  }, 120_000);

  test("the export's connection dropped mid-export (pg_terminate_backend): the job fails its attempt and is retried to done, the worker lives, nothing escapes unhandled", async () => {
    const worker = liveWorker();
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    try {
      const accepted = await request(app.getHttpServer())
        .post(`${API_PREFIX}/dataExport/cityRetail`)
        .set('token', token)
        .type('form')
        .send('yyyyMm=2026-08 - 2026-10&titleKeys=province&titleKeys=brand')
        .expect(200);
      const id = (accepted.body.result as ExportJobView).id;
      // The cursor's connection, once the export is writing: its last statement is a FETCH of the cursor.
      let pid: number | undefined;
      for (let i = 0; i < 1200 && pid === undefined; i++) {
        const seen = await job(id);
        if (seen.phase === 'writing' && seen.rowsWritten > 0) {
          const { rows } = await db.query(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'FETCH % FROM city_retail_export'`,
          );
          pid = rows[0]?.pid;
        }
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pid).toBeDefined();
      const before = logs.length;
      await db.query(`SELECT pg_terminate_backend($1)`, [pid]);

      // BullMQ runs the failed attempt again after its back-off (5 s) on a new connection.
      let done = await job(id);
      for (let i = 0; i < 1800 && done.status !== 'done'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await job(id);
      }
      expect(done).toMatchObject({ status: 'done', percent: 100 });
      expect(done.rowsWritten).toBe(done.rowsExpected);
      // The job's record is closed just after the export's (JobRunner writes it once the handler returns).
      const run = await pollUntil(
        async () => (await db.query(`SELECT state, attempts FROM job_run WHERE id = $1`, [id])).rows[0] as { state: string } | undefined,
        (row) => row?.state !== 'active',
        10_000,
      );
      expect(run).toEqual({ state: 'completed', attempts: 2 });
      expect({ exitCode: worker.exitCode, signal: worker.signalCode }).toEqual({ exitCode: null, signal: null });
      expect(logs.slice(before).filter((line) => /unhandled rejection|uncaught exception/.test(line))).toEqual([]);
    } finally {
      await db.end();
    }
  }, 240_000);
});
