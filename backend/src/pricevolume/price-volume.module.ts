import { Module } from '@nestjs/common';
import { ModelPriceController } from './model-price.controller';
import { ModelPriceService } from './model-price.service';
import { PriceQtyController } from './price-qty.controller';
import { PriceQtyService } from './price-qty.service';
import { PriceVolumeRepository } from './price-volume.repository';
import { PriceVolumeMonths } from './price-volume.scope';

/** 价量交叉: the price-band sales and sales-proportion calls over the analytics query layer. */
@Module({
  controllers: [PriceQtyController, ModelPriceController],
  providers: [PriceQtyService, ModelPriceService, PriceVolumeRepository, PriceVolumeMonths],
  /** The retail month a call means, for the price-structure pages too (PriceModule). */
  exports: [PriceVolumeMonths],
})
export class PriceVolumeModule {}
