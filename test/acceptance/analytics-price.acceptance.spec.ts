import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import {
  type LetterGroup,
  type PriceStructureTable,
  type PriceTable,
  priceTableCell,
  priceTableUnitText,
  type PriceTraceWhole,
  type PriceWhole,
  type SeriesItem,
} from '@car/contracts';
import { describeInBrowser, useBrowser } from '../support/browser';
import { chartLines, charts, slideTables, texts, part } from '../support/deck-zip';
import { pollUntil } from '../support/poll';
import { apiResult, settled } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { workbookTable } from '../support/workbook-table';
import * as kit from './support/analytics-kit';

/**
 * 价格分析 as shipped (issue 24 §3): on each of the four price pages the demo analyst changes a filter and
 * presses 查询, and the page shows the API's figures for the same filters; each chart exports a PNG; each
 * table's 下载, taken by a click as Chromium takes it, is a workbook with the page's rows and figures.
 */
kit.pointHelpersAtShipped();

async function priceCards(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.price-cards .summary-card')
    .evaluateAll((cards) =>
      Object.fromEntries(cards.map((c) => [(c as HTMLElement).dataset.card ?? '', (c.querySelector('.summary-card__value')?.textContent ?? '').trim()])),
    );
}

const cardsOfPrice = (whole: PriceWhole | PriceTraceWhole) => ({
  msrp: whole.msrpStr,
  tp: whole.tpStr,
  discount: whole.discountStr,
  discountRate: whole.discountRateStr,
});

/** A table's body as shown: each row's cell texts. */
async function shownRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
}

/** A month table's rows as the page shows them: the unit once in its header, not in its cells (decision 283). */
const shownOf = (table: PriceTable): string[][] => table.rows.map((r) => [r.name, ...r.values.map((v) => priceTableCell(table.measure, v))]);

/**
 * A month table's workbook (价格明细, 区域价格) against the API's table: the header is the label and the
 * months, one row per API row in order, and each row's figures the API's (percent cells as fractions); the unit
 * once, at the end of the header block's tags (decision 286).
 */
async function expectPriceTableWorkbook(page: Page, panel: Locator, table: PriceTable, labelHeader: string): Promise<void> {
  const file = await kit.saveDownload(page, panel);
  expect((await workbookTable(file.body)).head[1].split(' · ').at(-1)).toBe(priceTableUnitText(table.measure));
  const [header, ...rows] = await kit.workbookRows(file);
  expect(header).toEqual([labelHeader, ...table.months]);
  expect(rows.map((r) => String(r[0]).trim())).toEqual(table.rows.map((r) => r.name.trim()));
  const percent = table.rows[0].texts.some((t) => t.endsWith('%'));
  // A percent cell holds the fraction as shown (16.9 % is 0.169, not 16.9 / 100 = 0.16899999999999998).
  const asInFile = (v: number | null): unknown => (v === null ? '-' : percent ? expect.closeTo(v / 100, 10) : v);
  expect(rows[0].slice(1)).toEqual(table.rows[0].values.map(asInFile));
  expect(rows[rows.length - 1].slice(1)).toEqual(table.rows[table.rows.length - 1].values.map(asInFile));
}

/**
 * 导出PPT in the page's head (issue 31, decision 215), taken by a click as Chromium takes it: the deck's file
 * name, and each slide's texts. The same call without a session is refused as the page's own calls are.
 */
async function exportDeck(
  page: Page,
  fileName: RegExp,
  pageCall: string,
): Promise<{ zip: JSZip; slide: (n: number) => Promise<string[]>; all: () => Promise<string[]> }> {
  const link = page.locator('.sales-page__head').getByText('导出PPT');
  const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
  expect(deck.fileName).toMatch(fileName);
  const zip = await JSZip.loadAsync(deck.body);
  expect(Object.keys(zip.files).some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(true);
  const href = new URL((await link.getAttribute('href'))!, testEnv().baseUrl);
  const anonymous = async (path: string) => {
    const response = await fetch(new URL(`${path}${href.search}`, testEnv().baseUrl));
    return { status: response.status, code: ((await response.json()) as { code: number }).code };
  };
  const [deckRefusal, pageRefusal] = await Promise.all([anonymous(href.pathname), anonymous(`/car/api${pageCall}`)]);
  expect(deckRefusal).toEqual(pageRefusal);
  expect(pageRefusal.code).not.toBe(1);
  const slide = async (n: number) =>
    [...((await zip.file(`ppt/slides/slide${n}.xml`)?.async('string')) ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]);
  const count = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
  return { zip, slide, all: async () => (await Promise.all(Array.from({ length: count }, (_, i) => slide(i + 1)))).flat() };
}

describeInBrowser('价格分析 as shipped', () => {
  const browser = useBrowser();

  for (const { title, path, api } of [
    { title: '整体市场价格结构', path: '/price/totalmarket', api: '/price/totalMarket' },
    { title: '细分市场价格结构', path: '/pricedetailmarket', api: '/price/priceDetailMarket' },
  ]) {
    test(`${title}: 查询 with another month and bands shows the API's table; the chart exports a PNG; the table downloads with its figures; 导出PPT holds the sorted table`, async () => {
      const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, path);
      await page.locator('.sales-page__title', { hasText: title }).waitFor();
      await kit.openGroup(page, '数据范围');
      const month = await kit.pickMonth(page, page.locator('.filter-panel'));
      await kit.openGroup(page, '价格段设置');
      await page.fill('input[name="priceLow"]', '10');
      await page.fill('input[name="priceHigh"]', '30');
      await page.fill('input[name="segment"]', '5');
      const url = await kit.query(page, (u) => u.searchParams.get('time') === month && u.searchParams.get('segment') === '5');
      const table = await apiResult<PriceStructureTable>(page, `${api}/table`, kit.paramsOf(url, ['chart', 'view']));
      // Bands go cheap to expensive by default (decision 174).
      expect(table.rows.map((r) => r.name)).toEqual(['10万以下', '10-15万', '15-20万', '20-25万', '25-30万', '30万以上', '合计']);
      const shown = await shownRows(page.locator('.structure-table'));
      expect(shown).toEqual(table.rows.map((r) => [r.name, ...r.texts]));

      await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
      const png = await kit.exportChartPng(page, page.locator('.trend-chart'));
      expect(png.fileName).toContain(month);

      const file = await kit.saveDownload(page, page.locator('.band-table'));
      const [header, ...rows] = await kit.workbookRows(file);
      expect(rows.map((r) => String(r[0]))).toEqual(table.rows.map((r) => r.name));
      // The total's sales: the file's number is the figure the page shows.
      const sales = header.indexOf(table.columns[0].label);
      expect(sales).toBe(1);
      expect(kit.figure(rows[rows.length - 1][sales])).toBe(kit.figure(shown[shown.length - 1][1]));

      // 导出PPT (issue 31, decision 213): the deck of the page as shown — its title and bands on the title slide,
      // a native chart, and the table the page shows, row for row, after a click on its MIX header.
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('sort') === 'mix.desc'),
        page.locator('.structure-table thead a[data-column="mix"]').click(),
      ]);
      await page.locator('.sales-page__title', { hasText: title }).waitFor();
      await settled(page);
      // The address moves before the table is drawn in its new order: read it until it has (at most 10 s).
      const sorted = await pollUntil(
        () => shownRows(page.locator('.structure-table')),
        (rows) => JSON.stringify(rows) !== JSON.stringify(shown),
        10_000,
        200,
      );
      expect(sorted).not.toEqual(shown);
      const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
      expect(deck.fileName).toMatch(new RegExp(`^${title}_.*\\.pptx$`));
      const zip = await JSZip.loadAsync(deck.body);
      const cover = texts(await part(zip, 'ppt/slides/slide1.xml')).join('\n');
      expect(cover).toContain(title);
      expect(cover).toContain('价格区间：10-30万，每段5万');
      expect(Object.keys(zip.files).some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(true);
      const [deckTable] = await slideTables(zip, 3);
      expect(deckTable.slice(1)).toEqual(sorted);
      assertClean();
    });
  }

  test("整体市场价格指数: 查询 with another month and segment shows the API's cards and table; the chart exports a PNG; the table downloads with its figures", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/price/marketpricetendency');
    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    await kit.openGroup(page, '细分市场');
    await page.locator('.filter-panel select[name="detailId"]').selectOption({ label: 'A级SUV' });
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month && u.searchParams.get('detailId') === '7');
    const filters = { time: month, detailId: url.searchParams.get('detailId')! };
    const whole = await apiResult<PriceWhole>(page, '/price/marketPriceWhole/whole', filters);
    expect(await priceCards(page)).toEqual(cardsOfPrice(whole));
    const table = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { ...filters, type: 0, type2: 2 });
    expect(await shownRows(page.locator('.price-table'))).toEqual(shownOf(table));

    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    const png = await kit.exportChartPng(page, page.locator('.price-chart'));
    expect(png.fileName).toContain(month);
    await expectPriceTableWorkbook(page, page.locator('.price-table'), table, '细分市场');

    // 导出PPT: the page's title and tags on the title slide, its cards' figures, its table's first row.
    const { slide, all } = await exportDeck(page, new RegExp(`^整体市场价格指数-${month}\\.pptx$`), '/price/marketPriceWhole/whole');
    const title = (await slide(1)).join('\n');
    expect(title).toContain('整体市场价格指数');
    expect(title).toContain(`时间：${month}    细分市场：A级SUV`);
    expect(title).toContain('一汽-大众');
    expect(await slide(2)).toEqual(expect.arrayContaining(Object.values(cardsOfPrice(whole))));
    const texts = await all();
    // The month table's cells are bare figures, the unit once in its title (decision 286).
    const bare = (row: PriceTable['rows'][number]) => row.values.map((v) => priceTableCell(table.measure, v));
    expect(texts).toEqual(expect.arrayContaining([...bare(table.rows[0]), ...bare(table.rows[table.rows.length - 1])]));
    expect(texts).toContain(`价格明细（细分市场） · ${priceTableUnitText(table.measure)}`);
    assertClean();
  });

  test("车系价格追踪: 查询 with another month and 优惠率, then a compared series, shows the API's figures; the chart exports a PNG; the regional table downloads with its figures", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/price/cabmodelpricetrace');
    const own = Number(new URL(page.url()).searchParams.get('modelSubId') ?? (await page.locator('.filter-panel input[name="modelSubId"]').inputValue()));
    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    await kit.query(page, (u) => u.searchParams.get('time') === month);
    // 优惠率 is the chart's measure switch (decision 275): the URL says so.
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('measure') === '1'),
      page.locator('.price-chart').getByRole('button', { name: '优惠率', exact: true }).click(),
    ]);
    await settled(page);
    const url = new URL(page.url());
    const modelSubId = Number(url.searchParams.get('modelSubId') ?? own);
    const whole = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', {
      time: month,
      modelSubId,
      type: Number(url.searchParams.get('discount') ?? 0),
    });
    expect(await priceCards(page)).toEqual(cardsOfPrice(whole));

    // The chart's own 查询: a comparison series from its dialog.
    const brands = await apiResult<LetterGroup<{ id: number; name: string }>[]>(page, '/search/getBrands', { key: '大众' });
    const dazhong = brands.flatMap((g) => g.list).find((b) => b.name === '大众')!;
    const series = await apiResult<LetterGroup<SeriesItem>[]>(page, '/search/getSeries', { brandIds: dazhong.id });
    const other = series.flatMap((g) => g.list.flatMap((s) => s.subList)).find((s) => s.id !== modelSubId)!;
    await page.getByLabel('对比车系').click();
    const dialog = page.locator('.pick-dialog');
    await dialog.locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
    await dialog.locator('.pick-series__subs, .pick-dialog__entries').getByRole('button', { name: other.name, exact: true }).first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await kit.query(page, (u) => u.searchParams.get('modelSubIds') === String(other.id), page.locator('.trace-pickers'));
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    const png = await kit.exportChartPng(page, page.locator('.price-chart'));
    expect(png.fileName).toContain(month);

    const regional = await apiResult<PriceTable>(page, '/price/cabmodelpricetrace/cityTable', {
      time: month,
      modelSubId,
      type: Number(new URL(page.url()).searchParams.get('type') ?? 2),
    });
    expect(await shownRows(page.locator('.price-table'))).toEqual(shownOf(regional));
    await expectPriceTableWorkbook(page, page.locator('.price-table'), regional, '区域');

    // 导出PPT: the series' title and tags, the cards' figures, the compared series in the chart's data.
    const { zip, slide } = await exportDeck(page, new RegExp(`^车系价格追踪-.*-${month}\\.pptx$`), '/price/cabmodelpricetrace/whole');
    const title = (await slide(1)).join('\n');
    expect(title).toContain(await page.locator('.sales-page__title').innerText());
    expect(title).toContain(`时间：${month}    城市：全国    厂商：${whole.producerName}    车系：${whole.modelName}`);
    expect(await slide(2)).toEqual(expect.arrayContaining(Object.values(cardsOfPrice(whole))));
    // 本品's line is the thickest, as on the page (decision 287).
    const [subjectLine, ...rivalLines] = chartLines((await charts(zip))[0]);
    expect(rivalLines.length).toBeGreaterThan(0);
    for (const rival of rivalLines) expect(subjectLine.width).toBeGreaterThan(rival.width);
    // With a compared series, 成交价差 (decision 276) comes after the chart: slide 4, then 区域表现, then 区域价格.
    expect((await slide(4))[0]).toMatch(/^成交价差/);
    expect((await slide(5))[0]).toMatch(/^区域表现/);
    const table = await slide(6);
    // A table longer than a slide goes on over slides numbered in its title: 区域价格 · 单位：元（1/3）.
    expect(table[0]).toMatch(new RegExp(`^区域价格 · ${priceTableUnitText(regional.measure)}(（\\d+/\\d+）)?$`));
    expect(table).toEqual(expect.arrayContaining([regional.rows[0].name, ...regional.rows[0].values.map((v) => priceTableCell(regional.measure, v))]));
    assertClean();
  });
});
