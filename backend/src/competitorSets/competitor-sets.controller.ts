import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { COMPETITOR_SETS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { ClientAddress, CurrentUser } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { CompetitorSetsService } from './competitor-sets.service';

/** 竞品组's calls: every signed-in user, each on their own sets and those shared with their producer. */
@Controller()
export class CompetitorSetsController {
  constructor(private readonly sets: CompetitorSetsService) {}

  @Get(COMPETITOR_SETS.list.path)
  list(
    @Query(zodPipe(COMPETITOR_SETS.list.params)) _q: ParamsOf<typeof COMPETITOR_SETS.list>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.list>> {
    return this.sets.list(user);
  }

  @Get(COMPETITOR_SETS.suggestions.path)
  suggestions(
    @Query(zodPipe(COMPETITOR_SETS.suggestions.params)) _q: ParamsOf<typeof COMPETITOR_SETS.suggestions>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.suggestions>> {
    return this.sets.suggestions(user);
  }

  @Post(COMPETITOR_SETS.save.path)
  @HttpCode(200)
  save(
    @Body(zodPipe(COMPETITOR_SETS.save.params)) dto: ParamsOf<typeof COMPETITOR_SETS.save>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.save>> {
    return this.sets.save(dto, user, address);
  }

  @Post(COMPETITOR_SETS.update.path)
  @HttpCode(200)
  update(
    @Body(zodPipe(COMPETITOR_SETS.update.params)) dto: ParamsOf<typeof COMPETITOR_SETS.update>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.update>> {
    return this.sets.update(dto, user, address);
  }

  @Post(COMPETITOR_SETS.remove.path)
  @HttpCode(200)
  remove(
    @Body(zodPipe(COMPETITOR_SETS.remove.params)) dto: ParamsOf<typeof COMPETITOR_SETS.remove>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.remove>> {
    return this.sets.remove(dto.id, user, address);
  }

  @Post(COMPETITOR_SETS.share.path)
  @HttpCode(200)
  share(
    @Body(zodPipe(COMPETITOR_SETS.share.params)) dto: ParamsOf<typeof COMPETITOR_SETS.share>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.share>> {
    return this.sets.share(dto, user, address);
  }

  @Post(COMPETITOR_SETS.copy.path)
  @HttpCode(200)
  copy(
    @Body(zodPipe(COMPETITOR_SETS.copy.params)) dto: ParamsOf<typeof COMPETITOR_SETS.copy>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof COMPETITOR_SETS.copy>> {
    return this.sets.copy(dto, user, address);
  }
}
