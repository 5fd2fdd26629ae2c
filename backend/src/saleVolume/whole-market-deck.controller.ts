import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, WHOLE_MARKET } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { WholeMarketService } from './whole-market.service';

/**
 * 导出PPT of 整体市场表现 (issue 31, decision 210). Not in the answer cache: the title slide names the caller's
 * producer or brand, and the cache keeps answers that depend on the request alone.
 */
@RequiresPage('/salevolume/wholemarket')
@Controller()
export class WholeMarketDeckController {
  constructor(private readonly wholeMarket: WholeMarketService) {}

  @Get(WHOLE_MARKET.ppt.path)
  async ppt(
    @Query(zodPipe(WHOLE_MARKET.ppt.params)) q: ParamsOf<typeof WHOLE_MARKET.ppt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, deck } = await this.wholeMarket.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
