import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, ApiCode, type ExportJobView, OPEN_EXPORTS_PER_USER, type ReportBundleView, type ReportPage, tooManyOpenExports } from '@car/contracts';
import { BullJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { signedInApp } from '../support/api-app';
import { holdExportsOf, startDelayOf } from '../support/held-exports';
import { pollUntil } from '../support/poll';
import { signIn } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * One user cannot starve the queue (issue 25 #7): at most OPEN_EXPORTS_PER_USER exports queued or running per
 * user, the next refused with a 429 that says how many; and a user's first open export goes before anyone's
 * second. BullMQ mode with no worker, so the accepted exports stay queued while the test looks.
 */
const env = testEnv();
const PASSWORD = 'Fair@Test2026';
const FORM = 'yyyyMm=2026-10 - 2026-10&city=110000';
const describeWithRedis = env.redisUrl ? describe : describe.skip;

describeWithRedis('exports per user', () => {
  let app: NestExpressApplication;
  let greedy: string;
  let other: string;

  beforeAll(async () => {
    const config = { REDIS_URL: env.redisUrl!, REDIS_PREFIX: `${env.redisPrefix}-fair` };
    const first = await createAnalyst('fairgreedy', PASSWORD, '连发分析师');
    ({ app, token: greedy } = await signedInApp({ address: `10.84.${process.pid % 250}.1`, account: first, password: PASSWORD, config }));
    other = await signIn(app, await createAnalyst('fairother', PASSWORD, '排队分析师'), PASSWORD, `10.84.${process.pid % 250}.2`);
  });

  afterAll(async () => {
    await app?.get<JobQueue, BullJobQueue>(JobQueue).queue.obliterate({ force: true });
    await app?.close();
  });

  const post = (token: string) => request(app.getHttpServer()).post(`${API_PREFIX}/dataExport/cityRetail`).set('token', token).type('form').send(FORM);

  test('a burst of exports from one user: the first OPEN_EXPORTS_PER_USER are queued, every other is a 429 that says why', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(greedy)));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(OPEN_EXPORTS_PER_USER);
    expect(refused).toHaveLength(12 - OPEN_EXPORTS_PER_USER);
    for (const answer of refused) expect(answer.body).toEqual({ code: ApiCode.TooManyRequests, msg: tooManyOpenExports(OPEN_EXPORTS_PER_USER), result: null });
  });

  test('another user’s first export is queued ahead of the first user’s second and later ones', async () => {
    const mine = (await post(other).expect(200)).body.result.id as string;
    const queue = app.get<JobQueue, BullJobQueue>(JobQueue).queue;
    const waiting = await queue.getJobs(['prioritized', 'waiting']);
    const priorities = new Map(waiting.map((job) => [job.id, job.opts.priority ?? 0]));
    expect(priorities.get(mine)).toBe(1);
    const greedyPriorities = waiting
      .filter((job) => job.id !== mine)
      .map((job) => job.opts.priority)
      .sort();
    expect(greedyPriorities).toEqual(Array.from({ length: OPEN_EXPORTS_PER_USER }, (_, i) => i + 1));
  });
});

/**
 * Another user's small job starts at once while one analyst's five exports run (issue 44 §5, decision 258): without
 * Redis the app runs the exports one after another, and a report bundle waits in a line of its own, not behind them.
 * The exports are held running at their first rows (`holdExportsOf`), as large ones would be.
 */
describe('a small job beside one user’s five running exports (in-process)', () => {
  let app: NestExpressApplication;
  let other: string;
  let db: Client;

  beforeAll(async () => {
    const account = await createAnalyst('fairsmall', PASSWORD, '打包分析师');
    ({ app, token: other } = await signedInApp({ address: `10.84.${process.pid % 250}.3`, account, password: PASSWORD }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  test('another user’s two-report bundle starts within 5 s of being asked, and is done before the exports', async () => {
    const server = () => request(app.getHttpServer());
    // The busy analyst is the test's own, so a second try (decision 249) starts with no open exports.
    const busyAccount = await createAnalyst('fairbusy', PASSWORD, '忙碌分析师');
    const busy = await signIn(app, busyAccount, PASSWORD, `10.84.${process.pid % 250}.4`);
    const hold = await holdExportsOf(db, busyAccount);
    try {
      const exports: string[] = [];
      for (let i = 0; i < OPEN_EXPORTS_PER_USER; i++) {
        const job = (
          await server()
            .post(`${API_PREFIX}/dataExport/cityRetail`)
            .set('token', busy)
            .type('form')
            .send('yyyyMm=2026-10 - 2026-10&titleKeys=province')
            .expect(200)
        ).body.result as ExportJobView;
        exports.push(job.id);
      }
      expect(await pollUntil(hold.held, (n) => n === 1, 60_000)).toBe(1);
      const page = (await server().get(`${API_PREFIX}/reportDownload/list`).query({ pageSize: '2' }).set('token', other).expect(200)).body.result as ReportPage;
      const bundle = (
        await server()
          .get(`${API_PREFIX}/reportDownload/bundle`)
          .query({ ids: page.items.map((i) => i.id).join(',') })
          .set('token', other)
          .expect(200)
      ).body.result as ReportBundleView;
      const delay = await startDelayOf(db, bundle.id, 30_000);
      process.stderr.write(`[export-fairness] in-process: the bundle started ${delay ?? 'not within 30 000'} ms after it was queued\n`);
      expect(delay).not.toBeNull();
      expect(delay).toBeLessThan(5000);
      const done = await pollUntil(
        async () =>
          (await server().get(`${API_PREFIX}/reportDownload/bundleJob`).query({ id: bundle.id }).set('token', other).expect(200)).body
            .result as ReportBundleView,
        (b) => b.status !== 'queued' && b.status !== 'running',
        30_000,
      );
      expect(done).toMatchObject({ status: 'done', filesAdded: 2 });
      const statuses = await Promise.all(
        exports.map(
          async (id) => ((await server().get(`${API_PREFIX}/dataExport/job`).query({ id }).set('token', busy).expect(200)).body.result as ExportJobView).status,
        ),
      );
      expect(statuses).toEqual(['running', 'queued', 'queued', 'queued', 'queued']);
    } finally {
      await hold.release();
    }
    // The held exports go on to their end once let go (the app's close waits for them).
    const open = async () =>
      Number(
        (
          await db.query(
            `SELECT count(*)::int AS n FROM export_job e JOIN app_user u ON u.id = e.user_id WHERE u.account = $1 AND status IN ('queued', 'running')`,
            [busyAccount],
          )
        ).rows[0].n,
      );
    expect(await pollUntil(open, (n) => n === 0, 120_000)).toBe(0);
  }, 240_000);
});
