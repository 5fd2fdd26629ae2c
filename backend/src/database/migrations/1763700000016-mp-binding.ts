import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mini-program identities: an openId bound to one user (decision 79). Additive only; the demo
 * seed binds the demo openId to the demo analyst.
 */
export class MpBinding1763700000016 implements MigrationInterface {
  name = 'MpBinding1763700000016';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mp_binding (
      open_id varchar(64) PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX mp_binding_user ON mp_binding (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mp_binding`);
  }
}
