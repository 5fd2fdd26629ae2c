import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  API_PREFIX,
  BUNDLE_STATUS_TEXT,
  BUNDLE_TTL_HOURS,
  type BundleStatus,
  REPORT_DOWNLOAD,
  REPORT_FILE_TYPES,
  REPORT_MESSAGES,
  type ReportBundleView,
  type ReportFileType,
  type ReportItem,
  type ReportListQuery,
  type ReportPage,
  defaultReportRange,
  formatMonth,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import type { StoredFile } from '../common/stored-file';
import { ExpiringFiles, ownedBy } from '../common/job-files';
import { JobName } from '../queue/job-names';
import { Housekeeping } from '../queue/housekeeping';
import { JobQueue } from '../queue/job-queue';
import type { SessionUser } from '../security/session-user';
import { type BundleRecord, ReportBundleRepository } from './report-bundle.repository';
import { entryNames, typeOfStored } from './report-bundle.writer';
import { type ReportRecord, ReportRepository } from './report.repository';
import { ReportStorage } from './report-storage';

/** How long download?ids=… (several) waits for its bundle before it answers with a message instead. */
const BUNDLE_WAIT_MS = 110_000;

/** A file to send: its path, the name the browser saves it under and its type. */
export function itemOf(record: ReportRecord): ReportItem {
  return {
    id: record.id,
    createTime: record.createTime,
    producerId: record.producerId,
    producerName: record.producerName,
    name: record.name,
    month: formatMonth(record.month),
    fileType: typeOfStored(record.fileName) as ReportFileType,
    fileSize: record.fileSize,
    // Only its owner sees a report that has one (decision 299).
    mine: record.ownerId !== null,
  };
}

/** 报告下载: the list (newest upload first), a report's file, and bundles of several. */
@Injectable()
export class ReportDownloadService implements OnModuleInit, OnApplicationShutdown {
  private readonly files: ExpiringFiles;

  constructor(
    private readonly reports: ReportRepository,
    private readonly bundles: ReportBundleRepository,
    private readonly storage: ReportStorage,
    private readonly queue: JobQueue,
    housekeeping: Housekeeping,
  ) {
    this.files = new ExpiringFiles('bundles', storage.bundleDir, () => bundles.expire(BUNDLE_TTL_HOURS), new Logger('ReportDownload'), housekeeping.leads);
  }

  async list(query: ReportListQuery, user: SessionUser): Promise<ReportPage> {
    const range = defaultReportRange();
    const { rows, total } = await this.reports.page(
      {
        startMonth: query.startDate ?? range.startDate,
        endMonth: query.endDate ?? range.endDate,
        producerIds: query.producerIds,
        name: query.name,
        viewerId: user.id,
      },
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    return { items: rows.map(itemOf), total, page: query.page, pageSize: query.pageSize, hasMore: query.page * query.pageSize < total };
  }

  /**
   * The reports of these ids; 404 naming the ids that do not exist or are another user's own (every signed-in user sees
   * every report without an owner, decision 101; one with an owner is its owner's alone, decision 299).
   */
  async visible(ids: readonly number[], user: SessionUser): Promise<ReportRecord[]> {
    const found = await this.reports.byIds(ids, user.id);
    if (found.length !== ids.length) {
      const seen = new Set(found.map((report) => report.id));
      throw ApiException.notFound(REPORT_MESSAGES.noSuchReport(ids.filter((id) => !seen.has(id))));
    }
    return found;
  }

  /** One report's own file. */
  async file(id: number, user: SessionUser): Promise<StoredFile> {
    const [report] = await this.visible([id], user);
    if (!this.storage.exists(report.fileName)) throw ApiException.notFound(REPORT_MESSAGES.fileMissing);
    const type = typeOfStored(report.fileName) as ReportFileType;
    return {
      path: this.storage.pathOf(report.fileName),
      fileName: entryNames([report])[0],
      contentType: REPORT_FILE_TYPES[type].mime,
      gone: REPORT_MESSAGES.fileMissing,
    };
  }

  /** Accepts a bundle of several reports: checked at once, zipped by a queued job. */
  async bundle(ids: readonly number[], user: SessionUser): Promise<ReportBundleView> {
    const reports = await this.visible(ids, user);
    const id = randomUUID();
    const record = await this.bundles.create(
      id,
      reports.map((report) => report.id),
      user.id,
    );
    try {
      await this.queue.enqueue(JobName.ReportBundle, { bundleId: id }, { jobId: id, userId: user.id });
    } catch (error) {
      // Refused, not failed: nothing is left behind, as an export refused by the queue (the answer is the queue's 503).
      await this.bundles.remove(id).catch(() => undefined);
      throw error;
    }
    return viewOf(record);
  }

  async bundleJob(id: string, user: SessionUser): Promise<ReportBundleView> {
    return viewOf(await this.own(id, user));
  }

  /** The complete zip of the caller's own bundle. */
  async bundleFile(id: string, user: SessionUser): Promise<StoredFile> {
    const record = await this.own(id, user);
    if (record.status === 'failed') throw ApiException.badRequest(record.error ?? REPORT_MESSAGES.bundleFailed);
    if (record.status !== 'done' || !record.fileName) throw ApiException.notFound(REPORT_MESSAGES.bundleGone);
    const file = path.join(this.storage.bundleDir, record.fileName);
    if (!fs.existsSync(file)) throw ApiException.notFound(REPORT_MESSAGES.bundleGone);
    return { path: file, fileName: viewOf(record).fileName, contentType: 'application/zip', gone: REPORT_MESSAGES.bundleGone };
  }

  /**
   * download?ids=… as the old client calls it: one id is the file, several the bundle's zip once its job
   * is done (the call waits for it, within the spec's 120 s timeout).
   */
  async download(ids: readonly number[], user: SessionUser): Promise<StoredFile> {
    if (ids.length === 1) return this.file(ids[0], user);
    const { id } = await this.bundle(ids, user);
    const until = Date.now() + BUNDLE_WAIT_MS;
    while (Date.now() < until) {
      const record = await this.own(id, user);
      if (record.status === 'done' || record.status === 'failed') return this.bundleFile(id, user);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw ApiException.badRequest(REPORT_MESSAGES.bundleTimeout);
  }

  private async own(id: string, user: SessionUser): Promise<BundleRecord> {
    return ownedBy(await this.bundles.find(id), user, REPORT_MESSAGES.noSuchBundle);
  }

  onModuleInit(): void {
    this.files.start();
  }

  onApplicationShutdown(): void {
    this.files.stop();
  }
}

/** '报告_3个_20261123-1530.zip' (China's time of the request). */
function bundleName(record: BundleRecord): string {
  const stamp = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .formatToParts(new Date(record.createdAt))
    .reduce<Record<string, string>>((parts, part) => ({ ...parts, [part.type]: part.value }), {});
  return `报告_${record.filesExpected}个_${stamp.year}${stamp.month}${stamp.day}-${stamp.hour}${stamp.minute}.zip`;
}

export function viewOf(record: BundleRecord): ReportBundleView {
  const status: BundleStatus = record.status === 'done' && !record.fileName ? 'expired' : record.status;
  const percent = status === 'done' ? 100 : Math.min(99, Math.floor((record.filesAdded * 100) / Math.max(1, record.filesExpected)));
  return {
    id: record.id,
    fileName: bundleName(record),
    status,
    statusText: BUNDLE_STATUS_TEXT[status],
    filesAdded: status === 'done' ? record.filesExpected : record.filesAdded,
    filesExpected: record.filesExpected,
    percent,
    result: status === 'done' ? `${API_PREFIX}/${REPORT_DOWNLOAD.bundleFile.path}?id=${record.id}` : null,
    error: status === 'failed' ? record.error : null,
  };
}
