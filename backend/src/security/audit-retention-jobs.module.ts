import { Module } from '@nestjs/common';
import { AuditRetentionJobs } from './audit-retention.jobs';
import { SecurityEventRepository } from './security-event.repository';

/** The audit trail's retention job: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  providers: [AuditRetentionJobs, SecurityEventRepository],
})
export class AuditRetentionJobsModule {}
