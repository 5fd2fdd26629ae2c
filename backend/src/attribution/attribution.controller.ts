import { Controller, Get, Query } from '@nestjs/common';
import { ATTRIBUTION, ATTRIBUTION_PAGE, type ParamsOf, type ResultOf } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { AttributionService } from './attribution.service';

/**
 * 归因分析's three splits, for whoever holds the page. The volume and price splits depend on the request alone and are
 * served from the answer cache; the share split is not: without a subject it is the caller's own producer's, and a
 * cached answer, keyed by the request, would reach a user of another producer.
 */
@Controller()
@RequiresPage(ATTRIBUTION_PAGE.path)
export class AttributionController {
  constructor(private readonly attribution: AttributionService) {}

  @Get(ATTRIBUTION.volume.path)
  @CachedAnswers()
  volume(@Query(zodPipe(ATTRIBUTION.volume.params)) q: ParamsOf<typeof ATTRIBUTION.volume>): Promise<ResultOf<typeof ATTRIBUTION.volume>> {
    return this.attribution.volume(q);
  }

  @Get(ATTRIBUTION.share.path)
  share(
    @Query(zodPipe(ATTRIBUTION.share.params)) q: ParamsOf<typeof ATTRIBUTION.share>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof ATTRIBUTION.share>> {
    return this.attribution.share(q, user);
  }

  @Get(ATTRIBUTION.price.path)
  @CachedAnswers()
  price(@Query(zodPipe(ATTRIBUTION.price.params)) q: ParamsOf<typeof ATTRIBUTION.price>): Promise<ResultOf<typeof ATTRIBUTION.price>> {
    return this.attribution.price(q);
  }
}
