import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DATA_EXPORT, EXPORT_PAGES, type ExportJobView, type ExportKind, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../common/zod-validation.pipe';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import { sendStoredFile } from '../common/stored-file';
import { DataExportService } from './data-export.service';

/** An export's POST: its contract's path, 200 (the job is accepted, not created as a resource), its page's access. */
const AcceptsExport = (kind: ExportKind) => applyDecorators(Post(DATA_EXPORT[kind].path), HttpCode(200), RequiresPage(EXPORT_PAGES[kind].path));

@Controller()
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @AcceptsExport('cityRetail')
  cityRetail(
    @Body(zodPipe(DATA_EXPORT.cityRetail.params)) form: ParamsOf<typeof DATA_EXPORT.cityRetail>,
    @CurrentUser() user: SessionUser,
  ): Promise<ExportJobView> {
    return this.exports.accept('cityRetail', form, user);
  }

  @AcceptsExport('mix')
  mix(@Body(zodPipe(DATA_EXPORT.mix.params)) form: ParamsOf<typeof DATA_EXPORT.mix>, @CurrentUser() user: SessionUser): Promise<ExportJobView> {
    return this.exports.accept('mix', form, user);
  }

  @AcceptsExport('price')
  price(@Body(zodPipe(DATA_EXPORT.price.params)) form: ParamsOf<typeof DATA_EXPORT.price>, @CurrentUser() user: SessionUser): Promise<ExportJobView> {
    return this.exports.accept('price', form, user);
  }

  @AcceptsExport('fandian')
  fandian(@Body(zodPipe(DATA_EXPORT.fandian.params)) form: ParamsOf<typeof DATA_EXPORT.fandian>, @CurrentUser() user: SessionUser): Promise<ExportJobView> {
    return this.exports.accept('fandian', form, user);
  }

  @Get(DATA_EXPORT.job.path)
  job(
    @Query(zodPipe(DATA_EXPORT.job.params)) q: ParamsOf<typeof DATA_EXPORT.job>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof DATA_EXPORT.job>> {
    return this.exports.job(q.id, user);
  }

  @Get(DATA_EXPORT.jobs.path)
  jobs(
    @Query(zodPipe(DATA_EXPORT.jobs.params)) _q: ParamsOf<typeof DATA_EXPORT.jobs>,
    @CurrentUser() user: SessionUser,
  ): Promise<ResultOf<typeof DATA_EXPORT.jobs>> {
    return this.exports.recent(user);
  }

  @Get(DATA_EXPORT.file.path)
  async file(
    @Query(zodPipe(DATA_EXPORT.file.params)) q: ParamsOf<typeof DATA_EXPORT.file>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    await sendStoredFile(res, await this.exports.file(q.id, user));
  }
}
