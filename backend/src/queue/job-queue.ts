import { Logger } from '@nestjs/common';
import type { QueueState } from '@car/contracts';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { JobRegistry } from './job-registry';
import { JobName, JobPayloads, QUEUE_NAME } from './job-names';

/** What the health call reports of the queue: the contract's shape. */
export type { QueueState };

export interface EnqueueOptions {
  /** The same id queued twice runs once. */
  jobId?: string;
}

/** Where jobs go: BullMQ when REDIS_URL is set, else the app process itself. */
export abstract class JobQueue {
  abstract enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  abstract state(): Promise<QueueState>;
  abstract close(): Promise<void>;
}

/**
 * Runs jobs one after another inside the API process through the same handlers the worker uses, so
 * a single user with no Redis still gets every feature.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly pending = new Set<string>();
  private tail: Promise<void> = Promise.resolve();
  private counter = 0;
  private active = 0;
  private failed = 0;

  constructor(private readonly registry: JobRegistry) {
    super();
  }

  async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    const id = options.jobId ?? `${name}:${++this.counter}`;
    if (this.pending.has(id)) return id;
    this.pending.add(id);
    this.tail = this.tail.then(async () => {
      this.active++;
      try {
        await this.registry.run(name, data);
        this.logger.log(`job ${id} done`);
      } catch (error) {
        this.failed++;
        this.logger.error(`job ${id} failed: ${error instanceof Error ? error.stack : String(error)}`);
      } finally {
        this.active--;
        this.pending.delete(id);
      }
    });
    return id;
  }

  /** Resolves when every job queued so far has finished. */
  async drain(): Promise<void> {
    await this.tail;
  }

  async state(): Promise<QueueState> {
    return { mode: 'in-process', ok: true, waiting: Math.max(0, this.pending.size - this.active), active: this.active, failed: this.failed };
  }

  async close(): Promise<void> {
    await this.tail;
  }
}

export function redisConnection(url: string): IORedis {
  return new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** Hands jobs to BullMQ; `npm run worker` (workers/) processes them. */
export class BullJobQueue extends JobQueue {
  private readonly connection: IORedis;
  private readonly queue: Queue;

  constructor(redisUrl: string, prefix: string) {
    super();
    this.connection = redisConnection(redisUrl);
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
  }

  async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue.add(name, data, {
      jobId: options.jobId,
      attempts: 3,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
    return job.id ?? '';
  }

  async state(): Promise<QueueState> {
    try {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'failed', 'delayed');
      return {
        mode: 'bullmq',
        ok: true,
        waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0),
        active: counts.active ?? 0,
        failed: counts.failed ?? 0,
      };
    } catch (error) {
      return { mode: 'bullmq', ok: false, waiting: 0, active: 0, failed: 0, error: String(error) };
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
