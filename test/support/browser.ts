import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, ConsoleMessage, Page, chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium (Debian's `chromium` package) on the PATH, or null. Never downloads one. */
export function findChromium(): string | null {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on the PATH
    }
  }
  return null;
}

const executablePath = findChromium();

/** `describe` when Chromium is present; otherwise a skipped block that says why. */
export const describeInBrowser: jest.Describe = executablePath
  ? describe
  : (((name: string, fn: () => void) => {
      process.stderr.write(`[browser] skipped "${name}": no chromium on the PATH (apt-get install -y chromium)\n`);
      describe.skip(name, fn);
    }) as unknown as jest.Describe);

export async function launchBrowser(): Promise<Browser> {
  if (!executablePath) throw new Error('no chromium on the PATH');
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}

export interface OpenedPage {
  page: Page;
  errors: string[];
  /** Fails the test if the console logged an error or the page threw. */
  assertClean: () => void;
  /**
   * Accepts one console error matching `pattern`, for a test that breaks a request on purpose (Chromium
   * logs `Failed to load resource` for an aborted one). Each call accepts one error, no more.
   */
  allowConsoleError: (pattern: RegExp) => void;
}

/**
 * A page that records console errors and failed page loads; `assertClean()` fails the test if any
 * happened, so a page that throws in the browser cannot pass.
 */
export async function openPage(browser: Browser, viewport = { width: 1366, height: 768 }): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  // The pages run under the app's Content-Security-Policy: any violation (a script without the nonce, a
  // style, image or call from elsewhere) becomes a console error, which fails the test like any other.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const at = allowed.findIndex((pattern) => pattern.test(text));
    if (at >= 0) allowed.splice(at, 1);
    else errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    assertClean: () => expect(errors).toEqual([]),
    allowConsoleError: (pattern) => allowed.push(pattern),
  };
}

/**
 * One Chromium for a test file: call at the top of a `describe`; the returned function gives the browser
 * inside tests (launched before the first, closed after the last).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not up: call useBrowser() inside describe');
    return browser;
  };
}

/** Screenshots go to test-results/screenshots (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
