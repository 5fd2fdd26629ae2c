import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Export jobs report their progress as rows written out of rows expected (decision 70): the
 * count made before writing is kept beside `row_count` (rows written so far). Additive only.
 */
export class ExportProgress1763700000015 implements MigrationInterface {
  name = 'ExportProgress1763700000015';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE export_job ADD COLUMN IF NOT EXISTS rows_expected integer`);
    await q.query(`CREATE INDEX IF NOT EXISTS export_job_unfinished_idx ON export_job(created_at) WHERE status IN ('queued', 'running')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS export_job_unfinished_idx`);
    await q.query(`ALTER TABLE export_job DROP COLUMN IF EXISTS rows_expected`);
  }
}
