import type { Page } from 'playwright-core';
import { DEMO_OPEN_ID, MP_SESSION_HEADER, type MpRetailChart, type Summary } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { signedLink } from '../support/mp-link';
import { apiResult, cardsOf, drawnCards, settled } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';

/**
 * 1-2月合计 as shipped (issue 30 §3, decisions 197-199), walked as the demo analyst on the demo data: on 整体市场表现
 * at February 2026 the toggle shows January and February together, the cards are the API's answer for newYear=1,
 * and that answer is January's and February's single months added up, against the same two months of 2025; a
 * month outside January and February is refused in Chinese; the dashboard offers it beside 单月 and 累计; the phone
 * page, opened from a signed link at February, toggles to the API's combined figures (decision 204).
 */
const shippedBase = pointHelpersAtShipped();

/** An mp call in the phone page's own session (its car-mp cookie): the status and the envelope. */
async function mpCall(
  page: Page,
  call: 'searchCar' | 'getRetailChart',
  query: Record<string, string>,
): Promise<{ status: number; body: { code: number; msg: string; result: unknown } }> {
  const session = (await page.context().cookies()).find((c) => c.name === 'car-mp')!.value;
  const response = await page.request.get(`${shippedBase}/car/api/mp/retail/${call}?${new URLSearchParams(query)}`, {
    headers: { [MP_SESSION_HEADER]: decodeURIComponent(session) },
  });
  return { status: response.status(), body: (await response.json()) as { code: number; msg: string; result: unknown } };
}

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
    expect(await drawnCards(page, combined)).toEqual(cardsOf(combined));
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
    );
    await ready(page);
    await expect(page.locator('.new-year-toggle').count()).resolves.toBe(0);
    const refused = await page.request.get(page.url().replace(/\/salevolume\/wholemarket.*$/, '/car/api/saleVolume/wholeMarket/whole?time=2026-03&newYear=1'));
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toContain('1-2月合计只能在所选月份为1月或2月时使用');
    assertClean();
  });

  test('销量查询 from a signed link in February: 1-2月合计 shows the API’s combined figures, January plus February', async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${shippedBase}/wechatsalevolume?${new URLSearchParams(signedLink(DEMO_OPEN_ID))}&type=0`);
    await ready(page);
    expect(new URL(page.url()).searchParams.has('sign')).toBe(false);
    const brands = (await mpCall(page, 'searchCar', { type: '0', name: '大众' })).body.result as Array<{ id: number; name: string }>;
    const id = String(brands.find((b) => b.name === '大众')!.id);
    await page.goto(`${shippedBase}/wechatsalevolume?type=0&id=${id}&time=2026-02`);
    await ready(page);
    const toggle = page.locator('.mp-new-year').getByRole('button', { name: '1-2月合计' });
    await Promise.all([page.waitForURL((u) => u.searchParams.get('newYear') === '1'), toggle.tap()]);
    await page.locator('.mp-head span', { hasText: '2026年1-2月' }).waitFor();

    const chart = async (query: Record<string, string>) => (await mpCall(page, 'getRetailChart', { type: '0', id, ...query })).body.result as MpRetailChart;
    const combined = await chart({ time: '2026-02', newYear: '1' });
    await expect(page.locator('.mp-cards b').allTextContents()).resolves.toEqual([combined.salesStr, combined.yoys, combined.ljSalesStr, combined.ljYoys]);
    const [jan, feb] = await Promise.all([chart({ time: '2026-01' }), chart({ time: '2026-02' })]);
    expect(combined.sales).toBe(jan.sales + feb.sales);
    expect(combined.chart.xAxis[0].categories.at(-1)).toBe('2026-01~02');
    await screenshot(page, 'acceptance-new-year-phone');

    const refused = await mpCall(page, 'getRetailChart', { type: '0', id, time: '2026-03', newYear: '1' });
    expect([refused.status, refused.body.msg]).toEqual([400, '1-2月合计只能在所选月份为1月或2月时使用']);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('看板 in January offers 1-2月合计 beside 单月 and 累计', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/dashboard/7c1f3a9e5b2d4806?time=2026-01');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('newYear') === '1'), page.getByRole('link', { name: '1-2月合计' }).click()]);
    await ready(page);
    const whole = await apiResult<{ all: { qtyStr: string } }>(page, '/dashboard/whole', { time: '2026-01', newYear: 1 });
    // The figure follows the toggle (waited for: the page renders after the URL moves).
    await page.locator('.dashboard-figure', { hasText: '整体市场' }).locator('.dashboard-figure__value', { hasText: whole.all.qtyStr }).first().waitFor();
    assertClean();
  });
});
