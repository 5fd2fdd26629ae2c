import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { Client } from 'pg';
import { deleteKeys } from './net';

/** Drops what the global setup made, once the last project that used it is done. */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__carTestRun;
  if (!run) return;
  run.users--;
  if (run.users > 0) return;
  globalThis.__carTestRun = undefined;
  await Promise.all(run.servers.map(stopServer));
  // The workers' databases (`<run's>_w2` …) and the tests' scratch databases are named after the run's.
  const database = new URL(run.env.databaseUrl).pathname.slice(1);
  const client = new Client({ connectionString: run.env.adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const scratch = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${database}_%`]);
    for (const row of scratch.rows as Array<{ datname: string }>) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
  // The workers' prefixes (`<run's>-w2` …) start with the run's.
  if (run.env.redisUrl) await deleteKeys(run.env.redisUrl, run.env.redisPrefix);
  for (const world of run.env.workers ?? [run.env]) fs.rmSync(world.dataDir, { recursive: true, force: true });
  await run.stopEmbedded();
}

function stopServer(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 5000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
