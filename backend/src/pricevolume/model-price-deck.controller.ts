import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_VOLUME } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { ModelPriceService } from './model-price.service';

/**
 * 导出PPT of 销量占比分析 (issue 31, decision 217). Not in the answer cache: the title slide names the caller's
 * producer or brand, and the cache keeps answers that depend on the request alone (decision 210).
 */
@RequiresPage('/pricevolume/pricedimension')
@Controller()
export class ModelPriceDeckController {
  constructor(private readonly modelPrice: ModelPriceService) {}

  @Get(PRICE_VOLUME.modelPricePpt.path)
  async ppt(
    @Query(zodPipe(PRICE_VOLUME.modelPricePpt.params)) q: ParamsOf<typeof PRICE_VOLUME.modelPricePpt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, deck } = await this.modelPrice.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
