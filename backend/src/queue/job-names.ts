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
}

export const QUEUE_NAME = 'car-jobs';
