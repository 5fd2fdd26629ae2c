import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { MP, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { AdminOnly, ClientAddress, CurrentUser, Public } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import type { MpSessionUser } from './mp-session.service';
import { MpSessionGuard, MpUser } from './mp-session.guard';
import { MpService } from './mp.service';

/** The mini-program's calls: no web session; the retail calls read an mp session instead (decision 79). */
@Controller()
export class MpController {
  constructor(private readonly mp: MpService) {}

  @Public()
  @Post(MP.session.path)
  @HttpCode(200)
  session(@Body(zodPipe(MP.session.params)) dto: ParamsOf<typeof MP.session>): Promise<ResultOf<typeof MP.session>> {
    return this.mp.open(dto);
  }

  @Public()
  @Post(MP.bind.path)
  @HttpCode(200)
  bind(@Body(zodPipe(MP.bind.params)) dto: ParamsOf<typeof MP.bind>, @ClientAddress() address: string): Promise<ResultOf<typeof MP.bind>> {
    return this.mp.bind(dto, address);
  }

  @AdminOnly()
  @Post(MP.unbind.path)
  @HttpCode(200)
  unbind(
    @Body(zodPipe(MP.unbind.params)) dto: ParamsOf<typeof MP.unbind>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof MP.unbind>> {
    return this.mp.unbind(dto.openId, user, address);
  }

  @Public()
  @UseGuards(MpSessionGuard)
  @Get(MP.retailChart.path)
  retailChart(
    @Query(zodPipe(MP.retailChart.params)) q: ParamsOf<typeof MP.retailChart>,
    @MpUser() user: MpSessionUser,
  ): Promise<ResultOf<typeof MP.retailChart>> {
    return this.mp.retailChart(user, q);
  }

  @Public()
  @UseGuards(MpSessionGuard)
  @Get(MP.searchCar.path)
  searchCar(@Query(zodPipe(MP.searchCar.params)) q: ParamsOf<typeof MP.searchCar>, @MpUser() user: MpSessionUser): Promise<ResultOf<typeof MP.searchCar>> {
    return this.mp.searchCar(user, q);
  }

  @Public()
  @UseGuards(MpSessionGuard)
  @Get(MP.searchAll.path)
  searchAll(@Query(zodPipe(MP.searchAll.params)) q: ParamsOf<typeof MP.searchAll>, @MpUser() user: MpSessionUser): Promise<ResultOf<typeof MP.searchAll>> {
    return this.mp.searchAll(user, q);
  }

  @Public()
  @UseGuards(MpSessionGuard)
  @Get(MP.cities.path)
  cities(@Query(zodPipe(MP.cities.params)) q: ParamsOf<typeof MP.cities>): Promise<ResultOf<typeof MP.cities>> {
    return this.mp.cities(q.provinceId);
  }
}
