import { Body, Controller, Get, HttpCode, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { DATA_IMPORT, IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ParamsOf, type ResultOf } from '@car/contracts';
import { UploadErrors } from '../common/upload-errors.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { streamTableWorkbook } from '../workbook/table-workbook';
import { AdminOnly, CurrentUser } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { DataImportService, type UploadedImportFile } from './data-import.service';
import { sendImportTemplate } from './import-templates';

/** Multer writes the file to disk (MulterModule's dest, under DATA_DIR/imports): an import file can be gigabytes. */
const LIMITS = { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } };
const UploadErrorsInterceptor = UploadErrors({ tooLarge: IMPORT_MESSAGES.tooLarge, tooMany: '一次只能导入一个文件', wrongField: '文件字段应为 file' });

@Controller()
@AdminOnly()
export class DataImportController {
  constructor(private readonly imports: DataImportService) {}

  @Post(DATA_IMPORT.upload.path)
  @HttpCode(200)
  @UseInterceptors(UploadErrorsInterceptor, FileInterceptor('file', LIMITS))
  upload(
    @Body(zodPipe(DATA_IMPORT.upload.params)) form: ParamsOf<typeof DATA_IMPORT.upload>,
    @UploadedFile() file: UploadedImportFile | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof DATA_IMPORT.upload>> {
    return this.imports.accept(form, file, user);
  }

  @Get(DATA_IMPORT.job.path)
  job(@Query(zodPipe(DATA_IMPORT.job.params)) q: ParamsOf<typeof DATA_IMPORT.job>): Promise<ResultOf<typeof DATA_IMPORT.job>> {
    return this.imports.view(q.id);
  }

  @Get(DATA_IMPORT.jobs.path)
  jobs(@Query(zodPipe(DATA_IMPORT.jobs.params)) _q: ParamsOf<typeof DATA_IMPORT.jobs>): Promise<ResultOf<typeof DATA_IMPORT.jobs>> {
    return this.imports.recent();
  }

  @Get(DATA_IMPORT.problems.path)
  problems(@Query(zodPipe(DATA_IMPORT.problems.params)) q: ParamsOf<typeof DATA_IMPORT.problems>): Promise<ResultOf<typeof DATA_IMPORT.problems>> {
    return this.imports.problems(q.id, q.limit);
  }

  @Get(DATA_IMPORT.report.path)
  async report(@Query(zodPipe(DATA_IMPORT.report.params)) q: ParamsOf<typeof DATA_IMPORT.report>, @Res() res: Response): Promise<void> {
    const sheet = await this.imports.report(q.id);
    await streamTableWorkbook(res, sheet.fileName, sheet.sheetName, sheet.columns, sheet.rows, null, { head: sheet.head });
  }

  @Get(DATA_IMPORT.template.path)
  async template(@Query(zodPipe(DATA_IMPORT.template.params)) q: ParamsOf<typeof DATA_IMPORT.template>, @Res() res: Response): Promise<void> {
    await sendImportTemplate(res, q.kind, q.format, await this.imports.template(q.kind));
  }

  @Post(DATA_IMPORT.confirm.path)
  @HttpCode(200)
  confirm(@Body(zodPipe(DATA_IMPORT.confirm.params)) form: ParamsOf<typeof DATA_IMPORT.confirm>): Promise<ResultOf<typeof DATA_IMPORT.confirm>> {
    return this.imports.confirm(form.id);
  }

  @Post(DATA_IMPORT.cancel.path)
  @HttpCode(200)
  cancel(@Body(zodPipe(DATA_IMPORT.cancel.params)) form: ParamsOf<typeof DATA_IMPORT.cancel>): Promise<ResultOf<typeof DATA_IMPORT.cancel>> {
    return this.imports.cancel(form.id);
  }
}
