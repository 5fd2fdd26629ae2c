import { Module } from '@nestjs/common';
import { PriceService } from './price.service';

/**
 * The price rules without the calls (no controller, so no answer cache): the price pages' services read them,
 * and so does each producer's monthly deck (reportDownload/: its sub-series' TP and discount against their segments').
 */
@Module({
  providers: [PriceService],
  exports: [PriceService],
})
export class PriceDataModule {}
