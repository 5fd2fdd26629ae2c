import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { MarketPriceService } from './market-price.service';
import { PriceTraceService } from './price-trace.service';

/**
 * 导出PPT of 整体市场价格指数 (issue 31, decision 215). Not in the answer cache: the title slide names the
 * caller's producer or brand, and the cache keeps answers that depend on the request alone (decision 210).
 */
@RequiresPage('/price/marketpricetendency')
@Controller()
export class MarketPriceDeckController {
  constructor(private readonly marketPrice: MarketPriceService) {}

  @Get(PRICE.ppt.path)
  async ppt(@Query(zodPipe(PRICE.ppt.params)) q: ParamsOf<typeof PRICE.ppt>, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { fileName, deck } = await this.marketPrice.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}

/** 导出PPT of 车系价格追踪 (issue 31, decision 215); not cached, as every deck. */
@RequiresPage('/price/cabmodelpricetrace')
@Controller()
export class PriceTraceDeckController {
  constructor(private readonly trace: PriceTraceService) {}

  @Get(PRICE.tracePpt.path)
  async ppt(@Query(zodPipe(PRICE.tracePpt.params)) q: ParamsOf<typeof PRICE.tracePpt>, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { fileName, deck } = await this.trace.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
