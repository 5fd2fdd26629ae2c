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
  /** Sends one robot_delivery to its group robot (robots/); retried with backoff, then the delivery is failed. */
  DeliverRobotMessage = 'robots.deliver',
  /** Evaluates the subscriptions not yet evaluated at their source's latest month (alerts/): after a publish and at boot. */
  EvaluateAlerts = 'alerts.evaluate',
  /**
   * Writes the competitor sets' decks of a month for their owners (competitorSets/, decision 299): every set's after a
   * publish, one set's when it is saved or edited; without a month, the latest retail month when it runs.
   */
  CompetitorSetDecks = 'competitorSets.monthly-decks',
}

export interface JobPayloads {
  [JobName.GenerateMonthlyReports]: { month: number; producerIds?: number[] };
  [JobName.RebuildRollups]: { months: number[] };
  [JobName.DataExport]: { exportId: string };
  [JobName.ReportBundle]: { bundleId: string };
  [JobName.DataImport]: { importId: string; step: 'check' | 'write' };
  [JobName.PublishImport]: { importId: string };
  [JobName.PruneAuditTrail]: { keepDays: number };
  [JobName.DeliverRobotMessage]: { deliveryId: number };
  [JobName.EvaluateAlerts]: { trigger: 'publish' | 'boot' | 'seed' };
  [JobName.CompetitorSetDecks]: { month?: number; setIds?: number[] };
}

/** The BullMQ queue of every job but those of QUICK_QUEUE_NAME. */
export const QUEUE_NAME = 'car-jobs';
/** The BullMQ queue of the short jobs a user waits for on a page (decision 258). */
export const QUICK_QUEUE_NAME = 'car-jobs-quick';
export const QUEUE_NAMES = [QUEUE_NAME, QUICK_QUEUE_NAME] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Which queue each job waits in (decision 258). A report bundle takes seconds and its user watches its progress bar:
 * it has a queue of its own with slots of its own (a line of its own in-process), so it never waits for a slot that
 * long jobs hold — one analyst's five exports, a rollup rebuild, an import. Everything else shares QUEUE_NAME.
 */
export const JOB_QUEUES: Record<JobName, QueueName> = {
  [JobName.GenerateMonthlyReports]: QUEUE_NAME,
  [JobName.RebuildRollups]: QUEUE_NAME,
  [JobName.DataExport]: QUEUE_NAME,
  [JobName.ReportBundle]: QUICK_QUEUE_NAME,
  [JobName.DataImport]: QUEUE_NAME,
  [JobName.PublishImport]: QUEUE_NAME,
  [JobName.PruneAuditTrail]: QUEUE_NAME,
  [JobName.DeliverRobotMessage]: QUEUE_NAME,
  [JobName.EvaluateAlerts]: QUEUE_NAME,
  [JobName.CompetitorSetDecks]: QUEUE_NAME,
};

/**
 * How many times BullMQ runs a job before it stays failed: the queue sets it on every job, the runner reads it to know a
 * run is the last (here, with the names, so that neither imports the other).
 */
export const BULL_ATTEMPTS = 3;
