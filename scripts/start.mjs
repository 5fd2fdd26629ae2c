// `npm start`: build what is stale, then run the app (API + web) in production mode. The Remix app builds beside
// the app's own start (the database started, migrated and on a first start seeded): the app waits for it, told
// over the IPC channel, only when it mounts the web pages (decision 248).
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBackend, buildFrontend, frontendStale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildBackend();
const frontend = frontendStale() ? buildFrontend() : null;

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'backend', 'dist', 'main.js')], {
  stdio: frontend ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...(frontend ? { CAR_FRONTEND_BUILD: 'pending' } : {}) },
});
let buildFailed = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  frontend?.stop();
  process.exit(buildFailed ? 1 : (code ?? (signal ? 1 : 0)));
});
void frontend?.status.then((status) => {
  if (status === 0) {
    child.send({ frontendBuild: 'done' }, () => undefined);
  } else {
    buildFailed = true;
    child.kill('SIGTERM');
  }
});
