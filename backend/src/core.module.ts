import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from './config/config';
import { dataSourceOptions } from './database/data-source';
import { ReadReplicasModule } from './database/read-replicas.module';
import { AlertsJobsModule } from './alerts/alerts-jobs.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { CompetitorSetsJobsModule } from './competitorSets/competitor-sets-jobs.module';
import { DataExportJobsModule } from './dataExport/data-export-jobs.module';
import { DataImportJobsModule } from './dataImport/data-import-jobs.module';
import { QueueModule } from './queue/queue.module';
import { ReferenceModule } from './reference/reference.module';
import { RobotsJobsModule } from './robots/robots-jobs.module';
import { ReportDownloadJobsModule } from './reportDownload/report-download-jobs.module';
import { AuditRetentionJobsModule } from './security/audit-retention-jobs.module';

export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
}

/**
 * What the API and the worker share: configuration, the database, reference data, the job queue and
 * the services that jobs run. The API adds controllers (AppModule); the worker adds the BullMQ consumer.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime, applicationName: string): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(runtime.databaseUrl, applicationName)),
        ReadReplicasModule,
        QueueModule.forRoot(),
        ReferenceModule,
        AnalyticsModule,
        ReportDownloadJobsModule,
        DataExportJobsModule,
        DataImportJobsModule,
        AuditRetentionJobsModule,
        RobotsJobsModule,
        AlertsJobsModule,
        CompetitorSetsJobsModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: runtime.config }],
      exports: [APP_CONFIG],
    };
  }
}
