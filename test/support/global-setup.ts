import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../../backend/src/database/embedded-postgres';
import { startBuiltApp } from './built-app';
import { createDemoDatabase } from './demo-template';
import { freePort, redisAnswers } from './net';
import { TestEnv, withDatabase } from './test-env';

interface RunState {
  env: TestEnv;
  servers: ChildProcess[];
  stopEmbedded: () => Promise<void>;
  users: number;
}

declare global {
  // Shared by the projects' setups and teardowns of one jest run (they run in one process).
  var __carTestRun: RunState | undefined;
}

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Once per jest run: a database of its own on DATABASE_URL's server (or an embedded PostgreSQL when
 * it is unset) holding the demo data set, copied from a template generated once per version of the
 * sources that shape it (demo-template.ts); a Redis key prefix of its own; and the app
 * started from the production build on that database for the browser tests. With jest workers (`npm test`
 * runs the integration project on two) each worker gets such a world of its own (`TestEnv.workers`): the
 * tests of one worker never see another's writes. Teardown drops them all.
 */
export default async function globalSetup(globalConfig: { maxWorkers?: number } = {}): Promise<void> {
  if (globalThis.__carTestRun) {
    globalThis.__carTestRun.users++;
    process.env.CAR_TEST_ENV = JSON.stringify(globalThis.__carTestRun.env);
    return;
  }
  const runId = `${Date.now().toString(36)}${process.pid}`;
  let adminUrl: string;
  let stopEmbedded = (): Promise<void> => Promise.resolve();
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    const embedded = await startEmbeddedPostgres(path.join(ROOT, '.data', 'test-postgres'), 54339, (m) => log(m), { durable: false });
    adminUrl = withDatabase(embedded.url, 'postgres');
    stopEmbedded = () => embedded.stop();
  }
  const redisUrl = await reachableRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
  const worlds: TestEnv[] = [];
  // One after the other: the first builds the template when it is missing, the others copy it.
  for (let worker = 1; worker <= workers; worker++) {
    const suffix = worker === 1 ? '' : `_w${worker}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-test-'));
    const database = `car_test_${runId}${suffix}`;
    await createDemoDatabase(adminUrl, database, path.join(dataDir, 'reports'), log);
    const port = await freePort();
    worlds.push({
      databaseUrl: withDatabase(adminUrl, database),
      adminUrl,
      baseUrl: `http://127.0.0.1:${port}`,
      redisUrl,
      redisPrefix: `car-test-${runId}${suffix.replace('_', '-')}`,
      dataDir,
    });
  }
  const servers = await Promise.all(
    worlds.map((world) => startBuiltApp({ databaseUrl: world.databaseUrl, dataDir: world.dataDir, port: Number(new URL(world.baseUrl).port) })),
  );
  const env: TestEnv = { ...worlds[0], ...(workers > 1 ? { workers: worlds } : {}) };
  globalThis.__carTestRun = { env, servers, stopEmbedded, users: 1 };
  process.env.CAR_TEST_ENV = JSON.stringify(env);
}

function log(message: string): void {
  process.stderr.write(`[test-setup] ${message}\n`);
}

async function reachableRedis(url: string): Promise<string | null> {
  if (await redisAnswers(url)) return url;
  log(`no Redis at ${url}: the Redis tests will be skipped`);
  return null;
}
