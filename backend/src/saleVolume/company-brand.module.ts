import { Module } from '@nestjs/common';
import { CompanyBrandController } from './company-brand.controller';
import { CompanyBrandDeckController } from './company-brand-deck.controller';
import { SaleVolumeModule } from './sale-volume.module';

/** 厂商品牌表现: the producer/brand page's calls, over the shared sales-volume rules (its service is SaleVolumeDataModule's). */
@Module({
  imports: [SaleVolumeModule],
  controllers: [CompanyBrandController, CompanyBrandDeckController],
})
export class CompanyBrandModule {}
