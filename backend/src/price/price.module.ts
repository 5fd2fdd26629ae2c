import { Module } from '@nestjs/common';
import { MarketPriceController } from './market-price.controller';
import { MarketPriceService } from './market-price.service';
import { PriceTraceController } from './price-trace.controller';
import { PriceTraceService } from './price-trace.service';
import { PriceRepository } from './price.repository';
import { PriceService } from './price.service';

/** 价格分析: the market price index and the car-series price trace over the query layer's price measures. */
@Module({
  controllers: [MarketPriceController, PriceTraceController],
  providers: [PriceService, MarketPriceService, PriceTraceService, PriceRepository],
})
export class PriceModule {}
