import type { Client } from 'pg';
import { pollUntil } from './poll';

/** The advisory lock a user's held exports wait for while a test holds it. */
const HOLD = 725_0258;

/**
 * Holds every export of one user at its first progress write with rows in its file (a trigger waits for an advisory
 * lock the test holds), so the exports stay running, each in the queue slot it took, for as long as the test wants:
 * large exports, without the minutes of CPU they would cost. `release` lets them go on and drops the trigger.
 */
export async function holdExportsOf(db: Client, account: string): Promise<{ held: () => Promise<number>; release: () => Promise<void> }> {
  const [{ id }] = (await db.query(`SELECT id FROM app_user WHERE account = $1`, [account])).rows as Array<{ id: number }>;
  await db.query(`SELECT pg_advisory_lock(${HOLD})`);
  await db.query(
    `CREATE FUNCTION hold_busy_export() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD}); RETURN NEW; END $$`,
  );
  await db.query(
    `CREATE TRIGGER hold_busy_export BEFORE UPDATE ON export_job FOR EACH ROW
      WHEN (NEW.user_id = ${Number(id)} AND NEW.status = 'running' AND NEW.row_count > 0) EXECUTE FUNCTION hold_busy_export()`,
  );
  return {
    /** How many exports' writes wait at the hold now. */
    held: async () => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory' AND query LIKE 'UPDATE export_job%'`,
      );
      return rows[0].n as number;
    },
    // Unlocked first: the trigger cannot be dropped while a held write is inside it.
    release: async () => {
      await db.query(`SELECT pg_advisory_unlock(${HOLD})`);
      await db.query(`DROP TRIGGER IF EXISTS hold_busy_export ON export_job`);
      await db.query(`DROP FUNCTION IF EXISTS hold_busy_export()`);
    },
  };
}

/**
 * How long after it was queued a job started, in ms, from its record (job_run): waited for up to `ms`; null when it has
 * not started by then.
 */
export async function startDelayOf(db: Client, jobId: string, ms: number): Promise<number | null> {
  const row = await pollUntil(
    async () =>
      (await db.query(`SELECT round(extract(epoch FROM started_at - enqueued_at) * 1000)::int AS ms FROM job_run WHERE id = $1`, [jobId])).rows[0] as
        { ms: number | null } | undefined,
    (r) => r?.ms !== null && r?.ms !== undefined,
    ms,
  );
  return row?.ms ?? null;
}
