import { Global, Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { RollupJobs } from './rollup.jobs';
import { RollupRepository } from './rollup.repository';

/** The analytics query layer (query.ts, model.ts, measures.ts; rollups.ts, rollup-chooser.ts, sql-writer.ts) and the rollups it reads. */
@Global()
@Module({
  providers: [AnalyticsService, AnalyticsRepository, RollupRepository, RollupJobs],
  exports: [AnalyticsService, RollupRepository, RollupJobs],
})
export class AnalyticsModule {}
