import { Controller, Get, Query, Res, type Type } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, PRICE_STRUCTURE } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { PriceStructureService, type StructurePage } from './price-structure.service';

type DeckQuery = ParamsOf<typeof PRICE_STRUCTURE.totalPpt>;

/**
 * 导出PPT of one page of the pair (issue 31, decision 213), held to that page's menu row by the page guard.
 * Not in the answer cache: the title slide names the caller's producer or brand (decision 210).
 */
function structureDeckController(pagePath: string, page: StructurePage, call: typeof PRICE_STRUCTURE.totalPpt): Type<unknown> {
  @RequiresPage(pagePath)
  @Controller()
  class StructureDeckController {
    constructor(private readonly structure: PriceStructureService) {}

    @Get(call.path)
    async ppt(@Query(zodPipe(call.params)) q: DeckQuery, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
      const { fileName, deck } = await this.structure.deck(q, page, user);
      await sendDeck(res, fileName, deck);
    }
  }
  Object.defineProperty(StructureDeckController, 'name', { value: page === 'total' ? 'TotalMarketDeckController' : 'DetailMarketDeckController' });
  return StructureDeckController;
}

/** 导出PPT of 整体市场价格结构 (/price/totalmarket). */
export const TotalMarketDeckController = structureDeckController('/price/totalmarket', 'total', PRICE_STRUCTURE.totalPpt);

/** 导出PPT of 细分市场价格结构 (/pricedetailmarket). */
export const DetailMarketDeckController = structureDeckController('/pricedetailmarket', 'segment', PRICE_STRUCTURE.detailPpt);
