import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Worker } from 'bullmq';
import { Client } from 'pg';
import request from 'supertest';
import { ADMIN_MESSAGES, API_PREFIX, ApiCode, JOB_MESSAGES, QUEUE_BOARD_PATH, SESSION_COOKIE, type JobPage, type JobSummary } from '@car/contracts';
import { InProcessJobQueue, JobQueue, redisConnection } from '../../backend/src/queue/job-queue';
import { JobName, QUEUE_NAME } from '../../backend/src/queue/job-names';
import { JobRegistry } from '../../backend/src/queue/job-registry';
import { JobRunner, bullProcessor } from '../../backend/src/queue/job-runner';
import { signedInApp } from '../support/api-app';
import { signIn, untilAnswer } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst, createUser } from '../support/users';

/**
 * 任务监控 (docs/jobs-and-files.md "Job monitor"): the job_run record of each job through its states, written by the queue
 * in both modes; the admin calls' filters, counts and retry; 403 for an analyst; and in BullMQ mode the
 * worker's path and the queue dashboard behind the administrator check.
 */

const env = testEnv();
const PASSWORD = 'Jobs@2026x';
const JOBS = `${API_PREFIX}/admin/jobs`;
/** One city and month: a small export, the same form the export pages post. */
const EXPORT_FORM = 'yyyyMm=2026-10 - 2026-10&city=110000';

const address = (n: number) => `10.83.${process.pid % 250}.${n}`;

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function monitor(app: NestExpressApplication, token: string) {
  const server = () => request(app.getHttpServer());
  return {
    list: async (query: Record<string, string> = {}) =>
      (await server().get(`${JOBS}/list`).query(query).set('token', token).expect(200)).body.result as JobPage,
    summary: async (query: Record<string, string> = {}) =>
      (await server().get(`${JOBS}/summary`).query(query).set('token', token).expect(200)).body.result as JobSummary,
    job: async (id: string) =>
      ((await server().get(`${JOBS}/list`).query({ pageSize: '100' }).set('token', token).expect(200)).body.result as JobPage).items.find((j) => j.id === id),
    retry: (id: string) => server().post(`${JOBS}/retry`).set('token', token).send({ id }),
    /** A city retail export posted as the user: its export id, which is also its job id. */
    exportOf: async () =>
      (await server().post(`${API_PREFIX}/dataExport/cityRetail`).set('token', token).type('form').send(EXPORT_FORM).expect(200)).body.result.id as string,
  };
}

describe('the job monitor, jobs run in-process', () => {
  let app: NestExpressApplication;
  let analyst: string;
  let analystAccount: string;
  let admin: string;
  let db: Client;
  let queue: InProcessJobQueue;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    analystAccount = await createAnalyst('jobs', PASSWORD, '任务分析师');
    ({ app, token: analyst } = await signedInApp({ address: address(1), account: analystAccount, password: PASSWORD }));
    admin = await signIn(app, await createUser('admin', 'jobsadmin', PASSWORD, '任务管理员'), PASSWORD, address(2));
    queue = app.get<JobQueue, InProcessJobQueue>(JobQueue);
    expect(queue).toBeInstanceOf(InProcessJobQueue);
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  /** An export record of the analyst's with the given form (as export_job stores it), queued as the API queues one. */
  async function queuedExport(params: object, id: string = randomUUID()): Promise<string> {
    const [{ userId }] = (await db.query(`SELECT id AS "userId" FROM app_user WHERE account = $1`, [analystAccount])).rows;
    await db.query(`INSERT INTO export_job (id, kind, params, status, progress, user_id) VALUES ($1, 'cityRetail', $2, 'queued', 0, $3)`, [id, params, userId]);
    await queue.enqueue(JobName.DataExport, { exportId: id }, { jobId: id, userId });
    return id;
  }

  test('an export is recorded waiting, active and completed, with who queued it, its progress and its duration', async () => {
    const jobs = monitor(app, admin);
    // A first export through the API, run to its end: its stored form serves the jobs queued below.
    const first = await monitor(app, analyst).exportOf();
    await queue.drain();
    const done = (await jobs.job(first))!;
    expect(done).toMatchObject({
      kind: JobName.DataExport,
      kindLabel: '数据导出',
      state: 'completed',
      progress: 100,
      attempts: 1,
      payload: `exportId=${first}`,
      enqueuedBy: analystAccount,
      error: null,
    });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(done.enqueuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.finishedAt! >= done.startedAt!).toBe(true);
    const [{ params }] = (await db.query(`SELECT params FROM export_job WHERE id = $1`, [first])).rows;

    // The export holds an advisory lock on its id while it runs: holding it here keeps the job active.
    const lock = new Client({ connectionString: env.databaseUrl });
    await lock.connect();
    try {
      const held = randomUUID();
      await lock.query(`SELECT pg_advisory_lock(hashtextextended('export_job:' || $1, 0))`, [held]);
      await queuedExport(params, held);
      const behind = await queuedExport(params);
      const active = await until('the held export to be active', async () => ((await jobs.job(held))?.state === 'active' ? jobs.job(held) : undefined));
      expect(active).toMatchObject({ state: 'active', attempts: 1, finishedAt: null, enqueuedBy: analystAccount });
      expect(active.durationMs).toBeGreaterThanOrEqual(0);
      expect(await jobs.job(behind)).toMatchObject({ state: 'waiting', progress: 0, startedAt: null, durationMs: null, enqueuedBy: analystAccount });
      const counts = (await jobs.summary()).counts;
      expect(counts.active).toBeGreaterThanOrEqual(1);
      expect(counts.waiting).toBeGreaterThanOrEqual(1);
      // Filters: by state, newest queued first.
      const waiting = await jobs.list({ state: 'waiting' });
      expect(waiting.items.every((j) => j.state === 'waiting')).toBe(true);
      expect(waiting.items.map((j) => j.id)).toContain(behind);
      const all = await jobs.list({ kind: JobName.DataExport, pageSize: '100' });
      expect(all.items.map((j) => j.id).indexOf(behind)).toBeLessThan(all.items.map((j) => j.id).indexOf(held));
      await lock.query(`SELECT pg_advisory_unlock(hashtextextended('export_job:' || $1, 0))`, [held]);
      await queue.drain();
      expect(await jobs.job(held)).toMatchObject({ state: 'completed', progress: 100 });
      expect(await jobs.job(behind)).toMatchObject({ state: 'completed', progress: 100 });
    } finally {
      await lock.end();
    }
  });

  test('a failing job is recorded failed with its error; the retry runs the same payload again under its id', async () => {
    const jobs = monitor(app, admin);
    // A stored form the export cannot read: the job fails.
    const id = await queuedExport({ broken: true });
    await queue.drain();
    const failed = (await jobs.job(id))!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.error!.length).toBeGreaterThan(0);
    expect((await jobs.list({ state: 'failed', kind: JobName.DataExport, pageSize: '100' })).items.map((j) => j.id)).toContain(id);
    expect((await jobs.summary({ kind: JobName.DataExport })).counts.failed).toBeGreaterThanOrEqual(1);

    // Fix the cause (the record the payload names), then retry: the same job id runs again and completes.
    const [{ params }] = (await db.query(`SELECT params FROM export_job WHERE status = 'done' ORDER BY finished_at DESC LIMIT 1`)).rows;
    await db.query(`UPDATE export_job SET params = $2 WHERE id = $1`, [id, params]);
    const retried = await jobs.retry(id).expect(200);
    expect(retried.body.result).toEqual({ id, state: 'waiting' });
    // The retry is an administrator's action: 安全日志 lists it with the job.
    const audited = await db.query(`SELECT detail FROM security_event WHERE event = 'job.retried' AND detail->>'jobId' = $1`, [id]);
    expect(audited.rows).toEqual([{ detail: { jobId: id, jobKind: JobName.DataExport } }]);
    await queue.drain();
    expect(await jobs.job(id)).toMatchObject({ state: 'completed', attempts: 2, error: null, payload: `exportId=${id}` });
    const [{ status }] = (await db.query(`SELECT status FROM export_job WHERE id = $1`, [id])).rows;
    expect(status).toBe('done');

    // Only a failed job is retried; an unknown id is 404.
    const again = await jobs.retry(id).expect(409);
    expect(again.body).toEqual({ code: ApiCode.Conflict, msg: JOB_MESSAGES.notFailed, result: null });
    const unknown = await jobs.retry('no-such-job').expect(404);
    expect(unknown.body.msg).toBe(JOB_MESSAGES.noSuchJob);
  });

  test('bad filters are a Chinese 400; the summary names every job kind and the in-process mode', async () => {
    const server = request(app.getHttpServer());
    const bad = await server.get(`${JOBS}/list`).query({ state: 'done' }).set('token', admin).expect(400);
    expect(bad.body.msg).toBe('状态应为 waiting、active、completed 或 failed');
    await request(app.getHttpServer()).get(`${JOBS}/list`).query({ pageSize: '101' }).set('token', admin).expect(400);
    await request(app.getHttpServer()).get(`${JOBS}/list`).query({ kind: "x'; drop table job_run" }).set('token', admin).expect(400);
    const summary = await monitor(app, admin).summary();
    expect(summary.mode).toBe('in-process');
    expect(summary.board).toBeNull();
    expect(summary.kinds.map((k) => k.name).sort()).toEqual(Object.values(JobName).sort());
    expect(summary.kinds.find((k) => k.name === JobName.RebuildRollups)?.label).toBe('汇总表重建');
  });

  test('an analyst gets 403 from every monitor call, and no token 401', async () => {
    const server = () => request(app.getHttpServer());
    for (const call of [server().get(`${JOBS}/list`), server().get(`${JOBS}/summary`), server().post(`${JOBS}/retry`).send({ id: 'x' })]) {
      const refused = await call.set('token', analyst);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: { code: ApiCode.Forbidden, msg: '仅管理员可执行此操作', result: null },
      });
    }
    const anonymous = await server().get(`${JOBS}/list`).expect(401);
    expect(anonymous.body.code).toBe(ApiCode.TokenInvalid);
  });
});

const describeWithRedis = env.redisUrl ? describe : describe.skip;
if (!env.redisUrl) process.stderr.write('[admin-jobs] BullMQ mode skipped: no Redis reachable (set REDIS_URL)\n');

describeWithRedis('the job monitor with BullMQ', () => {
  let app: NestExpressApplication;
  let analyst: string;
  let admin: string;
  let adminAccount: string;
  let worker: Worker | undefined;
  /** A connection handed to a Worker is the caller's to close. */
  const connection = () => (workerConnection ??= redisConnection(env.redisUrl!));
  let workerConnection: ReturnType<typeof redisConnection> | undefined;

  beforeAll(async () => {
    const config = { REDIS_URL: env.redisUrl!, REDIS_PREFIX: `${env.redisPrefix}-jobs` };
    const account = await createAnalyst('jobsbull', PASSWORD, '任务分析师');
    ({ app, token: analyst } = await signedInApp({ address: address(3), account, password: PASSWORD, config }));
    adminAccount = await createUser('admin', 'jobsbulladmin', PASSWORD, '任务管理员');
    admin = await signIn(app, adminAccount, PASSWORD, address(4));
    // The worker process's processor, on the run's own prefix.
    worker = new Worker(QUEUE_NAME, bullProcessor(app.get(JobRunner), app.get(JobRegistry)), { connection: connection(), prefix: `${env.redisPrefix}-jobs` });
  });

  afterAll(async () => {
    await worker?.close();
    workerConnection?.disconnect();
    await app?.close();
  });

  test('a job queued by the API and run by a worker (the worker’s processor) is recorded to completion', async () => {
    const jobs = monitor(app, admin);
    const id = await jobs.exportOf();
    const queued = (await jobs.job(id))!;
    expect(queued).toMatchObject({ kindLabel: '数据导出', enqueuedBy: adminAccount });
    expect(['waiting', 'active', 'completed']).toContain(queued.state);
    const done = await until('the worker to finish the export', async () => {
      const job = await jobs.job(id);
      return job?.state === 'completed' ? job : undefined;
    });
    expect(done).toMatchObject({ progress: 100, attempts: 1, enqueuedBy: adminAccount, error: null });
    expect(await jobs.summary()).toMatchObject({ mode: 'bullmq', board: QUEUE_BOARD_PATH });
  });

  test('a failing job waits between BullMQ’s attempts, fails after the last, and the retry (job.retry) runs it again', async () => {
    const jobs = monitor(app, admin);
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    try {
      const id = randomUUID();
      const [{ userId }] = (await db.query(`SELECT id AS "userId" FROM app_user WHERE account = $1`, [adminAccount])).rows;
      await db.query(`INSERT INTO export_job (id, kind, params, status, progress, user_id) VALUES ($1, 'cityRetail', '{"broken":true}', 'queued', 0, $2)`, [
        id,
        userId,
      ]);
      await app.get(JobQueue).enqueue(JobName.DataExport, { exportId: id }, { jobId: id, userId });
      // The first attempt fails with two left: the record waits, with the error, for BullMQ's next attempt.
      const between = await until('the first attempt to fail', async () => {
        const job = await jobs.job(id);
        return job?.state === 'waiting' && job.error ? job : undefined;
      });
      expect(between.attempts).toBe(1);
      // BullMQ retries after 5 s and 10 s; the third failure is final.
      const failed = await until('the last attempt to fail', async () => ((await jobs.job(id))?.state === 'failed' ? jobs.job(id) : undefined), 45_000);
      expect(failed).toMatchObject({ attempts: 3, enqueuedBy: adminAccount });
      expect(failed.error).toBeTruthy();

      const [{ params }] = (await db.query(`SELECT params FROM export_job WHERE status = 'done' ORDER BY finished_at DESC LIMIT 1`)).rows;
      await db.query(`UPDATE export_job SET params = $2 WHERE id = $1`, [id, params]);
      expect((await jobs.retry(id).expect(200)).body.result).toEqual({ id, state: 'waiting' });
      const done = await until('the retried job to complete', async () => ((await jobs.job(id))?.state === 'completed' ? jobs.job(id) : undefined));
      expect(done).toMatchObject({ attempts: 4, error: null, progress: 100 });
      await jobs.retry(id).expect(409);
    } finally {
      await db.end();
    }
  }, 90_000);

  test('the queue dashboard refuses no token (401) and an analyst (403) in the envelope, and serves an administrator', async () => {
    const server = () => request(app.getHttpServer());
    const anonymous = await server().get(`${QUEUE_BOARD_PATH}/`).expect(401);
    expect(anonymous.body).toEqual({ code: ApiCode.TokenInvalid, msg: expect.any(String), result: null });
    const forged = await server().get(`${QUEUE_BOARD_PATH}/api/queues`).set('token', 'not-a-token').expect(401);
    expect(forged.body.code).toBe(ApiCode.TokenInvalid);
    const refused = await server().get(`${QUEUE_BOARD_PATH}/`).set('token', analyst).expect(403);
    expect(refused.body).toEqual({ code: ApiCode.Forbidden, msg: '仅管理员可执行此操作', result: null });
    await server().get(`${QUEUE_BOARD_PATH}/api/queues`).set('token', analyst).expect(403);

    const page = await server().get(`${QUEUE_BOARD_PATH}/`).set('token', admin).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('任务队列');
    expect(page.text).not.toContain('fonts.googleapis.com');
    // The app's Content-Security-Policy applies unchanged: the board's scripts are its own static files.
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    const script = /<script defer src="([^"]+)"/.exec(page.text)![1];
    await server()
      .get(`${QUEUE_BOARD_PATH}/${script}`)
      .set('token', admin)
      .expect(200)
      .expect('content-type', /javascript/);
    const queues = await server().get(`${QUEUE_BOARD_PATH}/api/queues`).set('token', admin).expect(200);
    expect(JSON.stringify(queues.body)).toContain(QUEUE_NAME);
    // The browser's cookie opens it too (the page links to it).
    await server().get(`${QUEUE_BOARD_PATH}/`).set('Cookie', `${SESSION_COOKIE}=${admin}`).expect(200);
  });

  test('an administrator who must still change an administrator-set password is refused the dashboard (-1014), as every other call', async () => {
    const account = await createUser('admin', 'jobsbullreset', PASSWORD, '待改密管理员');
    const token = await signIn(app, account, PASSWORD, address(5));
    const server = () => request(app.getHttpServer());
    await server().get(`${QUEUE_BOARD_PATH}/api/queues`).set('token', token).expect(200);
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    try {
      await db.query('UPDATE app_user SET must_change_password = true WHERE account = $1', [account]);
    } finally {
      await db.end();
    }
    for (const path of ['/', '/api/queues']) {
      // The app hears the write to the user's row a moment after it (decision 234).
      const refused = await untilAnswer(
        () => server().get(`${QUEUE_BOARD_PATH}${path}`).set('token', token),
        (r) => r.status !== 200,
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: ApiCode.PasswordChangeRequired, msg: ADMIN_MESSAGES.passwordChangeRequired, result: null });
    }
    // Pausing the queue is a PUT on the board's API: refused the same way.
    await server().put(`${QUEUE_BOARD_PATH}/api/queues/${QUEUE_NAME}/pause`).set('token', token).expect(403);
    const jobs = await server().get(`${JOBS}/list`).set('token', token).expect(403);
    expect(jobs.body.code).toBe(ApiCode.PasswordChangeRequired);
  });
});
