import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { pointsText } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, canvasHasInk, cardsOf, cardValues, download, settled, openSignedIn, type SummaryAnswer, drawnCards } from '../support/sales-pages';
import { sheetTable } from '../support/workbook-table';

/**
 * 整体市场表现 as an analyst uses it: the figures equal the API's for the same filters, the panel's
 * month, data source, segment and fuel land in the URL and change the figures, the chart draws, load
 * more runs to its end, and the download is a workbook.
 */
const PAGE = '/salevolume/wholemarket';

async function openGroup(page: Page, title: string): Promise<void> {
  const head = page.locator('.filter-group__head', { hasText: title });
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
}

describeInBrowser('the whole-market page', () => {
  const browser = useBrowser();

  test('shows the API figures for the latest month with a drawn chart and the segment table', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}`);
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/wholeMarket/whole');
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    // Segments come whole with their category subtotals and the total row.
    await expect(page.locator('.ranking-table tr.is-subtotal').count()).resolves.toBeGreaterThanOrEqual(5);
    await expect(page.locator('.ranking-table tbody tr').last().textContent()).resolves.toContain('合计');
    await screenshot(page, 'wholemarket-1366');
    assertClean();
  });

  test('month, data source, segment and fuel chosen in the panel go to the URL and change the figures', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1920, height: 1080 });
    const before = await cardValues(page);

    await openGroup(page, '时间');
    await page.locator('.month-picker__input').click();
    await page.getByRole('button', { name: '上一年' }).click();
    await page.locator('.month-picker__grid button', { hasText: /^6月$/ }).click();
    await openGroup(page, '数据来源');
    await page.getByLabel('批发量').check();
    await openGroup(page, '燃料类型');
    await page.locator('.multi-select__input[aria-label="燃料类型"]').click(); // focusing the empty select chooses every fuel
    await expect(page.locator('.filter-panel .multi-select__text').textContent()).resolves.toBe('全部');
    await page.locator('.filter-panel .multi-select__all label').click();
    await page.locator('.multi-select__item', { hasText: '纯电动' }).locator('label').click();
    await expect(page.locator('.filter-panel .multi-select__text').textContent()).resolves.toBe('纯电动');
    await page.keyboard.press('Escape');
    await expect(page.locator('.filter-panel .multi-select__menu').count()).resolves.toBe(0);
    await openGroup(page, '细分市场');
    await page.locator('select[name="detailId"]').selectOption({ label: 'A级SUV' });
    await Promise.all([page.waitForURL((url) => url.searchParams.get('detailId') === '7'), page.getByRole('button', { name: '查询', exact: true }).click()]);
    await settled(page);

    const url = new URL(page.url());
    expect(Object.fromEntries(['source', 'detailId', 'fuels'].map((k) => [k, url.searchParams.get(k)]))).toEqual({ source: '1', detailId: '7', fuels: '6' });
    expect(url.searchParams.get('time')).toMatch(/^\d{4}-06$/);
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/wholeMarket/whole', {
      time: url.searchParams.get('time')!,
      source: 1,
      detailId: 7,
      fuels: 6,
    });
    const after = await cardValues(page);
    expect(after).toEqual(cardsOf(summary));
    expect(after.qty).not.toBe(before.qty);
    // A segment is chosen: no segment button, car series instead; wholesale: no area button.
    const buttons = await page.locator('.ranking-table__dimensions .ui.button').allTextContents();
    expect(buttons).toEqual(['系别', '厂商', '品牌', '车系']);
    await expect(page.locator('.header-tags').textContent()).resolves.toContain('A级SUV');

    // The back button returns to the previous figures.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('detailId'));
    await page.waitForFunction((qty) => document.querySelector('[data-card="qty"] .summary-card__value')?.textContent?.startsWith(qty), before.qty);
    await settled(page);
    expect(await cardValues(page)).toEqual(before);
    await screenshot(page, 'wholemarket-1920');
    assertClean();
  });

  test('load more grows the producer table by ten until 没有更多数据了哦', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?dimension=5`);
    const total = (await apiResult<{ total: number }>(page, '/saleVolume/wholeMarket/producer', { currentPage: 1, pageSize: 10 })).total;
    const rows = page.locator('.ranking-table tbody tr');
    await expect(rows.count()).resolves.toBe(10);
    let expected = 10;
    while (expected < total) {
      await page.getByText('加载更多').click();
      expected = Math.min(total, expected + 10);
      await page.waitForFunction((n) => document.querySelectorAll('.ranking-table tbody tr').length === n, expected);
    }
    await expect(page.getByText('没有更多数据了哦').isVisible()).resolves.toBe(true);
    await expect(page.getByText('加载更多').count()).resolves.toBe(0);
    assertClean();
  });

  test('the download link returns the table as a workbook that opens', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?dimension=2`);
    const href = await page.locator('.ranking-table a[download]').getAttribute('href');
    expect(href).toContain('type=1');
    const file = await download(page, href!);
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const names = (await page.locator('.ranking-table tbody tr td:first-child').allTextContents()).map((t) => t.trim());
    const column = sheetTable(sheet).rows.map((row) => row.getCell(1).text.trim());
    expect(column.filter((name) => names.includes(name)).length).toBe(names.length);
    assertClean();
  });

  test('the 同比 card’s 为什么? opens 归因分析 with the page’s month, source, fuels and comparison, split by 细分市场', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?fuels=4,6`);
    const summary = await apiResult<SummaryAnswer & { yoy: number | null }>(page, '/saleVolume/wholeMarket/whole', { fuels: '4,6' });
    const why = page.locator('.summary-card[data-card="yoy"]').getByTestId('why-link');
    // It says what it opens, with the growth as the card reads it.
    const said = `为什么同比${(summary.yoy ?? 0) > 0 ? '增长' : '下降'} ${summary.yoys.replace(/^-/, '')}？查看归因分析`;
    expect([await why.textContent(), await why.getAttribute('aria-label'), await why.getAttribute('title')]).toEqual(['为什么?', said, said]);
    await screenshot(page, 'wholemarket-why-card');
    await Promise.all([page.waitForURL((url) => url.pathname === '/salevolume/attribution'), why.click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      tab: 'volume',
      time: summary.time,
      source: '2',
      fuels: '4,6',
      compare: '0',
      by: 'segment',
    });
    // The page opened draws that split: its table, whose 合计 拉动 is the card's growth in points.
    const total = page.locator('.attribution-table tr.attribution-total td');
    await total.first().waitFor();
    await expect(total.nth(4).textContent()).resolves.toBe(pointsText(summary.yoy));
    await screenshot(page, 'wholemarket-why-attribution');
    assertClean();
  });
});
