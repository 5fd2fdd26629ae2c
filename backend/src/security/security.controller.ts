import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { messagePipe } from './message.pipe';
import { ClientAddress, CurrentUser, Public } from './security.decorators';
import {
  ChangePasswordDto,
  CurrentUserDto,
  LoginDto,
  LoginResult,
  MenuGroupDto,
  changePasswordSchema,
  loginSchema,
} from './security.dto';
import { SecurityService } from './security.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { SessionUser } from './session-user';

/** The spec's security calls. Besides the service call, the HTTP edge sets or clears the session cookie. */
@ApiTags('security')
@ApiSecurity('token')
@Controller('security')
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: '登录：account, password → {token, nickname}，并设置 car-token Cookie' })
  async login(
    @Body(messagePipe(loginSchema)) body: LoginDto,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResult> {
    const result = await this.security.login(body, address);
    setSessionCookie(request, response, result.token);
    return result;
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: '退出：吊销当前令牌并清除 Cookie' })
  async logout(
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.security.logout(user, address);
    clearSessionCookie(request, response);
  }

  @Post('changePwd')
  @HttpCode(200)
  @ApiOperation({ summary: '修改密码：oldPwd, newPwd；成功后此前的令牌全部失效' })
  async changePassword(
    @Body(messagePipe(changePasswordSchema)) body: ChangePasswordDto,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.security.changePassword(user, body, address);
    clearSessionCookie(request, response);
  }

  @Get('menus')
  @ApiOperation({ summary: '当前用户角色的菜单：[{id, name, path, subMenuItems}]' })
  menus(@CurrentUser() user: SessionUser): Promise<MenuGroupDto[]> {
    return this.security.menusOf(user);
  }

  @Get('me')
  @ApiOperation({ summary: '当前用户：{id, account, nickname, role, producerId, brandId}' })
  me(@CurrentUser() user: SessionUser): CurrentUserDto {
    return this.security.me(user);
  }
}
