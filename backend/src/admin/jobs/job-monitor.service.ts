import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { JOB_MESSAGES, QUEUE_BOARD_PATH, jobKindLabel, type JobListQuery, type JobPage, type JobRun, type JobState, type JobSummary } from '@car/contracts';
import { ApiCode, ApiException } from '../../common/api-codes';
import { HourlySweep } from '../../common/hourly-sweep';
import { SecurityEvents } from '../../security/security-events';
import type { SessionUser } from '../../security/session-user';
import { Housekeeping } from '../../queue/housekeeping';
import { JobName } from '../../queue/job-names';
import { JobQueue } from '../../queue/job-queue';
import { JobRegistry } from '../../queue/job-registry';
import { JobRunRepository, type JobRunRecord } from '../../queue/job-run.repository';

/** Finished rows are kept as long as BullMQ keeps its jobs (queue/job-queue.ts: completed 7 days, failed 30). */
const KEEP_COMPLETED_DAYS = 7;
const KEEP_FAILED_DAYS = 30;
/** The payload as the list shows it: at most this many characters. */
const PAYLOAD_TEXT_MAX = 160;

/** A payload in short: `exportId=…`, `months=202609,202610`, nested values as JSON. */
export function payloadText(payload: Record<string, unknown>): string {
  const text = Object.entries(payload ?? {})
    .map(
      ([key, value]) =>
        `${key}=${Array.isArray(value) ? value.join(',') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');
  return text.length > PAYLOAD_TEXT_MAX ? `${text.slice(0, PAYLOAD_TEXT_MAX - 1)}…` : text;
}

function viewOf(row: JobRunRecord): JobRun {
  return {
    id: row.id,
    kind: row.name,
    kindLabel: jobKindLabel(row.name),
    state: row.state,
    progress: row.progress,
    attempts: row.attempts,
    payload: payloadText(row.payload),
    enqueuedAt: row.enqueuedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    durationMs: row.durationMs === null ? null : Math.max(0, Math.round(row.durationMs)),
    error: row.error,
    enqueuedBy: row.enqueuedBy,
  };
}

/**
 * 任务监控: the job_run records of every kind (the queue writes them in both modes), the counts per
 * state, and the retry of a failed job with its own payload through the JobQueue.
 */
@Injectable()
export class JobMonitorService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('JobMonitor');
  /** Finished rows older than BullMQ keeps its jobs go at start and every hour (in the instance running the housekeeping). */
  private readonly prune: HourlySweep;

  constructor(
    private readonly runs: JobRunRepository,
    private readonly queue: JobQueue,
    private readonly registry: JobRegistry,
    private readonly events: SecurityEvents,
    housekeeping: Housekeeping,
  ) {
    this.prune = new HourlySweep('job_run pruning', () => this.runs.prune(KEEP_COMPLETED_DAYS, KEEP_FAILED_DAYS), this.logger, housekeeping.leads);
  }

  async list(q: JobListQuery): Promise<JobPage> {
    const { rows, total } = await this.runs.list({ state: q.state, name: q.kind, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    return { items: rows.map(viewOf), total, page: q.page, pageSize: q.pageSize, hasMore: q.page * q.pageSize < total };
  }

  async summary(kind: string | undefined): Promise<JobSummary> {
    return {
      mode: this.queue.mode,
      board: this.queue.mode === 'bullmq' ? QUEUE_BOARD_PATH : null,
      counts: await this.runs.counts(kind),
      kinds: Object.values(JobName).map((name) => ({ name, label: jobKindLabel(name) })),
    };
  }

  /** A failed job queued again under its id with the payload it had; its record waits again. */
  async retry(id: string, user: SessionUser, address: string): Promise<{ id: string; state: JobState }> {
    const row = await this.runs.find(id);
    if (!row) throw ApiException.notFound(JOB_MESSAGES.noSuchJob);
    if (row.state !== 'failed') throw new ApiException(ApiCode.Conflict, JOB_MESSAGES.notFailed);
    if (!this.registry.isKnown(row.name)) throw ApiException.badRequest(JOB_MESSAGES.unknownKind);
    // The record waits before the queue has the job, so a worker's start is never overwritten; taking it from
    // failed in one statement also lets only one of two simultaneous retries through.
    if (!(await this.runs.requeued(row.id))) throw new ApiException(ApiCode.Conflict, JOB_MESSAGES.notFailed);
    try {
      await this.queue.retry(row.id, row.name, row.payload);
    } catch (error) {
      await this.runs.failed(row.id, row.error ?? '', true).catch(() => undefined);
      throw error;
    }
    await this.events.record({ event: 'job.retried', userId: user.id, account: user.account, address, detail: { jobId: id, jobKind: row.name } });
    return { id, state: 'waiting' };
  }

  onModuleInit(): void {
    this.prune.start({ now: true });
  }

  onApplicationShutdown(): void {
    this.prune.stop();
  }
}
