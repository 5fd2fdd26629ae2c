import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

/** PostgreSQL's own client programs that the backup and the restore run (decision 229). */
export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  file: string;
  major: number;
}

/** Where Debian and the PGDG packages put each major version's programs; PATH is asked too. */
const VERSIONED_BIN_DIRS = '/usr/lib/postgresql';

/**
 * The newest `tool` on the machine: PG_BIN_DIR first when set, then /usr/lib/postgresql/N/bin, then PATH.
 * pg_dump refuses a server newer than itself and an archive is read by a pg_restore as new as the pg_dump
 * that wrote it, so the newest wins; `serverMajor` below that is a refusal that says what to install.
 */
export function findPgTool(tool: PgTool, serverMajor: number, binDir: string | undefined): FoundTool {
  const candidates: string[] = [];
  if (binDir) candidates.push(path.join(binDir, tool));
  if (fs.existsSync(VERSIONED_BIN_DIRS)) {
    for (const version of fs.readdirSync(VERSIONED_BIN_DIRS)) candidates.push(path.join(VERSIONED_BIN_DIRS, version, 'bin', tool));
  }
  candidates.push(tool);
  const found = candidates
    .map((file) => ({ file, major: majorOf(file) }))
    .filter((c): c is FoundTool => c.major !== null)
    .sort((a, b) => b.major - a.major);
  const best = found[0];
  if (!best) {
    throw new Error(
      `找不到 ${tool}：请安装 PostgreSQL ${serverMajor} 或更新版本的客户端程序（如 apt-get install postgresql-client-${serverMajor}），或以 PG_BIN_DIR 指明其目录`,
    );
  }
  if (best.major < serverMajor) {
    throw new Error(
      `数据库服务器为 PostgreSQL ${serverMajor}，而找到的 ${tool}（${best.file}）为 ${best.major} 版，不能处理更新的服务器：` +
        `请安装 PostgreSQL ${serverMajor} 或更新版本的客户端程序，或以 PG_BIN_DIR 指明其目录`,
    );
  }
  return best;
}

function majorOf(file: string): number | null {
  if (file.includes(path.sep) && !fs.existsSync(file)) return null;
  const run = spawnSync(file, ['--version'], { encoding: 'utf8' });
  const match = run.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout) : null;
  return match ? Number(match[1]) : null;
}

/** Runs a PostgreSQL program to its end; its error output becomes the error's message. */
export function runPgTool(tool: FoundTool, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-8000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(tool.file)} 失败（退出码 ${code}）：\n${errors.trim()}`));
    });
  });
}

/** What the backup records of the database, and what the restore checks a target by. */
export interface DatabaseFacts {
  serverMajor: number;
  serverVersion: string;
  /** The migrations applied, oldest first (TypeORM's `migrations` table); empty for a new database. */
  migrations: string[];
  /** Tables outside PostgreSQL's own schemas: 0 is an empty database. */
  tables: number;
}

export async function databaseFacts(url: string): Promise<DatabaseFacts> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string; server_version_num: string }>(
      `SELECT current_setting('server_version') AS server_version, current_setting('server_version_num') AS server_version_num`,
    );
    const tables = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%'`,
    );
    const hasMigrations = await client.query<{ found: string | null }>(`SELECT to_regclass('public.migrations')::text AS found`);
    const migrations = hasMigrations.rows[0].found ? await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id') : { rows: [] };
    return {
      serverMajor: Math.floor(Number(version.rows[0].server_version_num) / 10000),
      serverVersion: version.rows[0].server_version,
      migrations: migrations.rows.map((r) => r.name),
      tables: Number(tables.rows[0].n),
    };
  } finally {
    await client.end();
  }
}

/** Creates the database a URL names when its server does not have it yet (a restore into a new database); true when it did. */
export async function createDatabaseIfMissing(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`数据库名“${name}”只能含字母、数字和下划线`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return false;
    await client.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
    return true;
  } finally {
    await client.end();
  }
}
