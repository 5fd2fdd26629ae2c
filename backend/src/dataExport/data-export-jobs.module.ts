import { Module } from '@nestjs/common';
import { PriceExport, PriceVolumeExport, RebateExport } from './analytics-export';
import { CityRetailExport } from './city-retail.export';
import { CityRetailRepository } from './city-retail.repository';
import { DataExportJobs } from './data-export.jobs';
import { ExportDefinitions } from './export-definitions';
import { ExportJobRepository } from './export-job.repository';

/** The export processors and their storage: in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  providers: [DataExportJobs, CityRetailExport, PriceVolumeExport, PriceExport, RebateExport, ExportDefinitions, CityRetailRepository, ExportJobRepository],
  exports: [ExportJobRepository, ExportDefinitions],
})
export class DataExportJobsModule {}
