import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { chinaDay } from '../../common/china-time';
import { HourlySweep } from '../../common/hourly-sweep';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { JobName } from '../../queue/job-names';
import { Housekeeping } from '../../queue/housekeeping';
import { JobQueue } from '../../queue/job-queue';
import { JobRunRepository } from '../../queue/job-run.repository';

/**
 * Queues the audit trail's retention job (security/audit-retention.jobs.ts) once a China day: the app's hourly
 * sweep asks at start and every hour (in the instance running the cluster's housekeeping, decision 226); the
 * job's id is the day's, and a day whose job has a record already is not queued again, so the monitor shows one
 * 安全日志清理 a day whichever instance asks. AUDIT_RETENTION_DAYS 0 keeps every event.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweep: HourlySweep;
  private queuedDay = '';

  constructor(
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'AUDIT_RETENTION_DAYS'>,
    private readonly runs: JobRunRepository,
    housekeeping: Housekeeping,
  ) {
    this.sweep = new HourlySweep('queueing the audit retention', () => this.queueToday(), new Logger('AuditRetention'), housekeeping.leads);
  }

  /** Today's job, unless it was queued already (by any instance) or the retention is off: its id, or null. */
  async queueToday(now = new Date()): Promise<string | null> {
    const keepDays = this.config.AUDIT_RETENTION_DAYS;
    const day = chinaDay(now);
    const jobId = `audit-prune-${day}`;
    if (keepDays === 0 || day === this.queuedDay || (await this.runs.find(jobId))) return null;
    const id = await this.queue.enqueue(JobName.PruneAuditTrail, { keepDays }, { jobId });
    this.queuedDay = day;
    return id;
  }

  /** After boot, when the job handlers are registered and an in-process queue has failed what the last stop left. */
  onApplicationBootstrap(): void {
    this.sweep.start({ now: true });
  }

  onApplicationShutdown(): void {
    this.sweep.stop();
  }
}
