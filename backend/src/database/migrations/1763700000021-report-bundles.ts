import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Report bundles (decision 99): a download of several reports is a .zip made by a queued job,
 * recorded like an export job (status, progress as files added of files expected, owner, file, error) in
 * a table of its own, so the exports' lists and restarts never see it. The report list is read by upload
 * time: an index for that order. Additive only.
 */
export class ReportBundles1763700000021 implements MigrationInterface {
  name = 'ReportBundles1763700000021';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS report_bundle (
        id uuid PRIMARY KEY,
        report_ids integer[] NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        files_added integer NOT NULL DEFAULT 0,
        files_expected integer NOT NULL,
        file_name varchar(255),
        error varchar(500),
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS report_bundle_unfinished_idx ON report_bundle(created_at) WHERE status IN ('queued', 'running')`);
    await q.query(`CREATE INDEX IF NOT EXISTS report_created_idx ON report(created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS report_created_idx`);
    await q.query(`DROP TABLE IF EXISTS report_bundle`);
  }
}
