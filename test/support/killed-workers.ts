import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { WORKER_NODE_FLAGS } from '../../workers/src/node-flags';

/**
 * WORKER_STALL_SECONDS for the workers a test kills mid-job (decision 242): the next worker takes the dead one's job
 * up 3-6 s after its last lock renewal instead of BullMQ's 30-60 s, by the same stalled-job check. A live worker
 * renews every 1.5 s, enough for a loaded two-core machine; 2 s would leave a blocked event loop one second.
 */
const KILLED_WORKER_STALL_SECONDS = '3';

const WORKER = path.resolve(__dirname, '..', '..', 'workers', 'dist', 'main.js');

/**
 * A worker process as `npm run worker` starts it (built), on a test's database, Redis prefix and data folder, with
 * KILLED_WORKER_STALL_SECONDS so that a job it dies in is taken up soon by the next. `onLine` hears its log lines
 * (JSON, stdout and stderr); without it they are not kept.
 */
export function startKillableWorker(options: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  onLine?: (line: string) => void;
}): ChildProcess {
  const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix,
      DATA_DIR: options.dataDir,
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
      SEED_ON_EMPTY: 'false',
      WORKER_STALL_SECONDS: KILLED_WORKER_STALL_SECONDS,
    },
    stdio: options.onLine ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  const { onLine } = options;
  if (onLine)
    for (const stream of [worker.stdout, worker.stderr]) stream?.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach(onLine));
  return worker;
}
