import { Module } from '@nestjs/common';
import { CalendarRepository } from './calendar.repository';
import { DimensionLookupRepository } from './dimension-lookup.repository';
import { SaleVolumeService } from './sale-volume.service';
import { WholeMarketController } from './whole-market.controller';
import { WholeMarketService } from './whole-market.service';

/** 销量分析: whole market, area market and producer/brand calls over the analytics query layer. */
@Module({
  controllers: [WholeMarketController],
  providers: [SaleVolumeService, CalendarRepository, DimensionLookupRepository, WholeMarketService],
  exports: [SaleVolumeService, CalendarRepository, DimensionLookupRepository],
})
export class SaleVolumeModule {}
