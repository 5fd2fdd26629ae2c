import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, BrowserContextOptions, ConsoleMessage, Locator, Page, chromium } from 'playwright-core';
import { FLAGS, browserRun, findChromium } from './chromium';

const executablePath = findChromium();

/** `describe` when Chromium is present; otherwise a skipped block that says why. */
export const describeInBrowser: jest.Describe = executablePath
  ? describe
  : (((name: string, fn: () => void) => {
      process.stderr.write(`[browser] skipped "${name}": no chromium on the PATH (apt-get install -y chromium-headless-shell)\n`);
      describe.skip(name, fn);
    }) as unknown as jest.Describe);

/**
 * The browser for a test file: the run's one Chromium when the browser project's global setup started one (a launch
 * costs a file a second or two of a loaded machine), else one launched for the file (the acceptance suite, a run
 * without that setup). `close()` then disconnects from the run's, or closes the file's own.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!executablePath) throw new Error('no chromium on the PATH');
  const run = browserRun();
  if (run) return chromium.connect(run.wsEndpoint);
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}

/**
 * What every context of a browser test asks for: Chinese, and in the browser project's run (not the acceptance
 * suite's, whose visitor keeps the motion a browser gets by default) less motion, which the product honours
 * (frontend/app/utils/motion.ts, app.css): charts drawn at once, no transitions, scrolls that jump. A test then reads
 * a chart once `data-drawn` says so, not after chart.js's 300 ms animation (decision 244).
 */
export function contextOptions(options: BrowserContextOptions = {}): BrowserContextOptions {
  return { locale: 'zh-CN', ...(browserRun() ? { reducedMotion: 'reduce' as const } : {}), ...options };
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
export async function openPage(browser: Browser, viewport = { width: 1366, height: 768 }, options: { storageState?: string } = {}): Promise<OpenedPage> {
  const context = await browser.newContext(contextOptions({ viewport, storageState: options.storageState }));
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
 * The browser for a test file (`launchBrowser`): call at the top of a `describe`; the returned function gives the
 * browser inside tests (had before the first, closed or disconnected after the last).
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

/**
 * Waits until the page is ready to be read and used: hydrated (React has claimed the server's markup, so a click
 * reaches its handler), no loader, action or fetcher of the Remix router pending, no panel veil, and two frames
 * drawn. What the test then reads it still waits for by its locator; this is the moment a page is the user's.
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // React 18 tags a hydrated element with its fiber; <body> is tagged once everything inside it is.
    const hydrated = Object.keys(document.body).some((key) => key.startsWith('__reactFiber'));
    const router = (window as unknown as { __remixRouter?: { state: RemixRouterState } }).__remixRouter?.state;
    const idle =
      router !== undefined &&
      router.initialized &&
      router.navigation.state === 'idle' &&
      router.revalidation === 'idle' &&
      [...router.fetchers.values()].every((fetcher) => fetcher.state === 'idle');
    // React draws the router's answer in a transition, frames after the router is idle (useDrawnLocation).
    const drawn = router !== undefined && document.body.getAttribute('data-drawn-location') === router.location.key;
    return hydrated && idle && drawn && document.querySelectorAll('.panel-busy').length === 0;
  });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The part of Remix's router state (`window.__remixRouter.state`) that says whether anything is loading. */
interface RemixRouterState {
  initialized: boolean;
  location: { key: string };
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
}

/**
 * With `SCREENSHOTS=1`, a screenshot of the full page (or of one element) in test-results/screenshots (git-ignored)
 * for a person to look at; else nothing. No assertion reads them and no run keeps them, and a full page costs a test
 * a few tenths of a second (decision 244): `SCREENSHOTS=1 npx jest test/browser/x --selectProjects browser` takes a
 * file's, and `node scripts/screenshots.mjs` every page at three widths.
 */
export async function screenshot(of: Page | Locator, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // A page in full, or one element of it.
  await ('goto' in of ? of.screenshot({ path: file, fullPage: true }) : of.screenshot({ path: file }));
}

/** What the toast watcher keeps in the page: the text of every toast added since `toastAfter` last began. */
interface ToastRecord {
  __toastsSeen?: string[];
  __toastWatcher?: MutationObserver;
}

/** In the page: records each toast React adds to the document, whatever page the document holds. */
function watchToasts(): void {
  const w = window as unknown as ToastRecord;
  w.__toastsSeen = [];
  if (w.__toastWatcher) return;
  w.__toastWatcher = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLElement && node.matches('.toast')) (w.__toastsSeen ??= []).push(node.textContent ?? '');
      }
    }
  });
  w.__toastWatcher.observe(document, { childList: true, subtree: true });
}

/** Pages whose every new document watches its toasts from its start. */
const watchedPages = new WeakSet<Page>();

/**
 * Does `action` and waits until a toast holding `text` has been shown. A toast lasts 3 s, and a loaded machine can
 * draw and remove one between two of Playwright's polls (CI saw a 30 s wait for a toast that had come and gone), so
 * the page itself records each toast as React adds it — on the page open now and on any the action navigates to —
 * and the wait reads that record. If no such toast comes, the error names the toasts that did: another refusal reads
 * as itself, not as a timeout.
 */
export async function toastAfter(page: Page, text: string, action: () => Promise<unknown>, timeout = 30_000): Promise<void> {
  if (!watchedPages.has(page)) {
    watchedPages.add(page);
    await page.addInitScript(watchToasts);
  }
  await page.evaluate(watchToasts);
  await action();
  const shown = (wanted: string) =>
    [...((window as unknown as ToastRecord).__toastsSeen ?? []), ...Array.from(document.querySelectorAll('.toast'), (t) => t.textContent ?? '')].some((t) =>
      t.includes(wanted),
    );
  try {
    await page.waitForFunction(shown, text, { timeout });
  } catch (error) {
    // What the page showed instead, so that a failure that happens once in CI says where the action went.
    const seen = await page.evaluate(() => (window as unknown as ToastRecord).__toastsSeen ?? []).catch(() => []);
    const dialog = await page
      .evaluate(() => {
        const open = document.querySelector('[role="dialog"]');
        if (!open) return 'no dialog open';
        const said = Array.from(open.querySelectorAll('.ui.message, [role="alert"], .field.error'), (e) => (e.textContent ?? '').trim());
        const busy = open.querySelector('.ui.form.loading, [aria-busy="true"]') !== null;
        return `a dialog open (${busy ? 'busy' : 'idle'}), saying ${JSON.stringify(said)}`;
      })
      .catch(() => 'the page gone');
    throw new Error(`no toast 「${text}」 within ${timeout / 1000} s; the toasts shown meanwhile: ${JSON.stringify(seen)}; at ${page.url()}; ${dialog}`, {
      cause: error,
    });
  }
}
