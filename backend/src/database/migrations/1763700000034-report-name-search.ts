import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 报告下载's name search (decision 184): the list matches a part of the report's name whatever its case,
 * which no B-tree serves. The name folded to lower case is kept beside it (a stored generated column, so
 * a search compares with LIKE instead of lowering every row as ILIKE does), and a trigram GIN index over
 * it finds the reports of a search of three characters or more without reading the others. pg_trgm is a
 * trusted extension of PostgreSQL's contrib (migration 26 creates it too). Down keeps the extension.
 */
export class ReportNameSearch1763700000034 implements MigrationInterface {
  name = 'ReportNameSearch1763700000034';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      ALTER TABLE report ADD COLUMN name_folded text GENERATED ALWAYS AS (lower(name)) STORED;
      CREATE INDEX report_name_trgm_idx ON report USING gin (name_folded gin_trgm_ops);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE report DROP COLUMN name_folded`);
  }
}
