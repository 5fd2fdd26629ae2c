import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { MarketPriceDeckController, PriceTraceDeckController } from './price-deck.controller';
import { MarketPriceController } from './market-price.controller';
import { MarketPriceService } from './market-price.service';
import { PriceVolumeModule } from '../pricevolume/price-volume.module';
import { PriceDataModule } from './price-data.module';
import { DetailMarketController, TotalMarketController } from './price-structure.controller';
import { DetailMarketDeckController, TotalMarketDeckController } from './price-structure-deck.controller';
import { PriceStructureService } from './price-structure.service';
import { PriceTraceController } from './price-trace.controller';
import { PriceTraceService } from './price-trace.service';
import { PriceRepository } from './price.repository';

/** 价格分析: the market price index, the car-series price trace and the price-structure pair over the query layer's price measures. */
@Module({
  imports: [PriceVolumeModule, PriceDataModule, DeckModule],
  controllers: [
    MarketPriceController,
    MarketPriceDeckController,
    PriceTraceController,
    PriceTraceDeckController,
    TotalMarketController,
    DetailMarketController,
    TotalMarketDeckController,
    DetailMarketDeckController,
  ],
  providers: [MarketPriceService, PriceTraceService, PriceRepository, PriceStructureService],
})
export class PriceModule {}
