import { Body, Controller, Get, HttpCode, Post, Query, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { REPORT_DOWNLOAD, REPORT_MAX_BYTES, REPORT_MAX_FILES, REPORT_MESSAGES, type ParamsOf, type ResultOf } from '@car/contracts';
import { UploadErrors } from '../common/upload-errors.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { sendStoredFile } from '../common/stored-file';
import { AdminOnly, CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { ReportAdminService, type UploadedReportFile } from './report-admin.service';
import { ReportDownloadService } from './report-download.service';

const PAGE = '/comprehensiveinquiry/reportdownload';
/** Multer keeps the files in memory (each at most REPORT_MAX_BYTES, so at most 10 × 20 MB) to read their content. */
const LIMITS = { limits: { fileSize: REPORT_MAX_BYTES, files: REPORT_MAX_FILES, fields: 10 } };
const UploadErrorsInterceptor = UploadErrors({
  tooLarge: REPORT_MESSAGES.tooLarge,
  tooMany: REPORT_MESSAGES.tooMany,
  wrongField: '文件字段应为 files（替换时为 file）',
});

@Controller()
export class ReportDownloadController {
  constructor(
    private readonly reports: ReportDownloadService,
    private readonly admin: ReportAdminService,
  ) {}

  @Get(REPORT_DOWNLOAD.list.path)
  @RequiresPage(PAGE)
  list(
    @Query(zodPipe(REPORT_DOWNLOAD.list.params)) q: ParamsOf<typeof REPORT_DOWNLOAD.list>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.list>> {
    return this.reports.list(q, user);
  }

  @Get(REPORT_DOWNLOAD.download.path)
  @RequiresPage(PAGE)
  async download(
    @Query(zodPipe(REPORT_DOWNLOAD.download.params)) q: ParamsOf<typeof REPORT_DOWNLOAD.download>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    await sendStoredFile(res, await this.reports.download(q.ids, user));
  }

  @Get(REPORT_DOWNLOAD.bundle.path)
  @RequiresPage(PAGE)
  bundle(
    @Query(zodPipe(REPORT_DOWNLOAD.bundle.params)) q: ParamsOf<typeof REPORT_DOWNLOAD.bundle>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.bundle>> {
    return this.reports.bundle(q.ids, user);
  }

  @Get(REPORT_DOWNLOAD.bundleJob.path)
  bundleJob(
    @Query(zodPipe(REPORT_DOWNLOAD.bundleJob.params)) q: ParamsOf<typeof REPORT_DOWNLOAD.bundleJob>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.bundleJob>> {
    return this.reports.bundleJob(q.id, user);
  }

  @Get(REPORT_DOWNLOAD.bundleFile.path)
  async bundleFile(
    @Query(zodPipe(REPORT_DOWNLOAD.bundleFile.params)) q: ParamsOf<typeof REPORT_DOWNLOAD.bundleFile>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    await sendStoredFile(res, await this.reports.bundleFile(q.id, user));
  }

  @Post(REPORT_DOWNLOAD.upload.path)
  @HttpCode(200)
  @AdminOnly()
  @UseInterceptors(UploadErrorsInterceptor, FilesInterceptor('files', REPORT_MAX_FILES, LIMITS))
  upload(
    @Body(zodPipe(REPORT_DOWNLOAD.upload.params)) form: ParamsOf<typeof REPORT_DOWNLOAD.upload>,
    @UploadedFiles() files: UploadedReportFile[] | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.upload>> {
    return this.admin.upload(form, files ?? [], user);
  }

  @Post(REPORT_DOWNLOAD.replace.path)
  @HttpCode(200)
  @AdminOnly()
  @UseInterceptors(UploadErrorsInterceptor, FileFieldsInterceptor([{ name: 'file', maxCount: 1 }], LIMITS))
  replace(
    @Body(zodPipe(REPORT_DOWNLOAD.replace.params)) form: ParamsOf<typeof REPORT_DOWNLOAD.replace>,
    @UploadedFiles() files: { file?: UploadedReportFile[] } | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.replace>> {
    return this.admin.replace(form, files?.file ?? [], user);
  }

  @Post(REPORT_DOWNLOAD.remove.path)
  @HttpCode(200)
  @AdminOnly()
  remove(
    @Body(zodPipe(REPORT_DOWNLOAD.remove.params)) form: ParamsOf<typeof REPORT_DOWNLOAD.remove>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof REPORT_DOWNLOAD.remove>> {
    return this.admin.remove(form.id, user);
  }
}
