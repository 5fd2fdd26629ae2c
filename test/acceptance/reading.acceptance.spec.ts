import type { Page } from 'playwright-core';
import { DASHBOARD_PATH, type PriceTraceWhole } from '@car/contracts';
import { axeFindings, describeFindings } from '../support/axe';
import { describeInBrowser, ready, toastAfter, useBrowser } from '../support/browser';
import { apiResult, settled } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';
import { shipped } from './support/shipped';

/**
 * How the answers read, on the product as shipped (issue 28): a ranking table sorted by a header click
 * (descending, ascending, back) with aria-sort and the order in the URL, its share change in points
 * under a header with the unit; the dashboard's top menu holding the side menu's groups and a producer row
 * leading to its page at the dashboard's month; 复制链接 copying the address; the print view without the
 * frame; and axe-core finding no violation of any impact on the pages walked (decision 265).
 */
pointHelpersAtShipped();

const WHOLE_MARKET = '/salevolume/wholemarket';

const header = (page: Page, column: string) => page.locator(`.ranking-table thead a.sort-header__link[data-column="${column}"]`);
const ariaSort = (page: Page, column: string) => header(page, column).evaluate((a) => a.closest('th')?.getAttribute('aria-sort') ?? null);

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(describeFindings(await axeFindings(page, name))).toBe('');
}

describeInBrowser('reading the answers (shipped)', () => {
  const browser = useBrowser();

  test('a ranking table sorts by a header click, keeps the order in the URL, and reads share changes in points', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, WHOLE_MARKET, { width: 1440, height: 900 });
    await expect(page.locator('.ranking-table thead').textContent()).resolves.toContain('份额变化(百分点)');
    // Share changes are signed points without '%' (growths keep theirs): +1.9, -2.9.
    const cells = (await page.locator('.ranking-table tbody td').allTextContents()).map((text) => text.trim());
    expect(cells.filter((text) => /^[+-]\d+\.\d$/.test(text)).length).toBeGreaterThan(0);
    expect(cells.filter((text) => /^[↑↓]/.test(text))).toEqual([]);

    for (const [expected, aria] of [
      ['sales.desc', 'descending'],
      ['sales.asc', 'ascending'],
      [null, null],
    ] as const) {
      await Promise.all([page.waitForURL((url) => url.searchParams.get('sort') === expected), header(page, 'sales').click()]);
      await settled(page);
      expect(await ariaSort(page, 'sales')).toBe(aria);
    }
    await expectAccessible(page, 'wholemarket');
    assertClean();
    await page.context().close();
  });

  test('the dashboard: one menu, rows that lead on, no accessibility finding', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, DASHBOARD_PATH, { width: 1440, height: 900 });
    const groups = await page.locator('.dashboard-top__group .menu-button__trigger').allTextContents();
    expect(groups.map((g) => g.trim())).toEqual(expect.arrayContaining(['销量分析', '价格分析', '价量交叉', '产品分析', '数据综合查询']));
    await expectAccessible(page, 'dashboard');
    const producer = page.locator('.dashboard-card').first().locator('tbody tr').first().getByRole('link');
    const name = ((await producer.textContent()) ?? '').trim();
    await Promise.all([page.waitForURL((url) => url.pathname === '/salevolume/companybrand'), producer.click()]);
    await settled(page);
    await expect(page.locator('.header-tags').first().textContent()).resolves.toContain(name);

    // A 车型 row opens 车系价格追踪 of that sub-series, its own brand in the form (not the default 大众).
    await page.goBack();
    await ready(page);
    const model = page.getByTestId('model-table').locator('tbody tr').first().getByRole('link');
    await Promise.all([page.waitForURL((url) => url.pathname === '/price/cabmodelpricetrace'), model.click()]);
    await settled(page);
    const modelSubId = Number(new URL(page.url()).searchParams.get('modelSubId'));
    const whole = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', { modelSubId });
    await expect(page.locator('.sales-page__title').textContent()).resolves.toBe(`${whole.modelName}价格走势`);
    await expect(page.locator('.filter-panel input[type="hidden"][name="brand"]').inputValue()).resolves.toBe(String(whole.brand.id));
    await expect(page.locator('.filter-panel input[type="hidden"][name="modelSubId"]').inputValue()).resolves.toBe(String(modelSubId));
    assertClean();
    await page.context().close();
  });

  test('复制链接 copies the address; the print view leaves out the frame', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, `${WHOLE_MARKET}?source=1`, { width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shipped().baseUrl });
    await toastAfter(page, '已复制链接', () => page.getByRole('button', { name: '复制链接' }).click(), 5_000);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(page.url());
    await page.emulateMedia({ media: 'print' });
    for (const frame of ['.side-menu', '.app-header', '.filter-panel']) await expect(page.locator(frame).first().isVisible()).resolves.toBe(false);
    await expect(page.locator('.ranking-table').isVisible()).resolves.toBe(true);
    assertClean();
    await page.context().close();
  });

  test('the configuration comparison has no accessibility finding', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/product/configquery', { width: 1440, height: 900 });
    await expectAccessible(page, 'configquery');
    assertClean();
    await page.context().close();
  });
});
