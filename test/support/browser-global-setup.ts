import * as path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { BROWSER_RUN_ENV, findChromium, launchBrowserServer, type BrowserRun } from './chromium';
import globalSetup from './global-setup';
import { saveSessions } from './saved-sessions';
import { testEnv } from './test-env';

/** The accounts every browser file may use without signing in: the demo analyst of the demo data set. */
export const SHARED_ACCOUNTS = { demo: 'Demo@2026' } as const;

declare global {
  // The run's Chromium, for browser-global-teardown.ts (jest runs a project's setup and teardown in one process).
  var __carBrowserServer: BrowserServer | undefined;
}

/**
 * The browser project's set-up, after the run's own (global-setup.ts, a world per jest worker): one Chromium for the
 * run, which every file of every worker connects to, and in each world the demo analyst signed in once through the
 * API, the session saved as Playwright's storageState for `openSignedIn` (each world's app has its own JWT secret: a
 * session holds in its own world only). A token is its own session (backend/src/security): another sign-in of the
 * same account does not end it, a failed one is the only kind the throttle counts, and only its own logout, a
 * password, role or binding change of the account, or 停用 ends it — which no test does to the demo analyst with the
 * saved one (a test that signs out or changes its user signs in on its own).
 */
export default async function browserGlobalSetup(globalConfig: { maxWorkers?: number } = {}): Promise<void> {
  await globalSetup(globalConfig);
  if (!findChromium()) return; // describeInBrowser skips every file and says why
  const env = testEnv();
  // One Chromium for both workers: one each measured no faster on two cores (decision 244).
  const server = await launchBrowserServer();
  globalThis.__carBrowserServer = server;
  const runs = (env.workers ?? [env]).map(async (world): Promise<BrowserRun> => ({
    wsEndpoint: server.wsEndpoint(),
    baseUrl: world.baseUrl,
    sessions: await saveSessions(server.wsEndpoint(), world.baseUrl, path.join(world.dataDir, 'browser-sessions'), SHARED_ACCOUNTS),
  }));
  process.env[BROWSER_RUN_ENV] = JSON.stringify(await Promise.all(runs));
}
