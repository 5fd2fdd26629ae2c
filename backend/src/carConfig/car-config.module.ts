import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { CarConfigDataModule } from './car-config-data.module';
import { CarConfigDeckController } from './car-config-deck.controller';
import { CarConfigController } from './car-config.controller';
import { CarConfigService } from './car-config.service';

/**
 * 配置查询: sub-series search, the trim-by-trim comparison over the configuration sheet (with each
 * column's retail volume and TP from the query layer), the first-level categories, the .xlsx download and 导出PPT.
 */
@Module({
  imports: [CarConfigDataModule, DeckModule],
  controllers: [CarConfigController, CarConfigDeckController],
  providers: [CarConfigService],
})
export class CarConfigModule {}
