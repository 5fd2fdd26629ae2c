import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryResult, QueryRunner } from 'typeorm';
import { monthRange, yearOf } from '@car/contracts';
import { keysAfterRows, withKeysDeferred } from '../database/bulk-load';
import { ROLLUP_TABLES, RollupBuild } from './rollups';
import { CalendarRepository } from '../reference/calendar.repository';

export interface RollupBuildReport {
  table: string;
  rows: number;
  ms: number;
}

/** More months than this rebuild with the table's keys dropped and re-added (a bulk rebuild). */
const BULK_MONTHS = 6;

/**
 * The months a year-to-date rollup must rebuild when `months` change: those, and every later month
 * of the same year that holds data, whose January-to-date sums include them.
 */
export function yearToDateMonths(months: readonly number[], dataMonths: readonly number[]): number[] {
  const earliest = new Map<number, number>();
  for (const m of months) earliest.set(yearOf(m), Math.min(m, earliest.get(yearOf(m)) ?? m));
  const later = dataMonths.filter((m) => earliest.has(yearOf(m)) && m > (earliest.get(yearOf(m)) as number));
  return [...new Set([...months, ...later])].sort((a, b) => a - b);
}

/** Every month from January of each month's year to it: what the year-to-date sums of `months` read. */
export function monthsToDate(months: readonly number[]): number[] {
  const needed = new Set<number>();
  for (const m of months) for (const month of monthRange(yearOf(m) * 100 + 1, m)) needed.add(month);
  return [...needed].sort((a, b) => a - b);
}

/** The columns a rollup's table holds, in the order its build writes them: the month, keys, attributes, values. */
export function rollupColumns(build: RollupBuild): string[] {
  return ['month', ...build.keys, ...build.attributes.columns, ...(build.values ?? ['qty']), ...(build.yearToDate ? ['qty_ytd'] : [])];
}

/**
 * The INSERT … SELECT of one rollup. $1: the months `monthly` reads; $2 (year-to-date rollups only):
 * the months written. A year-to-date rollup runs the sum over each key's monthly rows of a year, then
 * lets each row stand for the months from its own to the key's next sale: that writes a month without
 * sales as volume 0 with the year-to-date sum so far.
 */
export function rollupInsert(build: RollupBuild): string {
  const attributes = build.attributes.columns.length ? `, ${build.attributes.select}` : '';
  const values = build.values ?? ['qty'];
  const columns = rollupColumns(build).join(', ');
  const keyed = build.keys.map((k) => `k.${k}`).join(', ');
  const source = build.yearToDate
    ? `SELECT t.month, ${build.keys.map((k) => `r.${k}`).join(', ')}, CASE WHEN t.month = r.month THEN r.qty ELSE 0 END AS qty, r.qty_ytd
       FROM (SELECT m.*, sum(m.qty) OVER w AS qty_ytd, lead(m.month) OVER w AS next_sale
             FROM (${build.monthly}) m
             WINDOW w AS (PARTITION BY ${build.keys.map((k) => `m.${k}`).join(', ')}, m.month / 100 ORDER BY m.month)) r
       JOIN unnest($2::int[]) AS t(month)
         ON t.month / 100 = r.month / 100 AND t.month >= r.month AND (r.next_sale IS NULL OR t.month < r.next_sale)`
    : build.monthly;
  const select = `SELECT k.month, ${keyed}${attributes}, ${values.map((v) => `k.${v}`).join(', ')}${build.yearToDate ? ', k.qty_ytd' : ''}`;
  // Written in month and key order: a month's rows then sit together on disk, and a query that reads
  // three months of a rollup reads a few hundred pages instead of most of the table.
  if (build.yearToDate) return `INSERT INTO ${build.table} (${columns}) ${select} FROM (${source}) k ${build.attributes.joins} ORDER BY k.month, ${keyed}`;
  // A rollup of the months' own rows sorts its narrow rows before the attributes are joined on: the hash joins on
  // the small dimension tables keep that order, and the city rollup took 9-14 s instead of 14-22 (the sort of its
  // wide rows spilled to disk). The order is the table's layout, not its content: were a plan to lose it, only the
  // reads would be slower. (A year-to-date source's size is misjudged, and the planner may hash it instead.)
  return `INSERT INTO ${build.table} (${columns}) ${select}
    FROM (SELECT * FROM (${source}) o ORDER BY o.month, ${build.keys.map((k) => `o.${k}`).join(', ')}) k ${build.attributes.joins}`;
}

/** The rollups a build reads: those its monthly SQL names. The facts are whole before any build starts. */
export function rollupSources(build: RollupBuild): string[] {
  return ROLLUP_TABLES.filter((b) => new RegExp(`\\b${b.table}\\b`).test(build.monthly)).map((b) => b.table);
}

/**
 * Runs the builds on `lanes` connections at once, each starting once the rollups it reads are built (those
 * rebuilt now; the others are read as they stand). Builds of one source are chains, the three sources are
 * independent, and a large build that reads the facts is mostly one core's work: two lanes keep two cores busy.
 */
export async function inDependencyOrder<T extends RollupBuild>(builds: readonly T[], lanes: number, run: (build: T) => Promise<void>): Promise<void> {
  const rebuilt = new Set(builds.map((b) => b.table));
  const waiting = [...builds];
  const done = new Set<string>();
  const running = new Set<Promise<void>>();
  let failed = false;
  const lane = async (): Promise<void> => {
    while (waiting.length > 0 && !failed) {
      const next = waiting.findIndex((b) => rollupSources(b).every((s) => done.has(s) || !rebuilt.has(s)));
      if (next < 0) {
        if (running.size === 0) throw new Error(`rollups wait on each other: ${waiting.map((b) => b.table).join(', ')}`);
        // Another lane's build is what the rest reads: wait for one to end, then look again.
        await Promise.race(running).catch(() => undefined);
        continue;
      }
      const [build] = waiting.splice(next, 1);
      const work = run(build);
      running.add(work);
      try {
        await work;
        done.add(build.table);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        running.delete(work);
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** Rebuilds the rollups of some months from the facts, each table in one transaction, two at a time. */
@Injectable()
export class RollupRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly calendar: CalendarRepository,
  ) {}

  /** `tables`: only these rollups (the empty ones at boot); every rollup by default. */
  async rebuild(months: number[], tables?: readonly string[]): Promise<RollupBuildReport[]> {
    const dataMonths = await this.calendar.allMonths();
    const reports = new Map<string, RollupBuildReport>();
    const builds = ROLLUP_TABLES.filter((b) => !tables || tables.includes(b.table));
    await inDependencyOrder(builds, 2, async (build) => {
      const started = performance.now();
      const written = build.yearToDate ? yearToDateMonths(months, dataMonths) : [...months];
      const params = build.yearToDate ? [monthsToDate(written), written] : [written];
      // Rebuilding every month (the seed, a first boot after a migration) empties the table instead:
      // no dead rows left behind, and the table is no bigger than its rows.
      const everything = dataMonths.length > 0 && dataMonths.every((m) => written.includes(m));
      const insert = async (tx: EntityManager): Promise<number> => {
        // The insert's own count: every row it writes is of a month in `written`, and none of those is left from before.
        const inserted: QueryResult = await (tx.queryRunner as QueryRunner).query(rollupInsert(build), params, true);
        return inserted.affected ?? 0;
      };
      const load = (fill: (tx: EntityManager) => Promise<number>) =>
        this.dataSource.transaction(async (tx) => {
          // JIT compiling costs a build about a second and saves nothing: each statement runs once.
          await tx.query(`SET LOCAL work_mem = '256MB'`);
          await tx.query(`SET LOCAL jit = off`);
          return fill(tx);
        });
      let rows: number;
      if (everything) {
        // Emptied in the transaction that fills it: the keys and indexes are built once after the rows, at
        // wal_level minimal none of it is written to the WAL, and the statistics are taken before the commit.
        rows = await load(async (tx) => {
          await tx.query(`TRUNCATE ${build.table}`);
          const count = await keysAfterRows(
            (sql, parameters) => tx.query(sql, parameters),
            build.table,
            () => insert(tx),
          );
          await tx.query(`ANALYZE ${build.table}`);
          return count;
        });
      } else {
        const replace = () =>
          load(async (tx) => {
            await tx.query(`DELETE FROM ${build.table} WHERE month = ANY($1::int[])`, [written]);
            return insert(tx);
          });
        // Readers keep reading the table's other months meanwhile, so its keys go and come back outside the transaction.
        rows = written.length > BULK_MONTHS ? await withKeysDeferred(this.dataSource, build.table, replace) : await replace();
        await this.dataSource.query(`ANALYZE ${build.table}`);
      }
      reports.set(build.table, { table: build.table, rows, ms: Math.round(performance.now() - started) });
    });
    return builds.map((b) => reports.get(b.table) as RollupBuildReport);
  }

  /** The rollups that are empty while their facts are not (a new rollup table, or one a migration emptied). */
  async emptyRollups(): Promise<string[]> {
    const facts = { 1: 'wholesale_fact', 2: 'retail_fact', price: 'price_fact' } as const;
    const checks = ROLLUP_TABLES.map((b) => `(EXISTS (SELECT 1 FROM ${facts[b.source]}) AND NOT EXISTS (SELECT 1 FROM ${b.table})) AS "${b.table}"`);
    const [row] = await this.dataSource.query<Array<Record<string, boolean>>>(`SELECT ${checks.join(', ')}`);
    return ROLLUP_TABLES.map((b) => b.table).filter((table) => row[table] === true);
  }

  /** Every month that holds data, rebuilt (only `tables`, when given). */
  async rebuildAll(tables?: readonly string[]): Promise<RollupBuildReport[]> {
    const months = await this.calendar.allMonths();
    return months.length ? this.rebuild(months, tables) : [];
  }
}
