import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { CompetitorMonitorController } from './competitor-monitor.controller';
import { CompetitorSetsController } from './competitor-sets.controller';
import { CompetitorSetsDataModule } from './competitor-sets-data.module';
import { CompetitorSetsJobsModule } from './competitor-sets-jobs.module';
import { CompetitorSetsService } from './competitor-sets.service';

/**
 * 竞品组 (competitorSets/…): a user's competitor sets, shared read-only with the colleagues of their producer, and
 * the suggested ones (issue 49, decision 296). The audit trail records the writes; the query layer answers the
 * suggestions and 竞品监控 (competitorSets/monitor) from the sub-series, province and price rollups. The reading and
 * the figures are CompetitorSetsDataModule's, which the alerts' evaluation shares (decision 298); a set's monthly deck
 * in 报告下载 is CompetitorSetsJobsModule's (decision 299).
 */
@Module({
  imports: [SecurityModule, CompetitorSetsDataModule, CompetitorSetsJobsModule],
  controllers: [CompetitorSetsController, CompetitorMonitorController],
  providers: [CompetitorSetsService],
  exports: [CompetitorSetsService],
})
export class CompetitorSetsModule {}
