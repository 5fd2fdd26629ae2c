import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ALERT_PAGES, ALERTS, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { AlertsService } from './alerts.service';

/** 我的订阅's calls: each user's own subscriptions (another user's id answers 404). */
@RequiresPage(ALERT_PAGES.subscriptions)
@Controller()
export class AlertSubscriptionsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get(ALERTS.subscriptions.path)
  list(
    @Query(zodPipe(ALERTS.subscriptions.params)) _q: ParamsOf<typeof ALERTS.subscriptions>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof ALERTS.subscriptions>> {
    return this.alerts.list(user);
  }

  @Get(ALERTS.rows.path)
  rows(@Query(zodPipe(ALERTS.rows.params)) q: ParamsOf<typeof ALERTS.rows>): Promise<ResultOf<typeof ALERTS.rows>> {
    return this.alerts.rows(q.kind);
  }

  @Post(ALERTS.create.path)
  @HttpCode(200)
  create(@Body(zodPipe(ALERTS.create.params)) dto: ParamsOf<typeof ALERTS.create>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.create>> {
    return this.alerts.create(dto, user);
  }

  @Post(ALERTS.update.path)
  @HttpCode(200)
  update(@Body(zodPipe(ALERTS.update.params)) dto: ParamsOf<typeof ALERTS.update>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.update>> {
    return this.alerts.update(dto, user);
  }

  @Post(ALERTS.pause.path)
  @HttpCode(200)
  pause(@Body(zodPipe(ALERTS.pause.params)) dto: ParamsOf<typeof ALERTS.pause>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.pause>> {
    return this.alerts.pause(dto, user);
  }

  @Post(ALERTS.remove.path)
  @HttpCode(200)
  remove(@Body(zodPipe(ALERTS.remove.params)) dto: ParamsOf<typeof ALERTS.remove>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.remove>> {
    return this.alerts.remove(dto.id, user);
  }
}

/** 我的提醒's calls and the bell's count: each user's own notifications. */
@RequiresPage(ALERT_PAGES.notifications)
@Controller()
export class AlertNotificationsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get(ALERTS.notifications.path)
  list(
    @Query(zodPipe(ALERTS.notifications.params)) q: ParamsOf<typeof ALERTS.notifications>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof ALERTS.notifications>> {
    return this.alerts.notifications(q, user);
  }

  @Get(ALERTS.unread.path)
  unread(@Query(zodPipe(ALERTS.unread.params)) _q: ParamsOf<typeof ALERTS.unread>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.unread>> {
    return this.alerts.unread(user);
  }

  @Post(ALERTS.read.path)
  @HttpCode(200)
  read(@Body(zodPipe(ALERTS.read.params)) dto: ParamsOf<typeof ALERTS.read>, @CurrentUser() user: SessionUser): Promise<ResultOf<typeof ALERTS.read>> {
    return this.alerts.read(dto.ids, user);
  }

  @Post(ALERTS.readAll.path)
  @HttpCode(200)
  readAll(
    @Body(zodPipe(ALERTS.readAll.params)) _dto: ParamsOf<typeof ALERTS.readAll>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof ALERTS.readAll>> {
    return this.alerts.read('all', user);
  }
}
