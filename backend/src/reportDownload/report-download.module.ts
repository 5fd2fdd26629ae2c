import { Module } from '@nestjs/common';
import { ReportJobs } from './report-jobs.service';

/** 报告下载: the producers' report files. The listing and download calls come with the report page. */
@Module({
  providers: [ReportJobs],
})
export class ReportDownloadModule {}
