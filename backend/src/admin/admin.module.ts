import { Module } from '@nestjs/common';
import { MpModule } from '../mp/mp.module';
import { SecurityModule } from '../security/security.module';
import { AuditController } from './audit/audit.controller';
import { AuditRetention } from './audit/audit-retention';
import { AuditService } from './audit/audit.service';
import { JobMonitorController } from './jobs/job-monitor.controller';
import { JobMonitorService } from './jobs/job-monitor.service';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersRepository } from './users/admin-users.repository';
import { AdminUsersService } from './users/admin-users.service';

/**
 * 系统管理, administrators only, one folder per page (its API path admin/<page>): users/ and audit/ (docs/security.md
 * "Administration: users and audit") and jobs/ (任务监控: the job_run records; the BullMQ dashboard is mounted by
 * jobs/queue-board.ts, docs/jobs-and-files.md). Sign-in rules, tokens and the trail's writer stay in security/;
 * mini-program bindings in mp/.
 */
@Module({
  imports: [SecurityModule, MpModule],
  controllers: [AdminUsersController, AuditController, JobMonitorController],
  providers: [AdminUsersService, AdminUsersRepository, AuditService, AuditRetention, JobMonitorService],
})
export class AdminModule {}
