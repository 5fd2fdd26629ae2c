// Builds what is out of date: the contracts, backend and workers (swc, about a second) and the Remix app
// (vite). `--force` rebuilds everything. A second `npm start` with nothing changed skips both.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

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

function stale(sources, stamp) {
  if (force || !fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

function run(label, command, args, env = {}) {
  process.stderr.write(`[build] ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    process.stderr.write(`[build] ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

const backendStamp = path.join(root, 'backend', 'dist', 'main.js');
if (stale(['contracts/src', 'backend/src', 'workers/src', '.swcrc', 'package.json'], backendStamp)) {
  fs.rmSync(path.join(root, 'contracts', 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'backend', 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'workers', 'dist'), { recursive: true, force: true });
  run('backend and workers (swc)', 'npm', ['run', '--silent', 'build:backend']);
}

const frontendStamp = path.join(root, 'frontend', 'build', 'server', 'index.js');
if (
  fs.existsSync(path.join(root, 'frontend', 'vite.config.ts')) &&
  stale(['contracts/src', 'frontend/app', 'frontend/public', 'frontend/scripts', 'frontend/vite.config.ts'], frontendStamp)
) {
  // Vite's warnings and errors only: its list of a hundred chunks is not a phase of the start.
  run('frontend (remix vite:build)', 'npm', ['run', '--silent', 'build', '--workspace', 'frontend', '--', '--logLevel', 'warn'], { NODE_ENV: 'production' });
}
