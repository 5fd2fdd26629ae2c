import { DASHBOARD_PATH, type DashboardCityPage, type DashboardList, type DashboardWhole } from '@car/contracts';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { pollUntilEqual } from '../support/poll';
import { apiResult, canvasHasInk, openSignedIn, settled, signedInPage } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 看板 as an analyst meets it: one click from the page signing in lands on, the panels and tables show the API's figures,
 * the month and 单月 / 累计 reload everything, a new brand type resets the city page, the top menu leads
 * to the analysis pages, and 退出 signs out. A console error fails each test.
 */
describeInBrowser('the dashboard', () => {
  const browser = useBrowser();

  const rowNames = (page: import('playwright-core').Page, testId: string) =>
    page
      .getByTestId(testId)
      .locator('tbody tr td:nth-child(2)')
      .evaluateAll((cells) => cells.map((c) => c.childNodes[0]?.textContent ?? ''));
  /** A table's names once it shows `expected` (or after 10 s): the address moves before the table is drawn anew. */
  const drawnRowNames = (page: import('playwright-core').Page, testId: string, expected: string[]) => pollUntilEqual(() => rowNames(page, testId), expected);

  test("the header's 看板 opens the dashboard, whose figures are the API's", async () => {
    // Signing in lands on 整体市场表现 (decision 151), where the header's 看板 is.
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    await Promise.all([page.waitForURL((url) => url.pathname === DASHBOARD_PATH), page.locator('.app-header a', { hasText: '看板' }).click()]);
    await settled(page);
    const whole = await apiResult<DashboardWhole>(page, '/dashboard/whole');
    // The panels render a moment after the page settles on a loaded machine: wait for the market's figure.
    await page
      .locator('.dashboard-figure__value', { hasText: `${whole.all.qtyStr}千辆` })
      .first()
      .waitFor({ timeout: 10_000 });
    const values = await page.locator('.dashboard-figure__value').allTextContents();
    expect(values.slice(0, 3)).toEqual([`${whole.xinnengyuan.qtyStr}千辆`, `${whole.all.qtyStr}千辆`, whole.shentoulvStr]);
    await expect(page.locator('.gauge').first().getAttribute('aria-label')).resolves.toBe(`BEV ${whole.bevPer?.toFixed(1)}%`);
    const brands = await apiResult<DashboardList>(page, '/dashboard/brands', { jllType: 2 });
    const brandNames = brands.list.map((b) => b.name);
    expect(await drawnRowNames(page, 'brand-table', brandNames)).toEqual(brandNames);
    expect(brands.list).toHaveLength(7);
    await expect(page.locator('.dashboard-brief p').allTextContents()).resolves.toEqual(whole.briefs.map((b) => b.text));
    // 归因分析's sentences (issue 50), each with its 为什么? to the market split by 燃料类型 at the month and its comparison.
    const splits = page.locator('.dashboard-growth-split');
    await expect(splits.allTextContents()).resolves.toEqual(whole.growthSplits.map((s) => `${s.text}为什么?`));
    await expect(splits.getByTestId('why-link').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).resolves.toEqual(
      whole.growthSplits.map((s) => `/salevolume/attribution?tab=volume&time=${whole.time}&source=2&compare=${s.compare}&by=fuel`),
    );
    // The top menu holds the stored menus' groups and pages.
    await expect(page.locator('.dashboard-top__group .menu-button__trigger').allTextContents()).resolves.toContain('销量分析');
    await screenshot(page, 'dashboard-1366');
    assertClean();
  });

  test('新能源渗透率走势 is drawn with the page: its code comes with the HTML, nothing is fetched after the load', async () => {
    const { page, assertClean } = await signedInPage(browser());
    const requests: Array<{ url: string; type: string; afterLoad: boolean }> = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType(), afterLoad: loaded }));
    const response = await page.goto(`${testEnv().baseUrl}${DASHBOARD_PATH}`);
    const html = (await response?.text()) ?? '';
    await ready(page);
    // Hydrated and two frames on: the chart is already on its canvas, with no wait for anything.
    const trend = page.getByTestId('nev-trend');
    await expect(trend.locator('canvas').getAttribute('data-drawn')).resolves.toBe('true');
    expect(await canvasHasInk(page, '[data-testid="nev-trend"] canvas')).toBe(true);
    // Every script the page ran was named by the server's HTML (a module preload or the entry), chart.js among them:
    // none was asked for after hydration, and after the load event nothing was fetched but Remix's discovery of the
    // routes the page links to (`/__manifest`, the menus' pages), no data and no code.
    const scripts = requests.filter((r) => r.type === 'script').map((r) => new URL(r.url).pathname);
    expect(scripts.filter((path) => !html.includes(path))).toEqual([]);
    expect(requests.filter((r) => r.afterLoad && new URL(r.url).pathname !== '/__manifest').map((r) => r.url)).toEqual([]);
    await screenshot(page, 'h4-dashboard-nev-trend-with-the-page');
    assertClean();
  });

  test('累计, a new month, the brand type and the city pages reload what they concern', async () => {
    const { page, assertClean } = await openSignedIn(browser(), DASHBOARD_PATH);
    const latest = (await apiResult<DashboardWhole>(page, '/dashboard/whole')).time;
    await Promise.all([page.waitForURL((u) => u.searchParams.get('accumulate') === '1'), page.getByRole('link', { name: '累计', exact: true }).click()]);
    await settled(page);
    const cumulative = await apiResult<DashboardWhole>(page, '/dashboard/whole', { accumulate: 1 });
    await page
      .locator('.dashboard-figure__value', { hasText: `${cumulative.all.qtyStr}千辆` })
      .first()
      .waitFor({ timeout: 10_000 });
    await expect(page.locator('.dashboard-figure__value').nth(1).textContent()).resolves.toBe(`${cumulative.all.qtyStr}千辆`);

    await Promise.all([page.waitForURL((u) => u.searchParams.get('cityPage') === '2'), page.getByRole('link', { name: '11~20' }).click()]);
    await settled(page);
    const second = await apiResult<DashboardCityPage>(page, '/dashboard/cities', { accumulate: 1, currentPage: 2 });
    const secondNames = second.list.map((c) => c.name);
    expect(await drawnRowNames(page, 'city-table', secondNames)).toEqual(secondNames);

    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('brandType') === '0' && !u.searchParams.has('cityPage')),
      page.getByTestId('brand-table').getByRole('tab', { name: '合资' }).click(),
    ]);
    await settled(page);
    const jointCities = await apiResult<DashboardCityPage>(page, '/dashboard/cities', { accumulate: 1, jllType: 0 });
    const jointNames = jointCities.list.map((c) => c.name);
    expect(await drawnRowNames(page, 'city-table', jointNames)).toEqual(jointNames);

    const earlier = `${Number(latest.slice(0, 4)) - 1}-${latest.slice(5)}`;
    await page.goto(`${testEnv().baseUrl}${DASHBOARD_PATH}?time=${earlier}`);
    await ready(page);
    const then = await apiResult<DashboardWhole>(page, '/dashboard/whole', { time: earlier });
    await expect(page.locator('.dashboard-figure__value').nth(1).textContent()).resolves.toBe(`${then.all.qtyStr}千辆`);
    assertClean();
  });

  test('退出 signs out', async () => {
    // A session of its own: signing out revokes the token, which must not be the run's shared one.
    const { page, assertClean } = await openPage(browser());
    await signInByApi(page, 'demo', 'Demo@2026', DASHBOARD_PATH);
    await page.getByTestId('dashboard-user').hover();
    await Promise.all([page.waitForURL('**/login'), page.getByRole('menuitem', { name: '退出' }).click()]);
    assertClean();
  });
});
