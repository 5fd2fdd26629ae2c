import { Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CompetitorSetsDataModule } from '../competitorSets/competitor-sets-data.module';
import { AlertNotificationsController, AlertSubscriptionsController } from './alerts.controller';
import { RobotsJobsModule } from '../robots/robots-jobs.module';
import { MenusModule } from '../security/menus.module';
import { AlertsJobsModule } from './alerts-jobs.module';
import { AlertsQueue } from './alerts-queue';
import { AlertsService } from './alerts.service';

/**
 * After the app boots, the subscriptions are evaluated once: a demo load (at boot on an empty database, or the seed
 * command) published its months before any queue ran (decision 192).
 */
@Injectable()
export class AlertsAtBoot implements OnApplicationBootstrap {
  private readonly logger = new Logger('Alerts');

  constructor(private readonly queue: AlertsQueue) {}

  onApplicationBootstrap(): void {
    this.queue
      .evaluateLatest('boot')
      .catch((error: unknown) => this.logger.warn(`evaluation not queued at boot: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** 订阅与提醒: subscriptions, notifications and the bell's count (alerts/…). */
@Module({
  imports: [AlertsJobsModule, CompetitorSetsDataModule, RobotsJobsModule, MenusModule],
  controllers: [AlertSubscriptionsController, AlertNotificationsController],
  providers: [AlertsService, AlertsAtBoot],
})
export class AlertsModule {}
