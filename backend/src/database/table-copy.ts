import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { dropKeys } from './bulk-load';
import { MIGRATIONS, dataSourceOptions } from './data-source';

/**
 * The database as each table's rows, for the backup of the embedded PostgreSQL (decision 264): its npm package
 * ships no pg_dump, the machine's is older than the server, and the server runs at `wal_level = minimal`, where
 * PostgreSQL refuses an online base backup. The schema is the migrations' (every table, index, trigger and
 * function of the product is made by one), so an archive keeps the names of the migrations applied and the rows;
 * a restore runs those migrations on an empty database and loads the rows.
 */

/** One table as written: `columns` in COPY's order (generated columns left out: PostgreSQL computes them again). */
export interface CopiedTable {
  /** schema.table */
  table: string;
  columns: string[];
  rows: number;
  /** Relative to the folder the tables were written into. */
  file: string;
}

export interface CopiedSequence {
  /** schema.sequence */
  sequence: string;
  /** The last value given out; null when none was. */
  value: string | null;
}

export interface CopiedDatabase {
  serverVersion: string;
  migrations: string[];
  tables: CopiedTable[];
  sequences: CopiedSequence[];
}

/** A table of the database as the catalogue names it: plain for the archive, quoted for SQL. */
interface CatalogTable {
  table: string;
  quoted: string;
  columns: string[];
  quotedColumns: string[];
}

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/** The ordinary tables outside PostgreSQL's own schemas, not an extension's, with their stored columns in order. */
async function catalogTables(client: Client): Promise<CatalogTable[]> {
  const { rows } = await client.query<CatalogTable>(
    `SELECT n.nspname || '.' || c.relname AS "table", format('%I.%I', n.nspname, c.relname) AS quoted,
            coalesce(array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''), '{}') AS columns,
            coalesce(array_agg(quote_ident(a.attname) ORDER BY a.attnum) FILTER (WHERE a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''), '{}') AS "quotedColumns"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relkind = 'r' AND c.relpersistence <> 't' AND ${USER_SCHEMAS}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      GROUP BY n.nspname, c.relname ORDER BY 1`,
  );
  return rows;
}

async function catalogSequences(client: Client): Promise<Array<{ sequence: string; quoted: string; value: string | null }>> {
  const { rows } = await client.query<{ sequence: string; quoted: string; value: string | null }>(
    `SELECT n.nspname || '.' || c.relname AS sequence, format('%I.%I', n.nspname, c.relname) AS quoted, s.last_value::text AS value
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequences s ON s.schemaname = n.nspname AND s.sequencename = c.relname
      WHERE c.relkind = 'S' AND ${USER_SCHEMAS} ORDER BY 1`,
  );
  return rows;
}

/**
 * Writes every table of `url`'s database into `folder` (created), one `NNN-schema.table.tsv.gz` each, all read in
 * one REPEATABLE READ snapshot: the app may keep writing, the archive is the database at one instant. `progress`
 * hears of each table as it is done.
 */
export async function copyOutDatabase(url: string, folder: string, progress: (table: CopiedTable, bytes: number) => void): Promise<CopiedDatabase> {
  const client = new Client({ connectionString: url, application_name: 'car-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const version = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const hasMigrations = await client.query<{ found: string | null }>(`SELECT to_regclass('public.migrations')::text AS found`);
    const migrations = hasMigrations.rows[0].found ? (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows : [];
    const tables = await catalogTables(client);
    const sequences = await catalogSequences(client);
    fs.mkdirSync(folder, { recursive: true });
    const copied: CopiedTable[] = [];
    for (const [index, table] of tables.entries()) {
      const file = `${String(index + 1).padStart(3, '0')}-${table.table.replace(/[^A-Za-z0-9_.-]/g, '_')}.tsv.gz`;
      const stream = client.query(copyTo(`COPY ${table.quoted} (${table.quotedColumns.join(', ')}) TO STDOUT`));
      await pipeline(stream, createGzip({ level: 1 }), fs.createWriteStream(path.join(folder, file)));
      const done = { table: table.table, columns: table.columns, rows: stream.rowCount, file };
      copied.push(done);
      progress(done, fs.statSync(path.join(folder, file)).size);
    }
    await client.query('COMMIT');
    return {
      serverVersion: version.rows[0].v,
      migrations: migrations.map((m) => m.name),
      tables: copied,
      sequences: sequences.map(({ sequence, value }) => ({ sequence, value })),
    };
  } finally {
    await client.end();
  }
}

/**
 * This release's migrations that made an archive's schema: its names must be the first of this release's, in
 * order (a backup of an older release opens here; the app runs the rest at its next start, decision 230). A
 * Chinese refusal otherwise, before anything changes.
 */
export function migrationsOf(names: readonly string[]): Array<(typeof MIGRATIONS)[number]> {
  const known = MIGRATIONS.map((migration) => new migration().name ?? migration.name);
  const first = names.findIndex((name, i) => known[i] !== name);
  if (first >= 0) {
    throw new Error(
      known.includes(names[first])
        ? `备份的迁移顺序与本版本不同（第 ${first + 1} 个为 ${names[first]}）：不能恢复`
        : `备份来自更新的版本（有本版本没有的迁移 ${names[first]}）：请用写出它的版本或更新的版本恢复`,
    );
  }
  return MIGRATIONS.slice(0, names.length);
}

/** Empties the database of everything a restore writes: the public schema, dropped and made again. */
async function emptyDatabase(client: Client): Promise<void> {
  await client.query('DROP SCHEMA public CASCADE');
  await client.query('CREATE SCHEMA public');
}

/**
 * Restores an archive of `copyOutDatabase` into `url`'s database: with `replace`, its public schema is dropped
 * first (the caller refuses a database with tables otherwise); then the archive's migrations build the schema,
 * and in one transaction every table is emptied, its keys and indexes dropped, its rows loaded (COPY FREEZE:
 * with the table emptied in the transaction, at `wal_level = minimal` nothing goes to the WAL), its keys and
 * indexes built again, then the foreign keys (checked), and the sequences set. `open(file)` reads a table's
 * file. On a failure the database is left empty, so the restore can be run again.
 */
export async function copyInDatabase(
  url: string,
  copied: CopiedDatabase,
  open: (file: string) => fs.ReadStream,
  options: { replace: boolean; say: (message: string) => void },
): Promise<void> {
  const migrations = migrationsOf(copied.migrations);
  const client = new Client({ connectionString: url, application_name: 'car-restore' });
  await client.connect();
  try {
    if (options.replace) await emptyDatabase(client);
    try {
      const dataSource = new DataSource({ ...dataSourceOptions(url, 'car-restore'), migrations });
      await dataSource.initialize();
      try {
        await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await dataSource.destroy();
      }
      options.say(`${migrations.length} 个迁移已建出表结构，载入 ${copied.tables.length} 张表的行 …`);
      await loadRows(client, copied, open, options.say);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      await emptyDatabase(client).catch(() => undefined);
      throw error;
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function loadRows(client: Client, copied: CopiedDatabase, open: (file: string) => fs.ReadStream, say: (message: string) => void): Promise<void> {
  // The tables and columns SQL names are the database's own (quoted by the server), matched against the archive's.
  const tables = await catalogTables(client);
  const byName = new Map(tables.map((t) => [t.table, t]));
  const differing = [
    ...copied.tables.filter((t) => byName.get(t.table)?.columns.join(',') !== t.columns.join(',')).map((t) => t.table),
    ...tables.filter((t) => !copied.tables.some((c) => c.table === t.table)).map((t) => t.table),
  ];
  if (differing.length > 0) throw new Error(`备份中的表与其迁移建出的表不一致：${differing.slice(0, 10).join('、')}`);
  const sequences = new Map((await catalogSequences(client)).map((s) => [s.sequence, s.quoted]));
  const missing = copied.sequences.find((s) => !sequences.has(s.sequence));
  if (missing) throw new Error(`备份中的序列 ${missing.sequence} 不在其迁移建出的数据库中`);

  const query = async (sql: string, parameters?: unknown[]): Promise<unknown> => (await client.query(sql, parameters)).rows;
  await client.query('BEGIN');
  const foreignBack: Array<() => Promise<void>> = [];
  for (const table of tables) foreignBack.push(await dropKeys(query, table.quoted, 'foreign'));
  if (tables.length > 0) await client.query(`TRUNCATE ${tables.map((t) => t.quoted).join(', ')}`);
  for (const archived of copied.tables) {
    const table = byName.get(archived.table)!;
    const started = Date.now();
    const ownBack = await dropKeys(query, table.quoted, 'own');
    const stream = client.query(copyFrom(`COPY ${table.quoted} (${table.quotedColumns.join(', ')}) FROM STDIN WITH (FREEZE)`));
    await pipeline(open(archived.file), createGunzip(), stream);
    if (stream.rowCount !== archived.rows) throw new Error(`${archived.table}：载入 ${stream.rowCount} 行，备份记录为 ${archived.rows} 行`);
    await ownBack();
    if (Date.now() - started > 5000) say(`  ${archived.table}：${archived.rows} 行，${((Date.now() - started) / 1000).toFixed(1)} 秒`);
  }
  for (const back of foreignBack) await back();
  for (const sequence of copied.sequences) {
    const quoted = sequences.get(sequence.sequence)!;
    if (sequence.value === null) await client.query(`ALTER SEQUENCE ${quoted} RESTART`);
    else await client.query('SELECT setval($1::regclass, $2::bigint, true)', [quoted, sequence.value]);
  }
  await client.query('COMMIT');
}
