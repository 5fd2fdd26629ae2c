import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { WORKER_NODE_FLAGS } from '@car/workers/dist/node-flags';

/** The built app, started as its own process on a free loopback port, as production runs it. */
export interface RunningApp {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** With `redis`, the app queues its jobs there (a key prefix of its own) and one worker process runs them. */
export interface AppOptions {
  redis?: { url: string; prefix: string; concurrency: number };
  /** More of the app's configuration, e.g. ANSWER_CACHE_MB. */
  env?: Record<string, string>;
  /** Another build of the app to start (a path to its main.js), e.g. an older build kept beside this one for a before/after run. */
  main?: string;
}

/** The app, and with `redis` its worker: the process ids are the app's and the worker's (-1 without). */
export interface RunningProcesses extends RunningApp {
  workerPid: number;
}

export async function startApp(projectRoot: string, databaseUrl: string, options: AppOptions = {}): Promise<RunningProcesses> {
  const port = await freePort();
  const dataDir = options.redis ? fs.mkdtempSync(path.join(os.tmpdir(), `${options.redis.prefix}-`)) : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...options.env,
  };
  if (options.redis) {
    Object.assign(env, {
      REDIS_URL: options.redis.url,
      REDIS_PREFIX: options.redis.prefix,
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: String(options.redis.concurrency),
    });
  } else {
    // Jobs run in-process.
    delete env.REDIS_URL;
  }
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  const children = [
    spawn(process.execPath, [options.main ?? path.join(projectRoot, 'backend', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
  ];
  // As `npm run worker` and docker-compose.yml start it (decisions 97 and 126).
  if (options.redis)
    children.push(
      spawn(process.execPath, [...WORKER_NODE_FLAGS, path.join(projectRoot, 'workers', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  for (const child of children) {
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }
  const [app, worker] = children;
  const base = `http://127.0.0.1:${port}/car/api`;
  await waitUntilHealthy(base, app, () => output);
  if (worker && worker.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
  return {
    base,
    pid: app.pid ?? -1,
    workerPid: worker?.pid ?? -1,
    stop: async () => {
      await Promise.all(children.map(stopChild));
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitUntilHealthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the app did not become healthy within 3 minutes:\n${output()}`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
