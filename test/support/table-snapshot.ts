import { Client } from 'pg';

/** Tables smaller than this on disk are checksummed row by row; larger ones (facts, rollups) are judged by their write counters and file alone. */
const CHECKSUM_BYTES = 8 * 1024 * 1024;

/**
 * What every table of a database holds, for proving a phase wrote nothing: per table PostgreSQL's own
 * counters of rows inserted, updated and deleted (pg_stat_user_tables: every write, whatever the table's
 * size), its file node (a TRUNCATE or a rewrite changes it) and, for tables under 8 MB (users, roles,
 * menus, reference data, jobs, attempts), a checksum of every row. Sound only once every other session
 * of the database has ended, since a session reports its counters when it ends: hence the wait.
 */
export async function settledSnapshot(databaseUrl: string): Promise<Map<string, string>> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await waitForOtherSessionsToEnd(db);
    await db.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await db.query<{ table: string; writes: string; node: string; bytes: string }>(
      `SELECT s.relname AS "table", s.n_tup_ins || '/' || s.n_tup_upd || '/' || s.n_tup_del AS writes,
              c.relfilenode::text AS node, pg_relation_size(c.oid)::text AS bytes
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = 'public' ORDER BY s.relname`,
    );
    const snapshot = new Map<string, string>();
    for (const row of rows) {
      let state = `writes ${row.writes}, file ${row.node}`;
      if (Number(row.bytes) < CHECKSUM_BYTES) {
        const [{ sum }] = (
          await db.query<{ sum: string }>(
            `SELECT count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS sum FROM public."${row.table}" t`,
          )
        ).rows;
        state += `, rows ${sum}`;
      }
      snapshot.set(row.table, state);
    }
    return snapshot;
  } finally {
    await db.end();
  }
}

/** The tables whose state differs between two snapshots, as `table: before → after`. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'absent'} → ${after.get(name) ?? 'absent'}`);
}

async function waitForOtherSessionsToEnd(db: Client): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].n} other sessions still hold the database: its write counters would not be settled`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
