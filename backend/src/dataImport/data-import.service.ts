import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import {
  CONFIG_TRIM_COLUMN_NOTE,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_LEVELS,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MESSAGES,
  IMPORT_STATES,
  RECENT_IMPORTS,
  formatMonth,
  type DataImportView,
  type ImportKind,
  type ImportProblem,
  type ImportProblems,
  type ImportState,
  type ImportUploadForm,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { uploadName } from '../common/upload-name';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobName } from '../queue/job-names';
import { JobQueue } from '../queue/job-queue';
import type { WorkbookColumn, WorkbookHead } from '../workbook/table-workbook';
import type { SessionUser } from '../security/session-user';
import { DataImportJobs, importFilePath, importJobId } from './data-import.jobs';
import { CatalogImportRepository } from './catalog-import.repository';
import { ConfigImportRepository } from './config-import.repository';
import { DataImportRepository, type DataImportRecord } from './data-import.repository';
import { formatOf } from './import-reader';

/** The states an import may be cancelled in (when no job is working on it). */
const CANCELLABLE: readonly ImportState[] = ['review', 'queued', 'validating', 'writing'];

/** One uploaded file as multer hands it over (disk storage: never the whole file in memory). */
export interface UploadedImportFile {
  originalname: string;
  path: string;
  size: number;
}

/** A template to send: its header, example rows, and each column's note. */
export interface ImportTemplate {
  header: string[];
  rows: string[][];
  notes: Array<[string, string]>;
}

/** A sheet to send: its name, columns and rows. */
export interface ImportSheet<Row> {
  fileName: string;
  sheetName: string;
  columns: ReadonlyArray<WorkbookColumn<Row>>;
  rows: Row[];
  /** The header block above the table (a problem report's: the import and its file, decision 281); none for a template, read back in. */
  head?: WorkbookHead;
}

/**
 * 数据导入 as the API offers it to administrators: an upload is accepted at once as a queued import (the
 * file kept on disk until the import ends), its progress and problems are read while it runs, an import
 * with errors is confirmed (its valid rows written) or cancelled, and the templates and the problem report
 * are workbooks.
 */
@Injectable()
export class DataImportService {
  constructor(
    private readonly imports: DataImportRepository,
    private readonly catalog: CatalogImportRepository,
    private readonly configs: ConfigImportRepository,
    private readonly jobs: DataImportJobs,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'importsDir'>,
  ) {}

  async accept(form: ImportUploadForm, file: UploadedImportFile | undefined, user: SessionUser): Promise<DataImportView> {
    if (!file) throw ApiException.badRequest(IMPORT_MESSAGES.noFile);
    const id = randomUUID();
    const stored = importFilePath(this.config.importsDir, id);
    await fs.promises.mkdir(this.config.importsDir, { recursive: true });
    await fs.promises.rename(file.path, stored);
    const fileName = uploadName(file.originalname).slice(0, 200) || `${IMPORT_KINDS[form.kind]}.csv`;
    await this.imports.create({ id, userId: user.id, kind: form.kind, fileName, fileFormat: await formatOf(stored), monthFrom: form.from, monthTo: form.to });
    try {
      await this.queue.enqueue(JobName.DataImport, { importId: id, step: 'check' }, { jobId: importJobId(id, 'check') });
    } catch (error) {
      // Refused, not failed: nothing is left behind (the answer is the queue's 503).
      await this.imports.remove(id).catch(() => undefined);
      await fs.promises.rm(stored, { force: true });
      throw error;
    }
    return this.view(id);
  }

  async view(id: string): Promise<DataImportView> {
    return viewOf(await this.existing(id));
  }

  async recent(): Promise<DataImportView[]> {
    return (await this.imports.recent(RECENT_IMPORTS)).map(viewOf);
  }

  /** The first `limit` problems by line; `total` counts every error and warning (the list keeps at most IMPORT_MAX_PROBLEMS). */
  async problems(id: string, limit: number): Promise<ImportProblems> {
    const record = await this.existing(id);
    return { total: record.errors + record.warnings, items: await this.imports.problems(id, limit) };
  }

  /** Writes the valid rows of an import the check found errors in. */
  async confirm(id: string): Promise<DataImportView> {
    const record = await this.existing(id);
    if (record.state === 'review' && record.rowsValid === 0) throw ApiException.badRequest(IMPORT_MESSAGES.nothingValid);
    if (!(await this.imports.leaveReview(id, 'writing'))) throw ApiException.badRequest(IMPORT_MESSAGES.notInReview);
    await this.queue.enqueue(JobName.DataImport, { importId: id, step: 'write' }, { jobId: importJobId(id, 'write') });
    return this.view(id);
  }

  /**
   * Cancels an import waiting for the administrator, or one no job is working on before its write commits:
   * queued, or left checking or writing by a process that died (decision 137). A job at work holds the
   * import's lock, and its import is not cancelled under it.
   */
  async cancel(id: string): Promise<DataImportView> {
    const record = await this.existing(id);
    if (!CANCELLABLE.includes(record.state)) throw ApiException.badRequest(IMPORT_MESSAGES.notCancellable);
    const idle = await this.imports.ifIdle(id, async () => {
      if (!(await this.imports.cancelFrom(id, CANCELLABLE))) throw ApiException.badRequest(IMPORT_MESSAGES.notCancellable);
      await this.jobs.cleanUp(id);
    });
    if (!idle) throw ApiException.badRequest(IMPORT_MESSAGES.running);
    return this.view(id);
  }

  /** The problem report: every kept problem, by line. */
  async report(id: string): Promise<ImportSheet<ImportProblem>> {
    const record = await this.existing(id);
    return {
      fileName: `${IMPORT_KINDS[record.kind]}导入问题报告_${record.fileName.replace(/\.[^.]*$/, '')}.xlsx`,
      sheetName: '问题清单',
      columns: [
        { header: '行号', kind: 'count', width: 10, value: (p) => p.line },
        { header: '列', kind: 'text', width: 14, value: (p) => p.column || '整行' },
        { header: '级别', kind: 'text', width: 8, value: (p) => IMPORT_LEVELS[p.level] },
        { header: '说明', kind: 'text', width: 60, value: (p) => p.message },
      ],
      rows: await this.imports.problems(id, IMPORT_MAX_PROBLEMS),
      head: {
        title: `${IMPORT_KINDS[record.kind]}导入问题报告`,
        tags: [
          { label: '文件', value: record.fileName },
          { label: '错误', value: `${record.errors} 条` },
          { label: '警告', value: `${record.warnings} 条` },
        ],
      },
    };
  }

  /**
   * A template: the kind's Chinese headers, its example rows (a trim code of the catalog; for the
   * configuration sheets every item with one trim's values) and the notes of its columns (the workbook's
   * second sheet, 填写说明).
   */
  async template(kind: ImportKind): Promise<ImportTemplate> {
    const columns = IMPORT_COLUMNS[kind];
    const notes: Array<[string, string]> = columns.map((c) => [c.header, c.note]);
    if (kind === 'config') {
      const { car, rows } = await this.configs.template();
      return {
        header: [...columns.map((c) => c.header), car],
        rows: rows.map((r) => [r.category, r.path, r.value]),
        notes: [...notes, [car || '车型代码', CONFIG_TRIM_COLUMN_NOTE]],
      };
    }
    if (kind === 'catalog') {
      const example = await this.catalog.exampleRow();
      return { header: columns.map((c) => c.header), rows: [columns.map((c) => example[c.key] ?? '')], notes };
    }
    const car = await this.imports.exampleCarCode();
    return { header: columns.map((c) => c.header), rows: [columns.map((c) => (c.key === 'car' ? car : c.example))], notes };
  }

  private async existing(id: string): Promise<DataImportRecord> {
    const record = await this.imports.find(id);
    if (!record) throw ApiException.notFound(IMPORT_MESSAGES.noSuchImport);
    return record;
  }
}

export function viewOf(record: DataImportRecord): DataImportView {
  return {
    id: record.id,
    kind: record.kind,
    kindText: IMPORT_KINDS[record.kind],
    fileName: record.fileName,
    from: formatMonth(record.monthFrom),
    to: formatMonth(record.monthTo),
    months: record.months.map(formatMonth),
    state: record.state,
    stateText: IMPORT_STATES[record.state],
    rowsParsed: record.rowsParsed,
    rowsValid: record.rowsValid,
    rowsWritten: record.rowsWritten,
    errors: record.errors,
    warnings: record.warnings,
    error: record.state === 'failed' ? record.error : null,
    owner: record.owner ?? '-',
    createdAt: new Date(record.createdAt).toISOString(),
    finishedAt: record.finishedAt ? new Date(record.finishedAt).toISOString() : null,
  };
}
