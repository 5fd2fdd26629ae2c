import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { ModelPriceDeckController } from './model-price-deck.controller';
import { ModelPriceController } from './model-price.controller';
import { ModelPriceService } from './model-price.service';
import { PriceQtyDeckController } from './price-qty-deck.controller';
import { PriceQtyController } from './price-qty.controller';
import { PriceQtyService } from './price-qty.service';
import { PriceVolumeRepository } from './price-volume.repository';
import { PriceVolumeMonths } from './price-volume.scope';

/** 价量交叉: the price-band sales and sales-proportion calls over the analytics query layer, and their decks (导出PPT). */
@Module({
  imports: [DeckModule],
  controllers: [PriceQtyController, ModelPriceController, PriceQtyDeckController, ModelPriceDeckController],
  providers: [PriceQtyService, ModelPriceService, PriceVolumeRepository, PriceVolumeMonths],
  /** The retail month a call means, for the price-structure pages too (PriceModule). */
  exports: [PriceVolumeMonths],
})
export class PriceVolumeModule {}
