import { Module } from '@nestjs/common';
import { DataImportJobs } from './data-import.jobs';
import { CatalogImportRepository } from './catalog-import.repository';
import { DataImportRepository } from './data-import.repository';

/** The import processors and their storage: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  providers: [DataImportJobs, DataImportRepository, CatalogImportRepository],
  exports: [DataImportJobs, DataImportRepository, CatalogImportRepository],
})
export class DataImportJobsModule {}
