import { Module } from '@nestjs/common';
import { CityRetailExport } from './city-retail.export';
import { CityRetailRepository } from './city-retail.repository';
import { DataExportJobs } from './data-export.jobs';
import { ExportJobRepository } from './export-job.repository';

/** The export processors and their storage: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  providers: [DataExportJobs, CityRetailExport, CityRetailRepository, ExportJobRepository],
  exports: [ExportJobRepository],
})
export class DataExportJobsModule {}
