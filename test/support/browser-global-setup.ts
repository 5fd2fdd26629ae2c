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
 * The browser project's set-up, after the run's own (global-setup.ts): one Chromium for the whole run, which every
 * file connects to, and the demo analyst signed in once through the API, the session saved as Playwright's
 * storageState for `openSignedIn`. A token is its own session (backend/src/security): another sign-in of the same
 * account does not end it, a failed one is the only kind the throttle counts, and only its own logout, a password,
 * role or binding change of the account, or 停用 ends it — which no test does to the demo analyst with the saved one
 * (a test that signs out or changes its user signs in on its own).
 */
export default async function browserGlobalSetup(): Promise<void> {
  await globalSetup();
  if (!findChromium()) return; // describeInBrowser skips every file and says why
  const env = testEnv();
  const server = await launchBrowserServer();
  globalThis.__carBrowserServer = server;
  const sessions = await saveSessions(server.wsEndpoint(), env.baseUrl, path.join(env.dataDir, 'browser-sessions'), SHARED_ACCOUNTS);
  const run: BrowserRun = { wsEndpoint: server.wsEndpoint(), baseUrl: env.baseUrl, sessions };
  process.env[BROWSER_RUN_ENV] = JSON.stringify(run);
}
