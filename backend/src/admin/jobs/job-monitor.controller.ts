import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ADMIN_JOBS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../../common/zod-validation.pipe';
import { AdminOnly, ClientAddress, CurrentUser } from '../../security/security.decorators';
import type { SessionUser } from '../../security/session-user';
import { JobMonitorService } from './job-monitor.service';

/** 任务监控's calls: administrators only. */
@Controller()
@AdminOnly()
export class JobMonitorController {
  constructor(private readonly monitor: JobMonitorService) {}

  @Get(ADMIN_JOBS.list.path)
  list(@Query(zodPipe(ADMIN_JOBS.list.params)) q: ParamsOf<typeof ADMIN_JOBS.list>): Promise<ResultOf<typeof ADMIN_JOBS.list>> {
    return this.monitor.list(q);
  }

  @Get(ADMIN_JOBS.summary.path)
  summary(@Query(zodPipe(ADMIN_JOBS.summary.params)) q: ParamsOf<typeof ADMIN_JOBS.summary>): Promise<ResultOf<typeof ADMIN_JOBS.summary>> {
    return this.monitor.summary(q.kind);
  }

  @Post(ADMIN_JOBS.retry.path)
  @HttpCode(200)
  retry(
    @Body(zodPipe(ADMIN_JOBS.retry.params)) body: ParamsOf<typeof ADMIN_JOBS.retry>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_JOBS.retry>> {
    return this.monitor.retry(body.id, user, address);
  }
}
