import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX, ApiCode, OPEN_EXPORTS_PER_USER, tooManyOpenExports } from '@car/contracts';
import { BullJobQueue, JobQueue } from '../../backend/src/queue/job-queue';
import { signedInApp } from '../support/api-app';
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
