import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  API_PREFIX,
  DATA_EXPORT,
  EXPORT_PHASES,
  formatMonth,
  EXPORT_KINDS,
  EXPORT_TTL_HOURS,
  exportConditions,
  exportFormEntries,
  type ExportJobView,
  type ExportKind,
  type ExportPhase,
  type ExportStatus,
  type MonthRange,
  monthsText,
  OPEN_EXPORTS_PER_USER,
  RECENT_EXPORTS,
  tooManyOpenExports,
  XLSX_MIME,
} from '@car/contracts';
import { ApiCode, ApiException } from '../common/api-codes';
import { ExpiringFiles, ownedBy } from '../common/job-files';
import type { StoredFile } from '../common/stored-file';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobName } from '../queue/job-names';
import { Housekeeping } from '../queue/housekeeping';
import { JobQueue } from '../queue/job-queue';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import type { SessionUser } from '../security/session-user';
import { ExportDefinitions } from './export-definitions';
import { exportNamers } from './export-conditions';
import { exportFileName, storedPath } from './export-pipeline';
import { ExportJobRepository, type ExportJobRecord } from './export-job.repository';

export const NO_SUCH_EXPORT = '导出任务不存在';
export const FILE_GONE = '文件不存在或已过期，请重新生成';

/** The exports as the API offers them: accepted at once as jobs, their progress, their files (owner only). */
@Injectable()
export class DataExportService implements OnModuleInit, OnApplicationShutdown {
  private readonly files: ExpiringFiles;

  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly definitions: ExportDefinitions,
    private readonly queue: JobQueue,
    private readonly references: ReferenceIdsRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exportsDir'>,
    housekeeping: Housekeeping,
  ) {
    this.files = new ExpiringFiles('exports', config.exportsDir, () => jobs.expire(EXPORT_TTL_HOURS), new Logger('DataExport'), housekeeping.leads);
  }

  /**
   * Accepts an export of any kind: the form (already parsed by its contract) is checked by its
   * definition, stored as the job's record and queued; the answer is the job, at once.
   */
  async accept(kind: ExportKind, form: ExportForm, user: SessionUser): Promise<ExportJobView> {
    const refusal = this.definitions.of<ExportForm>(kind).refuse(form);
    if (refusal) throw ApiException.badRequest(refusal);
    const id = randomUUID();
    const { record, open } = await this.jobs.createWithin(id, kind, form, user.id, OPEN_EXPORTS_PER_USER);
    if (!record) throw new ApiException(ApiCode.TooManyRequests, tooManyOpenExports(open));
    try {
      // A user's first open export goes before anyone's second (BullMQ's priority: lower first), so one user's
      // exports cannot hold everyone else's behind them.
      await this.queue.enqueue(JobName.DataExport, { exportId: id }, { jobId: id, userId: user.id, priority: open + 1 });
    } catch (error) {
      // Refused, not failed: nothing is left behind (the answer is the queue's 503, 任务队列暂时不可用).
      await this.jobs.remove(id).catch(() => undefined);
      throw error;
    }
    return (await this.views([record]))[0];
  }

  async job(id: string, user: SessionUser): Promise<ExportJobView> {
    return (await this.views([await this.own(id, user)]))[0];
  }

  async recent(user: SessionUser): Promise<ExportJobView[]> {
    return this.views(await this.jobs.recentOf(user.id, RECENT_EXPORTS));
  }

  /** The jobs as the API shows them, their conditions naming the ids and codes they were asked with (one lookup per kind of id). */
  private async views(records: readonly ExportJobRecord[]): Promise<ExportJobView[]> {
    const namers = await exportNamers(records, this.references);
    return records.map((record, i) => viewOf(record, namers[i]));
  }

  /** The complete file of the caller's own export; anyone else's is as if it did not exist (404). */
  async file(id: string, user: SessionUser): Promise<StoredFile> {
    const record = await this.own(id, user);
    if (record.status !== 'done' || !record.fileName) throw ApiException.notFound(FILE_GONE);
    const path = storedPath(this.config.exportsDir, record.id);
    if (!fs.existsSync(path)) throw ApiException.notFound(FILE_GONE);
    return { path, fileName: viewOf(record).fileName, contentType: XLSX_MIME, gone: FILE_GONE };
  }

  private async own(id: string, user: SessionUser): Promise<ExportJobRecord> {
    return ownedBy(await this.jobs.find(id), user, NO_SUCH_EXPORT);
  }

  /** Deletes the files of exports finished more than EXPORT_TTL_HOURS ago. */
  removeExpired(): Promise<number> {
    return this.files.removeExpired();
  }

  onModuleInit(): void {
    this.files.start();
  }

  onApplicationShutdown(): void {
    this.files.stop();
  }
}

/** Any export's parsed form: its month range and its fields. */
type ExportForm = { yyyyMm: MonthRange } & Record<string, unknown>;

/** A job as the API shows it; `nameOf` names a field's id or code for its conditions (undefined: the value itself). */
export function viewOf(record: ExportJobRecord, nameOf: (field: string, value: string) => string | undefined = () => undefined): ExportJobView {
  const kind = record.kind as ExportKind;
  const createdAt = new Date(record.createdAt);
  const finishedAt = record.finishedAt ? new Date(record.finishedAt) : null;
  const status: ExportStatus = record.status === 'done' && !record.fileName ? 'expired' : record.status;
  const phase: ExportPhase = status === 'running' ? (record.rowsExpected === null ? 'counting' : 'writing') : status;
  const percent = status === 'done' ? 100 : Math.max(0, Math.min(100, record.progress));
  const form = record.params as ExportForm;
  return {
    id: record.id,
    kind,
    fileName: exportFileName(kind, form, createdAt),
    status,
    phase,
    phaseText: EXPORT_PHASES[phase],
    rowsWritten: record.rowsWritten,
    rowsExpected: record.rowsExpected,
    percent,
    result: status === 'done' ? `${API_PREFIX}/${DATA_EXPORT.file.path}?id=${record.id}` : null,
    error: status === 'failed' ? record.error : null,
    createdAt: createdAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    expiresAt: status === 'done' && finishedAt ? new Date(finishedAt.getTime() + EXPORT_TTL_HOURS * 3600_000).toISOString() : null,
    kindText: EXPORT_KINDS[kind],
    monthsText: monthsText(formatMonth(form.yyyyMm.from), formatMonth(form.yyyyMm.to)),
    conditions: exportConditions(kind, record.params, nameOf),
    form: exportFormEntries(record.params),
  };
}
