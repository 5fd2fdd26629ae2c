import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { COMPETITOR_MONITOR_PAGE, COMPETITOR_SETS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { CompetitorMonitorService } from './competitor-monitor.service';

/** 竞品监控's calls, the page's answer and its deck: whoever holds the page, on a set they may read; not cached (the set is the caller's). */
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

  @Get(COMPETITOR_SETS.ppt.path)
  async ppt(
    @Query(zodPipe(COMPETITOR_SETS.ppt.params)) q: ParamsOf<typeof COMPETITOR_SETS.ppt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, deck } = await this.monitor.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
