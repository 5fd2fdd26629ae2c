import { Module } from '@nestjs/common';
import { CarConfigController } from './car-config.controller';
import { CarConfigRepository } from './car-config.repository';
import { CarConfigService } from './car-config.service';

/**
 * 配置查询: sub-series search, the trim-by-trim comparison over the configuration sheet (with each
 * column's retail volume and TP from the query layer), the first-level categories, and the .xlsx download.
 */
@Module({
  controllers: [CarConfigController],
  providers: [CarConfigService, CarConfigRepository],
  /** The configuration sheet's repository, for the import that writes it (DataImportJobsModule). */
  exports: [CarConfigRepository],
})
export class CarConfigModule {}
