import { execFileSync } from 'node:child_process';
import { BrowserServer, chromium } from 'playwright-core';

/**
 * The system Chromium and the run's one instance of it, without jest's globals: the browser project's global setup
 * (browser-global-setup.ts) starts it here, the files reach it through browser.ts.
 */

/** Headless, without the background calls a fresh profile makes. */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The system Chromium on the PATH, or null; never downloads one. Debian's `chromium-headless-shell` first: the same
 * Blink and V8 as its `chromium`, without the full browser's shell around a headless page, a page load costs about a
 * third of the CPU (1.5 against 4.1 CPU-seconds, decision 250). Then `chromium` itself. `CHROMIUM=chromium` (a name
 * or a path) picks another.
 */
export function findChromium(): string | null {
  for (const name of [process.env.CHROMIUM, 'chromium-headless-shell', 'chromium', 'chromium-browser'].filter((n): n is string => Boolean(n))) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on the PATH
    }
  }
  return null;
}

/**
 * What the browser project's global setup (browser-global-setup.ts) hands to one jest worker, in CAR_BROWSER_RUN:
 * the Chromium it connects to, and the app and saved sessions of its world (global-setup.ts makes a world per worker,
 * each app with its own JWT secret, so a session belongs to one world).
 */
export interface BrowserRun {
  /** The run's one Chromium, started with `chromium.launchServer`, which every worker's files connect to. */
  wsEndpoint: string;
  /** The app the saved sessions belong to: a cookie for 127.0.0.1 holds for every port, so another app must not get it. */
  baseUrl: string;
  /** Playwright storageState files of accounts signed in once for the run, by account. */
  sessions: Record<string, string>;
}

export const BROWSER_RUN_ENV = 'CAR_BROWSER_RUN';

/** This worker's part of the run (by JEST_WORKER_ID, as `testEnv()` picks its world), or null without the setup. */
export function browserRun(): BrowserRun | null {
  const raw = process.env[BROWSER_RUN_ENV];
  if (!raw) return null;
  const worlds = JSON.parse(raw) as BrowserRun[];
  return worlds[Number(process.env.JEST_WORKER_ID ?? '1') - 1] ?? worlds[0];
}

/** Starts the run's one Chromium for the global setup: a server the files connect to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no chromium on the PATH');
  return chromium.launchServer({ executablePath, args: FLAGS, headless: true });
}
