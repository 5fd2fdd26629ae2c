import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
// From the source, as jest's module map is not applied to a global setup's imports.
import { API_PREFIX, SECURITY } from '../../contracts/src';
import { BROWSER_RUN_ENV, findChromium, launchBrowserServer, type BrowserRun } from './chromium';
import globalSetup from './global-setup';
import { testEnv, type TestEnv } from './test-env';

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
  const runs = await Promise.all(
    (env.workers ?? [env]).map(async (world): Promise<BrowserRun> => ({
      wsEndpoint: server.wsEndpoint(),
      baseUrl: world.baseUrl,
      sessions: await saveSessions(server, world),
    })),
  );
  process.env[BROWSER_RUN_ENV] = JSON.stringify(runs);
}

/** Signs the shared accounts in to one world's app through the API and saves each session in its data folder. */
async function saveSessions(server: BrowserServer, world: Omit<TestEnv, 'workers'>): Promise<Record<string, string>> {
  const folder = path.join(world.dataDir, 'browser-sessions');
  fs.mkdirSync(folder, { recursive: true });
  const browser = await chromium.connect(server.wsEndpoint());
  const sessions: Record<string, string> = {};
  try {
    for (const [account, password] of Object.entries(SHARED_ACCOUNTS)) {
      const context = await browser.newContext();
      const response = await context.request.post(`${world.baseUrl}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password } });
      const body = (await response.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`signing ${account} in for the browser run at ${world.baseUrl}: ${body.code} ${body.msg}`);
      sessions[account] = path.join(folder, `${account}.json`);
      await context.storageState({ path: sessions[account] });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sessions;
}
