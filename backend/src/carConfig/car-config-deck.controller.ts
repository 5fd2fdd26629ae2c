import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CAR_CONFIG, type ParamsOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendDeck } from '../deck/deck.writer';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { CarConfigService } from './car-config.service';

/**
 * 导出PPT of 配置查询 (decision 219). Not in the answer cache: the title slide names the caller's producer or
 * brand, and the cache keeps answers that depend on the request alone (decision 210).
 */
@RequiresPage('/product/configquery')
@Controller()
export class CarConfigDeckController {
  constructor(private readonly carConfig: CarConfigService) {}

  @Get(CAR_CONFIG.ppt.path)
  async ppt(@Query(zodPipe(CAR_CONFIG.ppt.params)) q: ParamsOf<typeof CAR_CONFIG.ppt>, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { fileName, deck } = await this.carConfig.deck(q, user);
    await sendDeck(res, fileName, deck);
  }
}
