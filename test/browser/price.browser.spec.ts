import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import {
  type ChartResult,
  type LetterGroup,
  type Nationwide,
  type PriceTable,
  type PriceTraceWhole,
  type PriceWhole,
  type SeriesItem,
  priceTableCell,
} from '@car/contracts';
import { describeInBrowser, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { apiResult, canvasHasInk, download, openSignedIn, settled } from '../support/sales-pages';
import { sheetTable } from '../support/workbook-table';

/**
 * The price pages as an analyst uses them: the cards, table and 区域表现 show the API's figures for the
 * URL's filters, the toggles and the filter panel change the URL and the figures, a comparison series is
 * picked in its dialog, and each table downloads as a workbook with the same figures.
 */

async function priceCards(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.price-cards .summary-card')
    .evaluateAll((cards) =>
      Object.fromEntries(cards.map((c) => [(c as HTMLElement).dataset.card ?? '', (c.querySelector('.summary-card__value')?.textContent ?? '').trim()])),
    );
}

async function tableTexts(page: Page): Promise<string[][]> {
  return page.locator('.price-table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/** The API's rows as the page shows them: the unit is in the table's header, not in its cells (issue 45 §5). */
const rowsOf = (table: PriceTable) => table.rows.map((r) => [r.name, ...r.values.map((v) => priceTableCell(table.measure, v))]);

async function workbookRows(page: Page, href: string): Promise<unknown[][]> {
  const file = await download(page, href);
  expect(file.contentType).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.body as unknown as ArrayBuffer);
  // The table from its header row, below the header block (decision 281).
  const table = sheetTable(book.worksheets[0]);
  return [table.headers, ...table.values];
}

describeInBrowser('the price pages', () => {
  const browser = useBrowser();

  test('整体市场价格指数: cards and table equal the API; the toggles and the segment go to the URL; the table downloads', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/marketpricetendency');
    const whole = await apiResult<PriceWhole>(page, '/price/marketPriceWhole/whole');
    expect(await priceCards(page)).toEqual({ msrp: whole.msrpStr, tp: whole.tpStr, discount: whole.discountStr, discountRate: whole.discountRateStr });
    // Each change reads on one line ('环比 ↑ +0.2个百分点'); two that do not fit side by side stack instead of breaking.
    const wrapped = await page
      .locator('.price-card__change')
      .evaluateAll((changes) =>
        changes.filter((c) => c.getBoundingClientRect().height > 1.8 * parseFloat(getComputedStyle(c).fontSize)).map((c) => c.textContent),
      );
    expect(wrapped).toEqual([]);
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    expect(await canvasHasInk(page, '.price-chart canvas')).toBe(true);
    const segments = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { type: 0, type2: 2 });
    expect(await tableTexts(page)).toEqual(rowsOf(segments));
    await expect(page.locator('.price-table tr.is-current').getAttribute('data-row')).resolves.toBe('整体市场');
    // The province map of discount rates draws.
    await page.locator('.price-map canvas').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.price-map canvas');
      const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      return data ? data.some((v, i) => i % 4 === 3 && v !== 0) : false;
    });
    await screenshot(page, 'price-marketpricetendency');

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('type') === '2'),
      page.locator('.price-table').getByRole('button', { name: '品牌', exact: true }).click(),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('type2') === '1'),
      page.locator('.price-table').getByRole('button', { name: '优惠率' }).click(),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('dataType') === '1'),
      page.locator('.price-chart').getByRole('button', { name: '优惠率' }).click(),
    ]);
    await settled(page);
    const brands = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { type: 2, type2: 1 });
    expect(await tableTexts(page)).toEqual(rowsOf(brands));

    // A segment chosen in the panel: its cards, and its row highlighted in the segment table.
    await page.locator('.filter-group__head', { hasText: '细分市场' }).click();
    await page.locator('select[name="detailId"]').selectOption({ label: 'A级SUV' });
    await Promise.all([page.waitForURL((url) => url.searchParams.get('detailId') === '7'), page.getByRole('button', { name: '查询', exact: true }).click()]);
    await settled(page);
    expect(new URL(page.url()).searchParams.get('type2')).toBe('1');
    const suv = await apiResult<PriceWhole>(page, '/price/marketPriceWhole/whole', { detailId: 7 });
    expect((await priceCards(page)).tp).toBe(suv.tpStr);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('type') === '0'),
      page.locator('.price-table').getByRole('button', { name: '细分市场', exact: true }).click(),
    ]);
    await settled(page);
    await expect(page.locator('.price-table tr.is-current').getAttribute('data-row')).resolves.toBe('A级SUV');

    const href = await page.locator('.price-table a[download]').getAttribute('href');
    const rows = await workbookRows(page, href!);
    const table = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { type: 0, type2: 1, detailId: 7 });
    expect(rows[0]).toEqual(['细分市场', ...table.months]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(table.rows.map((r) => r.name));
    expect(rows[1].slice(1)).toEqual(table.rows[0].values.map((v) => (v === null ? '-' : expect.closeTo(v / 100, 10))));
    assertClean();
  });

  test('车系价格追踪: the default 大众 series, its figures, a comparison series picked, the table toggled and downloaded', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/cabmodelpricetrace');
    const brands = await apiResult<LetterGroup<{ id: number; name: string }>[]>(page, '/search/getBrands', { key: '大众' });
    const dazhong = brands.flatMap((g) => g.list).find((b) => b.name === '大众')!;
    const series = await apiResult<LetterGroup<SeriesItem>[]>(page, '/search/getSeries', { brandIds: dazhong.id });
    const own = series[0].list[0].subList[0];
    const whole = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', { modelSubId: own.id });
    await expect(page.locator('.sales-page__title').textContent()).resolves.toBe(`${own.name}价格走势`);
    expect(await priceCards(page)).toEqual({ msrp: whole.msrpStr, tp: whole.tpStr, discount: whole.discountStr, discountRate: whole.discountRateStr });
    const nationwide = await apiResult<Nationwide>(page, '/price/cabmodelpricetrace/nationwide', { modelSubId: own.id });
    await expect(page.locator('.nationwide__item[data-item="全国均价"] .nationwide__value').textContent()).resolves.toBe(nationwide.avgPriceStr);
    await expect(page.locator('.nationwide__item[data-item="最高优惠率"] .nationwide__value').textContent()).resolves.toBe(nationwide.highDiscountRateStr);
    const regional = await apiResult<PriceTable>(page, '/price/cabmodelpricetrace/cityTable', { modelSubId: own.id, type: 2 });
    expect(await tableTexts(page)).toEqual(rowsOf(regional));
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');

    // A comparison series from the car-series dialog, then 查询.
    await page.getByLabel('对比车系').click();
    const dialog = page.locator('.pick-dialog');
    await dialog.locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
    const other = series[0].list.flatMap((s) => s.subList).find((s) => s.id !== own.id) ?? series[1].list[0].subList[0];
    await dialog.locator('.pick-series__subs, .pick-dialog__entries').getByRole('button', { name: other.name, exact: true }).first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('modelSubIds') === String(other.id)),
      page.locator('.trace-pickers').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    const chart = await apiResult<ChartResult>(page, '/price/cabmodelpricetrace/highCharts', { modelSubId: own.id, modelSubIds: other.id });
    expect(chart.series.map((s) => s.name)).toEqual([own.name, other.name]);
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    await screenshot(page, 'price-cabmodelpricetrace');

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('type') === '0'),
      page.locator('.price-table').getByRole('button', { name: '优惠', exact: true }).click(),
    ]);
    await settled(page);
    const discounts = await apiResult<PriceTable>(page, '/price/cabmodelpricetrace/cityTable', { modelSubId: own.id, type: 0 });
    expect(await tableTexts(page)).toEqual(rowsOf(discounts));
    const rows = await workbookRows(page, (await page.locator('.price-table a[download]').getAttribute('href'))!);
    expect(rows.slice(1).map((r) => String(r[0]).trim())).toEqual(discounts.rows.map((r) => r.name));

    // A new search drops the comparisons, as the spec's state rules say; the chart's measure stays.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('measure') === '3'),
      page.locator('.price-chart').getByRole('button', { name: '厂商指导价', exact: true }).click(),
    ]);
    await settled(page);
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has('modelSubIds')),
      page.locator('.filter-panel').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    expect(new URL(page.url()).searchParams.get('measure')).toBe('3');

    // A sub-series that does not exist: the API's message as a toast, the page's own title, no raw id on show
    // (the title once read 999999999价格走势 and the panel's 本品车系 999999999).
    await toastAfter(page, '参数 modelSubId 没有 id 为 999999999 的子车系', async () => {
      await page.goto(page.url().replace(/\?.*$/, '?modelSubId=999999999'));
      await ready(page);
    });
    await expect(page.locator('.sales-page__title').textContent()).resolves.toBe('车系价格追踪');
    expect(await page.locator('.shell__main, .filter-panel').allInnerTexts()).not.toContainEqual(expect.stringContaining('999999999'));
    assertClean();
  });
});
