import type { Page } from 'playwright-core';
import { ready } from './browser';

/** On the phone page (/wechatsalevolume): taps a tab (品牌, 车型 …) and waits for its `type` in the URL. */
export async function tapPhoneTab(page: Page, name: string, type: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).tap();
  await page.waitForURL((u) => u.searchParams.get('type') === type);
}

/** Types into the phone page's search, taps the first suggestion and answers the id it opened. */
export async function openFirstSuggestion(page: Page, text: string): Promise<string> {
  await page.getByLabel('搜索').first().fill(text);
  const first = page.locator('.mp-suggestions a').first();
  await first.waitFor();
  await Promise.all([page.waitForURL((u) => u.searchParams.has('id')), first.tap()]);
  await ready(page);
  return new URL(page.url()).searchParams.get('id')!;
}
