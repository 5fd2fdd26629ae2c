import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { API_MESSAGES, JOB_MESSAGES, type QueueState } from '@car/contracts';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { ApiCode, ApiException } from '../common/api-codes';
import { BULL_ATTEMPTS, JOB_QUEUES, JobName, JobPayloads, QUEUE_NAME, QUEUE_NAMES, type QueueName } from './job-names';
import type { JobRunner } from './job-runner';

/** What the health call reports of the queue: the contract's shape. */
export type { QueueState };

export interface EnqueueOptions {
  /** The same id queued twice runs once. Without one, a new UUID. */
  jobId?: string;
  /** The user whose request queued it, for the job monitor. */
  userId?: number;
  /** BullMQ's priority, lower first (1 = a user's first open job); none: before every prioritised job. */
  priority?: number;
  /**
   * Runs before the job stays failed, with exponential backoff from `backoffMs` between them (robot deliveries).
   * Unset: BullMQ's BULL_ATTEMPTS, and one run in-process (its jobs keep durable records of their own).
   */
  attempts?: number;
  backoffMs?: number;
}

/** Where jobs go: BullMQ when REDIS_URL is set, else the app process itself. */
export abstract class JobQueue {
  abstract readonly mode: QueueState['mode'];
  abstract enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  /** Runs a failed job again under its id, with its payload (the job monitor's retry, which keeps the record). */
  abstract retry<N extends JobName>(id: string, name: N, data: JobPayloads[N]): Promise<void>;
  abstract state(): Promise<QueueState>;
  abstract close(): Promise<void>;
}

/**
 * Runs jobs inside the API process through the same handlers the worker uses, so a single user with no Redis still
 * gets every feature: one after another in each of the lines the worker has queues for (JOB_QUEUES), the lines side
 * by side, so a report bundle does not wait behind a user's exports (decision 258).
 */
export class InProcessJobQueue extends JobQueue {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger('Jobs');
  private readonly pending = new Set<string>();
  /** The last job of each line. */
  private readonly tails = new Map<QueueName, Promise<void>>(QUEUE_NAMES.map((name) => [name, Promise.resolve()]));
  private active = 0;
  private failed = 0;
  /** Retries waiting out their backoff. */
  private readonly delayed = new Set<NodeJS.Timeout>();
  private closing = false;

  constructor(private readonly runner: JobRunner) {
    super();
  }

  async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    const id = options.jobId ?? randomUUID();
    if (this.pending.has(id)) return id;
    this.pending.add(id);
    await this.runner.queued(id, name, data, options.userId, true);
    this.schedule(id, name, data, 1, options.attempts ?? 1, options.backoffMs ?? DEFAULT_BACKOFF_MS);
    return id;
  }

  /**
   * Runs attempt `attempt` after the jobs queued before it in its line; a failure with attempts left waits
   * backoff × 2^(attempt-1) outside the line (other jobs go on meanwhile), then queues the next attempt.
   */
  private schedule<N extends JobName>(id: string, name: N, data: JobPayloads[N], attempt: number, attempts: number, backoffMs: number): void {
    const line = JOB_QUEUES[name];
    const previous = this.tails.get(line) ?? Promise.resolve();
    this.tails.set(
      line,
      previous.then(async () => {
        this.active++;
        let again = false;
        try {
          await this.runner.run({ id, name, data, final: attempt >= attempts });
          this.logger.log(`job ${id} done`);
        } catch (error) {
          again = attempt < attempts && !this.closing;
          if (!again) this.failed++;
          this.logger.error(`job ${id} failed${again ? ` (attempt ${attempt} of ${attempts})` : ''}: ${error instanceof Error ? error.stack : String(error)}`);
        } finally {
          this.active--;
          if (!again) this.pending.delete(id);
        }
        if (!again) return;
        const timer = setTimeout(
          () => {
            this.delayed.delete(timer);
            this.schedule(id, name, data, attempt + 1, attempts, backoffMs);
          },
          backoffMs * 2 ** (attempt - 1),
        );
        timer.unref();
        this.delayed.add(timer);
      }),
    );
  }

  async retry<N extends JobName>(id: string, name: N, data: JobPayloads[N]): Promise<void> {
    await this.enqueue(name, data, { jobId: id });
  }

  /** Resolves when every job queued so far has finished, retries included. */
  async drain(): Promise<void> {
    for (;;) {
      const tails = [...this.tails.values()];
      await Promise.all(tails);
      // Done when no retry waits and no job was queued meanwhile (a retry's timer may fire during the await).
      if (this.delayed.size === 0 && [...this.tails.values()].every((tail, i) => tail === tails[i])) return;
      if (this.delayed.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  state(): Promise<QueueState> {
    return Promise.resolve({ mode: 'in-process', ok: true, waiting: Math.max(0, this.pending.size - this.active), active: this.active, failed: this.failed });
  }

  async close(): Promise<void> {
    // Retries still waiting die with the process like every in-process job (the monitor marks them at the next start).
    this.closing = true;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    await Promise.all(this.tails.values());
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

/** The first retry's wait; each next one waits twice as long (BullMQ's exponential backoff, and the in-process queue's). */
export const DEFAULT_BACKOFF_MS = 5000;

/** Hands jobs to BullMQ; `npm run worker` (workers/) processes them. */
export class BullJobQueue extends JobQueue {
  readonly mode = 'bullmq' as const;
  private readonly logger = new Logger('Jobs');
  private readonly connection: IORedis;
  /** The BullMQ queues, one per name of JOB_QUEUES (decision 258): the queue dashboard (bull-board) reads them. */
  readonly queues: Record<QueueName, Queue>;
  /** The queue of most jobs (QUEUE_NAME). */
  readonly queue: Queue;
  private lastError = '';

  /** `runner` records the jobs for the monitor (the app's queue); without it nothing is recorded. */
  constructor(
    redisUrl: string,
    prefix: string,
    private readonly runner?: JobRunner,
  ) {
    super();
    this.connection = producerConnection(redisUrl);
    const queueOf = (name: QueueName): Queue => {
      const queue = new Queue(name, { connection: this.connection, prefix });
      // Without a listener an 'error' event would end the process; a lost Redis is logged once per kind of failure.
      queue.on('error', (error) => this.noteError(error));
      return queue;
    };
    this.queues = Object.fromEntries(QUEUE_NAMES.map((name) => [name, queueOf(name)])) as Record<QueueName, Queue>;
    this.queue = this.queues[QUEUE_NAME];
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
    const jobId = options.jobId ?? randomUUID();
    try {
      await this.withinTimeout(
        this.queues[JOB_QUEUES[name]].add(name, data, {
          jobId,
          ...(options.priority ? { priority: options.priority } : {}),
          attempts: options.attempts ?? BULL_ATTEMPTS,
          backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 30 * 24 * 3600 },
        }),
      );
    } catch (error) {
      this.noteError(error);
      throw new ApiException(ApiCode.Unavailable, API_MESSAGES.queueUnavailable);
    }
    // After the add: a refused job leaves no row, and a worker that started it already keeps its row.
    await this.runner?.queued(jobId, name, data, options.userId, false);
    return jobId;
  }

  /**
   * A job BullMQ still holds is retried in place (job.retry, its automatic attempts counted afresh); one it
   * has already removed (30 days after failing) is queued again under the same id.
   */
  async retry<N extends JobName>(id: string, name: N, data: JobPayloads[N]): Promise<void> {
    const job = await this.withinTimeout(this.queues[JOB_QUEUES[name]].getJob(id)).catch((error: unknown) => {
      this.noteError(error);
      throw new ApiException(ApiCode.Unavailable, API_MESSAGES.queueUnavailable);
    });
    if (!job) {
      await this.enqueue(name, data, { jobId: id });
    } else {
      if (!(await job.isFailed())) throw new ApiException(ApiCode.Conflict, JOB_MESSAGES.notFailed);
      await this.withinTimeout(job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }));
    }
  }

  async state(): Promise<QueueState> {
    try {
      const all = await this.withinTimeout(
        Promise.all(Object.values(this.queues).map((queue) => queue.getJobCounts('waiting', 'active', 'failed', 'delayed'))),
      );
      const sum = (...states: string[]): number => all.reduce((n, counts) => n + states.reduce((m, state) => m + (counts[state] ?? 0), 0), 0);
      return { mode: 'bullmq', ok: true, waiting: sum('waiting', 'delayed'), active: sum('active'), failed: sum('failed') };
    } catch (error) {
      return { mode: 'bullmq', ok: false, waiting: 0, active: 0, failed: 0, error: String(error) };
    }
  }

  async close(): Promise<void> {
    await this.withinTimeout(Promise.all(Object.values(this.queues).map((queue) => queue.close()))).catch(() => undefined);
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
