import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { SaleVolumeDataModule } from './sale-volume-data.module';
import { SalesDeckService } from './sales-deck.service';
import { WholeMarketDeckController } from './whole-market-deck.controller';
import { WholeMarketController } from './whole-market.controller';
import { WholeMarketService } from './whole-market.service';

/** 销量分析: whole market, area market and producer/brand calls over the analytics query layer. */
@Module({
  imports: [SaleVolumeDataModule, DeckModule],
  controllers: [WholeMarketController, WholeMarketDeckController],
  providers: [WholeMarketService, SalesDeckService],
  exports: [SaleVolumeDataModule, SalesDeckService],
})
export class SaleVolumeModule {}
