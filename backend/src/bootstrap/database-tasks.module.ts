import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AnalyticsService } from '../analytics/analytics.service';
import { RollupRepository } from '../analytics/rollup.repository';
import { ReadReplicas } from '../database/read-replicas';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MonthlyDeckBuilder } from '../reportDownload/monthly-report.deck';
import { MonthlyReportWriter } from '../reportDownload/monthly-report.writer';
import { ReportRepository } from '../reportDownload/report.repository';
import { ReportStorage } from '../reportDownload/report-storage';
import { CalendarRepository, KeptCalendar } from '../reference/calendar.repository';
import { DataStatusService } from '../reference/data-status.service';
import { PriceService } from '../price/price.service';
import { GeographyRepository } from '../reference/geography.repository';
import { SegmentRepository } from '../reference/segment.repository';
import { CompanyBrandRepository } from '../saleVolume/company-brand.repository';
import { CompanyBrandService } from '../saleVolume/company-brand.service';
import { SaleVolumeService } from '../saleVolume/sale-volume.service';
import { SalesDeckService } from '../saleVolume/sales-deck.service';
import { DeckService } from '../deck/deck.service';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { DemoDataRepository } from '../seed/demo-data.repository';
import { MarketDataRepository } from './market-data.repository';

/**
 * The repositories the steps before the app serves use (boot, seed CLI, test setup, benchmark): built
 * by Nest on the step's own data source, like the app's, so their SQL lives in repositories too.
 */
@Module({})
export class DatabaseTasksModule {
  static on(dataSource: DataSource, config: Pick<AppConfig, 'reportsDir'>): DynamicModule {
    return {
      module: DatabaseTasksModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: APP_CONFIG, useValue: config },
        // Every read of a step before the app serves is the primary's.
        { provide: ReadReplicas, useValue: ReadReplicas.primaryOnly(dataSource) },
        MarketDataRepository,
        CalendarRepository,
        // The pages' services read the calendar through it; with no data-change listener here it reads afresh.
        KeptCalendar,
        RollupRepository,
        DemoDataRepository,
        // The producer reports written after a demo load: the app's own writer on the query layer.
        AnalyticsRepository,
        AnalyticsService,
        ReportRepository,
        ReportStorage,
        DataStatusService,
        MonthlyReportWriter,
        // Their decks (issue 31 §2): a producer's cards, trend, ranking and prices as the pages' services answer them.
        MonthlyDeckBuilder,
        SaleVolumeService,
        CompanyBrandService,
        CompanyBrandRepository,
        SalesDeckService,
        DeckService,
        DictionaryRepository,
        ReferenceIdsRepository,
        SegmentRepository,
        GeographyRepository,
        PriceService,
      ],
    };
  }
}

/** Runs `work` with those repositories; the data source stays open for the caller to close. */
export async function withDatabaseTasks<T>(
  dataSource: DataSource,
  config: Pick<AppConfig, 'reportsDir'>,
  work: (tasks: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const tasks = await NestFactory.createApplicationContext(DatabaseTasksModule.on(dataSource, config), { logger: false, abortOnError: false });
  try {
    return await work(tasks);
  } finally {
    await tasks.close();
  }
}
