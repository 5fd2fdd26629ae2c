import {
  type CarDetails,
  type ChartResult,
  DASHBOARD_PATH,
  type DashboardWhole,
  type DimensionTable,
  pointsText,
  type TablePage,
  type TableRow,
  thousands,
} from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * Point changes read as points (decision 173) and the price-band table's subtotal view, order and chart
 * growth (decision 174), as an analyst sees them at 1440 px.
 */
const POINTS = /^([+-]\d+\.\d|-)$/;

/** Every row of a table page, its children (a category's segments) included. */
function flatten(rows: readonly TableRow[]): TableRow[] {
  return rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

describeInBrowser('point changes and the price-band table', () => {
  const browser = useBrowser();

  test('the ranking table heads 份额变化 with its unit and shows each change as signed points, never a %', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1440, height: 900 });
    const heads = (await page.locator('.ranking-table thead th').allTextContents()).map((t) => t.trim());
    expect(heads.some((h) => h.startsWith('份额变化(百分点)'))).toBe(true);
    expect(heads.some((h) => h.startsWith('累计份额变化(百分点)'))).toBe(true);
    // The default tags end …8 份额变化, 9, 10, 12, 13, 15 累计份额变化: counted from a row's end, past the merged category cells.
    const cells = await page.locator('.ranking-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const tds = [...row.querySelectorAll('td')];
        return {
          change: tds.at(-6)?.textContent?.trim() ?? '',
          yearChange: tds.at(-1)?.textContent?.trim() ?? '',
          colour: tds.at(-6)?.querySelector('span')?.className ?? '',
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(5);
    for (const c of cells) {
      expect(c.change).toMatch(POINTS);
      expect(c.yearChange).toMatch(POINTS);
      if (c.change.startsWith('+')) expect(c.colour).toContain('is-up');
      if (c.change.startsWith('-') && c.change !== '-') expect(c.colour).toContain('is-down');
    }
    expect(cells.some((c) => c.change.startsWith('+'))).toBe(true);
    // The same figures as the API's, by the one rule.
    const table = await apiResult<TablePage>(page, '/saleVolume/wholeMarket/detail', { currentPage: 1, pageSize: 500 });
    const expected = flatten(table.list).map((r) => pointsText(r.mixChange));
    expect(cells.map((c) => c.change).sort()).toEqual(expected.sort());
    await screenshot(page.locator('.ranking-table').first(), 'ranking-table-1440-after');
    assertClean();
  });

  test("the car-model details show last year's sales beside 同比 and the share change in points", async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/companybrand', { width: 1440, height: 900 });
    await page.locator('.car-details tbody tr').first().waitFor();
    const heads = (await page.locator('.car-details thead th').allTextContents()).map((t) => t.trim());
    expect(heads).toEqual(['细分市场（占比）', '车型', '销量', '去年同期销量', '同比', '细分市场份额', '份额变化(百分点)', '细分市场排名']);
    const list = await apiResult<{ list: Array<{ id: number }> }>(page, '/saleVolume/companyBrand/list', { type: 0, currentPage: 1, pageSize: 10 });
    const details = await apiResult<CarDetails>(page, '/saleVolume/companyBrand/carDetails', { type: 0, foreignId: list.list[0].id });
    const model = details.details[0].models[0];
    const first = page.locator('.car-details tbody tr').first();
    const cells = (await first.locator('td.car-details__num').allTextContents()).map((t) => t.trim());
    expect(cells.slice(0, 2)).toEqual([model.salesStr, model.tqSalesStr]);
    expect(cells[4]).toBe(pointsText(model.detailMixChange));
    assertClean();
  });

  test('the dashboard says the penetration change in 个百分点', async () => {
    const { page, assertClean } = await openSignedIn(browser(), DASHBOARD_PATH);
    const whole = await apiResult<DashboardWhole>(page, '/dashboard/whole');
    const card = page.locator('.dashboard-figure', { hasText: '渗透率' });
    const growth = (await card.locator('.dashboard-figure__growth').textContent())?.trim() ?? '';
    expect(whole.yoyShentoulvStr).toMatch(/^([+-]\d+\.\d个百分点|-)$/);
    expect(growth).toBe(`较去年同期 ${whole.yoyShentoulvStr}`);
    expect(growth).not.toContain('%');
    await screenshot(page, 'dashboard-after');
    assertClean();
  });

  test('the price-band page opens on band subtotals, cheap to expensive, with each band’s 同比 on the chart; 明细 lists the members', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/pricevolume/cabmodelprice', { width: 1440, height: 900 });
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    const chart = await apiResult<ChartResult>(page, '/pricevolume/priceQtyDetail/highCharts');
    expect(chart.xAxis[0].categories[0]).toBe('5万以下');
    expect(chart.xAxis[0].categories.at(-1)).toBe('40万以上');
    expect(chart.series.map((s) => [s.name === '同比' ? s.name : 'period', s.type, s.yAxis])).toEqual([
      ['period', 'column', 0],
      ['period', 'column', 0],
      ['同比', 'line', 1],
    ]);

    // One row a band, in the chart's order, each the API's subtotal; no member column.
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table');
    const subtotals = table.values.filter((cells) => cells[1].data[0] === '小计');
    const shown = await page.locator('.band-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const tds = [...row.querySelectorAll('td')];
        return [tds[0]?.textContent ?? '', tds[1]?.querySelector('.band-bars__value')?.textContent ?? '', tds.at(-1)?.textContent ?? ''];
      }),
    );
    expect(shown.map((r) => r[0])).toEqual(chart.xAxis[0].categories);
    expect(shown.map((r) => r[1])).toEqual(subtotals.map((cells) => thousands(cells[2].data[0] as number)));
    const heads = (await page.locator('.band-table thead th').allTextContents()).map((t) => t.trim());
    expect(heads[0]).toBe('价格段');
    expect(heads.some((h) => h === '系别')).toBe(false);
    await expect(page.locator('[aria-label="维度"]').count()).resolves.toBe(0);
    await screenshot(page, 'cabmodelprice-1440-after');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2000);

    // 明细: the members under each band, in the URL; MIX shows its change in points under a header with the unit.
    await Promise.all([page.waitForURL((u) => u.searchParams.get('rows') === '0'), page.locator('[aria-label="表格行"] a', { hasText: '明细' }).click()]);
    await settled(page);
    await expect(page.locator('.band-table tbody tr').count()).resolves.toBe(table.values.length);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('data2') === '1'), page.locator('[aria-label="表格指标"] a', { hasText: 'MIX' }).click()]);
    await settled(page);
    expect(new URL(page.url()).searchParams.get('rows')).toBe('0');
    const mixHeads = (await page.locator('.band-table thead th').allTextContents()).map((t) => t.trim());
    expect(mixHeads.at(-1)).toBe('MIX变化(百分点)');
    const changes = await page.locator('.band-table tbody tr td:last-child').allTextContents();
    for (const c of changes) expect(c.trim()).toMatch(POINTS);
    await screenshot(page, 'cabmodelprice-1440-detail-mix-after');
    assertClean();
  });
});
