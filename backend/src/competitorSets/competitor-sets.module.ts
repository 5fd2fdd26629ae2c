import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { CompetitorSetsController } from './competitor-sets.controller';
import { CompetitorSetsRepository } from './competitor-sets.repository';
import { CompetitorSetsService } from './competitor-sets.service';

/**
 * 竞品组 (competitorSets/…): a user's competitor sets, shared read-only with the colleagues of their producer, and
 * the suggested ones (issue 49, decision 296). The audit trail records the writes; the query layer answers the
 * suggestions from the sub-series and price rollups.
 */
@Module({
  imports: [SecurityModule],
  controllers: [CompetitorSetsController],
  providers: [CompetitorSetsService, CompetitorSetsRepository],
  exports: [CompetitorSetsService],
})
export class CompetitorSetsModule {}
