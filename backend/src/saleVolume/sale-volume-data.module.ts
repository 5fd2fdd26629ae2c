import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { CompanyBrandRepository } from './company-brand.repository';
import { CompanyBrandService } from './company-brand.service';
import { SalesDeckService } from './sales-deck.service';
import { SaleVolumeService } from './sale-volume.service';

/**
 * The sales-volume rules without the calls (no controller, so no answer cache): what the worker's jobs use too
 * (the subscriptions' evaluation, alerts/; each producer's monthly deck, reportDownload/, reads a producer's cards
 * and trend as 厂商品牌表现 answers them), and what the sales modules serve their calls and decks with.
 */
@Module({
  imports: [DeckModule],
  providers: [SaleVolumeService, CompanyBrandService, CompanyBrandRepository, SalesDeckService],
  exports: [SaleVolumeService, CompanyBrandService, SalesDeckService],
})
export class SaleVolumeDataModule {}
