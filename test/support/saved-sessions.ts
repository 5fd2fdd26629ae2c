import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
// From the source, as jest's module map is not applied to a global setup's imports.
import { API_PREFIX, SECURITY } from '../../contracts/src';

/**
 * Signs each account in once through the API, in a context of the Chromium at `wsEndpoint`, and saves its session as
 * Playwright storageState in `folder` (`<account>.json`); answers the files by account. A global setup's: the browser
 * project's (the demo analyst, decision 240) and the acceptance suite's (both demo logins, per mode, decision 245).
 */
export async function saveSessions(
  wsEndpoint: string,
  baseUrl: string,
  folder: string,
  accounts: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  fs.mkdirSync(folder, { recursive: true });
  const browser = await chromium.connect(wsEndpoint);
  const sessions: Record<string, string> = {};
  try {
    for (const [account, password] of Object.entries(accounts)) {
      const context = await browser.newContext();
      const response = await context.request.post(`${baseUrl}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password } });
      const body = (await response.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`signing ${account} in at ${baseUrl}: ${body.code} ${body.msg}`);
      sessions[account] = path.join(folder, `${account}.json`);
      await context.storageState({ path: sessions[account] });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sessions;
}
