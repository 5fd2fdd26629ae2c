import { Controller, Get, Query } from '@nestjs/common';
import { COMPETITOR_MONITOR_PAGE, COMPETITOR_SETS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { CompetitorMonitorService } from './competitor-monitor.service';

/** 竞品监控's call: whoever holds the page, on a set they may read. */
@Controller()
@RequiresPage(COMPETITOR_MONITOR_PAGE.path)
export class CompetitorMonitorController {
  constructor(private readonly monitor: CompetitorMonitorService) {}

  @Get(COMPETITOR_SETS.monitor.path)
  read(
    @Query(zodPipe(COMPETITOR_SETS.monitor.params)) q: ParamsOf<typeof COMPETITOR_SETS.monitor>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.monitor>> {
    return this.monitor.monitor(q, user);
  }
}
