import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { API_PREFIX, SECURITY } from '@car/contracts';

/**
 * What the benches in Chromium share (config-page.cli.ts, page-ready.cli.ts): the browser as they launch it, the
 * demo analyst's session, the load average they report and the section of bench/RESULTS.md each writes between its
 * markers.
 */

/** The demo analyst's session, signed in through the API as the login form's action does, saved for the runs' contexts. */
export async function signedInState(browser: Browser, origin: string, label: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const response = await context.request.post(`${origin}${API_PREFIX}/${SECURITY.login.path}`, { data: { account: 'demo', password: 'Demo@2026' } });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`signing demo in: ${body.msg}`);
  const state = path.join(os.tmpdir(), `bench-${label}-${process.pid}.json`);
  await context.storageState({ path: state });
  await context.close();
  return state;
}

/** Puts `section` (its markers included) in bench/RESULTS.md in place of the one between the markers, or at the end. */
export function writeResultsSection(projectRoot: string, markers: { start: string; end: string }, section: string): void {
  const file = path.join(projectRoot, 'bench', 'RESULTS.md');
  const text = fs.readFileSync(file, 'utf8');
  const [start, end] = [text.indexOf(markers.start), text.indexOf(markers.end)];
  fs.writeFileSync(
    file,
    start >= 0 && end > start ? `${text.slice(0, start)}${section}${text.slice(end + markers.end.length)}` : `${text.trimEnd()}\n\n${section}\n`,
  );
}

/** The Chromium of the browser benches: Debian's headless shell where it is installed. */
export function chromiumPath(): string {
  return process.env.CHROMIUM ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
}

/** That Chromium launched headless as every browser bench runs it: no sandbox, no GPU, shared memory in /tmp. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** The machine's load average now as the results write it: the 1, 5 and 15 minutes' figures, '2.5 / 2.1 / 2.2'. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
}
