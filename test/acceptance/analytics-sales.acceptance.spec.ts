import type { Page } from 'playwright-core';
import type { CarDetails, TablePage } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { chartSeriesNames, openDeck, part, slideChart, slideCount, tableOf, texts } from '../support/deck-zip';
import { apiResult, cardsOf, cardValues, type SummaryAnswer, drawnCards } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import * as kit from './support/analytics-kit';

/**
 * 销量分析 as shipped (issue 24 §3): on each of the three sales pages the demo analyst changes a filter and
 * presses 查询, and the cards are the API's for the same filters; the trend chart exports a PNG; every
 * table's 下载 gives a workbook, taken by a click as Chromium takes it, whose rows and figures are the page's.
 */
kit.pointHelpersAtShipped();

/** The month, data source and fuels a sales page sent its summary call, read back from its URL. */
function salesFilters(url: URL): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of ['time', 'source', 'fuels', 'producerProperty', 'detailId', 'area', 'level']) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== '') picked[key] = value;
  }
  return picked;
}

/** Chooses 批发量 or 零售量 in the panel's 数据来源 group. */
async function chooseSource(page: Page, label: '批发量' | '零售量'): Promise<void> {
  await kit.openGroup(page, '数据来源');
  await page.locator('.filter-panel').getByLabel(label).check();
}

/**
 * The ranking table's workbook against the page: one data row per row the page can show (`expectedRows`),
 * and every row on screen has its 销量 in the file, on the row of its name.
 */
async function expectRankingWorkbook(page: Page, expectedRows: number): Promise<void> {
  const shown = await kit.rankingTable(page.locator('.ranking-table'));
  expect(shown.rows.length).toBeGreaterThan(0);
  const file = await kit.saveDownload(page, page.locator('.ranking-table'));
  const [header, ...data] = await kit.workbookRows(file);
  expect(data).toHaveLength(expectedRows);
  const sales = header.indexOf('当月销量');
  expect(sales).toBeGreaterThan(0);
  // A row's name is the text cell just before the figures (a grouped table's group comes first).
  const byName = new Map(data.map((r) => [String(r[sales - 1] ?? '').trim(), r]));
  const inFile = shown.rows.map((row) => ({ name: row.name, sales: kit.figure(byName.get(row.name)?.[sales] ?? 'missing') }));
  expect(inFile).toEqual(shown.rows.map((row) => ({ name: row.name, sales: kit.figure(row.values['当月销量']) })));
}

/** A deck saved by a click on the head's 导出PPT, as Chromium saves it: each slide's text runs and its table, in order. */
async function savedDeck(page: Page, fileName: RegExp): Promise<Array<{ texts: string[]; table: string[][] }>> {
  const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
  expect(deck.fileName).toMatch(fileName);
  const zip = await openDeck(deck.body);
  return Promise.all(
    Array.from({ length: slideCount(zip) }, async (_, i) => {
      const xml = await part(zip, `ppt/slides/slide${i + 1}.xml`);
      return { texts: texts(xml), table: tableOf(xml) };
    }),
  );
}

/** The slides of a deck whose title starts with `title`. */
function titled(slides: Array<{ texts: string[]; table: string[][] }>, title: string) {
  return slides.filter((s) => (s.texts[0] ?? '').startsWith(title));
}

/** A page's 导出PPT call signed out is refused as the page's own calls are (the same status and code). */
async function refusedSignedOut(deckPath: string, pagePath: string): Promise<void> {
  const [deck, call] = await Promise.all([deckPath, pagePath].map((p) => fetch(`${testEnv().baseUrl}/car/api${p}`)));
  const [deckBody, callBody] = (await Promise.all([deck.json(), call.json()])) as Array<{ code: number }>;
  expect({ status: deck.status, code: deckBody.code }).toEqual({ status: call.status, code: callBody.code });
  expect(deck.status).toBeGreaterThanOrEqual(400);
}

describeInBrowser('销量分析 as shipped', () => {
  const browser = useBrowser();

  test('整体市场表现: 查询 with another month and 批发量 shows the API figures; the chart exports a PNG; the segment table downloads with its figures', async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/salevolume/wholemarket');
    const opening = await apiResult<SummaryAnswer>(page, '/saleVolume/wholeMarket/whole');
    expect(await drawnCards(page, opening)).toEqual(cardsOf(opening));

    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    await chooseSource(page, '批发量');
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month && u.searchParams.get('source') === '1');
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/wholeMarket/whole', salesFilters(url));
    expect(summary.time).toBe(month);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));

    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    const png = await kit.exportChartPng(page, page.locator('.trend-chart'));
    expect(png.fileName).toContain(month);

    // The segment table is shown whole (categories, subtotals, the total): the file has every row of it.
    const segments = await page.locator('.ranking-table tbody tr').count();
    await expectRankingWorkbook(page, segments);

    // 导出PPT (issue 31): a deck that opens, of the page as shown — its filters, its maker, its cards and its table.
    const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
    expect(deck.fileName).toMatch(/^整体市场表现-.*\.pptx$/);
    const zip = await openDeck(deck.body);
    const slideText = async (n: number) => texts(await part(zip, `ppt/slides/slide${n}.xml`));
    const title = (await slideText(1)).join('\n');
    expect(title).toContain('整体市场表现');
    expect(title).toContain('数据来源：批发量');
    expect(title).toContain('一汽-大众');
    expect(await slideText(2)).toEqual(expect.arrayContaining([summary.qtyStr, summary.ljQtyStr]));
    expect(chartSeriesNames(await slideChart(zip, 3))).toContain('销量');
    expect(await slideText(4)).toEqual(expect.arrayContaining(['类别', '细分市场', '当月销量']));

    // 数据列 and a clicked sort (decision 211): a column chosen (no reload) and the whole table sorted ascending by
    // 当月销量; the deck's table has the page's headers and its rows in the page's order.
    const table = page.locator('.ranking-table');
    await table.locator('.multi-select__input[aria-label="数据列"]').click();
    await table.locator('.multi-select__menu [role="option"]', { hasText: /^去年同期销量$/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => [...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '去年同期销量'));
    for (const direction of ['desc', 'asc']) {
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('sort') === `sales.${direction}`),
        table.locator('a.sort-header__link[data-column="sales"]').click(),
      ]);
    }
    await ready(page);
    const shown = await kit.rankingTable(table);
    const sorted = titled(await savedDeck(page, /^整体市场表现-.*\.pptx$/), '销量排行');
    expect(sorted[0].table[0]).toEqual(shown.headers);
    expect(sorted.flatMap((slide) => slide.table.slice(1).map((row) => row[1]))).toEqual(shown.rows.map((row) => row.name));
    await refusedSignedOut('/saleVolume/wholeMarket/ppt?type=0', '/saleVolume/wholeMarket/whole');
    assertClean();
  });

  test('区域市场表现: 查询 with another month shows the API figures; the chart exports a PNG; the area and brand tables download with their figures', async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/salevolume/areamarket');
    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month);
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/areaMarket/whole', salesFilters(url));
    expect(summary.time).toBe(month);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));

    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    await kit.exportChartPng(page, page.locator('.trend-chart'));

    // The area table shows the regions (their provinces folded); the file lists every province under its
    // region, then the region's 小计, which is the region's figure on the page.
    const regions = await kit.rankingTable(page.locator('.ranking-table'));
    const areaFile = await kit.saveDownload(page, page.locator('.ranking-table'));
    const [areaHeader, ...areaRows] = await kit.workbookRows(areaFile);
    expect(areaHeader.slice(0, 3)).toEqual(['大区', '省份', '当月销量']);
    expect(areaRows.filter((r) => String(r[1]).endsWith('小计')).length).toBe(regions.rows.length);
    expect(areaRows.length).toBeGreaterThanOrEqual(31 + regions.rows.length);
    const subtotals = regions.rows.map((row) => ({
      name: row.name,
      sales: kit.figure(areaRows.find((r) => r[0] === row.name && r[1] === `${row.name}小计`)?.[2] ?? 'missing'),
    }));
    expect(subtotals).toEqual(regions.rows.map((row) => ({ name: row.name, sales: kit.figure(row.values['当月销量']) })));

    // The brand table: the file holds every brand of the month, not only the page loaded.
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('dimension') === '3'),
      page.locator('.ranking-table__dimensions').getByRole('button', { name: '品牌', exact: true }).click(),
    ]);
    await ready(page);
    const brands = await apiResult<TablePage>(page, '/saleVolume/areaMarket/bound', { ...salesFilters(new URL(page.url())), currentPage: 1, pageSize: 10 });
    // The address moves before the table is drawn anew: read it once it shows the brands.
    await page.locator('.ranking-table tbody tr', { hasText: brands.list[0].name }).first().waitFor();
    await expectRankingWorkbook(page, brands.total);

    // 导出PPT (decision 211): the page as shown — its tags with the node, its cards, the map's units, the brands shown.
    const deck = await savedDeck(page, /^区域市场表现-全国-.*\.pptx$/);
    const title = deck[0].texts.join('\n');
    expect(title).toContain('区域市场表现');
    expect(title).toContain('区域：全国');
    expect(deck[1].texts).toEqual(expect.arrayContaining([summary.qtyStr, summary.ljQtyStr]));
    expect(titled(deck, '区域分布').flatMap((slide) => slide.table.slice(1)).length).toBeGreaterThanOrEqual(31);
    const brandSlides = titled(deck, '全国销量排行（品牌）');
    expect(brandSlides[0].table[0].slice(0, 2)).toEqual(['品牌', '当月销量']);
    expect(brandSlides.flatMap((slide) => slide.table.slice(1).map((row) => [row[0], row[1]]))).toEqual(brands.list.map((row) => [row.name, row.salesStr]));
    await refusedSignedOut('/saleVolume/areaMarket/ppt?type=0', '/saleVolume/areaMarket/whole');
    assertClean();
  });

  test('厂商品牌表现: 查询 with another month shows the API figures; the ranking and the car-model details download with their figures; the ranking chart exports a PNG', async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/salevolume/companybrand');
    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month);
    const filters = salesFilters(url);
    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/companyBrand/whole', filters);
    expect(summary.time).toBe(month);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));

    // The producers' ranking: every producer of the month in the file.
    const producers = await apiResult<TablePage>(page, '/saleVolume/companyBrand/list', { ...filters, type: 0, currentPage: 1, pageSize: 10 });
    await expectRankingWorkbook(page, producers.total);

    // The first producer's car-model details: the file's total is the page's.
    const details = await apiResult<CarDetails>(page, '/saleVolume/companyBrand/carDetails', { ...filters, type: 0, foreignId: producers.list[0].id });
    await page.locator('.car-details .panel__title', { hasText: `${details.name} 车型明细` }).waitFor();
    const file = await kit.saveDownload(page, page.locator('.car-details'));
    expect(file.fileName).toContain(details.name);
    const rows = await kit.workbookRows(file);
    const models = details.details.reduce((n, s) => n + s.models.length + 2, 0);
    expect(rows.length).toBe(1 + models + 2 + details.compareHeJiList.length);
    const total = rows.find((r) => String(r[0]).trim() === details.wholeHeJi1.name);
    expect(total && kit.figure(total[3])).toBe(details.wholeHeJi1.sales);
    const totalOnPage = page.locator('.car-details tr.is-total', { hasText: details.wholeHeJi1.name }).first();
    await expect(totalOnPage.textContent()).resolves.toContain(details.wholeHeJi1.salesStr);

    // The ranking as a chart: its PNG.
    await Promise.all([page.waitForURL((u) => u.searchParams.get('view') === 'chart'), page.getByRole('button', { name: '图表' }).click()]);
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    await kit.exportChartPng(page, page.locator('.trend-chart'));

    // 导出PPT (decision 211): the overview as shown — the ranking's band chart and the first producer's details.
    const deck = await savedDeck(page, /^厂商品牌表现-厂商排名-.*\.pptx$/);
    expect(deck[0].texts.join('\n')).toContain('排名：厂商');
    expect(deck[1].texts).toEqual(expect.arrayContaining([summary.qtyStr]));
    expect(titled(deck, '厂商销量排名')).toHaveLength(1);
    const detailRows = titled(deck, `${details.name} 车型明细`).flatMap((slide) => slide.table.slice(1));
    expect(detailRows.find((row) => row[0] === details.wholeHeJi1.name)?.[2]).toBe(details.wholeHeJi1.salesStr);
    await refusedSignedOut('/saleVolume/companyBrand/ppt', '/saleVolume/companyBrand/whole');
    assertClean();
  });

  test("厂商品牌表现, a brand's own window: opened from the ranking, its cards are the API's, its chart exports a PNG and its car-model details download with their figures", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/salevolume/companybrand?type=1');
    const brands = await apiResult<TablePage>(page, '/saleVolume/companyBrand/list', { type: 1, currentPage: 1, pageSize: 10 });
    const brand = brands.list[1];
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.locator('.ranking-table tbody tr').nth(1).locator('.maker-link').click()]);
    const errors: string[] = [];
    popup.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    popup.on('pageerror', (e) => errors.push(e.message));
    await ready(popup);
    await expect(popup.locator('.maker-name').textContent()).resolves.toBe(brand.name);
    const url = new URL(popup.url());
    const own = await apiResult<SummaryAnswer>(popup, '/saleVolume/companyBrand/whole', { ...salesFilters(url), type: 1, foreignId: brand.id });
    expect(await cardValues(popup)).toEqual(cardsOf(own));

    await popup.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    const png = await kit.exportChartPng(popup, popup.locator('.trend-chart'));
    expect(png.fileName).toContain(brand.name);

    const details = await apiResult<CarDetails>(popup, '/saleVolume/companyBrand/carDetails', { ...salesFilters(url), type: 1, foreignId: brand.id });
    const file = await kit.saveDownload(popup, popup.locator('.car-details'));
    const rows = await kit.workbookRows(file);
    expect(rows.length).toBe(1 + details.details.reduce((n, s) => n + s.models.length + 2, 0) + 2 + details.compareHeJiList.length);
    const total = rows.find((r) => String(r[0]).trim() === details.wholeHeJi1.name);
    expect(total && kit.figure(total[3])).toBe(details.wholeHeJi1.sales);

    // 导出PPT of the brand's window (decision 211): its name on the title slide, its cards, its details' total.
    const deck = await savedDeck(popup, new RegExp(`^厂商品牌表现-${brand.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-.*\\.pptx$`));
    expect(deck[0].texts).toEqual(expect.arrayContaining([`${brand.name} - 厂商品牌表现`, expect.stringContaining(`品牌：${brand.name}`)]));
    expect(deck[1].texts).toEqual(expect.arrayContaining([own.qtyStr]));
    const detailRows = titled(deck, `${brand.name} 车型明细`).flatMap((slide) => slide.table.slice(1));
    expect(detailRows.find((row) => row[0] === details.wholeHeJi1.name)?.[2]).toBe(details.wholeHeJi1.salesStr);
    expect(errors).toEqual([]);
    assertClean();
  });
});
