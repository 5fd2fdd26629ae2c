import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { AttributionFilesController } from './attribution-files.controller';
import { AttributionController } from './attribution.controller';
import { AttributionService } from './attribution.service';

/**
 * 归因分析 (attribution/…, issue 50, decision 302): the volume, share and price splits of a change between two
 * periods, over the query layer's rollups; the service is exported for the calls that build on the same figures.
 */
@Module({
  imports: [DeckModule],
  controllers: [AttributionController, AttributionFilesController],
  providers: [AttributionService],
  exports: [AttributionService],
})
export class AttributionModule {}
