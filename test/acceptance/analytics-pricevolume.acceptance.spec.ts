import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { API_PREFIX, type ConfigTable, type DimensionTable, monthTagText, type ProportionTable, thousands, visibleBlocks } from '@car/contracts';
import { describeInBrowser, useBrowser } from '../support/browser';
import { chartPointLabels, charts as chartsOf, slidesOf, tableOf, texts } from '../support/deck-zip';
import { apiResult, settled } from '../support/sales-pages';
import * as kit from './support/analytics-kit';

/**
 * 价量交叉 and 产品分析 as shipped (issue 24 §3): the demo analyst changes a filter and presses 查询 on both
 * price-volume pages and the tables are the API's for the same filters; every chart exports a PNG; every
 * table's 下载 and the configuration Excel, taken by a click as Chromium takes them, are workbooks with
 * the page's rows and figures.
 */
const baseUrl = kit.pointHelpersAtShipped();

/** A deck's slides as the texts of their runs, in order. */
async function deckSlides(body: Buffer): Promise<string[][]> {
  return (await slidesOf(await JSZip.loadAsync(body))).map(texts);
}

/** A deck's table (over every slide whose title starts with `title`) as rows of cell texts, headers dropped. */
async function deckTable(body: Buffer, title: string): Promise<string[][]> {
  const slides = await slidesOf(await JSZip.loadAsync(body));
  return slides.filter((xml) => texts(xml)[0]?.startsWith(title)).flatMap((xml) => tableOf(xml).slice(1));
}

/** A deck's call without a session is refused as the page's other calls are. */
async function expectRefusedAnonymously(deck: string, call: string): Promise<void> {
  const [refused, other] = await Promise.all(
    [deck, call].map(async (path) => {
      const response = await fetch(`${baseUrl}/${API_PREFIX.replace(/^\//, '')}/${path}`);
      return { status: response.status, code: ((await response.json()) as { code: number }).code };
    }),
  );
  expect(refused).toEqual(other);
  expect(refused.status).toBe(401);
}

/** A proportion table as shown: [name, price, sales] per row. */
async function proportionRows(panel: Locator): Promise<string[][]> {
  return panel.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) =>
      Array.from(r.querySelectorAll('td'))
        .slice(0, 3)
        .map((c) => (c.textContent ?? '').trim()),
    ),
  );
}

/** A proportion table's workbook against the page: one row per row shown, each with its name and sales. */
async function expectProportionWorkbook(page: Page, panel: Locator): Promise<void> {
  const shown = await proportionRows(panel);
  const file = await kit.saveDownload(page, panel);
  const [header, ...rows] = await kit.workbookRows(file);
  expect(rows).toHaveLength(shown.length);
  const name = header.indexOf('车型');
  const sales = header.findIndex((h) => String(h).includes('销量'));
  expect(name).toBeGreaterThanOrEqual(0);
  expect(sales).toBeGreaterThan(name);
  expect(rows.map((r) => [String(r[name]).trim(), kit.figure(r[sales])])).toEqual(shown.map((r) => [r[0], kit.figure(r[2])]));
}

describeInBrowser('价量交叉 and 产品分析 as shipped', () => {
  const browser = useBrowser();

  test("车型价格段销量: 查询 with another month and bands shows the API's table; the chart exports a PNG; the table downloads with its figures", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/pricevolume/cabmodelprice?rows=0');
    await kit.openGroup(page, '数据范围');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    await kit.openGroup(page, '数据口径');
    await page.fill('input[name="priceLow"]', '10');
    await page.fill('input[name="priceHigh"]', '30');
    await page.fill('input[name="segment"]', '5');
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month && u.searchParams.get('segment') === '5');
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table', kit.paramsOf(url, ['chart', 'rows']));
    const shown = await kit.bandRows(page);
    expect(shown).toEqual(table.values.map((cells) => [String(cells[0].data[0]), String(cells[1].data[0]), thousands(cells[2].data[0] as number | null)]));
    expect(shown[0][0]).toBe('10万以下');

    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    const png = await kit.exportChartPng(page, page.locator('.trend-chart'));
    expect(png.fileName).toContain(month);

    // The file lists every member of every band, none folded into 其他（n）: each band's members are the
    // API's (the folded ones from the 其他 cell's detail), and add up to the band's 小计 on the page.
    const file = await kit.saveDownload(page, page.locator('.band-table'));
    const [, ...rows] = await kit.workbookRows(file);
    const members = table.values.flatMap((cells) => {
      const hidden = cells[2].hiddenList;
      const band = String(cells[0].data[0]);
      return hidden ? hidden.map((h) => [band, h.name, h.sales]) : [[band, String(cells[1].data[0]), cells[2].data[0]]];
    });
    expect(rows.map((r) => [String(r[0]), String(r[1]), kit.figure(r[2])])).toEqual(members);
    for (const [band, name, sales] of shown.filter((r) => r[1] === '小计')) {
      const inFile = rows.filter((r) => r[0] === band && r[1] !== '小计').reduce((sum, r) => sum + (kit.figure(r[2]) ?? 0), 0);
      expect({ band, name, sales: inFile }).toEqual({ band, name, sales: kit.figure(sales) });
    }

    // 导出PPT (issue 31, decision 217): the deck of the page as shown — its tags and maker, the band chart, the detail rows.
    const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
    expect(deck.fileName).toMatch(/^车型价格段销量-.*\.pptx$/);
    const [title, chartSlide] = await deckSlides(deck.body);
    expect(title).toEqual(expect.arrayContaining(['车型价格段销量']));
    expect(title.join('\n')).toContain(`时间：${monthTagText(month)}`);
    expect(title.join('\n')).toContain('价格区间：10-30万，每段5万');
    expect(title.join('\n')).toContain('一汽-大众');
    expect(chartSlide[0]).toBe('价格段销量');
    expect((await deckTable(deck.body, '价格段明细')).map((r) => r.slice(0, 3))).toEqual(shown);
    await expectRefusedAnonymously('pricevolume/priceQtyDetail/ppt', 'pricevolume/priceQtyDetail/table');
    assertClean();
  });

  test("销量占比分析: 查询 with another month, then compared series, shows the API's tables; both charts export PNGs; both tables download with their figures", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/pricevolume/pricedimension');
    await kit.openGroup(page, '时间');
    const month = await kit.pickMonth(page, page.locator('.filter-panel'));
    const url = await kit.query(page, (u) => u.searchParams.get('time') === month);
    const single = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable', {
      time: month,
      ...(url.searchParams.get('modelSubId') ? { modelSubId: url.searchParams.get('modelSubId')! } : {}),
    });
    const singlePanel = page.locator('[aria-label="单车系表"]');
    expect(await proportionRows(singlePanel)).toEqual(single.rows.map((r) => [r.name, r.priceStr, r.salesStr]));

    // The compare chart's own 查询: two series from its dialog.
    await page.locator('.compare-tools input[type="text"]').click();
    const dialog = page.locator('.pick-dialog').last();
    await dialog.locator('.pick-series__subs .pick-toggle').nth(0).click();
    await dialog.locator('.pick-series__subs .pick-toggle').nth(1).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await Promise.all([
      page.waitForURL((u) => (u.searchParams.get('modelSubIds') ?? '').split(',').length === 2),
      page.locator('.compare-tools').getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await settled(page);
    const ids = new URL(page.url()).searchParams.get('modelSubIds')!;
    const compare = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/compareTable', {
      time: month,
      modelSubId: single.modelSubId,
      modelSubIds: ids,
    });
    const comparePanel = page.locator('[aria-label="对比表"]');
    expect(await proportionRows(comparePanel)).toEqual(compare.rows.map((r) => [r.name, r.priceStr, r.salesStr]));

    for (const chart of ['时间段对比图', '车型对比图']) {
      const panel = page.getByRole('region', { name: chart, exact: true });
      await panel.locator('canvas[data-drawn="true"]').waitFor();
      await kit.exportChartPng(page, panel);
    }
    await expectProportionWorkbook(page, singlePanel);
    await expectProportionWorkbook(page, comparePanel);

    // 导出PPT (issue 31, decisions 217-218): the deck of both charts (bubbles by default) and both tables as shown.
    const deck = await kit.saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
    expect(deck.fileName).toMatch(/^销量占比分析-.*\.pptx$/);
    const slides = await deckSlides(deck.body);
    expect(slides[0].join('\n')).toContain(`本品车系：${single.modelSubName}`);
    expect(slides[0].join('\n')).toContain(`时间：${monthTagText(month)}`);
    expect(slides.map((t) => t[0])).toEqual(expect.arrayContaining(['时间段对比', '车型对比']));
    const charts = await chartsOf(await JSZip.loadAsync(deck.body));
    expect(charts.filter((xml) => xml.includes('<c:bubbleChart>')).length).toBeGreaterThanOrEqual(1);
    // Every name the page writes on 时间段对比's bubbles is written on the deck's (the same six, decision 287).
    const canvas = page.getByRole('region', { name: '时间段对比图', exact: true }).locator('canvas[data-drawn="true"]');
    const named = JSON.parse((await canvas.getAttribute('data-point-labels')) ?? '[]') as string[];
    expect(named.length).toBeGreaterThan(0);
    expect(chartPointLabels(charts[0]).flatMap((labels) => labels.map(([, text]) => text))).toEqual(expect.arrayContaining(named));
    const singleRows = await deckTable(deck.body, `${single.modelSubName} 车型销量占比`);
    expect(singleRows.map((r) => [r[0], r[2]])).toEqual(single.rows.map((r) => [r.name, r.salesStr]));
    await expectRefusedAnonymously('pricevolume/modelPrice/ppt', 'pricevolume/modelPrice/singleTable');
    assertClean();
  });

  test("配置查询: a sub-series picked by typing shows the API's trims; 下载 Excel is a workbook of those trims and configuration rows", async () => {
    const { page, assertClean } = await kit.openAs(browser(), kit.ANALYST, '/product/configquery', { width: 1440, height: 900 });
    await page.getByRole('textbox', { name: '搜索子车系' }).fill('朗');
    const option = page.getByRole('option', { name: '朗逸', exact: true });
    await option.waitFor();
    await Promise.all([page.waitForURL((u) => u.searchParams.has('ids') && u.searchParams.has('carJllCodes')), option.click()]);
    await settled(page);
    const url = new URL(page.url());
    const codes = url.searchParams.get('carJllCodes')!.split(',');
    const table = await apiResult<ConfigTable>(page, '/carConfig/get', { ids: url.searchParams.get('ids')!, carJllCodes: codes.join(',') });
    const shownCodes = await page.locator('.config-head th.config-trim').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.code ?? ''));
    expect(shownCodes).toEqual(codes);

    const file = await kit.saveDownload(page, page.locator('.config-toolbar'), '下载 Excel');
    const rows = await kit.workbookRows(file);
    const names = new Map(table.columns.map((c) => [c.carJllCode, c.carName]));
    expect(rows[0]).toEqual(['配置项', ...codes.map((c) => names.get(c))]);
    // The frozen rows under the trims (子车系, 厂商指导价, 零售量 and 成交价 of the month) read as on the page.
    // (The group row over the trims, 子车系 and its trim count, is the page's alone.)
    const head = await page
      .locator('.config-head tr:not(.config-groups)')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((cell) => (cell.textContent ?? '').trim())));
    expect(head.length).toBeGreaterThanOrEqual(5);
    // MSRP, volume and TP are number cells (decision 141): each reads as the page's figure.
    expect(rows.slice(1, head.length).map((r, k) => (k === 0 ? r : r.map((c, i) => (i === 0 ? c : (kit.figure(c) ?? '-')))))).toEqual(
      head.slice(1).map((r, k) => (k === 0 ? r : r.map((t, i) => (i === 0 ? t : (kit.figure(t) ?? '-'))))),
    );
    // Every configuration item the page shows is a row of the file: by default the items that differ (decision 273).
    const labels = new Set(rows.map((r) => String(r[0]).trim()));
    const shown = visibleBlocks(table.items, codes, { hideUnequipped: false, onlyDiffering: url.searchParams.get('differ') !== '0' });
    const items = shown.flatMap((block) => block.data.map((row) => row.desc));
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(table.items.flatMap((block) => block.data).length);
    expect(items.filter((item) => !labels.has(item.trim()))).toEqual([]);
    assertClean();
  });
});
