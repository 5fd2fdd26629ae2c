import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';

/** The raw facts and every table the raw-fact SQL joins or names from, exported once to Parquet. */
const FACT_TABLES = ['retail_fact', 'wholesale_fact', 'price_fact'];
const LOOKUP_TABLES = [
  'car',
  'sub_series',
  'series',
  'producer',
  'producer_brand',
  'brand',
  'city',
  'province',
  'area',
  'segment',
  'family',
  'dictionary',
  'msrp_month',
  'rebate_month',
];

const DUCK_TYPES: Record<string, string> = {
  integer: 'INTEGER',
  smallint: 'SMALLINT',
  bigint: 'BIGINT',
  numeric: 'DOUBLE',
  real: 'FLOAT',
  'double precision': 'DOUBLE',
  boolean: 'BOOLEAN',
  date: 'DATE',
  'timestamp without time zone': 'TIMESTAMP',
  'timestamp with time zone': 'TIMESTAMPTZ',
};

interface TableStamp {
  rows: number;
  qty: number | null;
}

export interface ParquetCache {
  dir: string;
  reused: boolean;
  exportMs: number;
  bytes: Record<string, number>;
  stamps: Record<string, TableStamp>;
}

/** Row count (and, for facts, the total volume) of each table: the Parquet copy is reused while they match. */
async function stamps(ds: DataSource): Promise<Record<string, TableStamp>> {
  const result: Record<string, TableStamp> = {};
  for (const table of [...FACT_TABLES, ...LOOKUP_TABLES]) {
    const isFact = FACT_TABLES.includes(table);
    const [row] = await ds.query<Array<{ rows: string; qty?: string }>>(
      `SELECT count(*)::bigint AS rows${isFact ? ', sum(qty)::bigint AS qty' : ''} FROM ${table}`,
    );
    result[table] = { rows: Number(row.rows), qty: isFact ? Number(row.qty) : null };
  }
  return result;
}

/**
 * Exports the raw facts to Parquet under `dir`: COPY … TO STDOUT into CSV, DuckDB reads it and writes
 * Parquet sorted by month (so DuckDB can skip row groups by month, its best case). Reuses the files
 * of an earlier run when every table's row count and total volume still match.
 */
export async function exportParquet(ds: DataSource, dir: string, log: (line: string) => void): Promise<ParquetCache> {
  fs.mkdirSync(dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const current = await stamps(ds);
  const files = (): Record<string, number> =>
    Object.fromEntries([...FACT_TABLES, ...LOOKUP_TABLES].map((t) => [t, fs.statSync(path.join(dir, `${t}.parquet`)).size]));
  const previous = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, TableStamp>) : {};
  // Only the tables whose count or volume changed (or whose file is missing) are exported again.
  const stale = Object.entries(current)
    .filter(([t, s]) => !(previous[t]?.rows === s.rows && previous[t]?.qty === s.qty && fs.existsSync(path.join(dir, `${t}.parquet`))))
    .map(([t]) => t);
  if (stale.length === 0) return { dir, reused: true, exportMs: 0, bytes: files(), stamps: current };
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '6GB', temp_directory: path.join(dir, 'tmp') });
  const duck = await instance.connect();
  try {
    for (const table of stale) {
      const tableStarted = performance.now();
      const columns: Array<{ name: string; type: string }> = await ds.query(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      const csv = path.join(dir, `${table}.csv`);
      await copyOut(ds, `COPY (SELECT ${columns.map((c) => `"${c.name}"`).join(', ')} FROM ${table}) TO STDOUT WITH (FORMAT csv)`, csv);
      const spec = columns.map((c) => `'${c.name}': '${DUCK_TYPES[c.type] ?? 'VARCHAR'}'`).join(', ');
      const order = FACT_TABLES.includes(table) ? ' ORDER BY month, car_id' : '';
      await duck.run(
        `COPY (SELECT * FROM read_csv('${csv}', header = false, quote = '"', escape = '"', columns = {${spec}})${order})
           TO '${path.join(dir, `${table}.parquet`)}' (FORMAT parquet, COMPRESSION zstd)`,
      );
      fs.rmSync(csv);
      log(`  ${table}: ${current[table].rows.toLocaleString('en-US')} rows in ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`);
    }
  } finally {
    duck.closeSync();
    instance.closeSync();
    fs.rmSync(path.join(dir, 'tmp'), { recursive: true, force: true });
  }
  fs.writeFileSync(manifestPath, `${JSON.stringify(current, null, 2)}\n`);
  return { dir, reused: false, exportMs: performance.now() - started, bytes: files(), stamps: current };
}

async function copyOut(ds: DataSource, sql: string, file: string): Promise<void> {
  const runner = ds.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    await pipeline(client.query(copyTo(sql)), fs.createWriteStream(file));
  } finally {
    await runner.release();
  }
}

/** DuckDB over the Parquet files, each table a view of the same name, so the raw-fact SQL runs unchanged. */
export class DuckFacts {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(dir: string): Promise<DuckFacts> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const connection = await instance.connect();
    // PostgreSQL divides integers as integers; the model's time expressions rely on it.
    await connection.run('SET integer_division = true');
    for (const table of [...FACT_TABLES, ...LOOKUP_TABLES]) {
      await connection.run(`CREATE VIEW ${table} AS SELECT * FROM read_parquet('${path.join(dir, `${table}.parquet`)}')`);
    }
    return new DuckFacts(instance, connection);
  }

  async version(): Promise<string> {
    const reader = await this.connection.runAndReadAll('SELECT version() AS v');
    const { v } = reader.getRowObjectsJson()[0];
    return typeof v === 'string' ? v : JSON.stringify(v);
  }

  async query(sql: string): Promise<Array<Record<string, unknown>>> {
    const reader = await this.connection.runAndReadAll(sql);
    return reader.getRowObjectsJson();
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}
