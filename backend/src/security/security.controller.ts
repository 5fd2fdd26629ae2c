import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type ParamsOf, type ResultOf, SECURITY } from '@car/contracts';
import { messagePipe } from './message.pipe';
import { ClientAddress, CurrentUser, Public } from './security.decorators';
import { SecurityService } from './security.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { SessionUser } from './session-user';

/** The spec's security calls. Besides the service call, the HTTP edge sets or clears the session cookie. */
@Controller()
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

  @Public()
  @Post(SECURITY.login.path)
  @HttpCode(200)
  async login(
    @Body(messagePipe(SECURITY.login.params)) body: ParamsOf<typeof SECURITY.login>,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ResultOf<typeof SECURITY.login>> {
    const result = await this.security.login(body, address);
    setSessionCookie(request, response, result.token);
    return result;
  }

  @Post(SECURITY.logout.path)
  @HttpCode(200)
  async logout(
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.security.logout(user, address);
    clearSessionCookie(request, response);
  }

  @Post(SECURITY.changePassword.path)
  @HttpCode(200)
  async changePassword(
    @Body(messagePipe(SECURITY.changePassword.params)) body: ParamsOf<typeof SECURITY.changePassword>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.security.changePassword(user, body, address);
    clearSessionCookie(request, response);
  }

  @Get(SECURITY.menus.path)
  menus(@CurrentUser() user: SessionUser): Promise<ResultOf<typeof SECURITY.menus>> {
    return this.security.menusOf(user);
  }

  @Get(SECURITY.me.path)
  me(@CurrentUser() user: SessionUser): ResultOf<typeof SECURITY.me> {
    return this.security.me(user);
  }
}
