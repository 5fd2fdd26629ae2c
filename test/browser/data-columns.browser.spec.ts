import type { Page } from 'playwright-core';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { openSignedIn, settled } from '../support/sales-pages';

/**
 * 数据列 (the tables' tag columns 2-15) on the three sales pages: a column chosen or dropped shows or goes
 * at once, without a request to the server (only the URL changes), a reload shows the same columns, and
 * a query from the filter panel keeps them.
 */
const PAGES = [
  ['整体市场', '/salevolume/wholemarket'],
  ['区域市场', '/salevolume/areamarket'],
  ['厂商品牌', '/salevolume/companybrand'],
] as const;

async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.locator('.ranking-table thead th').allTextContents()).map((t) => t.trim());
}

/** Page data requests (Remix's `.data` calls) made from now on. */
function countDataRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) count++;
  });
  return () => count;
}

async function toggleColumn(page: Page, label: string): Promise<void> {
  const menu = page.locator('.ranking-table .multi-select__menu');
  if ((await menu.count()) === 0) await page.locator('.ranking-table .multi-select__input[aria-label="数据列"]').click();
  await menu
    .locator('.multi-select__item', { hasText: new RegExp(`^${label}$`) })
    .locator('label')
    .click();
}

describeInBrowser('the data columns of the sales tables', () => {
  const browser = useBrowser();

  test.each(PAGES)('on %s, a column chosen or dropped shows at once without a server request and stays after a reload', async (_name, path) => {
    const { page, assertClean } = await openSignedIn(browser(), path);
    const before = await columnHeaders(page);
    expect(before).toContain('环比');
    expect(before).not.toContain('去年同期销量');
    const dataRequests = countDataRequests(page);

    await toggleColumn(page, '去年同期销量');
    await page.waitForFunction(() => [...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '去年同期销量'));
    await toggleColumn(page, '环比');
    await page.waitForFunction(() => ![...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '环比'));
    await page.keyboard.press('Escape');
    const chosen = await columnHeaders(page);
    expect(chosen).toEqual(before.filter((h) => h !== '环比').flatMap((h) => (h === '当月销量' ? [h, '去年同期销量'] : [h])));
    expect(new URL(page.url()).searchParams.get('tags')).toBe('2,3,5,6,8,9,10,12,13,15');
    await page.waitForTimeout(300);
    expect(dataRequests()).toBe(0);

    await page.reload();
    await ready(page);
    expect(await columnHeaders(page)).toEqual(chosen);

    // A query from the filter panel keeps the columns chosen after the last load.
    await toggleColumn(page, '去年同期销量');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('tags') === '2,5,6,8,9,10,12,13,15');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('tags') === '2,5,6,8,9,10,12,13,15' && url.searchParams.has('source')),
      page.getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    expect(await columnHeaders(page)).toEqual(chosen.filter((h) => h !== '去年同期销量'));
    assertClean();
  });
});
