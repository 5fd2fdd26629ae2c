import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiResult, cardsOf, openSignedIn, settled, type SummaryAnswer, drawnCards } from '../support/sales-pages';

/**
 * 1-2月合计 (decision 197) in the browser: the toggle shows only for a January or February month, puts
 * newYear=1 in the URL, and the cards, their titles and the table's headers follow it. That the dashboard offers it
 * beside 单月 and 累计 is the acceptance walk's (new-year.acceptance.spec.ts, 看板 in January).
 */
describeInBrowser('1-2月合计 on the sales pages', () => {
  const browser = useBrowser();

  test('the whole market: no toggle in October; in February it shows both months against 去年1-2月', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket?time=2025-10');
    await expect(page.locator('.new-year-toggle').count()).resolves.toBe(0);

    await page.goto(page.url().replace('time=2025-10', 'time=2026-02'));
    await ready(page);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('newYear') === '1'),
      page.locator('.new-year-toggle').getByRole('button', { name: '1-2月合计' }).click(),
    ]);
    await settled(page);
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/wholeMarket/whole', { time: '2026-02', newYear: 1 });
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));
    await expect(page.locator('.summary-card[data-card="qty"] .summary-card__title').textContent()).resolves.toBe('1-2月销量');
    await expect(page.locator('.ranking-table thead').textContent()).resolves.toContain('1-2月销量');

    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has('newYear')),
      page.locator('.new-year-toggle').getByRole('button', { name: '单月' }).click(),
    ]);
    await settled(page);
    await expect(page.locator('.summary-card[data-card="qty"] .summary-card__title').textContent()).resolves.toBe('2月销量');
    assertClean();
  });
});
