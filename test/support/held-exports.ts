import type { Client } from 'pg';
import { pollUntil } from './poll';

/** The advisory lock held writes wait for while a test holds it. */
const HOLD = 725_0258;

/** A write to hold: an update of `table` whose row matches `when` (a trigger's WHEN condition over NEW and OLD). */
export interface HeldWrite {
  table: 'export_job' | 'report_bundle';
  when: string;
}

export interface WriteHold {
  /** How many matching writes wait at the hold now. */
  held: () => Promise<number>;
  /** Lets the waiting writes (and every later one) go on; the triggers stay, so `holdAgain` stops the next ones. */
  letGo: () => Promise<void>;
  holdAgain: () => Promise<void>;
  /** Lets every write go on and drops the triggers. */
  release: () => Promise<void>;
}

/**
 * Holds the matching writes of the export corridor (a trigger per table waits for an advisory lock the test holds),
 * so the jobs doing them stay running, each in the queue slot it took, mid-job and for as long as the test wants:
 * large jobs without the minutes of CPU they would cost, or a worker killed while its job is under way. One hold
 * at a time in a database (the triggers have fixed names).
 */
export async function holdWrites(db: Client, writes: readonly HeldWrite[]): Promise<WriteHold> {
  const tables = [...new Set(writes.map((w) => w.table))];
  await db.query(`SELECT pg_advisory_lock(${HOLD})`);
  await db.query(
    `CREATE FUNCTION hold_test_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD}); RETURN NEW; END $$`,
  );
  for (const [i, w] of writes.entries()) {
    await db.query(`CREATE TRIGGER hold_test_write_${i} BEFORE UPDATE ON ${w.table} FOR EACH ROW WHEN (${w.when}) EXECUTE FUNCTION hold_test_write()`);
  }
  return {
    held: async () => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event = 'advisory' AND query LIKE ANY($1::text[])`,
        [tables.map((table) => `UPDATE ${table}%`)],
      );
      return rows[0].n as number;
    },
    letGo: async () => {
      await db.query(`SELECT pg_advisory_unlock_all()`);
    },
    holdAgain: async () => {
      await db.query(`SELECT pg_advisory_lock(${HOLD})`);
    },
    // Unlocked first: a held write waits inside the trigger holding its table, so dropping the trigger while the lock
    // is still ours would deadlock (and hide the failure that brought the test here).
    release: async () => {
      await db.query(`SELECT pg_advisory_unlock_all()`);
      for (const [i, w] of writes.entries()) await db.query(`DROP TRIGGER IF EXISTS hold_test_write_${i} ON ${w.table}`);
      await db.query(`DROP FUNCTION IF EXISTS hold_test_write()`);
    },
  };
}

/** Holds every export of one user at its first progress write with rows in its file (`holdWrites`). */
export async function holdExportsOf(db: Client, account: string): Promise<WriteHold> {
  const [{ id }] = (await db.query(`SELECT id FROM app_user WHERE account = $1`, [account])).rows as Array<{ id: number }>;
  return holdWrites(db, [{ table: 'export_job', when: `NEW.user_id = ${Number(id)} AND NEW.status = 'running' AND NEW.row_count > 0` }]);
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
