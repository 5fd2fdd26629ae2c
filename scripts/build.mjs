// Builds what is out of date: the contracts, backend and workers (swc, about a second) and the Remix app
// (vite). `--force` rebuilds everything. A second `npm start` with nothing changed skips both.
// Run as a script it builds both in turn; `npm start` imports it to build the Remix app beside the database's
// preparation (decision 248).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'build', '.cache'].includes(entry.name)) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  if (!fs.existsSync(dir)) return newest;
  if (fs.statSync(dir).isDirectory()) walk(dir);
  else newest = fs.statSync(dir).mtimeMs;
  return newest;
}

function stale(sources, stamp, force) {
  if (force || !fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

const backendStamp = path.join(root, 'backend', 'dist', 'main.js');
const frontendStamp = path.join(root, 'frontend', 'build', 'server', 'index.js');
const FRONTEND_SOURCES = ['contracts/src', 'frontend/app', 'frontend/public', 'frontend/scripts', 'frontend/vite.config.ts'];
// Vite's warnings and errors only: its list of a hundred chunks is not a phase of the start.
const FRONTEND_BUILD = ['run', '--silent', 'build', '--workspace', 'frontend', '--', '--logLevel', 'warn'];
const FRONTEND_LABEL = 'frontend (remix vite:build)';

/** Builds the contracts, backend and workers when out of date; exits the process if the build fails. */
export function buildBackend({ force = false } = {}) {
  if (!stale(['contracts/src', 'backend/src', 'workers/src', '.swcrc', 'package.json'], backendStamp, force)) return;
  fs.rmSync(path.join(root, 'contracts', 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'backend', 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'workers', 'dist'), { recursive: true, force: true });
  process.stderr.write('[build] backend and workers (swc)\n');
  const result = spawnSync('npm', ['run', '--silent', 'build:backend'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('[build] backend and workers (swc) failed\n');
    process.exit(result.status ?? 1);
  }
}

/** Whether the Remix app is out of date (or `force`); false where there is no front end to build. */
export function frontendStale({ force = false } = {}) {
  return fs.existsSync(path.join(root, 'frontend', 'vite.config.ts')) && stale(FRONTEND_SOURCES, frontendStamp, force);
}

/**
 * Starts the Remix app's build: `status` resolves with its exit status (0 when it succeeded, having said so
 * otherwise), `stop()` ends it early.
 */
export function buildFrontend() {
  process.stderr.write(`[build] ${FRONTEND_LABEL}\n`);
  const child = spawn('npm', FRONTEND_BUILD, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const status = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => {
      const exitStatus = code ?? (signal ? 1 : 0);
      if (exitStatus !== 0) process.stderr.write(`[build] ${FRONTEND_LABEL} failed\n`);
      resolve(exitStatus);
    });
  });
  return { status, stop: () => child.kill('SIGTERM') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  buildBackend({ force });
  if (frontendStale({ force })) {
    const status = await buildFrontend().status;
    if (status !== 0) process.exit(status);
  }
}
