import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AREA_MARKET, type ParamsOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { AreaMarketService } from './area-market.service';

/**
 * 导出PPT of 区域市场表现 (issue 31, decision 211). Not in the answer cache: the title slide names the caller's
 * producer or brand, and the cache keeps answers that depend on the request alone.
 */
@RequiresPage('/salevolume/areamarket')
@Controller()
export class AreaMarketDeckController {
  constructor(private readonly areaMarket: AreaMarketService) {}

  @Get(AREA_MARKET.ppt.path)
  async ppt(
    @Query(zodPipe(AREA_MARKET.ppt.params)) q: ParamsOf<typeof AREA_MARKET.ppt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, deck } = await this.areaMarket.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
