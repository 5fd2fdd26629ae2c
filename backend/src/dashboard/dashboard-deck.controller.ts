import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DASHBOARD, type ParamsOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { DashboardService } from './dashboard.service';

/**
 * 导出PPT of 看板 (decision 220). Guarded as the dashboard's calls: a session and no page rule, for the dashboard
 * is every user's and in no stored menu (decisions 76, 151). Not in the answer cache: the title slide names the
 * caller's producer or brand (decision 210).
 */
@Controller()
export class DashboardDeckController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get(DASHBOARD.ppt.path)
  async ppt(@Query(zodPipe(DASHBOARD.ppt.params)) q: ParamsOf<typeof DASHBOARD.ppt>, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { fileName, deck } = await this.dashboard.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
