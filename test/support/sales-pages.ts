import type { Browser, Page } from 'playwright-core';
import { API_PREFIX, type Summary } from '@car/contracts';
import { openPage, ready, type OpenedPage } from './browser';
import { browserRun } from './chromium';
import { signInAs } from './export-pages';
import { pollUntilEqual } from './poll';
import { testEnv } from './test-env';

/** Signs the page in as the demo analyst through the login form (a success: no throttle window is touched). */
export function signInAsDemo(page: Page): Promise<void> {
  return signInAs(page, 'demo', 'Demo@2026');
}

/**
 * The shared `open page` fixture: a fresh page signed in as the demo analyst, at `path` once it is ready (`ready`).
 * The session is the run's saved one (browser-global-setup.ts) when there is one for this app, else a sign-in
 * through the form. A test that signs out or changes the demo analyst must sign in on its own instead.
 */
export async function openSignedIn(browser: Browser, path: string, viewport?: { width: number; height: number }): Promise<OpenedPage> {
  const opened = await signedInPage(browser, viewport);
  await opened.page.goto(`${testEnv().baseUrl}${path}`);
  await ready(opened.page);
  return opened;
}

/**
 * `openSignedIn` before it opens anything: a blank page in the demo analyst's session, for a test that asks the API
 * (`apiResult`) where to go first instead of loading a page only to leave it.
 */
export async function signedInPage(browser: Browser, viewport?: { width: number; height: number }): Promise<OpenedPage> {
  const run = browserRun();
  const saved = run?.baseUrl === testEnv().baseUrl ? run.sessions.demo : undefined;
  const opened = await openPage(browser, viewport, { storageState: saved });
  if (!saved) await signInAsDemo(opened.page);
  return opened;
}

/** An API call with the page's session cookie, as the browser would make it; the envelope's result. */
export async function apiResult<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await page.request.get(`${testEnv().baseUrl}/car/api${path}?${query}`);
  const body = (await response.json()) as { code: number; msg: string; result: T };
  if (body.code !== 1) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.result;
}

/** A POST of the page's own session, sent from the page (the API refuses cross-site posts); the envelope's result. */
export async function apiPostFromPage<T>(page: Page, path: string, body: object): Promise<T> {
  const answer = await page.evaluate(
    async ([url, json]) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json })).json(),
    [`${API_PREFIX}/${path}`, JSON.stringify(body)] as const,
  );
  const { code, msg, result } = answer as { code: number; msg: string; result: T };
  if (code !== 1) throw new Error(`${path}: ${msg}`);
  return result;
}

/** Whether a canvas has drawn anything: any pixel that is not fully transparent. */
export async function canvasHasInk(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => {
      const canvas = node as HTMLCanvasElement;
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return false;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    });
}

/** The summary answer of the sales pages' `whole` calls, as far as the cards show it. */
export type SummaryAnswer = Pick<Summary, 'qtyStr' | 'ljQtyStr' | 'yoys' | 'moms' | 'yearYoys' | 'time'>;

/** What the five cards must read for a summary answer. */
export function cardsOf(summary: SummaryAnswer): Record<string, string> {
  return { qty: summary.qtyStr, yoy: summary.yoys, mom: summary.moms, lj: summary.ljQtyStr, yearYoy: summary.yearYoys };
}

/** The five cards' values as shown (without the unit). */
export async function cardValues(page: Page): Promise<Record<string, string>> {
  return page.locator('.summary-card').evaluateAll((cards) =>
    Object.fromEntries(
      cards.map((card) => {
        const value = card.querySelector('.summary-card__value')?.cloneNode(true) as HTMLElement | undefined;
        value?.querySelector('small')?.remove();
        return [(card as HTMLElement).dataset.card ?? '', (value?.textContent ?? '').trim()];
      }),
    ),
  );
}

/**
 * The cards' values once they read `summary`'s (or after 10 s, what they last read): after a click the address moves
 * when the loaders are done, a moment before React has drawn their answer, so a read of the cards waits for it.
 */
export function drawnCards(page: Page, summary: SummaryAnswer): Promise<Record<string, string>> {
  return pollUntilEqual(() => cardValues(page), cardsOf(summary));
}

/**
 * Waits until the page is idle after a navigation within it, which the caller has seen start (the address moved):
 * no pending loader or fetcher, no panel veil, and two frames drawn (`ready`; the address moves when the loaders are
 * done, a moment before React has drawn their answer). Where a read depends on what the navigation changed, wait for
 * that text itself as well.
 */
export function settled(page: Page): Promise<void> {
  return ready(page);
}

/** The body of a download link fetched with the page's cookie. */
export async function download(page: Page, href: string): Promise<{ contentType: string; disposition: string; body: Buffer }> {
  const response = await page.request.get(new URL(href, testEnv().baseUrl).toString());
  return {
    contentType: response.headers()['content-type'] ?? '',
    disposition: response.headers()['content-disposition'] ?? '',
    body: await response.body(),
  };
}
