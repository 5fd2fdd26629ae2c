import { Module } from '@nestjs/common';
import { PriceDataModule } from '../price/price-data.module';
import { SaleVolumeDataModule } from '../saleVolume/sale-volume-data.module';
import { MonthlyDeckBuilder } from './monthly-report.deck';
import { MonthlyReportWriter } from './monthly-report.writer';
import { ReportBundleRepository } from './report-bundle.repository';
import { ReportBundleWriter } from './report-bundle.writer';
import { ReportDownloadJobs } from './report-download.jobs';
import { ReportRepository } from './report.repository';
import { ReportStorage } from './report-storage';

/** 报告下载's storage and jobs (monthly reports, bundles): in the app (no Redis) and in the worker alike (CoreModule). */
@Module({
  imports: [SaleVolumeDataModule, PriceDataModule],
  providers: [ReportDownloadJobs, MonthlyReportWriter, MonthlyDeckBuilder, ReportRepository, ReportStorage, ReportBundleRepository, ReportBundleWriter],
  exports: [MonthlyReportWriter, ReportRepository, ReportStorage, ReportBundleRepository],
})
export class ReportDownloadJobsModule {}
