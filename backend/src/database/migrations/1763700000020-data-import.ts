import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data imports (dataImport/, decisions 85-92): one row per uploaded file with its progress, and the
 * problems its check found (line, column, level, Chinese message). Each import's rows wait in an UNLOGGED
 * staging table of its own (import_stage_<id>), created and dropped by the import, not here.
 */
export class DataImport1763700000020 implements MigrationInterface {
  name = 'DataImport1763700000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE data_import (
        id uuid PRIMARY KEY,
        user_id integer REFERENCES app_user(id) ON DELETE SET NULL,
        kind varchar(16) NOT NULL,
        file_name varchar(255) NOT NULL,
        file_format varchar(8) NOT NULL,
        month_from integer NOT NULL,
        month_to integer NOT NULL,
        months integer[] NOT NULL DEFAULT '{}',
        state varchar(16) NOT NULL,
        rows_parsed integer NOT NULL DEFAULT 0,
        rows_valid integer NOT NULL DEFAULT 0,
        rows_written integer NOT NULL DEFAULT 0,
        errors integer NOT NULL DEFAULT 0,
        warnings integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX data_import_created_idx ON data_import(created_at DESC);
      CREATE TABLE import_problem (
        import_id uuid NOT NULL REFERENCES data_import(id) ON DELETE CASCADE,
        line integer NOT NULL,
        column_name varchar(32) NOT NULL,
        level varchar(8) NOT NULL CHECK (level IN ('error', 'warning')),
        message varchar(200) NOT NULL
      );
      CREATE INDEX import_problem_import_idx ON import_problem(import_id, line);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS import_problem; DROP TABLE IF EXISTS data_import;`);
  }
}
