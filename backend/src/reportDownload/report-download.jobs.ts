import fs from 'node:fs';
import path from 'node:path';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { REPORT_MESSAGES } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { JobAbandoned, JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { InProcessJobQueue, JobQueue } from '../queue/job-queue';
import { MonthlyReportWriter } from './monthly-report.writer';
import { ReportBundleRepository } from './report-bundle.repository';
import { partialBundleOf, ReportBundleWriter } from './report-bundle.writer';
import { ReportRepository } from './report.repository';
import { ReportStorage } from './report-storage';

/** Stored progress is written at most this often (the page polls about every second). */
const PROGRESS_EVERY_MS = 300;

/** A bundle's stored file name: its id. */
export const bundleFileName = (bundleId: string) => `${bundleId}.zip`;

/**
 * The report jobs, run by the worker (BullMQ) or in the app without Redis: the monthly reports and the
 * bundles of several reports. A bundle run is safe to repeat: it starts its record afresh and writes the
 * zip under a partial name, offered only once renamed (as the exports do, decision 73).
 */
@Injectable()
export class ReportDownloadJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('ReportBundle');

  constructor(
    private readonly writer: MonthlyReportWriter,
    private readonly bundles: ReportBundleRepository,
    private readonly reports: ReportRepository,
    private readonly bundleWriter: ReportBundleWriter,
    private readonly storage: ReportStorage,
    private readonly queue: JobQueue,
  ) {}

  @JobHandler(JobName.GenerateMonthlyReports)
  async generateMonthly(data: JobPayloads[JobName.GenerateMonthlyReports]): Promise<number> {
    return this.writer.writeMonth(data.month, data.producerIds);
  }

  @JobHandler(JobName.ReportBundle)
  async bundle(data: JobPayloads[JobName.ReportBundle], progress: (percent: number) => Promise<void> = () => Promise.resolve()): Promise<number> {
    const record = await this.bundles.find(data.bundleId);
    if (!record) return 0;
    await this.bundles.start(record.id);
    let lastWrite = 0;
    try {
      // The reports its user sees (another user's own answers as missing, decision 299).
      const reports = await this.reports.byIds(record.reportIds, record.userId);
      if (reports.length !== record.reportIds.length) {
        const found = new Set(reports.map((r) => r.id));
        throw ApiException.notFound(REPORT_MESSAGES.noSuchReport(record.reportIds.filter((id) => !found.has(id))));
      }
      await this.bundleWriter.write(path.join(this.storage.bundleDir, bundleFileName(record.id)), reports, async (added) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        await this.bundles.progressed(record.id, added);
        await progress(Math.min(99, Math.floor((added * 100) / Math.max(1, record.filesExpected))));
      });
      await this.bundles.done(record.id, bundleFileName(record.id));
      return reports.length;
    } catch (error) {
      // A report deleted or a file lost meanwhile fails for good (its message says which); anything else is
      // retried by BullMQ and reads as 打包失败 meanwhile.
      const known = error instanceof ApiException;
      if (!known) this.logger.error(`bundle ${record.id} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await this.bundles.failed(record.id, known ? error.msg : REPORT_MESSAGES.bundleFailed).catch(() => undefined);
      if (!known) throw error;
      return 0;
    }
  }

  /**
   * A bundle the queue gave up because the processes running it died (decision 257): unless a run ended it, it
   * is failed with a reason its owner reads, and its partial zip is removed.
   */
  @JobAbandoned(JobName.ReportBundle)
  async bundleAbandoned(data: JobPayloads[JobName.ReportBundle]): Promise<void> {
    // The partial zip goes first, so 失败 is never read beside a part of it; a bundle that ended has none left.
    await fs.promises.rm(partialBundleOf(path.join(this.storage.bundleDir, bundleFileName(data.bundleId))), { force: true });
    if (!(await this.bundles.failedIfUnfinished(data.bundleId, REPORT_MESSAGES.bundleDied))) return;
    this.logger.error({ event: 'bundle.abandoned', id: data.bundleId });
  }

  /** In-process jobs die with the app: run again the bundles accepted but never finished. */
  async onApplicationBootstrap(): Promise<void> {
    if (!(this.queue instanceof InProcessJobQueue)) return;
    for (const id of await this.bundles.unfinished()) {
      this.logger.log(`bundle ${id} was not finished: running it again`);
      await this.queue.enqueue(JobName.ReportBundle, { bundleId: id }, { jobId: id });
    }
  }
}
