import { Module } from '@nestjs/common';
import { CompetitorSetsDataModule } from '../competitorSets/competitor-sets-data.module';
import { RobotsJobsModule } from '../robots/robots-jobs.module';
import { SaleVolumeDataModule } from '../saleVolume/sale-volume-data.module';
import { MenusModule } from '../security/menus.module';
import { AlertEvaluator } from './alert-evaluator';
import { AlertRepository } from './alert.repository';
import { AlertsJobs } from './alerts.jobs';
import { AlertsQueue } from './alerts-queue';

/** The subscriptions' storage and their evaluation job: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  imports: [SaleVolumeDataModule, CompetitorSetsDataModule, RobotsJobsModule, MenusModule],
  providers: [AlertsJobs, AlertEvaluator, AlertRepository, AlertsQueue],
  exports: [AlertRepository, AlertEvaluator, AlertsQueue],
})
export class AlertsJobsModule {}
