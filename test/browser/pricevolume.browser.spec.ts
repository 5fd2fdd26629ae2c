import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { type ChartResult, type CurrentUser, type DimensionTable, type PriceScatter, type ProportionTable, thousands } from '@car/contracts';
import { describeInBrowser, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { apiResult, canvasHasInk, download, openSignedIn, settled, signedInPage } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { sheetTable } from '../support/workbook-table';

/**
 * The price-volume pages as an analyst uses them: the figures on the page equal the API's for the same
 * URL, the toggles and the band bounds reload what they should and land in the URL, a dimension picker
 * filters the table, a 其他 cell opens its detail, a series choice clears the trims, the downloads are
 * workbooks with the page's figures, and nothing logs a console error.
 */
const BANDS = '/pricevolume/cabmodelprice';
const DIMENSION = '/pricevolume/pricedimension';

async function openGroup(page: Page, title: string): Promise<void> {
  const head = page.locator('.filter-group__head', { hasText: title });
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
}

/** The table's sales column as shown: [band, name, current, last year] per row. */
async function bandRows(page: Page): Promise<string[][]> {
  return page.locator('.band-table tbody tr').evaluateAll((rows) => {
    let band = '';
    return rows.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      if (cells[0]?.classList.contains('band-table__band')) band = cells.shift()!.textContent ?? '';
      const values = [...cells[1].querySelectorAll('.band-bars__value')].map((v) => v.textContent ?? '');
      return [band, cells[0].textContent ?? '', ...values];
    });
  });
}

function expectedRows(table: DimensionTable, text: (v: number | null) => string): string[][] {
  return table.values.map((cells) => [
    String(cells[0].data[0]),
    String(cells[1].data[0]),
    text(cells[2].data[0] as number | null),
    text(cells[2].data[1] as number | null),
  ]);
}

describeInBrowser('the price-band page', () => {
  const browser = useBrowser();

  test("chart and table show the API's bands for the default filters; the chart draws", async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${BANDS}?rows=0`);
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table');
    expect(await bandRows(page)).toEqual(expectedRows(table, thousands));
    const tags = await page.locator('.header-tags__tag').allTextContents();
    expect(tags.join(' ')).toContain('排序升序');
    expect(tags.join(' ')).toContain('价格TP');
    await screenshot(page, 'cabmodelprice-1366');
    assertClean();
  });

  test('bounds, width, MSRP and January to date go through the panel into the URL; toggles reload their panel', async () => {
    const { page, assertClean } = await openSignedIn(browser(), BANDS, { width: 1600, height: 1000 });
    await openGroup(page, '数据口径');
    await page.fill('input[name="priceLow"]', '10');
    await page.fill('input[name="priceHigh"]', '30');
    await page.fill('input[name="segment"]', '2.5');
    await page.getByLabel('MSRP').check();
    await page.getByLabel('累计').check();
    await page.getByLabel('升序').check();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('priceLow') === '10'),
      page.locator('.filter-panel').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    const url = new URL(page.url());
    expect(['priceLow', 'priceHigh', 'segment', 'data1', 'accumulate', 'orderBy'].map((k) => url.searchParams.get(k))).toEqual([
      '10',
      '30',
      '2.5',
      '1',
      '1',
      '0',
    ]);
    const params = { priceLow: '10', priceHigh: '30', segment: '2.5', data1: '1', accumulate: '1', orderBy: '0' };
    const chart = await apiResult<ChartResult>(page, '/pricevolume/priceQtyDetail/highCharts', params);
    expect(chart.xAxis[0].categories[0]).toBe('10万以下');
    expect(chart.xAxis[0].categories[1]).toBe('10-12.5万');

    // The chart's MIX toggle and the table's MIX toggle, then the brand dimension.
    await Promise.all([page.waitForURL((u) => u.searchParams.get('chart') === '1'), page.locator('[aria-label="图表指标"] a', { hasText: 'MIX' }).click()]);
    await settled(page);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('data2') === '1'), page.locator('[aria-label="表格指标"] a', { hasText: 'MIX' }).click()]);
    await settled(page);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('rows') === '0'), page.locator('[aria-label="表格行"] a', { hasText: '明细' }).click()]);
    await settled(page);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('type') === '1'), page.locator('[aria-label="维度"] a', { hasText: /^品牌$/ }).click()]);
    await settled(page);
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table', { ...params, data2: '1', type: '1' });
    expect(await bandRows(page)).toEqual(expectedRows(table, (v) => (v === null ? '-' : `${v.toFixed(1)}%`)));

    // A 其他 cell opens the detail dialog with its hidden members (MIX columns).
    const rest = page.locator('.band-table__detail').first();
    await rest.click();
    const dialog = page.locator('.detail-dialog');
    await expect(dialog.locator('th').allTextContents()).resolves.toContain('MIX变化(百分点)');
    const hidden = table.values.find((cells) => cells[2].hiddenList)![2].hiddenList!;
    await expect(dialog.locator('tbody tr').count()).resolves.toBe(hidden.length);
    await screenshot(page, 'cabmodelprice-detail');
    await dialog.locator('.close.icon').click();

    // A bad band is the API's Chinese message in a toast, and the page stays.
    await toastAfter(page, '价格下限应小于价格上限', async () => {
      await page.goto(`${page.url().split('?')[0]}?priceLow=40&priceHigh=5`);
      await ready(page);
    });
    assertClean();
  });

  test('the brand picker filters the table, and the download holds the same bands', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${BANDS}?type=1&rows=0`, { width: 1600, height: 1000 });
    await page.locator('.band-table__picker input[type="text"]').click();
    const dialog = page.locator('.pick-dialog').last();
    await dialog
      .locator('.pick-toggle', { hasText: /^比亚迪$/ })
      .first()
      .click();
    await Promise.all([page.waitForURL((u) => (u.searchParams.get('foreignIds') ?? '') !== ''), dialog.getByRole('button', { name: '确定' }).click()]);
    await settled(page);
    const names = new Set((await bandRows(page)).map((r) => r[1]));
    expect([...names].sort()).toEqual(['小计', '比亚迪']);
    await expect(page.locator('.band-table__picker input[type="text"]').inputValue()).resolves.toBe('比亚迪');

    const href = await page.locator('.band-table a', { hasText: '下载' }).getAttribute('href');
    const file = await download(page, href!);
    expect(file.contentType).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = (await bandRows(page)).map((r) => [r[0], r[1], r[2]]);
    const fromSheet = sheetTable(sheet).rows.map((row) => [row.getCell(1).text, row.getCell(2).text, thousands(Number(row.getCell(3).value))]);
    expect(fromSheet).toEqual(rows);
    assertClean();
  });

  test('the band table sorts in the page: members within their band under its subtotal, 其他 last; the subtotal view sorts the bands; no data is fetched again', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${BANDS}?type=1&rows=0`, { width: 1440, height: 900 });
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table', { type: 1 });
    const loads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.data')) loads.push(r.url());
    });
    const header = (column: string) => page.locator(`.band-table thead a.sort-header__link[data-column="${column}"]`);
    const sortBy = async (column: string, expected: string | null) => {
      await Promise.all([page.waitForURL((u) => u.searchParams.get('sort') === expected), header(column).click()]);
      await settled(page);
    };
    const figure = (text: string) => Number(text.replace(/,/g, ''));

    await sortBy('xl0', 'xl0.desc');
    await expect(header('xl0').evaluate((a) => a.closest('th')?.getAttribute('aria-sort'))).resolves.toBe('descending');
    const sorted = await bandRows(page);
    const bands = [...new Set(sorted.map((r) => r[0]))];
    expect(bands).toEqual([...new Set(table.values.map((cells) => String(cells[0].data[0])))]);
    for (const band of bands) {
      const rows = sorted.filter((r) => r[0] === band);
      expect(rows[0][1]).toBe('小计');
      const members = rows.slice(1).filter((r) => !r[1].startsWith('其他'));
      const sales = members.map((r) => figure(r[2]));
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
      const rest = rows.findIndex((r) => r[1].startsWith('其他'));
      if (rest >= 0) expect(rest).toBe(rows.length - 1);
    }
    // Each band cell spans its rows: one band cell per band.
    await expect(page.locator('.band-table tbody td.band-table__band').count()).resolves.toBe(bands.length);

    await sortBy('xl0', 'xl0.asc');
    const ascending = (await bandRows(page)).filter((r) => r[0] === bands[0] && r[1] !== '小计' && !r[1].startsWith('其他')).map((r) => figure(r[2]));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await sortBy('xl0', null);
    expect(await bandRows(page)).toEqual(expectedRows(table, thousands));
    expect(loads).toEqual([]);

    // The subtotal view: one row a band, the bands by their sales.
    await Promise.all([page.waitForURL((u) => u.searchParams.get('rows') === '1'), page.locator('[aria-label="表格行"] a', { hasText: '价格段小计' }).click()]);
    await settled(page);
    loads.length = 0;
    await sortBy('xl0', 'xl0.desc');
    const subtotals = await page
      .locator('.band-table tbody tr')
      .evaluateAll((rows) => rows.map((row) => Number((row.querySelector('.band-bars__value')?.textContent ?? '').replace(/,/g, ''))));
    expect(subtotals.length).toBe(bands.length);
    expect(subtotals).toEqual([...subtotals].sort((a, b) => b - a));
    // A sort is the page's own: the click loaded no data.
    expect(loads).toEqual([]);
    await screenshot(page, 'cabmodelprice-sorted');
    assertClean();
  });
});

describeInBrowser('the sales-proportion page', () => {
  const browser = useBrowser();

  test("both charts draw and both tables equal the API's; views and bubble / scatter toggle", async () => {
    const { page, assertClean } = await openSignedIn(browser(), DIMENSION, { width: 1600, height: 1000 });
    await page.waitForSelector('.scatter-chart canvas[data-drawn="true"]');
    expect(await canvasHasInk(page, '[aria-label="时间段对比图"] canvas')).toBe(true);
    // The page opens on the demo analyst's own producer's best seller (decision 277).
    const me = await apiResult<CurrentUser>(page, '/security/me');
    const single = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable', { producerId: me.producerId! });
    const shown = await page
      .locator('[aria-label="单车系表"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent)));
    expect(shown).toEqual(single.rows.map((r) => [r.name, r.priceStr, r.salesStr]));
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('singleView') === '2'),
      page.locator('[aria-label="单车系表"] a', { hasText: /^MIX$/ }).click(),
    ]);
    // The address moves when the loaders are done, before React has drawn their answer: wait for the drawn header.
    await page.locator('[aria-label="单车系表"] thead th', { hasText: /^细分市场MIX/ }).waitFor();
    await settled(page);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('singleType') === '1'),
      page.locator('[aria-label="时间段对比图形"] a', { hasText: '散点图' }).click(),
    ]);
    await settled(page);
    await page.waitForSelector('[aria-label="时间段对比图"] canvas[data-drawn="true"]');
    await screenshot(page, 'pricedimension-1600');
    assertClean();
  });

  test("it opens on the analyst's own maker's best seller, names its largest bubbles without overlap, and right-aligns every figure", async () => {
    const { page, assertClean } = await openSignedIn(browser(), DIMENSION, { width: 1600, height: 1000 });
    // Every figure column of both tables reads right-aligned, its header too; the trim's name stays left.
    for (const table of ['单车系表', '对比表']) {
      const aligns = await page
        .locator(`[aria-label="${table}"] table tr`)
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => getComputedStyle(c).textAlign)));
      expect(aligns.length).toBeGreaterThan(1);
      for (const row of aligns) {
        expect(row[0]).not.toBe('right');
        expect(row.slice(1)).toEqual(row.slice(1).map(() => 'right'));
      }
    }

    // 时间段对比: the largest bubbles carry their trim's name, the largest first, no two names over each other.
    const canvas = page.locator('[aria-label="时间段对比图"] canvas[data-drawn="true"]');
    await canvas.waitFor();
    const labels = JSON.parse((await canvas.getAttribute('data-point-labels')) ?? '[]') as string[];
    const boxes = JSON.parse((await canvas.getAttribute('data-point-label-boxes')) ?? '[]') as number[][];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.length).toBeLessThanOrEqual(6);
    const apart = (a: number[], b: number[]) => a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(apart(a, b)).toBe(true)));

    // The series is 一汽-大众's best seller (the demo analyst's producer), not the market's (宏光MINIEV in the demo data).
    const me = await apiResult<CurrentUser>(page, '/security/me');
    expect(me.producerId).not.toBeNull();
    const [own, market, chart] = await Promise.all([
      apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable', { producerId: me.producerId! }),
      apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable'),
      apiResult<PriceScatter>(page, '/pricevolume/modelPrice/singleChart', { producerId: me.producerId! }),
    ]);
    expect(own.modelSubId).not.toBe(market.modelSubId);
    await expect(page.locator('[aria-label="单车系表"] .panel__title').textContent()).resolves.toBe(`${own.modelSubName} 车型销量占比（${own.period}）`);
    const drawn = chart.series.flatMap((s) => s.points).filter((p) => p.x !== null && p.y !== null);
    expect(labels.length).toBeGreaterThanOrEqual(Math.min(3, new Set(drawn.map((p) => p.name)).size));
    expect(labels[0]).toBe(drawn.reduce((a, b) => (b.sales > a.sales ? b : a)).name);
    for (const name of labels) expect(drawn.some((p) => p.name === name)).toBe(true);
    await screenshot(page, 'h4-pricedimension-own-maker-labels');
    assertClean();
  });

  test('a series picked in the panel clears the trims; compared series come onto the chart and the compare table', async () => {
    const { page, assertClean } = await signedInPage(browser(), { width: 1600, height: 1000 });
    const before = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable');
    const trim = before.rows.find((r) => !r.subtotal)!;
    // Trims of the default series, then another series: the trims are cleared.
    await page.goto(`${testEnv().baseUrl}${DIMENSION}?modelSubId=${before.modelSubId}&carIds=${trim.id}`);
    await ready(page);
    await openGroup(page, '车系与车型');
    await expect(page.locator('input[name="carIds"]').inputValue()).resolves.toBe(String(trim.id));
    await page.locator('.filter-panel .pick-input input[type="text"]').first().click();
    const dialog = page.locator('.pick-dialog').last();
    await dialog.locator('.pick-series__subs .pick-toggle').filter({ hasNotText: before.modelSubName }).first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.locator('input[name="carIds"]').count()).resolves.toBe(0);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('modelSubId') !== String(before.modelSubId)),
      page.locator('.filter-panel').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('carIds')).toBeNull();

    // Compared series: pick two in the chart panel, query, and they are on the chart and in the table.
    await page.locator('.compare-tools input[type="text"]').click();
    const compare = page.locator('.pick-dialog').last();
    await compare.locator('.pick-series__subs .pick-toggle').nth(0).click();
    await compare.locator('.pick-series__subs .pick-toggle').nth(3).click();
    await compare.getByRole('button', { name: '确定' }).click();
    await Promise.all([
      page.waitForURL((u) => (u.searchParams.get('modelSubIds') ?? '') !== ''),
      page.locator('.compare-tools').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    const ids = new URL(page.url()).searchParams.get('modelSubIds')!;
    const chart = await apiResult<PriceScatter>(page, '/pricevolume/modelPrice/compareCharts', {
      modelSubId: url.searchParams.get('modelSubId')!,
      modelSubIds: ids,
    });
    // The own and compared series, then the segment's rank band (decision 146), which the table does not list.
    expect(chart.series.length).toBeGreaterThanOrEqual(3);
    expect(chart.series.at(-1)!.name).toMatch(/ 第1-10名$/);
    const subtotals = await page.locator('[aria-label="对比表"] tr.is-subtotal td:first-child').allTextContents();
    expect(subtotals.length).toBe(chart.series.length - 1);

    const href = await page.locator('[aria-label="对比表"] a', { hasText: '下载' }).getAttribute('href');
    const file = await download(page, href!);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const names = sheetTable(book.worksheets[0]).rows.map((row) => row.getCell(2).text);
    expect(names.filter((n) => n.endsWith('小计'))).toEqual(subtotals);
    assertClean();
  });
});
