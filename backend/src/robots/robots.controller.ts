import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ADMIN_ROBOTS, ROBOTS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { AdminOnly, ClientAddress, CurrentUser } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { RobotsAdminService } from './robots-admin.service';

/** 群机器人 (/admin/robots): administrators only. */
@Controller()
@AdminOnly()
export class RobotsAdminController {
  constructor(private readonly robots: RobotsAdminService) {}

  @Get(ADMIN_ROBOTS.list.path)
  list(@Query(zodPipe(ADMIN_ROBOTS.list.params)) _q: ParamsOf<typeof ADMIN_ROBOTS.list>): Promise<ResultOf<typeof ADMIN_ROBOTS.list>> {
    return this.robots.list();
  }

  @Get(ADMIN_ROBOTS.options.path)
  options(@Query(zodPipe(ADMIN_ROBOTS.options.params)) _q: ParamsOf<typeof ADMIN_ROBOTS.options>): Promise<ResultOf<typeof ADMIN_ROBOTS.options>> {
    return this.robots.options();
  }

  @Get(ADMIN_ROBOTS.deliveries.path)
  deliveries(@Query(zodPipe(ADMIN_ROBOTS.deliveries.params)) q: ParamsOf<typeof ADMIN_ROBOTS.deliveries>): Promise<ResultOf<typeof ADMIN_ROBOTS.deliveries>> {
    return this.robots.deliveries(q.id);
  }

  @Post(ADMIN_ROBOTS.create.path)
  @HttpCode(200)
  create(
    @Body(zodPipe(ADMIN_ROBOTS.create.params)) body: ParamsOf<typeof ADMIN_ROBOTS.create>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_ROBOTS.create>> {
    return this.robots.create(body, user, address);
  }

  @Post(ADMIN_ROBOTS.update.path)
  @HttpCode(200)
  update(
    @Body(zodPipe(ADMIN_ROBOTS.update.params)) body: ParamsOf<typeof ADMIN_ROBOTS.update>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_ROBOTS.update>> {
    return this.robots.update(body, user, address);
  }

  @Post(ADMIN_ROBOTS.remove.path)
  @HttpCode(200)
  remove(
    @Body(zodPipe(ADMIN_ROBOTS.remove.params)) body: ParamsOf<typeof ADMIN_ROBOTS.remove>,
    @CurrentUser() user: SessionUser,
    @ClientAddress() address: string,
  ): Promise<ResultOf<typeof ADMIN_ROBOTS.remove>> {
    return this.robots.remove(body.id, user, address);
  }

  @Post(ADMIN_ROBOTS.test.path)
  @HttpCode(200)
  test(
    @Body(zodPipe(ADMIN_ROBOTS.test.params)) body: ParamsOf<typeof ADMIN_ROBOTS.test>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof ADMIN_ROBOTS.test>> {
    return this.robots.test(body.id, user);
  }
}

/** The team's robots by name, for any signed-in user (to pick one for a subscription). */
@Controller()
export class RobotsController {
  constructor(private readonly robots: RobotsAdminService) {}

  @Get(ROBOTS.team.path)
  team(@Query(zodPipe(ROBOTS.team.params)) _q: ParamsOf<typeof ROBOTS.team>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ROBOTS.team>> {
    return this.robots.team(user);
  }
}
