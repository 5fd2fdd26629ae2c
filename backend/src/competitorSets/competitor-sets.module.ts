import { Module } from '@nestjs/common';
import { DeckModule } from '../deck/deck.module';
import { SecurityModule } from '../security/security.module';
import { CompetitorMonitorController } from './competitor-monitor.controller';
import { CompetitorMonitorService } from './competitor-monitor.service';
import { CompetitorSetsController } from './competitor-sets.controller';
import { CompetitorSetsRepository } from './competitor-sets.repository';
import { CompetitorSetsService } from './competitor-sets.service';

/**
 * 竞品组 (competitorSets/…): a user's competitor sets, shared read-only with the colleagues of their producer, and
 * the suggested ones (issue 49, decision 296). The audit trail records the writes; the query layer answers the
 * suggestions and 竞品监控 (competitorSets/monitor) from the sub-series, province and price rollups.
 */
@Module({
  imports: [SecurityModule, DeckModule],
  controllers: [CompetitorSetsController, CompetitorMonitorController],
  providers: [CompetitorSetsService, CompetitorSetsRepository, CompetitorMonitorService],
  exports: [CompetitorSetsService],
})
export class CompetitorSetsModule {}
