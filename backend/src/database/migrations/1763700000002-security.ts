import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the security module keeps in PostgreSQL so that every app instance, before and after a restart,
 * sees the same sessions and the same brute-force windows: revoked tokens (until they would have
 * expired anyway) and login attempts. Password changes revoke through app_user.password_changed_at.
 */
export class Security1763700000002 implements MigrationInterface {
  name = 'Security1763700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE revoked_token (
        jti uuid PRIMARY KEY,
        user_id integer NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX revoked_token_expires_idx ON revoked_token(expires_at);

      CREATE TABLE login_attempt (
        id bigserial PRIMARY KEY,
        account varchar(64) NOT NULL,
        address varchar(64) NOT NULL,
        outcome varchar(16) NOT NULL CHECK (outcome IN ('success', 'failure', 'throttled')),
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX login_attempt_account_failure_idx ON login_attempt(account, at) WHERE outcome = 'failure';
      CREATE INDEX login_attempt_address_failure_idx ON login_attempt(address, at) WHERE outcome = 'failure';
      CREATE INDEX login_attempt_at_idx ON login_attempt(at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_attempt, revoked_token;`);
  }
}
