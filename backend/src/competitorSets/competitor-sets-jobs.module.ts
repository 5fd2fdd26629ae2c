import { Module } from '@nestjs/common';
import { ReportDownloadJobsModule } from '../reportDownload/report-download-jobs.module';
import { CompetitorSetDecks } from './competitor-set-decks.jobs';
import { CompetitorSetsDataModule } from './competitor-sets-data.module';

/**
 * The sets' monthly decks in 报告下载 (decision 299): their job, queued after a publish and when a set is saved or edited,
 * run in the app (no Redis) and in the worker alike (CoreModule), written through 报告下载's storage.
 */
@Module({
  imports: [CompetitorSetsDataModule, ReportDownloadJobsModule],
  providers: [CompetitorSetDecks],
  exports: [CompetitorSetDecks],
})
export class CompetitorSetsJobsModule {}
