import fs from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CATALOG_MAX_ROWS, IMPORT_MESSAGES, type FactImportKind, type ImportState } from '@car/contracts';
import { AlertsQueue } from '../alerts/alerts-queue';
import { RollupJobs } from '../analytics/rollup.jobs';
import { CompetitorSetDecks } from '../competitorSets/competitor-set-decks.jobs';
import { ProgressClock } from '../common/progress-clock';
import type { CopyWriter } from '../database/copy-writer';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobAbandoned, JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { InProcessJobQueue, JobQueue } from '../queue/job-queue';
import { CatalogImportRepository } from './catalog-import.repository';
import { CatalogValidator, type CatalogRow } from './catalog-validator';
import { ConfigImportRepository } from './config-import.repository';
import { ConfigValidator } from './config-validator';
import { DataImportRepository, type DataImportRecord } from './data-import.repository';
import { ImportFileRefused } from './import-limits';
import { readRows } from './import-reader';
import { RowValidator, type RowProblem } from './row-validator';

/** The staging COPY is offered its buffer every this many rows (it sends 1 MiB chunks). */
const FLUSH_EVERY = 1000;
/** Problems are stored in batches of this many. */
const PROBLEM_BATCH = 1000;

/** Where an import's file waits while the import runs. */
export const importFilePath = (dir: string, id: string): string => path.join(dir, id);

/** The queue's job ids of an import's steps (the same step queued twice runs once). */
export const importJobId = (id: string, step: 'check' | 'write' | 'publish'): string => (step === 'check' ? id : `${id}-${step}`);

/**
 * The processors of a data import, run by the worker (BullMQ) or by the app itself without Redis:
 * - check: streams the file's rows through the checks into the staging table, then finds duplicates and
 *   price warnings in SQL; without errors it goes on to write, with errors it waits for the administrator;
 * - write: replaces the staged months' facts in one transaction (the months' calendar flags held off);
 * - publish: rebuilds the months' rollups (the RebuildRollups job's service), then sets the flags, so a month
 *   shows only when its rollups are ready.
 * Each step is safe to run again (a retry or a restart) and holds the import's advisory lock.
 */
@Injectable()
export class DataImportJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('DataImport');

  constructor(
    private readonly imports: DataImportRepository,
    private readonly catalog: CatalogImportRepository,
    private readonly configs: ConfigImportRepository,
    private readonly rollups: RollupJobs,
    private readonly queue: JobQueue,
    private readonly alerts: AlertsQueue,
    private readonly setDecks: CompetitorSetDecks,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'importsDir'>,
  ) {}

  /**
   * Runs the import's unfinished step, whatever step the job was queued for (decision 137): a check job run
   * again after its process died mid-write (BullMQ's stalled-job retry) finds the import writing and writes;
   * one that died after the write's commit finds it publishing and hands it to its rebuild.
   */
  @JobHandler(JobName.DataImport)
  async run(data: JobPayloads[JobName.DataImport]): Promise<void> {
    await this.imports.exclusive(data.importId, async () => {
      const record = await this.imports.find(data.importId);
      if (record?.state === 'queued' || record?.state === 'validating') {
        // A clean file goes on to its write at once, in the same run (with the counts its check stored).
        if (await this.guarded(record, IMPORT_MESSAGES.unreadable, () => this.check(record))) await this.resume(await this.imports.find(data.importId));
      } else await this.resume(record);
    });
  }

  /** The steps after the check: the write of an import left writing, the rebuild of one left publishing. */
  private async resume(record: DataImportRecord | undefined): Promise<void> {
    if (record?.state === 'writing') await this.guarded(record, IMPORT_MESSAGES.failed, () => this.write(record));
    else if (record?.state === 'publishing') await this.queuePublish(record.id);
  }

  @JobHandler(JobName.PublishImport)
  async publish(data: JobPayloads[JobName.PublishImport]): Promise<void> {
    await this.imports.exclusive(data.importId, async () => {
      const record = await this.imports.find(data.importId);
      if (!record || record.state !== 'publishing') return;
      const published = await this.guarded(record, IMPORT_MESSAGES.publishFailed, async () => {
        // A write that died after its commit left them.
        await this.cleanUp(record.id);
        // A catalog change's months are those its changed trims sold in (decision 120), a fact import's its own.
        await this.rollups.rebuild({ months: record.months });
        await this.imports.publish(record.kind, record.months);
        await this.imports.setState(record.id, 'done');
        this.logger.log({ event: 'import.published', id: record.id, kind: record.kind, months: record.months });
        return true;
      });
      // The subscriptions hear of the months now shown (decision 192), the competitor sets' owners get their decks
      // (decision 299); the import is done whether or not the queue takes them.
      if (published) {
        await this.alerts
          .evaluateLatest('publish')
          .catch((error: unknown) =>
            this.logger.error({ event: 'alerts.not-queued', id: record.id, error: error instanceof Error ? error.message : String(error) }),
          );
        await this.setDecks
          .queueLatest()
          .catch((error: unknown) =>
            this.logger.error({ event: 'competitorSetDecks.not-queued', id: record.id, error: error instanceof Error ? error.message : String(error) }),
          );
      }
    });
  }

  /**
   * A step the queue gave up because the processes running it died (decision 138): the import is failed with
   * a Chinese reason unless a later run ended it, and what it staged is dropped.
   */
  @JobAbandoned(JobName.DataImport)
  async abandoned(data: JobPayloads[JobName.DataImport]): Promise<void> {
    await this.endAbandoned(data.importId, ['queued', 'validating', 'writing'], IMPORT_MESSAGES.died);
  }

  @JobAbandoned(JobName.PublishImport)
  async publishAbandoned(data: JobPayloads[JobName.PublishImport]): Promise<void> {
    await this.endAbandoned(data.importId, ['publishing'], IMPORT_MESSAGES.publishFailed);
  }

  private async endAbandoned(id: string, busy: readonly ImportState[], reason: string): Promise<void> {
    await this.imports.exclusive(id, async () => {
      const record = await this.imports.find(id);
      if (!record || !busy.includes(record.state)) return;
      this.logger.error({ event: 'import.abandoned', id, kind: record.kind, state: record.state });
      await this.imports.setState(id, 'failed', { error: reason });
      await this.cleanUp(id);
    });
  }

  /**
   * A failed step ends the import (a Chinese reason; the log keeps the cause): its staging table and file are
   * dropped, and the facts are as they were before it (the write is one transaction). The error goes on to
   * the queue, which records the failed job; a retry finds the import failed and does nothing.
   */
  private async guarded<T>(record: DataImportRecord, reason: string, step: () => Promise<T>): Promise<T | false> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ImportFileRefused) {
        // Not a fault of the job: the file is past a limit (decision 138). The import ends failed with the reason.
        this.logger.warn({ event: 'import.refused', id: record.id, kind: record.kind, reason: error.reason });
        await this.imports.setState(record.id, 'failed', { error: error.reason });
        await this.cleanUp(record.id);
        return false;
      }
      this.logger.error(`import ${record.id} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await this.imports.setState(record.id, 'failed', { error: reason }).catch(() => undefined);
      await this.cleanUp(record.id).catch(() => undefined);
      throw error;
    }
  }

  /** Checks the file; true when it is clean (no errors, some rows) and goes on to be written. */
  private async check(record: DataImportRecord): Promise<boolean> {
    if (record.kind === 'catalog') return this.checkCatalog(record);
    if (record.kind === 'config') return this.checkConfig(record);
    const kind: FactImportKind = record.kind;
    const started = Date.now();
    await this.imports.startCheck(record.id, kind);
    const validator = new RowValidator(kind, { from: record.monthFrom, to: record.monthTo }, await this.imports.reference());
    const stage = await this.imports.openStage(record.id, kind);
    const counts = await this.streamRows(record, validator, stage, FLUSH_EVERY, (values, line) => stage.push(`${line}\t${values.join('\t')}`));
    let { stored, errors, rowsValid } = counts;
    const { rowsParsed } = counts;
    const duplicates = await this.imports.removeDuplicates(record.id, kind, stored);
    stored += duplicates;
    errors += duplicates;
    rowsValid -= duplicates;
    const warnings = record.kind === 'price' ? await this.imports.priceWarnings(record.id, stored) : 0;
    const { months } = await this.imports.staged(record.id);
    return this.finishCheck(record, { rowsParsed, rowsValid, errors, warnings, months }, started);
  }

  /**
   * Streams the file's rows through a validator: the header first (a problem there stops the read), then each
   * row into `stageRow` or its problems, kept in batches; the staging COPY is offered its buffer every
   * `flushEvery` valid rows, the progress saved at most once a second. The stage is closed at the end.
   */
  private async streamRows<V>(
    record: DataImportRecord,
    validator: { header(cells: readonly string[], line: number): RowProblem[]; row(cells: readonly string[], line: number, problems: RowProblem[]): V | null },
    stage: CopyWriter,
    flushEvery: number,
    stageRow: (values: V, line: number) => void,
  ): Promise<{ stored: number; errors: number; rowsParsed: number; rowsValid: number }> {
    const clock = new ProgressClock();
    let pending: RowProblem[] = [];
    let stored = 0;
    let errors = 0;
    let rowsParsed = 0;
    let rowsValid = 0;
    let headerRead = false;
    const saveProblems = async (): Promise<void> => {
      stored += await this.imports.addProblems(record.id, pending, stored);
      pending = [];
    };
    try {
      for await (const { line, cells } of readRows(importFilePath(this.config.importsDir, record.id), record.fileFormat)) {
        const before = pending.length;
        if (!headerRead) {
          headerRead = true;
          pending.push(...validator.header(cells, line));
          errors += pending.length - before;
          if (errors > 0) break;
          continue;
        }
        rowsParsed++;
        const values = validator.row(cells, line, pending);
        if (values) {
          rowsValid++;
          stageRow(values, line);
          if (rowsValid % flushEvery === 0) await stage.flushIfFull();
        } else errors += pending.length - before;
        if (pending.length >= PROBLEM_BATCH) await saveProblems();
        if (rowsParsed % FLUSH_EVERY === 0 && clock.due()) await this.imports.progressed(record.id, { rowsParsed, rowsValid, errors });
      }
    } finally {
      await stage.close();
    }
    if (!headerRead) {
      pending.push({ line: 1, column: '', level: 'error', message: '文件为空：第一行应为导入模板的表头' });
      errors++;
    }
    await saveProblems();
    return { stored, errors, rowsParsed, rowsValid };
  }

  /**
   * Checks a catalog file (decision 117): its rows are read whole (at most CATALOG_MAX_ROWS: a trim's
   * sub-series may be defined by another row), each checked, then the file across rows; the valid rows wait
   * in the staging table as JSON.
   */
  private async checkCatalog(record: DataImportRecord): Promise<boolean> {
    const started = Date.now();
    await this.imports.startCheck(record.id, 'catalog');
    const validator = new CatalogValidator(await this.catalog.reference());
    const problems: RowProblem[] = [];
    const rows: CatalogRow[] = [];
    let rowsParsed = 0;
    let headerRead = false;
    for await (const { line, cells } of readRows(importFilePath(this.config.importsDir, record.id), record.fileFormat)) {
      if (!headerRead) {
        headerRead = true;
        problems.push(...validator.header(cells, line));
        if (problems.length > 0) break;
        continue;
      }
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (++rowsParsed > CATALOG_MAX_ROWS) {
        problems.push({ line, column: '', level: 'error', message: IMPORT_MESSAGES.catalogTooLarge });
        rows.length = 0;
        break;
      }
      const row = validator.row(cells, line, problems);
      if (row) rows.push(row);
    }
    if (!headerRead) problems.push({ line: 1, column: '', level: 'error', message: '文件为空：第一行应为导入模板的表头' });
    const valid = validator.across(rows, problems);
    problems.sort((a, b) => a.line - b.line);
    await this.imports.addProblems(record.id, problems, 0);
    await this.imports.stageCatalog(
      record.id,
      valid.map((row) => ({ line: row.line, row })),
    );
    const errors = problems.filter((p) => p.level === 'error').length;
    const warnings = problems.length - errors;
    const rowsValid = valid.length;
    return this.finishCheck(record, { rowsParsed, rowsValid, errors, warnings, months: [] }, started);
  }

  /**
   * Checks a configuration file (decision 119) as it streams: the header names the trims, each row an item;
   * the non-empty cells of the rows without problems wait in the staging table (trim, item, value).
   */
  private async checkConfig(record: DataImportRecord): Promise<boolean> {
    const started = Date.now();
    await this.imports.startCheck(record.id, 'config');
    const validator = new ConfigValidator(await this.configs.reference());
    const stage = await this.imports.openStage(record.id, 'config');
    // A row holds a value per trim column: offered to the COPY after each one.
    const { errors, rowsParsed, rowsValid } = await this.streamRows(record, validator, stage, 1, (values, line) => {
      for (const [carId, itemId, value] of values) stage.row([line, carId, itemId, value]);
    });
    return this.finishCheck(record, { rowsParsed, rowsValid, errors, warnings: 0, months: [], trims: validator.trimCount }, started);
  }

  /**
   * The end of a check: a file without rows fails (nothing to import); otherwise the counts are kept and the
   * import goes on to be written when clean (no errors, some valid rows), or waits for the administrator.
   */
  private async finishCheck(
    record: DataImportRecord,
    counts: { rowsParsed: number; rowsValid: number; errors: number; warnings: number; months: number[]; trims?: number },
    started: number,
  ): Promise<boolean> {
    const { trims, ...result } = counts;
    if (result.rowsParsed === 0 && result.errors === 0) {
      await this.imports.checked(record.id, { state: 'failed', ...result });
      await this.imports.setState(record.id, 'failed', { error: IMPORT_MESSAGES.noRows });
      await this.cleanUp(record.id);
      return false;
    }
    const clean = result.errors === 0 && result.rowsValid > 0;
    await this.imports.checked(record.id, { state: clean ? 'writing' : 'review', ...result });
    this.logger.log({ event: 'import.checked', id: record.id, kind: record.kind, ...result, trims, ms: Date.now() - started });
    return clean;
  }

  /**
   * Writes the staged rows in one transaction that also moves the import on (done, or publishing), so a run
   * that dies anywhere is resumed by the next at the step it had not finished: the write again (the
   * transaction rolled back), or the rebuild. Staged rows a PostgreSQL crash took (an UNLOGGED table is
   * emptied) end the import failed before anything is written.
   */
  private async write(record: DataImportRecord): Promise<void> {
    const started = Date.now();
    if (!(await this.imports.stageIntact(record))) {
      this.logger.warn({ event: 'import.stage_lost', id: record.id, kind: record.kind });
      await this.imports.setState(record.id, 'failed', { error: IMPORT_MESSAGES.stageLost });
      await this.cleanUp(record.id);
      return;
    }
    if (record.kind === 'config') {
      // No rollup reads the sheets: the import is done once its values and the trims' sheets are written.
      const { changed, trims } = await this.configs.write(record.id);
      this.logger.log({ event: 'import.written', id: record.id, kind: record.kind, changed, trims, ms: Date.now() - started });
      return this.cleanUp(record.id);
    }
    if (record.kind === 'catalog') {
      // Nothing changed (the same file again), or nothing a rollup reads (a name, a new trim not yet sold): done, no rebuild.
      const { changed, months } = await this.catalog.upsert(record.id, await this.imports.stagedCatalog<CatalogRow>(record.id));
      this.logger.log({ event: 'import.written', id: record.id, kind: record.kind, changed, months, ms: Date.now() - started });
      await this.cleanUp(record.id);
      if (months.length > 0) await this.queuePublish(record.id);
      return;
    }
    const kind: FactImportKind = record.kind;
    const { months, rows } = await this.imports.staged(record.id);
    await this.imports.replace(record.id, kind, months, rows);
    this.logger.log({ event: 'import.written', id: record.id, kind: record.kind, months, rows, ms: Date.now() - started });
    await this.cleanUp(record.id);
    await this.queuePublish(record.id);
  }

  /** The rebuild of a written import (the same job id however often it is asked for). */
  private async queuePublish(id: string): Promise<void> {
    await this.queue.enqueue(JobName.PublishImport, { importId: id }, { jobId: importJobId(id, 'publish') });
  }

  /** The staging table and the uploaded file, once nothing more will read them. */
  async cleanUp(id: string): Promise<void> {
    await this.imports.dropStage(id);
    await fs.promises.rm(importFilePath(this.config.importsDir, id), { force: true });
  }

  /** In-process jobs die with the app: run again the steps that were accepted but never finished. */
  async onApplicationBootstrap(): Promise<void> {
    if (!(this.queue instanceof InProcessJobQueue)) return;
    for (const job of await this.imports.unfinished()) {
      this.logger.log(`import ${job.id} was not finished (${job.state}): running it again`);
      if (job.state === 'publishing') await this.queuePublish(job.id);
      else if (job.state === 'writing')
        await this.queue.enqueue(JobName.DataImport, { importId: job.id, step: 'write' }, { jobId: importJobId(job.id, 'write') });
      else await this.queue.enqueue(JobName.DataImport, { importId: job.id, step: 'check' }, { jobId: importJobId(job.id, 'check') });
    }
  }
}
