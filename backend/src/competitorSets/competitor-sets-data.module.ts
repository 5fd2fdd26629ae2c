import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { CompetitorMonitorService } from './competitor-monitor.service';
import { CompetitorSetReader } from './competitor-set-reader.service';
import { CompetitorSetsRepository } from './competitor-sets.repository';

/**
 * The sets' storage, their reading as a viewer may, and 竞品监控's figures, without the calls (no controller, no audit,
 * no session): what the worker's alert evaluation uses too (decision 298), and what the sets' calls are served with.
 */
@Module({
  imports: [DeckModule],
  providers: [CompetitorSetsRepository, CompetitorSetReader, CompetitorMonitorService],
  exports: [CompetitorSetsRepository, CompetitorSetReader, CompetitorMonitorService],
})
export class CompetitorSetsDataModule {}
