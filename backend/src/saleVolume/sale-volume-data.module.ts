import { Module } from '@nestjs/common';
import { SaleVolumeService } from './sale-volume.service';

/**
 * The sales-volume rules without the calls (no controller, so no answer cache): what the worker's jobs use too
 * (the subscriptions' evaluation, alerts/), and what SaleVolumeModule serves its calls with.
 */
@Module({
  providers: [SaleVolumeService],
  exports: [SaleVolumeService],
})
export class SaleVolumeDataModule {}
