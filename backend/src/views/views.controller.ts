import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { VIEWS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { ClientAddress, CurrentUser } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { ViewsService } from './views.service';

/** 我的视图's calls: every signed-in user, each on their own views and those shared with them. */
@Controller()
export class ViewsController {
  constructor(private readonly views: ViewsService) {}

  @Get(VIEWS.list.path)
  list(@Query(zodPipe(VIEWS.list.params)) _q: ParamsOf<typeof VIEWS.list>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof VIEWS.list>> {
    return this.views.list(user);
  }

  @Get(VIEWS.open.path)
  open(@Query(zodPipe(VIEWS.open.params)) q: ParamsOf<typeof VIEWS.open>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof VIEWS.open>> {
    return this.views.open(q.id, user);
  }

  @Get(VIEWS.colleagues.path)
  colleagues(
    @Query(zodPipe(VIEWS.colleagues.params)) q: ParamsOf<typeof VIEWS.colleagues>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof VIEWS.colleagues>> {
    return this.views.colleagues(q, user);
  }

  @Post(VIEWS.save.path)
  @HttpCode(200)
  save(
    @Body(zodPipe(VIEWS.save.params)) dto: ParamsOf<typeof VIEWS.save>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof VIEWS.save>> {
    return this.views.save(dto, user, address);
  }

  @Post(VIEWS.rename.path)
  @HttpCode(200)
  rename(
    @Body(zodPipe(VIEWS.rename.params)) dto: ParamsOf<typeof VIEWS.rename>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof VIEWS.rename>> {
    return this.views.rename(dto, user, address);
  }

  @Post(VIEWS.remove.path)
  @HttpCode(200)
  remove(
    @Body(zodPipe(VIEWS.remove.params)) dto: ParamsOf<typeof VIEWS.remove>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof VIEWS.remove>> {
    return this.views.remove(dto.id, user, address);
  }

  @Post(VIEWS.share.path)
  @HttpCode(200)
  share(
    @Body(zodPipe(VIEWS.share.params)) dto: ParamsOf<typeof VIEWS.share>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof VIEWS.share>> {
    return this.views.share(dto, user, address);
  }

  @Post(VIEWS.copy.path)
  @HttpCode(200)
  copy(
    @Body(zodPipe(VIEWS.copy.params)) dto: ParamsOf<typeof VIEWS.copy>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof VIEWS.copy>> {
    return this.views.copy(dto, user, address);
  }
}
