import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed mini-program links already used (decision 263): a link opens one session or makes one binding, on
 * whichever app instance it reaches. Keyed by the SHA-256 of its signature; kept until the link would be stale
 * anyway, then forgotten by the hourly housekeeping.
 */
export class MpLinkUse1763700000045 implements MigrationInterface {
  name = 'MpLinkUse1763700000045';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mp_link_use (
      link bytea PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX mp_link_use_expires ON mp_link_use (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mp_link_use`);
  }
}
