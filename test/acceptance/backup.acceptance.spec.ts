import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort } from '../support/net';
import { FIGURE_CALLS, observe } from '../support/release-figures';
import {
  FIRST_START_MS,
  RESTART_MS,
  type ShippedState,
  loadState,
  log,
  readyText,
  saveState,
  startInstance,
  startPrivateInstance,
  stopGroups,
  stopPrivateInstance,
  userEnvironment,
} from './support/shipped';

/**
 * A backup of the configuration users run (issue 44 §6, decision 264), as a user takes one: on a private instance
 * of the shipped clone (decision 206; `npm start`, no DATABASE_URL, the embedded PostgreSQL 18 and the demo data)
 * the figures and the producer reports are read; `npm run backup -- --out FOLDER` runs beside the running app;
 * the app is stopped (Ctrl-C); `npm run restore -- FOLDER` with a new DATA_DIR fills a new data folder; `npm start`
 * on that folder answers the same figures and downloads the same report bytes. The machine has no PostgreSQL 18
 * client programs: nothing is installed by hand. Not mode-dependent (mode embedded only).
 */
jest.setTimeout(30 * 60_000);

const NPM_MS = 20 * 60_000;

/** `npm run <args>` in the clone with the user's environment for `state`; its output kept in the state's folder. */
function npmRun(state: ShippedState, args: string[], name: string): Promise<{ code: number | null; output: string }> {
  const logFile = path.join(state.workRoot, `${name}.log`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', ...args], { cwd: state.cloneDir, env: userEnvironment(state), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output += chunk.toString();
      fs.appendFileSync(logFile, chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), NPM_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm run backup and npm run restore of the shipped configuration (private instance)', () => {
  let source: ShippedState | null = null;
  let restored: ShippedState | null = null;

  beforeAll(async () => {
    source = await startPrivateInstance('backup');
  }, FIRST_START_MS + RESTART_MS);

  afterAll(async () => {
    if (restored) await stopPrivateInstance(restored);
    if (source) await stopPrivateInstance(source);
  }, 3 * 60_000);

  test('back up the running app, restore into a new data folder, start it: the same figures and reports', async () => {
    const from = source!;
    const before = await observe(`${from.baseUrl}/car/api`);
    expect(before.reports.length).toBeGreaterThan(0);
    expect(Object.keys(before.figures)).toHaveLength(FIGURE_CALLS.length);

    const archive = path.join(from.workRoot, 'car-backup');
    const started = performance.now();
    const backup = await npmRun(from, ['backup', '--', '--out', archive], 'backup');
    log(`npm run backup: exit ${backup.code} in ${Math.round((performance.now() - started) / 1000)} s`);
    expect({ code: backup.code, tail: backup.output.slice(-1500) }).toEqual({ code: 0, tail: expect.stringContaining('[backup] 完成') });
    expect(fs.readdirSync(archive).sort()).toEqual(['database', 'files', 'manifest.json']);

    // The user stops the app (Ctrl-C), then restores into a new data folder and starts the app on it.
    await stopGroups(from);
    const run = loadState();
    const workRoot = path.join(run.workRoot, `private-backup-restored-${run.mode}`);
    fs.rmSync(workRoot, { recursive: true, force: true });
    fs.mkdirSync(workRoot);
    const [port, embeddedPgPort] = [await freePort(), await freePort()];
    restored = {
      ...from,
      workRoot,
      dataDir: path.join(workRoot, 'data'),
      baseUrl: `http://127.0.0.1:${port}`,
      port,
      embeddedPgPort,
      groups: [],
      timings: {},
    };
    saveState(restored);
    const restoreStarted = performance.now();
    const restore = await npmRun(restored, ['restore', '--', archive], 'restore');
    log(`npm run restore: exit ${restore.code} in ${Math.round((performance.now() - restoreStarted) / 1000)} s`);
    expect({ code: restore.code, tail: restore.output.slice(-1500) }).toEqual({ code: 0, tail: expect.stringContaining('[restore] 完成') });

    await startInstance(restored, false);
    saveState(restored);
    log(`restored instance: ${readyText(restored)}`);
    const after = await observe(`${restored.baseUrl}/car/api`);
    expect(after.figures).toEqual(before.figures);
    expect(after.reports).toEqual(before.reports);
  });
});
