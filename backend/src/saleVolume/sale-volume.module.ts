import { Module } from '@nestjs/common';
import { SaleVolumeDataModule } from './sale-volume-data.module';
import { WholeMarketDeckController } from './whole-market-deck.controller';
import { WholeMarketController } from './whole-market.controller';
import { WholeMarketService } from './whole-market.service';

/** 销量分析: whole market, area market and producer/brand calls over the analytics query layer. */
@Module({
  imports: [SaleVolumeDataModule],
  controllers: [WholeMarketController, WholeMarketDeckController],
  providers: [WholeMarketService],
  exports: [SaleVolumeDataModule],
})
export class SaleVolumeModule {}
