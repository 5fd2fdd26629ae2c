import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import {
  CHECKOUT,
  ShippedMode,
  ShippedState,
  cloneCheckout,
  defaultDataDir,
  keepSeededData,
  loadState,
  log,
  machineBusySeconds,
  makeWorkRoot,
  publishState,
  readyText,
  secondsSince,
  startInstance,
  stateFile,
} from './shipped';
import { BROWSER_RUN_ENV, findChromium, launchBrowserServer, type BrowserRun } from '../../support/chromium';
import { freePort, redisAnswers } from '../../support/net';
import { saveSessions } from '../../support/saved-sessions';
import { SAVED_ACCOUNTS } from './accounts';

declare global {
  // The run's state for the teardown (both run in jest's parent process): the mode's Chromium, and when the walks began
  // (performance.now(), the machine's busy CPU-seconds) for their timings.
  var __carShipped: { state: ShippedState; cleanUp: boolean; browser?: BrowserServer; walks?: { wall: number; cpu: number } } | undefined;
}

/**
 * Starts the product as shipped for the acceptance specs (shipped.ts says how). ACCEPTANCE_MODE picks
 * `embedded` (default) or `redis`; ACCEPTANCE_WORK_ROOT, set by scripts/acceptance.mjs, lets the two
 * modes share one clone and its data, and ACCEPTANCE_CLEANUP=1 marks the last mode, whose teardown
 * removes the folder. Run alone (no work root given), a jest run makes its own clone and removes it.
 * Then one Chromium for the mode's walks, which every file connects to, and the two demo logins signed in once through
 * the API, their sessions saved as Playwright storageState for `openSession` (decision 245).
 */
export default async function globalSetup(): Promise<void> {
  const requested = process.env.ACCEPTANCE_MODE ?? 'embedded';
  if (requested !== 'embedded' && requested !== 'redis') throw new Error(`ACCEPTANCE_MODE must be embedded or redis, not ${requested}`);
  const mode: ShippedMode = requested;
  const given = process.env.ACCEPTANCE_WORK_ROOT;
  const workRoot = given ?? makeWorkRoot();
  const cleanUp = !given || process.env.ACCEPTANCE_CLEANUP === '1';

  let state: ShippedState;
  if (fs.existsSync(stateFile(workRoot))) {
    // The earlier mode's clone and data, started again.
    const earlier = loadState(stateFile(workRoot));
    state = { ...earlier, mode, groups: [], timings: {} };
  } else {
    const started = performance.now();
    const cloneDir = cloneCheckout(workRoot);
    const [port, embeddedPgPort] = [await freePort(), await freePort()];
    state = {
      mode,
      workRoot,
      cloneDir,
      dataDir: defaultDataDir(cloneDir),
      baseUrl: `http://127.0.0.1:${port}`,
      port,
      embeddedPgPort,
      redisUrl: null,
      redisPrefix: null,
      groups: [],
      timings: { cloneAndLink: secondsSince(started) },
    };
    log(`cloned ${CHECKOUT} (HEAD) into ${cloneDir} and linked its node_modules in ${state.timings.cloneAndLink} s`);
  }
  globalThis.__carShipped = { state, cleanUp };
  if (mode === 'redis') {
    const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(url))) throw new Error(`mode redis needs a Redis: none answers at ${url} (scripts/acceptance.mjs skips the mode then)`);
    state.redisUrl = url;
    state.redisPrefix = `car-accept-${Date.now().toString(36)}${process.pid}`;
  }
  publishState(state);

  const first = !fs.existsSync(path.join(state.dataDir, 'postgres', 'PG_VERSION'));
  log(
    `mode ${mode}: npm start in ${state.cloneDir} (PORT=${state.port}, EMBEDDED_PG_PORT=${state.embeddedPgPort}${mode === 'redis' ? `, REDIS_URL=${state.redisUrl}, REDIS_PREFIX=${state.redisPrefix}` : ''})${first ? ': first start, builds and seeds the demo data' : ''}`,
  );
  await startInstance(state, first);
  if (first) await keepSeededData(state);
  publishState(state);
  log(`mode ${mode}: ${readyText(state)}`);

  if (findChromium()) {
    const started = performance.now();
    const server = await launchBrowserServer();
    globalThis.__carShipped.browser = server;
    const sessions = await saveSessions(server.wsEndpoint(), state.baseUrl, path.join(state.workRoot, `sessions-${mode}`), SAVED_ACCOUNTS);
    process.env[BROWSER_RUN_ENV] = JSON.stringify({ wsEndpoint: server.wsEndpoint(), baseUrl: state.baseUrl, sessions } satisfies BrowserRun);
    state.timings.browser = secondsSince(started);
    publishState(state);
  }
  globalThis.__carShipped.walks = { wall: performance.now(), cpu: machineBusySeconds() };
}
