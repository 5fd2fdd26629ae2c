import { Module } from '@nestjs/common';
import { MonthlyReportWriter } from './monthly-report.writer';
import { ReportJobs } from './report-jobs.service';
import { ReportRepository } from './report.repository';

/** 报告下载: the producers' report files. The listing and download calls come with the report page. */
@Module({
  providers: [ReportJobs, MonthlyReportWriter, ReportRepository],
  exports: [MonthlyReportWriter],
})
export class ReportDownloadModule {}
