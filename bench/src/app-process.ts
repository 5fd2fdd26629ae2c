import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

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

export async function startApp(projectRoot: string, databaseUrl: string): Promise<RunningApp> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  // Jobs run in-process: none of the benchmarked calls queues one.
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(projectRoot, 'backend', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}/car/api`;
  await waitUntilHealthy(base, child, () => output);
  return { base, pid: child.pid ?? -1, stop: () => stopChild(child) };
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
