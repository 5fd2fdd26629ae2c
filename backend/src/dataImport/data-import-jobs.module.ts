import { Module } from '@nestjs/common';
import { DataImportJobs } from './data-import.jobs';
import { CarConfigRepository } from '../carConfig/car-config.repository';
import { CatalogImportRepository } from './catalog-import.repository';
import { ConfigImportRepository } from './config-import.repository';
import { DataImportRepository } from './data-import.repository';

/** The import processors and their storage: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  providers: [DataImportJobs, DataImportRepository, CatalogImportRepository, ConfigImportRepository, CarConfigRepository],
  exports: [DataImportJobs, DataImportRepository, CatalogImportRepository, ConfigImportRepository],
})
export class DataImportJobsModule {}
