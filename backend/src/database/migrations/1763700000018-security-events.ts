import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security audit trail in PostgreSQL (decision 82): every event SecurityEvents records
 * (sign-ins, failures, lockouts, password changes, refusals, administrators' actions) beside its log
 * line, for the 安全日志 page. `detail` holds an admin action's target and changed fields, never a
 * password. `app_user.must_change_password`: a password an administrator set (new account, reset) must
 * be changed at the next sign-in (decision 83).
 */
export class SecurityEvents1763700000018 implements MigrationInterface {
  name = 'SecurityEvents1763700000018';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE security_event (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        event varchar(32) NOT NULL,
        user_id integer,
        account varchar(64),
        address varchar(64) NOT NULL,
        reason varchar(200),
        path varchar(200),
        detail jsonb
      );
      CREATE INDEX security_event_at_idx ON security_event (at DESC, id DESC);
      CREATE INDEX security_event_event_at_idx ON security_event (event, at DESC);
      CREATE INDEX security_event_login_idx ON security_event (user_id, at DESC) WHERE event = 'login.success';
      ALTER TABLE app_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP COLUMN must_change_password; DROP TABLE security_event;`);
  }
}
