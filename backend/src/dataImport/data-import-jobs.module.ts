import { Module } from '@nestjs/common';
import { DataImportJobs } from './data-import.jobs';
import { AlertsJobsModule } from '../alerts/alerts-jobs.module';
import { CarConfigDataModule } from '../carConfig/car-config-data.module';
import { CompetitorSetsJobsModule } from '../competitorSets/competitor-sets-jobs.module';
import { CatalogImportRepository } from './catalog-import.repository';
import { ConfigImportRepository } from './config-import.repository';
import { DataImportRepository } from './data-import.repository';

/** The import processors and their storage: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  imports: [CarConfigDataModule, AlertsJobsModule, CompetitorSetsJobsModule],
  providers: [DataImportJobs, DataImportRepository, CatalogImportRepository, ConfigImportRepository],
  exports: [DataImportJobs, DataImportRepository, CatalogImportRepository, ConfigImportRepository],
})
export class DataImportJobsModule {}
