import { Module } from '@nestjs/common';
import { ReportAdminService } from './report-admin.service';
import { ReportDownloadController } from './report-download.controller';
import { ReportDownloadJobsModule } from './report-download-jobs.module';
import { ReportDownloadService } from './report-download.service';

/** 报告下载's calls: the list, downloads and bundles, and the administrator's upload, replace and delete. */
@Module({
  imports: [ReportDownloadJobsModule],
  controllers: [ReportDownloadController],
  providers: [ReportDownloadService, ReportAdminService],
})
export class ReportDownloadModule {}
