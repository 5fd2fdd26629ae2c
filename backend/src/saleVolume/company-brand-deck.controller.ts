import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { COMPANY_BRAND, type ParamsOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { CompanyBrandService } from './company-brand.service';

/**
 * 导出PPT of 厂商品牌表现 (issue 31, decision 211). Not in the answer cache: the title slide names the caller's
 * producer or brand, and the cache keeps answers that depend on the request alone.
 */
@RequiresPage('/salevolume/companybrand')
@Controller()
export class CompanyBrandDeckController {
  constructor(private readonly companyBrand: CompanyBrandService) {}

  @Get(COMPANY_BRAND.ppt.path)
  async ppt(
    @Query(zodPipe(COMPANY_BRAND.ppt.params)) q: ParamsOf<typeof COMPANY_BRAND.ppt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, deck } = await this.companyBrand.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
