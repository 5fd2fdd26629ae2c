import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testFetch } from './http';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * backend/dist/main.js (the production build `npm test` makes first) as the browser tests meet it: production mode,
 * jobs in-process, no demo data written, JSON logs, and every answer checked against its contract (@car/contracts).
 * The global setup starts the run's app with it; a spec that needs one more configuration key (ROBOT_ALLOW_INSECURE)
 * starts an app of its own with `config`. Answers once the app is healthy (60 s at most); its output is in the error
 * if it exits or stays unhealthy.
 */
export async function startBuiltApp(options: { databaseUrl: string; dataDir: string; port: number; config?: Record<string, string> }): Promise<ChildProcess> {
  const entry = path.join(ROOT, 'backend', 'dist', 'main.js');
  if (!fs.existsSync(entry)) throw new Error('backend/dist is missing: run `npm run build` (npm test does) first');
  const output: string[] = [];
  const server = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: '',
      DATA_DIR: options.dataDir,
      SEED_ON_EMPTY: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      CHECK_RESULTS: 'true',
      ...options.config,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const health = `http://127.0.0.1:${options.port}/car/api/health`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}:\n${output.join('')}`);
    try {
      const response = await testFetch(health);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`the app did not become healthy in 60 s:\n${output.join('')}`);
}
