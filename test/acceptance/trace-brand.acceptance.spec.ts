import type { Page } from 'playwright-core';
import type { CarDetails, LetterGroup, PriceTraceWhole, SeriesItem, TablePage } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiResult, cardsOf, type SummaryAnswer, drawnCards } from '../support/sales-pages';
import { ANALYST, openAs, openGroup, pointHelpersAtShipped, query, rankingTable, saveDownload, workbookRows } from './support/analytics-kit';

/**
 * Issue 26 items 6-9 as shipped: the price trace's comparison brand (spec 001 §3 compareBrand) and city
 * (cabmodelpricetraceForm city), the producer/brand page inside a region, province or city (spec 000 §3
 * companybrandsearchForm area) and its comparison's Top select 1-5 (§9, decision 150). Each walk ends
 * on a bookmark of the URL, which shows the same choice again.
 */
pointHelpersAtShipped();

const dialog = (page: Page) => page.locator('.pick-dialog');

/** A pick-list entry (a plain entry, a sub-series, or an area node) by its exact name. */
function entry(page: Page, name: string) {
  return dialog(page).locator('.pick-series__subs, .pick-dialog__entries, .pick-area').getByRole('button', { name, exact: true }).first();
}

async function searchDialog(page: Page, key: string): Promise<void> {
  const box = dialog(page).locator('.pick-dialog__search input');
  await box.fill(key);
  await box.press('Enter');
  await dialog(page).locator('.pick-dialog__loader').waitFor({ state: 'detached' });
}

async function confirmDialog(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

async function priceCards(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.price-cards .summary-card')
    .evaluateAll((cards) =>
      Object.fromEntries(cards.map((c) => [(c as HTMLElement).dataset.card ?? '', (c.querySelector('.summary-card__value')?.textContent ?? '').trim()])),
    );
}

const cardsOfPrice = (whole: PriceTraceWhole) => ({ msrp: whole.msrpStr, tp: whole.tpStr, discount: whole.discountStr, discountRate: whole.discountRateStr });

/** The shared filters and the area of a sales page's URL, as its calls send them. */
function salesFilters(url: URL): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of ['time', 'source', 'fuels', 'area', 'level']) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== '') picked[key] = value;
  }
  return picked;
}

describeInBrowser('issue 26: the trace comparison brand and city, the producer/brand page by area and its Top select', () => {
  const browser = useBrowser();

  test('车系价格追踪: 对比品牌 narrows the comparison series dialog to its series; the choice reaches the chart and a bookmark keeps it', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/price/cabmodelpricetrace');
    const brands = (await apiResult<LetterGroup<{ id: number; name: string }>[]>(page, '/search/getBrands')).flatMap((g) => g.list);
    const brand = brands.find((b) => b.name === '丰田') ?? brands.find((b) => b.name !== '大众')!;
    const ownSeries = (await apiResult<LetterGroup<SeriesItem>[]>(page, '/search/getSeries', { brandIds: brand.id })).flatMap((g) =>
      g.list.flatMap((s) => s.subList),
    );
    const others = (await apiResult<LetterGroup<SeriesItem>[]>(page, '/search/getSeries', { brandIds: brands.find((b) => b.name === '大众')!.id })).flatMap(
      (g) => g.list.flatMap((s) => s.subList),
    );

    await page.getByLabel('对比品牌').click();
    await searchDialog(page, brand.name);
    await entry(page, brand.name).click();
    await confirmDialog(page);
    await expect(page.getByLabel('对比品牌').inputValue()).resolves.toBe(brand.name);

    // The comparison series dialog lists the brand's sub-series only.
    await page.getByLabel('对比车系').click();
    await dialog(page).locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
    const listed = await dialog(page).locator('.pick-series__subs button').allTextContents();
    expect(listed.map((t) => t.trim()).sort()).toEqual(ownSeries.map((s) => s.name.trim()).sort());
    expect(listed.map((t) => t.trim())).not.toContain(others[0].name);
    const compared = ownSeries[0];
    await entry(page, compared.name).click();
    await confirmDialog(page);

    const url = await query(
      page,
      (u) => u.searchParams.get('compareBrand') === String(brand.id) && u.searchParams.get('modelSubIds') === String(compared.id),
      page.locator('.trace-pickers'),
    );
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    const chart = await apiResult<{ series: Array<{ name: string }> }>(page, '/price/cabmodelpricetrace/highCharts', {
      modelSubId: url.searchParams.get('modelSubId') ?? '',
      modelSubIds: compared.id,
      ...(url.searchParams.get('measure') ? { measure: url.searchParams.get('measure')! } : {}),
      ...(url.searchParams.get('time') ? { time: url.searchParams.get('time')! } : {}),
    });
    // One measure a chart, one line per car named as the car (decision 275).
    expect(chart.series.map((s) => s.name)).toContain(compared.name);

    // A bookmark of the URL shows the same brand and series.
    await page.goto(url.toString());
    await ready(page);
    await expect(page.getByLabel('对比品牌').inputValue()).resolves.toBe(brand.name);
    await expect(page.getByLabel('对比车系').inputValue()).resolves.toBe(compared.name);

    // Another comparison brand drops the chosen comparison series.
    const another = brands.find((b) => b.id !== brand.id && b.name !== '大众')!;
    await page.getByLabel('对比品牌').click();
    await searchDialog(page, another.name);
    await entry(page, another.name).click();
    await confirmDialog(page);
    await expect(page.getByLabel('对比车系').inputValue()).resolves.toBe('');
    assertClean();
  });

  test("车系价格追踪: 城市 in the filter panel gives the cards of that city's TP; a bookmark keeps the city", async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/price/cabmodelpricetrace');
    await openGroup(page, '城市');
    await page.locator('.filter-panel select#trace-city').selectOption({ label: '广州市' });
    const url = await query(page, (u) => u.searchParams.get('city') === '440100');
    const modelSubId = url.searchParams.get('modelSubId') ?? (await page.locator('.filter-panel input[name="modelSubId"]').inputValue());
    const params = {
      modelSubId,
      type: url.searchParams.get('discount') ?? '0',
      ...(url.searchParams.get('time') ? { time: url.searchParams.get('time')! } : {}),
    };
    const inCity = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', { ...params, city: 440100 });
    const national = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', params);
    expect(inCity.tpStr).not.toBe(national.tpStr);
    expect(await priceCards(page)).toEqual(cardsOfPrice(inCity));
    await expect(page.locator('.price-tags').textContent()).resolves.toContain('广州市');

    await page.goto(url.toString());
    await ready(page);
    await expect(page.locator('.filter-panel select#trace-city').inputValue()).resolves.toBe('440100');
    expect(await priceCards(page)).toEqual(cardsOfPrice(inCity));
    assertClean();
  });

  test("厂商品牌表现: 区域 广东 gives the province's cards, ranking, details and ranking download; the maker window and a bookmark keep it", async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/salevolume/companybrand');
    await openGroup(page, '区域');
    await page.locator('.filter-panel').getByLabel('区域').click();
    await dialog(page).locator('.pick-area').waitFor();
    await entry(page, '华南').click();
    // The dialog names provinces in full (广东省); the page's tags use the short name.
    await dialog(page).locator('.pick-area').getByRole('button', { name: /^广东/ }).first().click();
    await confirmDialog(page);
    const url = await query(page, (u) => u.searchParams.get('area') === '440000' && u.searchParams.get('level') === '2');
    const filters = salesFilters(url);

    const summary = await apiResult<SummaryAnswer>(page, '/saleVolume/companyBrand/whole', filters);
    const nation = await apiResult<SummaryAnswer>(page, '/saleVolume/companyBrand/whole', { ...filters, area: -1 });
    expect(summary.qtyStr).not.toBe(nation.qtyStr);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));
    await expect(page.locator('.header-tags').first().textContent()).resolves.toContain('广东');

    const producers = await apiResult<TablePage>(page, '/saleVolume/companyBrand/list', { ...filters, type: 0, currentPage: 1, pageSize: 10 });
    const shown = await rankingTable(page.locator('.ranking-table'));
    expect(shown.rows.map((r) => r.name)).toEqual(producers.list.map((r) => r.name));
    const file = await saveDownload(page, page.locator('.ranking-table'));
    const [, ...rows] = await workbookRows(file);
    expect(rows).toHaveLength(producers.total);

    const details = await apiResult<CarDetails>(page, '/saleVolume/companyBrand/carDetails', { ...filters, type: 0, foreignId: producers.list[0].id });
    const total = page.locator('.car-details tr.is-total', { hasText: details.wholeHeJi1.name }).first();
    await expect(total.textContent()).resolves.toContain(details.wholeHeJi1.salesStr);

    // The producer's own window opens inside 广东 too.
    const href = await page.locator('.ranking-table .maker-link').first().getAttribute('href');
    expect(new URL(href ?? '', url).searchParams.get('area')).toBe('440000');

    await page.goto(url.toString());
    await ready(page);
    await openGroup(page, '区域');
    await expect(page.locator('.filter-panel').getByLabel('区域').inputValue()).resolves.toBe('广东');
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));
    assertClean();
  });

  test('厂商品牌表现, one brand compared with brands: Top 3 adds the three best sellers of the area to the car-model details; a bookmark keeps it', async () => {
    const area = { area: 440000, level: 2 };
    const { page: probe } = await openAs(browser(), ANALYST, '/salevolume/companybrand?type=1');
    const brands = await apiResult<TablePage>(probe, '/saleVolume/companyBrand/list', { ...area, type: 1, currentPage: 1, pageSize: 10 });
    const main = brands.list[0];
    await probe.close();
    const { page, assertClean } = await openAs(browser(), ANALYST, `/salevolume/companybrand?type=1&id=${main.id}&compareType=2&area=440000&level=2`);
    const top = page.getByLabel('Top 对比品牌');
    await expect(top.inputValue()).resolves.toBe('0');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('count') === '3'), top.selectOption('3')]);
    const details = await apiResult<CarDetails>(page, '/saleVolume/companyBrand/carDetails', {
      ...area,
      type: 1,
      foreignId: main.id,
      compareType: 2,
      count: 3,
    });
    expect(details.compareHeJiList.map((c) => c.name)).toEqual(brands.list.slice(1, 4).map((b) => b.name));
    // The table's totals: the brand's, each Top brand's (合计 rows), then the market's.
    const totals = page.locator('.car-details tr.is-total');
    await totals.nth(details.hejis.length).waitFor();
    const shown = (await totals.allTextContents()).map((t) => t.trim());
    expect(shown.map((t) => t.slice(0, t.indexOf('合计') + 2))).toEqual([...details.hejis.map((h) => h.name), details.wholeHeJi2.name]);
    expect(shown[1]).toContain(details.hejis[1].salesStr);

    await page.reload();
    await ready(page);
    await expect(page.getByLabel('Top 对比品牌').inputValue()).resolves.toBe('3');
    assertClean();
  });
});
