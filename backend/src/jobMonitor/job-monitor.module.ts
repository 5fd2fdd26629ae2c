import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { JobMonitorController } from './job-monitor.controller';
import { JobMonitorService } from './job-monitor.service';

/** 任务监控 (/admin/jobs): the job_run records through the API; the BullMQ dashboard is mounted by queue-board.ts. */
@Module({
  imports: [SecurityModule],
  controllers: [JobMonitorController],
  providers: [JobMonitorService],
})
export class JobMonitorModule {}
