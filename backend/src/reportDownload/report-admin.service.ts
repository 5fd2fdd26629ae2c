import { Injectable } from '@nestjs/common';
import {
  REPORT_MAX_BYTES,
  REPORT_MAX_FILES,
  REPORT_MESSAGES,
  type ReportFileType,
  type ReportItem,
  type ReportReplaceForm,
  type ReportUploadForm,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { uploadName } from '../common/upload-name';
import type { SessionUser } from '../security/session-user';
import { itemOf } from './report-download.service';
import { reportFileTypeOf } from './report-file-type';
import { ReportRepository } from './report.repository';
import { ReportStorage } from './report-storage';

/** One uploaded file as multer hands it over (memory storage). */
export interface UploadedReportFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** The uploaded file's own name without its extension. */
function baseName(original: string): string {
  return (
    uploadName(original)
      .replace(/\.[^.]*$/, '')
      .trim()
      .slice(0, 100) || '报告'
  );
}

/**
 * The administrator's report upload (/admin/reports): every file checked by its content (xlsx, docx,
 * pptx, pdf) and size before any is kept, stored under a generated name, listed at once; replace and
 * delete remove the old file. Another user's own report (a competitor set's deck) is not the administrator's to
 * see, replace or delete: it answers as one that does not exist (decision 299).
 */
@Injectable()
export class ReportAdminService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly storage: ReportStorage,
  ) {}

  async upload(form: ReportUploadForm, files: readonly UploadedReportFile[], user: SessionUser): Promise<{ items: ReportItem[] }> {
    if (files.length === 0) throw ApiException.badRequest(REPORT_MESSAGES.noFile);
    if (files.length > REPORT_MAX_FILES) throw ApiException.badRequest(REPORT_MESSAGES.tooMany);
    const types: ReportFileType[] = [];
    for (const file of files) types.push(await this.checked(file));
    if (!(await this.reports.producerExists(form.producerId))) throw ApiException.badRequest(REPORT_MESSAGES.noSuchProducer);
    const ids: number[] = [];
    for (const [i, file] of files.entries()) {
      const stored = await this.storage.save(types[i], file.buffer);
      const name = form.name ? (files.length > 1 ? `${form.name} (${i + 1})` : form.name) : baseName(file.originalname);
      try {
        ids.push(await this.reports.insert({ producerId: form.producerId, name, month: form.month, ...stored, uploadedBy: user.id }));
      } catch (error) {
        await this.storage.remove([stored.fileName]);
        throw error;
      }
    }
    return { items: (await this.reports.byIds(ids, user.id)).map(itemOf) };
  }

  async replace(form: ReportReplaceForm, files: readonly UploadedReportFile[], user: SessionUser): Promise<{ items: ReportItem[] }> {
    if (files.length !== 1) throw ApiException.badRequest(files.length === 0 ? REPORT_MESSAGES.noFile : '替换时只能选择一个文件');
    const type = await this.checked(files[0]);
    const stored = await this.storage.save(type, files[0].buffer);
    const old = await this.reports.replaceFile(form.id, { ...stored, name: form.name, uploadedBy: user.id });
    if (old === null) {
      await this.storage.remove([stored.fileName]);
      throw ApiException.notFound(REPORT_MESSAGES.noSuchReport([form.id]));
    }
    if (old !== stored.fileName) await this.storage.remove([old]);
    return { items: (await this.reports.byIds([form.id], user.id)).map(itemOf) };
  }

  async remove(id: number, user: SessionUser): Promise<{ deleted: number }> {
    const file = await this.reports.delete(id, user.id);
    if (file === null) throw ApiException.notFound(REPORT_MESSAGES.noSuchReport([id]));
    await this.storage.remove([file]);
    return { deleted: 1 };
  }

  private async checked(file: UploadedReportFile) {
    if (file.size > REPORT_MAX_BYTES) throw ApiException.badRequest(REPORT_MESSAGES.tooLarge);
    const type = await reportFileTypeOf(file.buffer);
    if (!type) throw ApiException.badRequest(REPORT_MESSAGES.badType(baseName(file.originalname)));
    return type;
  }
}
