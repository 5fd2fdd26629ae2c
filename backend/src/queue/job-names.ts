/**
 * Every background job, by name, with its payload. A name without exactly one @JobHandler stops the
 * process at boot (JobRegistry), not at 3 a.m.
 */
export enum JobName {
  /** Writes the monthly market summary workbook of each producer for one month. */
  GenerateMonthlyReports = 'reports.generate-monthly',
  /** Rebuilds the rollups of the given months from the facts. */
  RebuildRollups = 'rollups.rebuild',
  /** Writes one data export's workbook (dataExport/): the job id is the export_job id. */
  DataExport = 'exports.data',
  /** Zips several reports into one download (reportDownload/): the job id is the report_bundle id. */
  ReportBundle = 'reports.bundle',
  /** Checks an uploaded data file (dataImport/), then writes it (step 'write', at once without errors or once confirmed). */
  DataImport = 'imports.data',
  /** Rebuilds the rollups of an import's months, then shows the months in the calendar (dataImport/). */
  PublishImport = 'imports.publish',
  /** Deletes the audit trail's events older than the retention (AUDIT_RETENTION_DAYS); queued once a day. */
  PruneAuditTrail = 'audit.prune',
}

export interface JobPayloads {
  [JobName.GenerateMonthlyReports]: { month: number; producerIds?: number[] };
  [JobName.RebuildRollups]: { months: number[] };
  [JobName.DataExport]: { exportId: string };
  [JobName.ReportBundle]: { bundleId: string };
  [JobName.DataImport]: { importId: string; step: 'check' | 'write' };
  [JobName.PublishImport]: { importId: string };
  [JobName.PruneAuditTrail]: { keepDays: number };
}

export const QUEUE_NAME = 'car-jobs';

/**
 * The V8 flags the job worker runs with (decision 126): an old generation capped at 256 MB, so V8
 * collects instead of growing while an export or import makes garbage faster than it would otherwise collect
 * it, and a young generation of 8 MB semi-spaces, large enough that a batch of rows dies young instead of being
 * promoted into the capped old generation (2 MB ones, decision 97, cost the capped import a third more CPU). `npm run worker` and
 * docker-compose.yml name the same flags (a unit test holds them equal); the benchmarks start their worker
 * processes with these.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--max-old-space-size=256'];
