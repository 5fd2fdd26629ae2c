import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ADMIN_USERS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../../common/zod-validation.pipe';
import { AdminOnly, ClientAddress, CurrentUser } from '../../security/security.decorators';
import type { SessionUser } from '../../security/session-user';
import { AdminUsersService } from './admin-users.service';

/** 用户管理's calls, administrators only (the guard refuses anyone else before a body is read). */
@AdminOnly()
@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get(ADMIN_USERS.list.path)
  list(@Query(zodPipe(ADMIN_USERS.list.params)) q: ParamsOf<typeof ADMIN_USERS.list>): Promise<ResultOf<typeof ADMIN_USERS.list>> {
    return this.users.list(q);
  }

  @Get(ADMIN_USERS.options.path)
  options(@Query(zodPipe(ADMIN_USERS.options.params)) _q: ParamsOf<typeof ADMIN_USERS.options>): Promise<ResultOf<typeof ADMIN_USERS.options>> {
    return this.users.options();
  }

  @Get(ADMIN_USERS.bindings.path)
  bindings(@Query(zodPipe(ADMIN_USERS.bindings.params)) q: ParamsOf<typeof ADMIN_USERS.bindings>): Promise<ResultOf<typeof ADMIN_USERS.bindings>> {
    return this.users.bindings(q.id);
  }

  @Post(ADMIN_USERS.create.path)
  @HttpCode(200)
  create(
    @Body(zodPipe(ADMIN_USERS.create.params)) dto: ParamsOf<typeof ADMIN_USERS.create>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.create>> {
    return this.users.create(dto, admin, address);
  }

  @Post(ADMIN_USERS.update.path)
  @HttpCode(200)
  update(
    @Body(zodPipe(ADMIN_USERS.update.params)) dto: ParamsOf<typeof ADMIN_USERS.update>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.update>> {
    return this.users.update(dto, admin, address);
  }

  @Post(ADMIN_USERS.disable.path)
  @HttpCode(200)
  disable(
    @Body(zodPipe(ADMIN_USERS.disable.params)) dto: ParamsOf<typeof ADMIN_USERS.disable>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.disable>> {
    return this.users.disable(dto.id, admin, address);
  }

  @Post(ADMIN_USERS.enable.path)
  @HttpCode(200)
  enable(
    @Body(zodPipe(ADMIN_USERS.enable.params)) dto: ParamsOf<typeof ADMIN_USERS.enable>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.enable>> {
    return this.users.enable(dto.id, admin, address);
  }

  @Post(ADMIN_USERS.resetPassword.path)
  @HttpCode(200)
  resetPassword(
    @Body(zodPipe(ADMIN_USERS.resetPassword.params)) dto: ParamsOf<typeof ADMIN_USERS.resetPassword>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.resetPassword>> {
    return this.users.resetPassword(dto.id, admin, address);
  }

  @Post(ADMIN_USERS.revokeSessions.path)
  @HttpCode(200)
  revokeSessions(
    @Body(zodPipe(ADMIN_USERS.revokeSessions.params)) dto: ParamsOf<typeof ADMIN_USERS.revokeSessions>,
    @CurrentUser() admin: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_USERS.revokeSessions>> {
    return this.users.revokeSessions(dto.id, admin, address);
  }
}
