import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 安全日志 account filter (decision 121): the list matches an account contained in the row's
 * account or in an admin action's target (`ILIKE '%text%'` on both), which no B-tree can serve; a trigram
 * GIN index over the two serves both halves of the OR (a BitmapOr of two scans of one index). pg_trgm is a
 * trusted extension of PostgreSQL's contrib (in the embedded server and the postgres image), so a database
 * owner without superuser rights may create it. Down keeps the extension: something else may use it.
 */
export class AuditAccountIndex1763700000026 implements MigrationInterface {
  name = 'AuditAccountIndex1763700000026';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX security_event_account_trgm_idx ON security_event USING gin (account gin_trgm_ops, (detail->>'targetAccount') gin_trgm_ops);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX security_event_account_trgm_idx`);
  }
}
