import { Logger } from '@nestjs/common';
import { API_MESSAGES, type QueueState } from '@car/contracts';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { ApiCode, ApiException } from '../common/api-codes';
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

/** The worker's connection: BullMQ's blocking commands wait for Redis however long it is away (maxRetriesPerRequest null). */
export function redisConnection(url: string): IORedis {
  return new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** How long the app waits for Redis before it tells the user the queue is down. */
export const QUEUE_TIMEOUT_MS = 3000;

/**
 * The app's connection, which hands jobs over and must never keep a user waiting: a command issued while Redis
 * is away fails at once instead of queueing in memory (enableOfflineQueue false, one retry), connecting gives
 * up after 2 s, and ioredis keeps reconnecting in the background (every 2 s at most), so the queue works
 * again as soon as Redis is back.
 */
export function producerConnection(url: string): IORedis {
  return new IORedis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableReadyCheck: true,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Hands jobs to BullMQ; `npm run worker` (workers/) processes them. */
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly connection: IORedis;
  private readonly queue: Queue;
  private lastError = '';

  constructor(redisUrl: string, prefix: string) {
    super();
    this.connection = producerConnection(redisUrl);
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
    // Without a listener an 'error' event would end the process; a lost Redis is logged once per kind of failure.
    this.queue.on('error', (error) => this.noteError(error));
    this.connection.on('ready', () => {
      if (this.lastError) this.logger.log('Redis is reachable again: the queue accepts jobs');
      this.lastError = '';
    });
  }

  /**
   * Refuses with 503 (-1503, a Chinese message) when Redis cannot take the job within QUEUE_TIMEOUT_MS. A job
   * that was accepted (add resolved) is in Redis, which keeps it across a restart (append-only file, decision 46).
   */
  async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    try {
      const job = await this.withinTimeout(
        this.queue.add(name, data, {
          jobId: options.jobId,
          attempts: 3,
          backoff: { type: 'exponential', delay: 5000 },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 30 * 24 * 3600 },
        }),
      );
      return job.id ?? '';
    } catch (error) {
      this.noteError(error);
      throw new ApiException(ApiCode.Unavailable, API_MESSAGES.queueUnavailable);
    }
  }

  async state(): Promise<QueueState> {
    try {
      const counts = await this.withinTimeout(this.queue.getJobCounts('waiting', 'active', 'failed', 'delayed'));
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
    await this.withinTimeout(this.queue.close()).catch(() => undefined);
    this.connection.disconnect();
  }

  private withinTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${QUEUE_TIMEOUT_MS} ms`)), QUEUE_TIMEOUT_MS);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private noteError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message === this.lastError) return;
    this.lastError = message;
    this.logger.warn(`the job queue cannot reach Redis: ${message}`);
  }
}
