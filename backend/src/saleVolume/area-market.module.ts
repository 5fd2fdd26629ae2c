import { Module } from '@nestjs/common';
import { AreaMarketController } from './area-market.controller';
import { AreaMarketDeckController } from './area-market-deck.controller';
import { AreaMarketService } from './area-market.service';
import { SaleVolumeModule } from './sale-volume.module';

/** 区域市场表现: the area-market calls over the shared sales-volume rules. */
@Module({
  imports: [SaleVolumeModule],
  controllers: [AreaMarketController, AreaMarketDeckController],
  providers: [AreaMarketService],
})
export class AreaMarketModule {}
