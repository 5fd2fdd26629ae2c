import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { chinaDay } from '../../common/china-time';
import { HourlySweep } from '../../common/hourly-sweep';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { JobName } from '../../queue/job-names';
import { JobQueue } from '../../queue/job-queue';

/**
 * Queues the audit trail's retention job (security/audit-retention.jobs.ts) once a China day: the app's hourly
 * sweep asks at start and every hour; the job's id is the day's, so BullMQ takes it once whichever app
 * instance asks, and the monitor shows one 安全日志清理 a day. AUDIT_RETENTION_DAYS 0 keeps every event.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweep = new HourlySweep('queueing the audit retention', () => this.queueToday(), new Logger('AuditRetention'));
  private queuedDay = '';

  constructor(
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'AUDIT_RETENTION_DAYS'>,
  ) {}

  /** Today's job, unless it was queued already by this process or the retention is off: its id, or null. */
  async queueToday(now = new Date()): Promise<string | null> {
    const keepDays = this.config.AUDIT_RETENTION_DAYS;
    const day = chinaDay(now);
    if (keepDays === 0 || day === this.queuedDay) return null;
    const id = await this.queue.enqueue(JobName.PruneAuditTrail, { keepDays }, { jobId: `audit-prune-${day}` });
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
