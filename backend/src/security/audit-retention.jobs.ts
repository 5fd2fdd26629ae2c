import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { SecurityEventRepository } from './security-event.repository';

/** Events deleted per statement. */
export const AUDIT_PRUNE_BATCH = 10_000;

/**
 * The audit trail's retention (decision 121): deletes security_event rows older than the payload's
 * `keepDays`, oldest first, a batch a statement, reporting progress. Run by the worker (BullMQ) or by the
 * app without Redis; queued once a day by the API (admin/audit/audit-retention.ts). Safe to run again.
 */
@Injectable()
export class AuditRetentionJobs {
  private readonly logger = new Logger('AuditRetention');

  constructor(private readonly events: SecurityEventRepository) {}

  @JobHandler(JobName.PruneAuditTrail)
  async prune(data: JobPayloads[JobName.PruneAuditTrail], progress: (percent: number) => Promise<void> = () => Promise.resolve()): Promise<number> {
    // A payload that would empty the trail is refused, whoever queued it.
    if (!Number.isInteger(data.keepDays) || data.keepDays < 1) throw new Error(`keepDays must be a positive whole number, not ${String(data.keepDays)}`);
    const total = await this.events.countOlderThan(data.keepDays);
    let deleted = 0;
    for (;;) {
      const batch = await this.events.deleteOlderThan(data.keepDays, AUDIT_PRUNE_BATCH);
      deleted += batch;
      if (batch < AUDIT_PRUNE_BATCH) break;
      await progress(Math.min(99, Math.floor((deleted * 100) / Math.max(total, 1))));
    }
    if (deleted > 0) this.logger.log(`${deleted} security event(s) older than ${data.keepDays} days deleted`);
    return deleted;
  }
}
