import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { MP, MP_SESSION_COOKIE, MP_SESSION_HEADER, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { AdminOnly, ClientAddress, Public } from '../security/security.decorators';
import { cookieValue } from '../security/session-cookie';
import { MpService } from './mp.service';

/** The mp session of a call: the mp-session header (the pages' server), else the car-mp cookie. */
function sessionOf(header: string | undefined, cookies: string | undefined): string | null {
  return header?.trim() || cookieValue(cookies, MP_SESSION_COOKIE);
}

/** The mini-program's calls: no web session; the retail calls read an mp session instead (README decision 79). */
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
  unbind(@Body(zodPipe(MP.unbind.params)) dto: ParamsOf<typeof MP.unbind>): Promise<ResultOf<typeof MP.unbind>> {
    return this.mp.unbind(dto.openId);
  }

  @Public()
  @Get(MP.retailChart.path)
  retailChart(
    @Query(zodPipe(MP.retailChart.params)) q: ParamsOf<typeof MP.retailChart>,
    @Headers(MP_SESSION_HEADER) header?: string,
    @Headers('cookie') cookies?: string,
  ): Promise<ResultOf<typeof MP.retailChart>> {
    return this.mp.retailChart(sessionOf(header, cookies), q);
  }

  @Public()
  @Get(MP.searchCar.path)
  searchCar(
    @Query(zodPipe(MP.searchCar.params)) q: ParamsOf<typeof MP.searchCar>,
    @Headers(MP_SESSION_HEADER) header?: string,
    @Headers('cookie') cookies?: string,
  ): Promise<ResultOf<typeof MP.searchCar>> {
    return this.mp.searchCar(sessionOf(header, cookies), q);
  }
}
