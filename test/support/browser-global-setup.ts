import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
// From the source, as jest's module map is not applied to a global setup's imports.
import { API_PREFIX, SECURITY } from '../../contracts/src';
import { BROWSER_RUN_ENV, findChromium, launchBrowserServer, type BrowserRun } from './chromium';
import globalSetup from './global-setup';
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
  const folder = path.join(env.dataDir, 'browser-sessions');
  fs.mkdirSync(folder, { recursive: true });
  const browser = await chromium.connect(server.wsEndpoint());
  const sessions: Record<string, string> = {};
  try {
    for (const [account, password] of Object.entries(SHARED_ACCOUNTS)) {
      const context = await browser.newContext();
      const response = await context.request.post(`${env.baseUrl}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password } });
      const body = (await response.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`signing ${account} in for the browser run: ${body.code} ${body.msg}`);
      sessions[account] = path.join(folder, `${account}.json`);
      await context.storageState({ path: sessions[account] });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const run: BrowserRun = { wsEndpoint: server.wsEndpoint(), baseUrl: env.baseUrl, sessions };
  process.env[BROWSER_RUN_ENV] = JSON.stringify(run);
}
