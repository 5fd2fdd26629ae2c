import { Module } from '@nestjs/common';
import { DataExportController } from './data-export.controller';
import { DataExportJobsModule } from './data-export-jobs.module';
import { DataExportService } from './data-export.service';

/** 数据导出: the four exports' calls (POST dataExport/…), their jobs' progress and files. */
@Module({
  imports: [DataExportJobsModule],
  controllers: [DataExportController],
  providers: [DataExportService],
})
export class DataExportModule {}
