import type { Summary } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, cardsOf, cardValues, settled } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';

/**
 * 1-2月合计 as shipped (issue 30 §3, decisions 197-199), walked as the demo analyst on the demo data: on 整体市场表现
 * at February 2026 the toggle shows January and February together, the cards are the API's answer for newYear=1,
 * and that answer is January's and February's single months added up, against the same two months of 2025; a
 * month outside January and February is refused in Chinese; the dashboard offers it beside 单月 and 累计.
 */
pointHelpersAtShipped();

describeInBrowser('1-2月合计 as shipped', () => {
  const browser = useBrowser();

  test('整体市场表现 in February: the combined cards are January plus February, against 去年1-2月', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/salevolume/wholemarket?time=2026-02');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('newYear') === '1'),
      page.locator('.new-year-toggle').getByRole('button', { name: '1-2月合计' }).click(),
    ]);
    await settled(page);
    const combined = await apiResult<Summary>(page, '/saleVolume/wholeMarket/whole', { time: '2026-02', newYear: 1 });
    expect(await cardValues(page)).toEqual(cardsOf(combined));
    await expect(page.locator('.summary-card[data-card="qty"] .summary-card__title').textContent()).resolves.toBe('1-2月销量');

    const month = (time: string) => apiResult<Summary>(page, '/saleVolume/wholeMarket/whole', { time });
    const [jan, feb, lastJan, lastFeb] = await Promise.all(['2026-01', '2026-02', '2025-01', '2025-02'].map(month));
    expect(combined.qty).toBe(jan.qty + feb.qty);
    const yoy = (jan.qty + feb.qty) / (lastJan.qty + lastFeb.qty) - 1;
    // 同比 is answered in percent to a tenth.
    expect(Math.abs((combined.yoy ?? NaN) - yoy * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
    await screenshot(page, 'acceptance-new-year-wholemarket');

    // March has no 1-2月合计: the toggle is gone, and the API refuses the pair in Chinese.
    await page.goto(
      page
        .url()
        .replace('time=2026-02', 'time=2026-03')
        .replace(/&?newYear=1/, ''),
      { waitUntil: 'networkidle' },
    );
    await expect(page.locator('.new-year-toggle').count()).resolves.toBe(0);
    const refused = await page.request.get(page.url().replace(/\/salevolume\/wholemarket.*$/, '/car/api/saleVolume/wholeMarket/whole?time=2026-03&newYear=1'));
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toContain('1-2月合计只能在所选月份为1月或2月时使用');
    assertClean();
  });

  test('看板 in January offers 1-2月合计 beside 单月 and 累计', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/dashboard/7c1f3a9e5b2d4806?time=2026-01');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('newYear') === '1'), page.getByRole('link', { name: '1-2月合计' }).click()]);
    await page.waitForLoadState('networkidle');
    const whole = await apiResult<{ all: { qtyStr: string } }>(page, '/dashboard/whole', { time: '2026-01', newYear: 1 });
    // The figure follows the toggle (waited for: the page renders after the URL moves).
    await page.locator('.dashboard-figure', { hasText: '整体市场' }).locator('.dashboard-figure__value', { hasText: whole.all.qtyStr }).first().waitFor();
    assertClean();
  });
});
