import { Module } from '@nestjs/common';
import { CompanyBrandRepository } from './company-brand.repository';
import { CompanyBrandService } from './company-brand.service';
import { SaleVolumeService } from './sale-volume.service';

/**
 * The sales-volume rules without the calls (no controller, so no answer cache): what the worker's jobs use too
 * (the subscriptions' evaluation, alerts/; each producer's monthly deck, reportDownload/, reads a producer's cards
 * and trend as 厂商品牌表现 answers them), and what the sales modules serve their calls with.
 */
@Module({
  providers: [SaleVolumeService, CompanyBrandService, CompanyBrandRepository],
  exports: [SaleVolumeService, CompanyBrandService],
})
export class SaleVolumeDataModule {}
