import path from 'node:path';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DataImportController } from './data-import.controller';
import { DataImportJobsModule } from './data-import-jobs.module';
import { DataImportService } from './data-import.service';

/** 数据导入 (/admin/import, administrators only): uploads, their progress and problems, confirm and cancel, templates. */
@Module({
  imports: [
    DataImportJobsModule,
    // Uploads go to disk beside where the import keeps them (the same file system: a rename, no copy).
    MulterModule.registerAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ dest: path.join(config.importsDir, 'incoming') }) }),
  ],
  controllers: [DataImportController],
  providers: [DataImportService],
})
export class DataImportModule {}
