import { Module } from '@nestjs/common';
import { CarConfigDataModule } from './car-config-data.module';
import { CarConfigController } from './car-config.controller';
import { CarConfigService } from './car-config.service';

/**
 * 配置查询: sub-series search, the trim-by-trim comparison over the configuration sheet (with each
 * column's retail volume and TP from the query layer), the first-level categories, and the .xlsx download.
 */
@Module({
  imports: [CarConfigDataModule],
  controllers: [CarConfigController],
  providers: [CarConfigService],
})
export class CarConfigModule {}
