import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { Client } from 'pg';
import request from 'supertest';
import {
  API_PREFIX,
  ApiCode,
  type ExportJobView,
  OPEN_EXPORTS_PER_USER,
  REPORT_MESSAGES,
  type ReportBundleView,
  type ReportPage,
  tooManyOpenExports,
} from '@car/contracts';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { EXPORT_DIED } from '../../backend/src/dataExport/data-export.jobs';
import { startKillableWorker } from '../support/killed-workers';
import { binaryBody, signIn } from '../support/shared-app';
import { holdExportsOf, holdWrites, startDelayOf, type WriteHold } from '../support/held-exports';
import { pollUntil } from '../support/poll';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';
import { sheetTable } from '../support/workbook-table';
import { DEFINITIONS_SHEET } from '../../backend/src/workbook/table-workbook';

const env = testEnv();
const describeWithRedis = env.redisUrl ? describe : describe.skip;
if (!env.redisUrl) process.stderr.write('[data-export-worker] skipped: no Redis reachable (set REDIS_URL)\n');

const PASSWORD = 'Worker@2026a';

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
    const worker = startKillableWorker({
      databaseUrl: env.databaseUrl,
      redisUrl: env.redisUrl!,
      redisPrefix: prefix,
      dataDir: env.dataDir,
      onLine: (line) => logs.push(line),
    });
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
    const rows = workbook.worksheets.filter((sheet) => sheet.name !== DEFINITIONS_SHEET).reduce((n, sheet) => n + sheetTable(sheet).rows.length, 0);
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

  /** Ends the live workers, so that only the workers a test starts take its jobs. */
  async function stopWorkers(): Promise<void> {
    for (const worker of workers.filter((w) => w.exitCode === null && w.signalCode === null)) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      // A worker waits for its running jobs to end; one a failed test left held is killed after a grace period.
      const grace = setTimeout(() => worker.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(grace);
    }
  }

  async function killed(worker: ChildProcess): Promise<void> {
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
  }

  test('an export and a bundle whose workers die past the stall limit end failed for their owner: a reason, no partial file, no open export held, and 重新生成 runs again', async () => {
    await stopWorkers();
    const server = () => request(app.getHttpServer());
    const owner = await signIn(app, await createAnalyst('stalled', PASSWORD, '中断导出测试'), PASSWORD, '10.81.0.2');
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const view = async (id: string): Promise<ExportJobView> =>
      (await server().get(`${API_PREFIX}/dataExport/job`).query({ id }).set('token', owner).expect(200)).body.result as ExportJobView;
    const bundleView = async (id: string): Promise<ReportBundleView> =>
      (await server().get(`${API_PREFIX}/reportDownload/bundleJob`).query({ id }).set('token', owner).expect(200)).body.result as ReportBundleView;
    const runs = async (ids: string[]) =>
      (await db.query(`SELECT id, state, attempts, error FROM job_run WHERE id = ANY($1::text[]) ORDER BY id`, [ids])).rows as Array<{
        id: string;
        state: string;
        attempts: number;
        error: string | null;
      }>;
    const post = (token: string, form: string) => server().post(`${API_PREFIX}/dataExport/cityRetail`).set('token', token).type('form').send(form);
    let hold: WriteHold | undefined;
    try {
      const exported = (await post(owner, 'yyyyMm=2026-10 - 2026-10&titleKeys=province').expect(200)).body.result as ExportJobView;
      const page = (await server().get(`${API_PREFIX}/reportDownload/list`).query({ pageSize: '2' }).set('token', owner).expect(200)).body.result as ReportPage;
      const bundled = (
        await server()
          .get(`${API_PREFIX}/reportDownload/bundle`)
          .query({ ids: page.items.map((i) => i.id).join(',') })
          .set('token', owner)
          .expect(200)
      ).body.result as ReportBundleView;
      // The export's progress write (rows already in its partial file) and the bundle's writes of a run under way
      // (its progress, or a later run's start) wait at the hold, so each kill lands mid-job. No worker runs yet.
      hold = await holdWrites(db, [
        { table: 'export_job', when: `NEW.id = '${exported.id}' AND NEW.status = 'running' AND NEW.row_count > 0` },
        { table: 'report_bundle', when: `NEW.id = '${bundled.id}' AND OLD.status = 'running' AND NEW.status = 'running'` },
      ]);
      const { held } = hold;
      const ids = [exported.id, bundled.id].sort();
      const partial = path.join(env.dataDir, 'exports', `${exported.id}.xlsx.partial`);
      const bundlePartial = path.join(env.dataDir, 'reports', 'bundles', `${bundled.id}.zip.part`);

      // Two workers die in turn, each while it runs both jobs: BullMQ's stalled-job check puts the jobs back once,
      // then (past maxStalledCount 1) gives them up, and the third worker fails them without running them.
      for (const attempt of [1, 2]) {
        const worker = startWorker();
        expect(await pollUntil(held, (n) => n === 2, 150_000)).toBe(2);
        expect((await runs(ids)).map((r) => [r.state, r.attempts])).toEqual([
          ['active', attempt],
          ['active', attempt],
        ]);
        expect(await view(exported.id)).toMatchObject({ status: 'running', phase: 'writing', result: null });
        expect(fs.existsSync(partial)).toBe(true);
        if (attempt === 1) expect(fs.existsSync(bundlePartial)).toBe(true);
        await killed(worker);
        // The dead worker's held statements go on once let go (their sessions end after them).
        await hold.letGo();
        await pollUntil(held, (n) => n === 0, 30_000);
        if (attempt === 1) await hold.holdAgain();
      }
      // While it hangs as running, the export holds one of its owner's open exports.
      const others = 'yyyyMm=2026-10 - 2026-10&city=110000';
      for (let i = 1; i < OPEN_EXPORTS_PER_USER; i++) await post(owner, others).expect(200);
      expect((await post(owner, others).expect(429)).body).toEqual({
        code: ApiCode.TooManyRequests,
        msg: tooManyOpenExports(OPEN_EXPORTS_PER_USER),
        result: null,
      });

      const third = startWorker();
      const failed = await pollUntil(
        () => view(exported.id),
        (v) => v.status !== 'running',
        150_000,
      );
      expect(failed).toMatchObject({ status: 'failed', phase: 'failed', phaseText: '失败', error: EXPORT_DIED, result: null });
      expect(fs.existsSync(partial)).toBe(false);
      expect((await server().get(`${API_PREFIX}/dataExport/file`).query({ id: exported.id }).set('token', owner)).status).toBe(404);
      const bundleFailed = await pollUntil(
        () => bundleView(bundled.id),
        (b) => b.status !== 'running' && b.status !== 'queued',
        60_000,
      );
      expect(bundleFailed).toMatchObject({ status: 'failed', error: REPORT_MESSAGES.bundleDied, result: null });
      expect(fs.existsSync(bundlePartial)).toBe(false);
      const bundleFile = await server().get(`${API_PREFIX}/reportDownload/bundleFile`).query({ id: bundled.id }).set('token', owner);
      expect([bundleFile.status, bundleFile.body.msg]).toEqual([400, REPORT_MESSAGES.bundleDied]);
      expect((await runs(ids)).map((r) => [r.state, r.error])).toEqual([
        ['failed', 'job stalled more than allowable limit'],
        ['failed', 'job stalled more than allowable limit'],
      ]);

      // The others run; the failed export no longer counts, so 重新生成 (its form posted again) is taken and runs to done.
      const busy = async () =>
        (await server().get(`${API_PREFIX}/dataExport/jobs`).set('token', owner).expect(200)).body.result.filter(
          (j: ExportJobView) => j.status === 'queued' || j.status === 'running',
        ).length as number;
      expect(await pollUntil(busy, (n) => n === 0, 120_000)).toBe(0);
      await killed(third);
      for (let i = 1; i < OPEN_EXPORTS_PER_USER; i++) await post(owner, others).expect(200);
      const again = (await post(owner, new URLSearchParams(failed.form).toString()).expect(200)).body.result as ExportJobView;
      expect(again).toMatchObject({ status: 'queued', monthsText: failed.monthsText, conditions: failed.conditions });
      await post(owner, others).expect(429);
      startWorker();
      expect(
        await pollUntil(
          () => view(again.id),
          (v) => v.status === 'done' || v.status === 'failed',
          120_000,
        ),
      ).toMatchObject({ status: 'done' });
      expect(await pollUntil(busy, (n) => n === 0, 120_000)).toBe(0);
    } finally {
      await hold?.release();
      await db.end();
    }
  }, 600_000);

  test('another user’s two-report bundle starts within 5 s while one analyst has five exports running (decision 258)', async () => {
    await stopWorkers();
    const server = () => request(app.getHttpServer());
    const busyAccount = await createAnalyst('busy', PASSWORD, '忙碌分析师');
    const busy = await signIn(app, busyAccount, PASSWORD, '10.81.0.3');
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const hold = await holdExportsOf(db, busyAccount);
    try {
      for (let i = 0; i < OPEN_EXPORTS_PER_USER; i++) {
        await server()
          .post(`${API_PREFIX}/dataExport/cityRetail`)
          .set('token', busy)
          .type('form')
          .send('yyyyMm=2026-10 - 2026-10&titleKeys=province')
          .expect(200);
      }
      startWorker();
      // As many of them run as the worker takes at once (WORKER_CONCURRENCY, 2), held at their first rows.
      expect(await pollUntil(hold.held, (n) => n === 2, 150_000)).toBe(2);
      const page = (await server().get(`${API_PREFIX}/reportDownload/list`).query({ pageSize: '2' }).set('token', token).expect(200)).body.result as ReportPage;
      const bundle = (
        await server()
          .get(`${API_PREFIX}/reportDownload/bundle`)
          .query({ ids: page.items.map((i) => i.id).join(',') })
          .set('token', token)
          .expect(200)
      ).body.result as ReportBundleView;
      const delay = await startDelayOf(db, bundle.id, 30_000);
      process.stderr.write(`[data-export-worker] BullMQ: the bundle started ${delay ?? 'not within 30 000'} ms after it was queued\n`);
      expect(delay).not.toBeNull();
      expect(delay).toBeLessThan(5000);
      const done = await pollUntil(
        async () =>
          (await server().get(`${API_PREFIX}/reportDownload/bundleJob`).query({ id: bundle.id }).set('token', token).expect(200)).body
            .result as ReportBundleView,
        (b) => b.status !== 'queued' && b.status !== 'running',
        30_000,
      );
      expect(done).toMatchObject({ status: 'done', filesAdded: 2 });
      expect(await hold.held()).toBe(2);
    } finally {
      await hold.release();
    }
    const open = async () =>
      (await server().get(`${API_PREFIX}/dataExport/jobs`).set('token', busy).expect(200)).body.result.filter(
        (j: ExportJobView) => j.status === 'queued' || j.status === 'running',
      ).length as number;
    try {
      expect(await pollUntil(open, (n) => n === 0, 120_000)).toBe(0);
    } finally {
      await db.end();
    }
  }, 300_000);
});
