import type { DataSource } from 'typeorm';
import { monthRange } from '@car/contracts';
import { RAW_FACTS } from '@car/backend/dist/analytics/rollups';
import { AnalyticsQuery, spanOf } from '@car/backend/dist/analytics/query';
import { buildQuery } from '@car/backend/dist/analytics/sql-writer';
import type { ApiClient } from './api-client';
import type { BenchEndpoint } from './bench-cases';
import type { DuckFacts } from './duckdb-facts';
import { checksum, duckSql, scanCount } from './plans';
import type { QueryCapture } from './query-capture';
import { median } from './stats';

export interface VariantResult {
  query: string;
  /** End-to-end milliseconds of each measured call. */
  samples: number[];
  /** What the call asked the analytics layer, in order (empty for calls that do not use it). */
  queries: AnalyticsQuery[];
  /** The rollups (or fact tables) the layer read for it. */
  tables: string[];
  /** Rows those scans read, from EXPLAIN ANALYZE; null for calls that read no rollup. */
  rowsScanned: number | null;
  comparison?: Comparison;
}

export interface Comparison {
  /** Median end-to-end time of this call through the API (HTTP, sign-in check, JSON included), taken in turn with DuckDB's. */
  apiMs: number;
  aggregates: number;
  /** The same aggregates on the raw facts, summed per round: PostgreSQL without rollups and DuckDB over Parquet. */
  pgMs: number;
  duckMs: number;
  /** Fact rows in the months those aggregates need (what the raw scans must at least read). */
  factRows: number;
  /** Whether the rollup answer, raw PostgreSQL and DuckDB agree (the sum of every measure). */
  agree: boolean;
}

export interface EndpointResult {
  endpoint: BenchEndpoint;
  variants: VariantResult[];
}

/** Per data source, the fact rows of each month. */
export type MonthRows = Record<1 | 2, Map<number, number>>;

export async function monthRows(ds: DataSource): Promise<MonthRows> {
  const read = async (table: string): Promise<Map<number, number>> => {
    const rows: Array<{ month: number; n: string }> = await ds.query(`SELECT month, count(*)::bigint AS n FROM ${table} GROUP BY month`);
    return new Map(rows.map((r) => [r.month, Number(r.n)]));
  };
  return { 1: await read('wholesale_fact'), 2: await read('retail_fact') };
}

/** One unmeasured pass over the variants, then passes until every endpoint has at least `minCalls` calls. */
export async function measureLatency(client: ApiClient, endpoint: BenchEndpoint, minCalls: number): Promise<number[][]> {
  for (const variant of endpoint.variants) await client.timedGet(endpoint.path, variant, endpoint.access);
  const rounds = Math.max(2, Math.ceil(minCalls / endpoint.variants.length));
  const samples = endpoint.variants.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, variant] of endpoint.variants.entries()) samples[i].push((await client.timedGet(endpoint.path, variant, endpoint.access)).ms);
  }
  return samples;
}

/** The analytics queries of each variant, and what their scans read. */
export async function captureScans(
  capture: QueryCapture,
  ds: DataSource,
  endpoint: BenchEndpoint,
): Promise<Array<Pick<VariantResult, 'queries' | 'tables' | 'rowsScanned'>>> {
  const result = [];
  for (const variant of endpoint.variants) {
    const queries = await capture.queriesOf(endpoint.path, variant, endpoint.access);
    let rows = 0;
    const tables = new Set<string>();
    for (const query of queries) {
      const built = buildQuery(query);
      const scan = await scanCount(ds, built.sql, built.params);
      rows += scan.rows;
      tables.add(built.rollup);
    }
    result.push({ queries, tables: [...tables], rowsScanned: queries.length > 0 ? rows : null });
  }
  return result;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** Median time of `runs` runs (after `warmups` unmeasured ones) and the answer of the last. */
async function medianOf<T>(runs: number, warmups: number, run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  for (let i = 0; i < warmups; i++) await run();
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t = await timed(run);
    times.push(t.ms);
    value = t.value;
  }
  return { ms: median(times), value: value as T };
}

export interface CompareOptions {
  pgRuns: number;
  /** Rounds of one API call and the same aggregates on DuckDB, taken in turn. */
  duckRuns: number;
}

/** One aggregate on the raw facts, with the answer the app's rollup gave (absent where the app reads no rollup through the layer). */
interface RawAggregate {
  sql: string;
  params: unknown[];
  measures: string[];
  rollup?: { sql: string; params: unknown[] };
  /** The fact rows of the months it needs. */
  factRows: number;
}

/**
 * The same aggregates without rollups: each analytics query of the call written on the raw facts
 * (RAW_FACTS, the attributes joined on) and run on PostgreSQL and, with the same SQL, on DuckDB. The
 * API call and the DuckDB runs alternate, so both meet the same moments of a noisy machine.
 */
export async function compareRaw(
  ds: DataSource,
  duck: DuckFacts,
  client: ApiClient,
  endpoint: BenchEndpoint,
  variant: VariantResult,
  months: MonthRows,
  options: CompareOptions,
): Promise<Comparison | undefined> {
  const aggregates: RawAggregate[] = [];
  if (endpoint.rawAggregate) {
    const raw = endpoint.rawAggregate(variant.query);
    aggregates.push({ ...raw, measures: ['qty'], factRows: months[2].get(raw.params[0] as number) ?? 0 });
  }
  for (const query of variant.queries) {
    const raw = buildQuery(query, RAW_FACTS[query.source]);
    const needed = new Set<number>();
    for (const request of query.measures) {
      const span = spanOf(request, query.month);
      for (const m of monthRange(span.from, span.to)) needed.add(m);
    }
    aggregates.push({
      sql: raw.sql,
      params: raw.params,
      measures: query.measures.map((r) => r.as),
      rollup: buildQuery(query),
      factRows: query.source === 'price' ? 0 : [...needed].reduce((sum, m) => sum + (months[query.source as 1 | 2].get(m) ?? 0), 0),
    });
  }
  if (aggregates.length === 0) return undefined;

  const onDuck = async (): Promise<{ ms: number; answers: Array<Array<Record<string, unknown>>> }> => {
    let ms = 0;
    const answers = [];
    for (const a of aggregates) {
      const t = await timed(() => duck.query(duckSql(a.sql, a.params)));
      ms += t.ms;
      answers.push(t.value);
    }
    return { ms, answers };
  };
  await client.timedGet(endpoint.path, variant.query, endpoint.access);
  let duckAnswers = (await onDuck()).answers;
  const apiTimes: number[] = [];
  const duckTimes: number[] = [];
  for (let i = 0; i < options.duckRuns; i++) {
    apiTimes.push((await client.timedGet(endpoint.path, variant.query, endpoint.access)).ms);
    const d = await onDuck();
    duckTimes.push(d.ms);
    duckAnswers = d.answers;
  }

  let pgMs = 0;
  let agree = true;
  for (const [i, a] of aggregates.entries()) {
    const pg = await medianOf(options.pgRuns, 0, () => ds.query<Array<Record<string, unknown>>>(a.sql, a.params));
    pgMs += pg.ms;
    const sums = [checksum(pg.value, a.measures), checksum(duckAnswers[i], a.measures)];
    if (a.rollup) sums.push(checksum(await ds.query(a.rollup.sql, a.rollup.params), a.measures));
    // The checksum no longer depends on row order (plans.ts); nine significant digits leave room for an
    // engine computing a ratio differently, which none has been seen to.
    agree &&= sums.every((x) => Math.abs(x - sums[0]) <= 1e-9 * Math.max(1, Math.abs(sums[0])));
  }
  return {
    apiMs: median(apiTimes),
    aggregates: aggregates.length,
    pgMs,
    duckMs: median(duckTimes),
    factRows: aggregates.reduce((sum, a) => sum + a.factRows, 0),
    agree,
  };
}
