import { Module } from '@nestjs/common';
import { SaleVolumeModule } from '../saleVolume/sale-volume.module';
import { AlertEvaluator } from './alert-evaluator';
import { AlertRepository } from './alert.repository';
import { AlertsJobs } from './alerts.jobs';
import { AlertsQueue } from './alerts-queue';

/** The subscriptions' storage and their evaluation job: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  imports: [SaleVolumeModule],
  providers: [AlertsJobs, AlertEvaluator, AlertRepository, AlertsQueue],
  exports: [AlertRepository, AlertEvaluator, AlertsQueue],
})
export class AlertsJobsModule {}
