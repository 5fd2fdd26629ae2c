import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ADMIN_AUDIT, type ParamsOf, type ResultOf } from '@car/contracts';
import { zodPipe } from '../../common/zod-validation.pipe';
import { AdminOnly } from '../../security/security.decorators';
import { AuditService } from './audit.service';
import { streamAuditWorkbook } from './audit.workbook';

/** 安全日志's calls, administrators only. */
@AdminOnly()
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get(ADMIN_AUDIT.list.path)
  list(@Query(zodPipe(ADMIN_AUDIT.list.params)) q: ParamsOf<typeof ADMIN_AUDIT.list>): Promise<ResultOf<typeof ADMIN_AUDIT.list>> {
    return this.audit.list(q);
  }

  @Get(ADMIN_AUDIT.download.path)
  async download(@Query(zodPipe(ADMIN_AUDIT.download.params)) q: ParamsOf<typeof ADMIN_AUDIT.download>, @Res() res: Response): Promise<void> {
    await streamAuditWorkbook(res, await this.audit.rows(q), q);
  }
}
