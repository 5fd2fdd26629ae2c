import { Module } from '@nestjs/common';
import { SaleVolumeService } from './sale-volume.service';
import { WholeMarketController } from './whole-market.controller';
import { WholeMarketService } from './whole-market.service';

/** 销量分析: whole market, area market and producer/brand calls over the analytics query layer. */
@Module({
  controllers: [WholeMarketController],
  providers: [SaleVolumeService, WholeMarketService],
  exports: [SaleVolumeService],
})
export class SaleVolumeModule {}
