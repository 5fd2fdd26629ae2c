import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job monitor's record of every queued job (docs/jobs-and-files.md "Job monitor", decision 109): one row per job id,
 * written by whichever process queues or runs it (the app in-process, the app and the BullMQ worker with
 * Redis) — state, progress, attempts, times, the last error and who queued it — so the administrator sees
 * the queue of every kind from the database in both modes. Additive only.
 */
export class JobRuns1763700000023 implements MigrationInterface {
  name = 'JobRuns1763700000023';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS job_run (
        id varchar(128) PRIMARY KEY,
        name varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('waiting', 'active', 'completed', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        attempts integer NOT NULL DEFAULT 0,
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        error varchar(500),
        user_id integer REFERENCES app_user(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS job_run_enqueued_idx ON job_run(enqueued_at DESC, id DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS job_run_state_idx ON job_run(state, enqueued_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS job_run`);
  }
}
