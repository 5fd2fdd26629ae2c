import * as fs from 'node:fs';
import * as path from 'node:path';
import { BROWSER_RUN_ENV } from '../../support/chromium';
import { deleteKeys } from '../../support/net';
import { CHECKOUT, loadState, log, machineBusySeconds, privateStateFiles, secondsSince, stateFile, stopGroups } from './shipped';

/**
 * Closes the mode's Chromium; stops every process group the run started (app, worker, a revived app, a private instance left running, and
 * with them the embedded PostgreSQL), deletes the Redis keys of the run's prefix, records the timings in
 * test-results/acceptance-timings.json (`walks`: the files' wall time, `walksCpu`: the whole machine's busy CPU-seconds
 * meanwhile, as cpumeter counts them) and, for the last mode, removes the temporary folder.
 */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__carShipped;
  if (!run) return;
  globalThis.__carShipped = undefined;
  const walks: Record<string, number> = run.walks
    ? { walks: secondsSince(run.walks.wall), walksCpu: Math.round((machineBusySeconds() - run.walks.cpu) * 10) / 10 }
    : {};
  delete process.env[BROWSER_RUN_ENV];
  await run.browser?.close();
  // A spec may have revived the app: the state file knows every group.
  const state = fs.existsSync(stateFile(run.state.workRoot)) ? loadState(stateFile(run.state.workRoot)) : run.state;
  state.timings = { ...state.timings, ...walks };
  // A private instance whose walk died before its afterAll (decision 206): its groups too.
  for (const file of privateStateFiles(state.workRoot)) await stopGroups(loadState(file));
  await stopGroups(state);
  if (state.redisUrl && state.redisPrefix) await deleteKeys(state.redisUrl, state.redisPrefix);
  state.groups = [];
  fs.writeFileSync(stateFile(state.workRoot), `${JSON.stringify(state, null, 2)}\n`);

  const timings = path.join(CHECKOUT, 'test-results', 'acceptance-timings.json');
  fs.mkdirSync(path.dirname(timings), { recursive: true });
  const all = fs.existsSync(timings) ? (JSON.parse(fs.readFileSync(timings, 'utf8')) as Record<string, unknown>) : {};
  all[state.mode] = state.timings;
  fs.writeFileSync(timings, `${JSON.stringify(all, null, 2)}\n`);
  log(`mode ${state.mode}: stopped; timings (s) ${JSON.stringify(state.timings)}`);

  if (run.cleanUp) {
    fs.rmSync(state.workRoot, { recursive: true, force: true });
    log(`removed ${state.workRoot}`);
  }
}
