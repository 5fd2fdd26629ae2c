import fs from 'node:fs';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { ExportKind } from '@car/contracts';
import { ProgressClock } from '../common/progress-clock';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobAbandoned, JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { InProcessJobQueue, JobQueue } from '../queue/job-queue';
import { ExportDefinitions } from './export-definitions';
import { EXPORT_SOURCES, storedFileName, storedPath, writeExport } from './export-pipeline';
import { DataStatusService } from '../reference/data-status.service';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { exportHead, exportNamers } from './export-conditions';
import { ExportJobRepository } from './export-job.repository';
import { partialPathOf } from './export-workbook';

/** The failure a user reads: Chinese, no internals (the log keeps the cause). */
export const EXPORT_FAILED = '导出失败：生成文件时出错，请稍后重试';
/** An export the queue gave up because the processes running it died (decision 257). */
export const EXPORT_DIED = '导出中断：处理进程意外退出，请点「重新生成」再试';

/**
 * The processor of the data exports, run by the worker (BullMQ) or by the app itself without Redis. It
 * is safe to run again: a run starts the record afresh and writes the workbook anew under a partial name,
 * so a job interrupted by a crash — re-run by BullMQ's stalled-job recovery, or by the app at its next
 * start from the durable export_job record when jobs run in-process — replaces its partial file and
 * offers the file only once complete (decision 73).
 */
@Injectable()
export class DataExportJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('DataExport');

  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly definitions: ExportDefinitions,
    private readonly queue: JobQueue,
    private readonly dataStatus: DataStatusService,
    private readonly references: ReferenceIdsRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exportsDir'>,
  ) {}

  @JobHandler(JobName.DataExport)
  async run(data: JobPayloads[JobName.DataExport], progress: (percent: number) => Promise<void> = () => Promise.resolve()): Promise<number> {
    return this.jobs.exclusive(data.exportId, () => this.runAlone(data, progress));
  }

  private async runAlone(data: JobPayloads[JobName.DataExport], progress: (percent: number) => Promise<void>): Promise<number> {
    const record = await this.jobs.find(data.exportId);
    if (!record) return 0;
    // A run that waited for another run of the same export finds the file already complete.
    if (record.status === 'done' && record.fileName && fs.existsSync(storedPath(this.config.exportsDir, record.id))) return record.rowsWritten;
    await this.jobs.start(record.id);
    let expected = 0;
    const clock = new ProgressClock();
    try {
      const kind = record.kind as ExportKind;
      const plan = await this.definitions.of<Record<string, unknown>>(kind).plan(record.params);
      const [nameOf] = await exportNamers([record], this.references);
      const rows = await writeExport(
        kind,
        plan,
        storedPath(this.config.exportsDir, record.id),
        {
          counted: async (n) => {
            expected = n;
            await this.jobs.counted(record.id, n);
          },
          wrote: async (written) => {
            if (!clock.due()) return;
            const percent = expected > 0 ? Math.min(99, Math.floor((written * 100) / expected)) : 0;
            await this.jobs.progressed(record.id, written, percent);
            await progress(percent);
          },
        },
        await this.dataStatus.of(EXPORT_SOURCES[kind]),
        exportHead(record, nameOf),
      );
      await this.jobs.done(record.id, storedFileName(record.id), rows);
      return rows;
    } catch (error) {
      this.logger.error(`export ${record.id} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await this.jobs.failed(record.id, EXPORT_FAILED).catch(() => undefined);
      throw error;
    }
  }

  /**
   * An export the queue gave up because the processes running it died (BullMQ's stalled-job limit, decision 257):
   * unless a later run ended it, it is failed with a reason its owner reads beside 重新生成 — so it no longer
   * holds one of the owner's open exports — and its partial file is removed.
   */
  @JobAbandoned(JobName.DataExport)
  async abandoned(data: JobPayloads[JobName.DataExport]): Promise<void> {
    await this.jobs.exclusive(data.exportId, async () => {
      const record = await this.jobs.find(data.exportId);
      if (!record || (record.status !== 'queued' && record.status !== 'running')) return;
      this.logger.error({ event: 'export.abandoned', id: record.id, kind: record.kind, status: record.status });
      // The partial file goes first: an owner who reads 失败 finds nothing of it left.
      await fs.promises.rm(partialPathOf(storedPath(this.config.exportsDir, record.id)), { force: true });
      await this.jobs.failed(record.id, EXPORT_DIED);
    });
  }

  /** In-process jobs die with the app: run again what was accepted but never finished. */
  async onApplicationBootstrap(): Promise<void> {
    if (!(this.queue instanceof InProcessJobQueue)) return;
    for (const job of await this.jobs.unfinished()) {
      this.logger.log(`export ${job.id} was not finished: running it again`);
      await this.queue.enqueue(JobName.DataExport, { exportId: job.id }, { jobId: job.id });
    }
  }
}
