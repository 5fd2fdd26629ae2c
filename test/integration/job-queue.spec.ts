import { Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../../backend/src/database/data-source';
import { BullJobQueue, redisConnection } from '../../backend/src/queue/job-queue';
import { JobName, QUEUE_NAME } from '../../backend/src/queue/job-names';
import { withDatabaseTasks } from '../../backend/src/bootstrap/database-tasks.module';
import { MonthlyReportWriter } from '../../backend/src/reportDownload/monthly-report.writer';
import { testEnv } from '../support/test-env';

const env = testEnv();
const describeWithRedis = env.redisUrl ? describe : describe.skip;
if (!env.redisUrl) process.stderr.write('[job-queue] skipped: no Redis reachable (set REDIS_URL)\n');

describeWithRedis('jobs through BullMQ and Redis', () => {
  let ds: DataSource;

  beforeAll(async () => {
    ds = await openDataSource(env.databaseUrl, 'car-test-queue');
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  test('a queued report job is run by a worker, once per job id, under the run’s own key prefix', async () => {
    const prefix = `${env.redisPrefix}-queue`;
    const queue = new BullJobQueue(env.redisUrl!, prefix);
    const [producer] = await ds.query(`SELECT producer_id AS id FROM report ORDER BY producer_id LIMIT 1`);
    await ds.query(`DELETE FROM report WHERE producer_id = $1 AND month = 202609`, [producer.id]);
    await withDatabaseTasks(ds, { reportsDir: `${env.dataDir}/reports` }, async (tasks) => {
      const writer = tasks.get(MonthlyReportWriter);
      let runs = 0;
      const connection = redisConnection(env.redisUrl!);
      let worker: Worker | undefined;
      try {
        const done = new Promise<void>((resolve, reject) => {
          worker = new Worker(
            QUEUE_NAME,
            async (job) => {
              runs++;
              expect(job.name).toBe(JobName.GenerateMonthlyReports);
              return writer.writeMonth(job.data.month, job.data.producerIds);
            },
            { connection, prefix },
          );
          worker.on('completed', () => resolve());
          worker.on('failed', (_job, error) => reject(error));
        });
        const jobId = `report-${producer.id}-202609`;
        await queue.enqueue(JobName.GenerateMonthlyReports, { month: 202609, producerIds: [producer.id] }, { jobId });
        await queue.enqueue(JobName.GenerateMonthlyReports, { month: 202609, producerIds: [producer.id] }, { jobId });
        await done;
        // One workbook and one deck (decision 221), however often the job was queued.
        const [row] = await ds.query(`SELECT count(*)::int AS n FROM report WHERE producer_id = $1 AND month = 202609`, [producer.id]);
        expect(row.n).toBe(2);
        expect(runs).toBe(1);
        const state = await queue.state();
        expect(state).toMatchObject({ mode: 'bullmq', ok: true, active: 0, failed: 0 });
      } finally {
        // Closed whatever failed above: an open worker or connection keeps jest from exiting.
        await worker?.close();
        await queue.close();
        connection.disconnect();
      }
    });
  });
});
