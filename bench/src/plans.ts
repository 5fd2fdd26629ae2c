import type { DataSource } from 'typeorm';

/** The tables whose rows count as scanned: the rollups and the facts, not the name lookups. */
const COUNTED = /^(rollup_|retail_fact$|wholesale_fact$)/;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface ScanCount {
  /** Rows the scans of rollup and fact tables read: those they returned plus those their filters dropped. */
  rows: number;
  tables: string[];
  executionMs: number;
}

/**
 * Runs the query under EXPLAIN (ANALYZE, FORMAT JSON) and adds up what its scans of rollup and fact
 * tables read. PostgreSQL reports per-loop averages, so each count is multiplied by the node's loops
 * (parallel workers and nested-loop repeats included).
 */
export async function scanCount(ds: DataSource, sql: string, params: unknown[]): Promise<ScanCount> {
  const [row] = await ds.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const [explained] = row['QUERY PLAN'];
  let rows = 0;
  const tables = new Set<string>();
  const walk = (node: PlanNode): void => {
    const relation = node['Relation Name'];
    if (relation && COUNTED.test(relation)) {
      const loops = node['Actual Loops'] ?? 1;
      rows += ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * loops;
      tables.add(relation);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(explained.Plan);
  return { rows: Math.round(rows), tables: [...tables], executionMs: explained['Execution Time'] };
}

/**
 * The same SQL for DuckDB: bound values written in (numbers, lists, quoted text), and `= ANY(list)`
 * as `IN (…)` so DuckDB can prune Parquet row groups by month.
 */
export function duckSql(sql: string, params: unknown[]): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`no DuckDB literal for ${JSON.stringify(value)}`);
  };
  const withIn = sql.replace(/ = ANY\(\$(\d+)::int\[\]\)/g, (_m, n: string) => {
    const list = params[Number(n) - 1];
    if (!Array.isArray(list)) throw new Error(`parameter $${n} is not a list`);
    return list.length === 0 ? ' IN (NULL)' : ` IN (${list.map(literal).join(', ')})`;
  });
  return withIn.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]));
}

/**
 * One number per answer, to check that rollups, raw PostgreSQL and DuckDB agree: the sum of every measure
 * column. The engines return rows in their own order (hash aggregates, no ORDER BY) and a sum of doubles
 * depends on its order — the same 50 weighted prices summed in different orders differ in the last
 * digits — so the values are summed in one order, smallest first: the same values give the same sum.
 */
export function checksum(rows: Array<Record<string, unknown>>, measures: readonly string[]): number {
  const values: number[] = [];
  for (const row of rows) for (const m of measures) values.push(Number(row[m] ?? 0));
  values.sort((a, b) => a - b);
  let total = 0;
  for (const v of values) total += v;
  return total;
}
