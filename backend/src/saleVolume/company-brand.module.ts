import { Module } from '@nestjs/common';
import { CompanyBrandController } from './company-brand.controller';
import { CompanyBrandDeckController } from './company-brand-deck.controller';
import { CompanyBrandRepository } from './company-brand.repository';
import { CompanyBrandService } from './company-brand.service';
import { SaleVolumeModule } from './sale-volume.module';

/** 厂商品牌表现: the producer/brand page's calls, over the shared sales-volume rules. */
@Module({
  imports: [SaleVolumeModule],
  controllers: [CompanyBrandController, CompanyBrandDeckController],
  providers: [CompanyBrandService, CompanyBrandRepository],
})
export class CompanyBrandModule {}
