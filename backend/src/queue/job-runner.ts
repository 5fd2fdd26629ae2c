import { Injectable, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { inJobScope } from '../common/process-guard';
import { JobRegistry } from './job-registry';
import { BULL_ATTEMPTS, JobName, JobPayloads } from './job-names';
import { JobRunRepository } from './job-run.repository';

/** A job's progress is stored at most this often (handlers report as often as they like). */
const PROGRESS_EVERY_MS = 1000;

/** One run of a queued job, as the queue that runs it knows it. */
export interface JobAttempt<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** False when the queue will try again after a failure (BullMQ's attempts); the row then waits. */
  final: boolean;
  /** When it was queued, if the queue knows (BullMQ's timestamp): for a row the queueing process never wrote. */
  enqueuedAt?: Date;
}

/**
 * Runs jobs through the registry and keeps their record in job_run for the job monitor, for both queues:
 * the in-process queue and the BullMQ worker call `run`, both queues call `queued` (decision 109).
 * The record is bookkeeping: each write is one statement on the job's key, progress at most once a second,
 * and a failed write is logged and never fails or delays the job beyond that statement.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger('JobRuns');
  private lastWarning = '';

  constructor(
    private readonly registry: JobRegistry,
    private readonly runs: JobRunRepository,
  ) {}

  /** A job handed to the queue; `restart`: it will run now, so its row becomes a new waiting run. */
  async queued(id: string, name: JobName, data: object, userId: number | undefined, restart: boolean): Promise<void> {
    await this.record(() => this.runs.queued(id, name, data, userId ?? null, restart));
  }

  /** Runs one attempt, recording its start, progress and outcome; the handler's result or error is the caller's. */
  run<N extends JobName>(job: JobAttempt<N>, report: (percent: number) => Promise<unknown> = () => Promise.resolve()): Promise<unknown> {
    // An error that escapes the job's own awaits is logged with the job's id (common/process-guard.ts).
    return inJobScope(job.id, job.name, () => this.attempt(job, report));
  }

  private async attempt<N extends JobName>(job: JobAttempt<N>, report: (percent: number) => Promise<unknown>): Promise<unknown> {
    await this.record(() => this.runs.started(job.id, job.name, job.data, job.enqueuedAt ?? null));
    let lastWrite = 0;
    const progress = async (percent: number): Promise<void> => {
      await report(percent);
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      await this.record(() => this.runs.progressed(job.id, Math.max(0, Math.min(100, Math.round(percent)))));
    };
    try {
      const result = await this.registry.run(job.name, job.data, progress);
      await this.record(() => this.runs.completed(job.id));
      return result;
    } catch (error) {
      await this.record(() => this.runs.failed(job.id, error instanceof Error ? error.message || error.name : String(error), job.final));
      throw error;
    }
  }

  /**
   * A job the queue gave up without a processor seeing it end (BullMQ failed it at its stalled-job limit: the
   * processes running it died): its row is failed with `reason`, and its handler's record is ended too
   * (an import, an export or a report bundle is failed with a Chinese reason, decisions 138 and 257).
   */
  async abandoned<N extends JobName>(job: Pick<JobAttempt<N>, 'id' | 'name' | 'data'>, reason: string): Promise<void> {
    this.logger.error(`job ${job.id} ${job.name} was given up by the queue: ${reason}`);
    await this.record(() => this.runs.failed(job.id, reason, true));
    try {
      await this.registry.abandon(job.name, job.data);
    } catch (error) {
      this.logger.error(`job ${job.id} ${job.name}: its record was not ended: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }

  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // One line per kind of failure, not one per progress tick.
      if (message !== this.lastWarning) this.logger.warn(`job_run not written (the job goes on): ${message}`);
      this.lastWarning = message;
    }
  }
}

/**
 * The BullMQ worker's processor (workers/src/main.ts): one attempt of a job through the runner. BullMQ's
 * attemptsMade counts the failed attempts before this one, so the last allowed attempt's failure is final.
 */
export function bullProcessor(runner: JobRunner, registry: JobRegistry): (job: Job) => Promise<unknown> {
  return async (job) => {
    if (!registry.isKnown(job.name)) throw new UnrecoverableError(`unknown job ${job.name}`);
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? BULL_ATTEMPTS);
    // BullMQ hands the payload back untyped; the queue wrote it from JobPayloads under this name.
    return runner.run({ id: job.id ?? '', name: job.name, data: job.data as JobPayloads[JobName], final, enqueuedAt: new Date(job.timestamp) }, (percent) =>
      job.updateProgress(percent),
    );
  };
}

/**
 * The worker's listener for failed jobs (workers/src/main.ts). A job whose process died while running it is put
 * back to wait by BullMQ's stalled-job check; past its stalled limit it is marked there to fail, and the worker
 * that next takes it fails it without running the processor (BullMQ's deferred failure), so no attempt recorded
 * it: it is recorded here, with its handler's record (decision 138). Other failures were recorded by `run`.
 */
export function abandonedListener(runner: JobRunner, registry: JobRegistry): (job: Job | undefined, error: Error) => Promise<void> {
  return async (job, error) => {
    if (!job?.id || !job.deferredFailure || !registry.isKnown(job.name)) return;
    await runner.abandoned({ id: job.id, name: job.name, data: job.data as JobPayloads[JobName] }, error.message || job.deferredFailure);
  };
}
