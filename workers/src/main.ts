import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Worker } from 'bullmq';
import { loadConfigOrExit } from '@car/backend/dist/config/config';
import { JsonLogger } from '@car/backend/dist/common/json-logger';
import { guardProcess } from '@car/backend/dist/common/process-guard';
import { CoreModule } from '@car/backend/dist/core.module';
import { resolveDatabase } from '@car/backend/dist/database/resolve-database';
import { JobRegistry } from '@car/backend/dist/queue/job-registry';
import { redisConnection } from '@car/backend/dist/queue/job-queue';
import { JobRunner, abandonedListener, bullProcessor } from '@car/backend/dist/queue/job-runner';
import { QUEUE_NAMES } from '@car/backend/dist/queue/job-names';

/**
 * `npm run worker`: the BullMQ consumer. No HTTP; it boots the backend's CoreModule, so jobs run the
 * very services the API process runs when there is no Redis.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = new JsonLogger(config.LOG_LEVEL, config.logFormat);
  guardProcess(logger, 'Worker');
  if (!config.REDIS_URL) {
    logger.error('REDIS_URL is not set: without Redis the app runs jobs itself and needs no worker', 'Worker');
    process.exit(78);
  }
  const database = await resolveDatabase(config, (m) => logger.log(m, 'Database'));
  const context = await NestFactory.createApplicationContext(CoreModule.forRoot({ config, databaseUrl: database.url }, 'car-worker'), { logger });
  const runJob = bullProcessor(context.get(JobRunner), context.get(JobRegistry));
  // BullMQ's defaults pair them equal (30 s each); WORKER_STALL_SECONDS moves both (decision 242).
  const stallMs = config.WORKER_STALL_SECONDS * 1000;
  const redisUrl = config.REDIS_URL;
  // A job BullMQ fails at its stalled-job limit (the processes running it died) never reaches the processor: recorded here.
  const onAbandoned = abandonedListener(context.get(JobRunner), context.get(JobRegistry));
  // One Worker per queue, each with WORKER_CONCURRENCY slots: a report bundle never waits for a slot long jobs hold (decision 258).
  const workers = QUEUE_NAMES.map((name) => {
    const worker = new Worker(
      name,
      async (job) => {
        logger.log(`job ${job.id} ${job.name} started`, 'Worker');
        return runJob(job);
      },
      {
        connection: redisConnection(redisUrl),
        prefix: config.REDIS_PREFIX,
        concurrency: config.WORKER_CONCURRENCY,
        lockDuration: stallMs,
        stalledInterval: stallMs,
      },
    );
    worker.on('completed', (job) => logger.log(`job ${job.id} ${job.name} done`, 'Worker'));
    worker.on('failed', (job, error) => {
      logger.error(`job ${job?.id} ${job?.name} failed: ${error.message}`, 'Worker');
      onAbandoned(job, error).catch((failure: unknown) =>
        logger.error(`job ${job?.id} not recorded: ${failure instanceof Error ? failure.message : String(failure)}`, 'Worker'),
      );
    });
    worker.on('stalled', (jobId) => logger.warn(`job ${jobId} stalled: its process died while running it`, 'Worker'));
    return worker;
  });
  logger.log(
    `worker listening on queues ${QUEUE_NAMES.join(', ')} (prefix ${config.REDIS_PREFIX}, concurrency ${config.WORKER_CONCURRENCY} each, stalled after ${config.WORKER_STALL_SECONDS} s)`,
    'Worker',
  );
  const stop = async (): Promise<void> => {
    await Promise.all(workers.map((worker) => worker.close()));
    await context.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
