import * as fs from 'node:fs';
import type { DataSource } from 'typeorm';

/**
 * What one call costs the machine (issue 48 §4), read around a load run: the app process's CPU, every PostgreSQL
 * process's CPU and the database's transactions (each statement the app sends outside a transaction is one), from
 * /proc and pg_stat_database, divided by the calls the run made. Linux only; elsewhere the CPU figures are absent.
 */
export interface CostSnapshot {
  appCpuMs: number | null;
  pgCpuMs: number | null;
  transactions: number;
}

export interface CallCost {
  calls: number;
  appCpuMs: number | null;
  pgCpuMs: number | null;
  statements: number;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * utime + stime of a /proc/<pid>/stat line, in ms, and with `children` the CPU of its children that have exited too
 * (cutime + cstime); null when the line cannot be read.
 */
export function cpuMsOfStat(stat: string, children = false): number | null {
  // The command name (field 2) is in parentheses and may hold spaces: the fields after it start past the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); utime and stime are fields 14 and 15, cutime and cstime 16 and 17.
  const fields = children ? [11, 12, 13, 14] : [11, 12];
  const ticks = fields.map((i) => Number(rest[i]));
  return ticks.every((t) => Number.isFinite(t)) ? (ticks.reduce((a, b) => a + b, 0) * 1000) / TICKS_PER_SECOND : null;
}

function processCpuMs(pid: number): number | null {
  try {
    return cpuMsOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Every process named postgres (the server and its backends), summed, with the backends that have exited: a backend
 * whose connection closed during the run leaves /proc, and its CPU is counted in its parent's (the postmaster's)
 * children's times instead.
 */
function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (!stat.includes('(postgres)')) continue;
    total += cpuMsOfStat(stat, true) ?? 0;
  }
  return total;
}

export async function costSnapshot(ds: DataSource, appPid: number): Promise<CostSnapshot> {
  // The backends report their counters when idle, at most once a second: wait for the last of the run's.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const [row] = await ds.query<Array<{ n: string }>>(
    'SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return { appCpuMs: processCpuMs(appPid), pgCpuMs: postgresCpuMs(), transactions: Number(row.n) };
}

export function costPerCall(before: CostSnapshot, after: CostSnapshot, calls: number): CallCost {
  const per = (a: number | null, b: number | null): number | null => (a === null || b === null || calls === 0 ? null : (b - a) / calls);
  return {
    calls,
    appCpuMs: per(before.appCpuMs, after.appCpuMs),
    pgCpuMs: per(before.pgCpuMs, after.pgCpuMs),
    // The snapshot's own query is one transaction.
    statements: calls === 0 ? 0 : (after.transactions - before.transactions - 1) / calls,
  };
}
