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

/**
 * A page that records console errors and failed page loads; `assertClean()` fails the test if any
 * happened, so a page that throws in the browser cannot pass.
 */
export async function openPage(browser: Browser, viewport = { width: 1366, height: 768 }): Promise<{ page: Page; errors: string[]; assertClean: () => void }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    assertClean: () => expect(errors).toEqual([]),
  };
}

/** Screenshots go to test-results/screenshots (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
