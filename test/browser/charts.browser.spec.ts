import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { ChartResult } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * The chart kit as an analyst meets it (issue 28): the province discount map in quantile classes with its
 * legend (无数据 included), hover label and table; the price trace's comparison with the rival's TP and MSRP
 * drawn; the sales trend's sign legend, its 显示去年同期 and a chart image that carries its title and filters.
 */

/** Eastern provinces: 北京, 天津, 河北, 上海, 江苏, 浙江, 安徽, 福建, 山东, 广东. */
const EASTERN = ['110000', '120000', '130000', '310000', '320000', '330000', '340000', '350000', '370000', '440000'];

/** The colour painted at each province's centre, as #rrggbb, keyed by code. */
async function fillsAt(page: Page, codes: readonly string[]): Promise<Record<string, string>> {
  return page.locator('.price-map canvas').evaluate((node, wanted) => {
    const canvas = node as HTMLCanvasElement;
    const centers = JSON.parse(canvas.dataset.centers ?? '{}') as Record<string, [number, number]>;
    const ratio = canvas.width / canvas.clientWidth;
    const context = canvas.getContext('2d')!;
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    return Object.fromEntries(
      wanted
        .filter((code) => centers[code])
        .map((code) => {
          const [x, y] = centers[code];
          const [r, g, b] = context.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
          return [code, `#${hex(r)}${hex(g)}${hex(b)}`];
        }),
    );
  }, codes);
}

/** The categories the sales trend draws (its canvas's data-labels). */
async function drawnLabels(page: Page): Promise<string[]> {
  return JSON.parse((await page.locator('.trend-chart canvas').first().getAttribute('data-labels')) ?? '[]') as string[];
}

/** The names of the datasets the sales trend shows (its canvas's data-datasets), in order. */
async function drawnDatasets(page: Page): Promise<string[]> {
  return JSON.parse((await page.locator('.trend-chart canvas').first().getAttribute('data-datasets')) ?? '[]') as string[];
}

/** The computed colour of each shown change of a kind ('is-up' or 'is-down') inside a selector. */
function coloursOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).color));
}

async function ariaLabel(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().getAttribute('aria-label')) ?? '';
}

describeInBrowser('the chart kit', () => {
  const browser = useBrowser();

  test('the province discount map: quantile classes spread the east over ≥ 3 colours, a legend with 无数据, hover names the province, a table beside', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/marketpricetendency', { width: 1440, height: 900 });
    const map = page.locator('.price-map');
    await map.scrollIntoViewIfNeeded();
    await page.waitForSelector('.price-map canvas[data-drawn="true"][data-centers]');
    const legend = map.locator('.china-map__legend');
    await expect(legend.textContent()).resolves.toContain('无数据');
    const classColors = await legend.locator('li[data-color]').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.color ?? ''));
    expect(classColors.length).toBeGreaterThanOrEqual(4); // at least three classes and 无数据
    // Each eastern province's centre is painted in one of the legend's colours, and they are not one colour.
    const fills = await fillsAt(page, EASTERN);
    const inLegend = Object.values(fills).filter((fill) => classColors.includes(fill));
    expect(inLegend.length).toBeGreaterThanOrEqual(6);
    expect(new Set(inLegend).size).toBeGreaterThanOrEqual(3);

    // Hovering 广东 names it with its rate, under the map and as the canvas's title.
    const centers = JSON.parse((await page.locator('.price-map canvas').getAttribute('data-centers')) ?? '{}') as Record<string, [number, number]>;
    const box = (await page.locator('.price-map canvas').boundingBox())!;
    await page.mouse.move(box.x + centers['440000'][0], box.y + centers['440000'][1]);
    await page.waitForFunction(() => /广东/.test(document.querySelector('.china-map__hover')?.textContent ?? ''));
    await expect(map.locator('.china-map__hover').textContent()).resolves.toMatch(/广东.*：优惠率 \d+\.\d%/);
    await expect(page.locator('.price-map canvas').getAttribute('title')).resolves.toMatch(/^广东/);

    // The table lists the provinces with their rates.
    const rows = await map.locator('.china-map__table tbody tr').evaluateAll((trs) => trs.map((tr) => (tr.textContent ?? '').trim()));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.some((r) => /^广东.*\d+\.\d%$/.test(r))).toBe(true);
    await screenshot(page, 'charts-price-map-1440');
    assertClean();
  });

  test('the price trace comparison draws a line per car for the chosen measure, named by car, with the price sign legend', async () => {
    // 宝来 (507) against Model Y (916), as the benchmark's trace compares them; 厂商指导价 (measure 3).
    const { page, assertClean } = await openSignedIn(browser(), '/price/cabmodelpricetrace?modelSubId=507&modelSubIds=916&measure=3', {
      width: 1440,
      height: 900,
    });
    const chart = await apiResult<ChartResult>(page, '/price/cabmodelpricetrace/highCharts', { modelSubId: 507, modelSubIds: 916, measure: 3 });
    const rival = chart.series[1]?.name ?? '';
    expect(rival).not.toBe('');
    expect(chart.series.map((s) => [s.type, s.yAxis, s.data.some((v) => v !== null)])).toEqual([
      ['line', 0, true],
      ['line', 0, true],
    ]);
    await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
    // The canvas's text alternative names every drawn series with its latest figure and unit.
    const label = await ariaLabel(page, '.price-chart canvas');
    expect(label).toMatch(new RegExp(`${rival} [\\d,]+元`));
    await expect(page.locator('.price-chart .chart-sign-legend').textContent()).resolves.toContain('青色 上涨');
    await screenshot(page, 'charts-price-trace-compare-1440');
    assertClean();
  });

  test('a visitor who asks for less motion gets no transitions; one who does not keeps them', async () => {
    // The run's contexts ask for less motion (contextOptions), as some analysts' systems do.
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1440, height: 900 });
    const menuTransition = () => page.locator('.side-menu').evaluate((menu) => getComputedStyle(menu).transitionDuration);
    await expect(page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).resolves.toBe(true);
    await expect(menuTransition()).resolves.toBe('1e-05s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(menuTransition()).resolves.toBe('0.2s, 0.2s');
    assertClean();
  });

  test('the sales trend says what its colours mean, overlays last year by default (显示去年同期 turns it off), and exports an image with its title above the chart', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1440, height: 900 });
    const panel = page.locator('.trend-chart').first();
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    await expect(panel.locator('.chart-sign-legend').textContent()).resolves.toMatch(/青色 增长.*粉色 下降/);
    // 近1年: the latest month and the twelve before it, with last year's same months beside them (decision 270).
    await expect(panel.locator('select.trend-chart__count option:checked').textContent()).resolves.toBe('近1年');
    expect(await drawnLabels(page)).toHaveLength(13);
    await expect(drawnDatasets(page)).resolves.toEqual(['销量', '去年同期', '同比']);
    await expect(panel.getByRole('button', { name: '显示去年同期' }).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await ariaLabel(page, '.trend-chart canvas')).toMatch(/^销量走势，\d{4}-\d{2}：销量 [\d,]+辆，去年同期 [\d,]+辆，同比 -?\d+\.\d%/);
    await screenshot(page, 'charts-sales-trend-last-year-1440');

    await Promise.all([page.waitForURL((url) => url.searchParams.get('lastYear') === '0'), panel.getByRole('button', { name: '显示去年同期' }).click()]);
    await settled(page);
    await page.waitForFunction(() => !/去年同期/.test(document.querySelector('.trend-chart canvas')?.getAttribute('aria-label') ?? ''));
    await expect(panel.getByRole('button', { name: '显示去年同期' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(drawnDatasets(page)).resolves.toEqual(['销量', '同比']);

    const canvasHeight = await page
      .locator('.trend-chart canvas')
      .first()
      .evaluate((c) => (c as HTMLCanvasElement).height);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '导出图片' }).click()]);
    // Saved, not read where it lies: the run's Chromium is reached over its socket, and its files are not this process's.
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chart-image-')), download.suggestedFilename());
    await download.saveAs(saved);
    const body = fs.readFileSync(saved);
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    // The title, the filters and 数据截至 sit above the chart, the colour legend below: taller than the canvas.
    expect(body.readUInt32BE(20)).toBeGreaterThan(canvasHeight + 40);
    assertClean();
  });

  test('近1年 under 1-2月合计 is twelve bars from last year’s January-February; a rise is teal and a fall pink on the cards and in the table', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket?time=2026-02&newYear=1', { width: 1440, height: 900 });
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    const labels = await drawnLabels(page);
    expect([labels[0], labels[1], labels.at(-1), labels.length]).toEqual(['2025-01~02', '2025-03', '2026-01~02', 12]);
    await expect(drawnDatasets(page)).resolves.toEqual(['销量', '去年同期', '同比']);

    // The spec's teal rises and pink falls (000 §9, decision 269), on white at 4.5:1: #08797a and #c41d7f.
    const TEAL = 'rgb(8, 121, 122)';
    const PINK = 'rgb(196, 29, 127)';
    const single = await openSignedIn(browser(), '/salevolume/wholemarket?time=2026-02', { width: 1440, height: 900 });
    for (const p of [page, single.page]) await p.waitForSelector('.summary-cards [data-card="yoy"]');
    const ups = [
      ...(await coloursOf(page, '.summary-cards .is-up, .ranking-table .is-up')),
      ...(await coloursOf(single.page, '.summary-cards .is-up, .ranking-table .is-up')),
    ];
    const downs = [
      ...(await coloursOf(page, '.summary-cards .is-down, .ranking-table .is-down')),
      ...(await coloursOf(single.page, '.summary-cards .is-down, .ranking-table .is-down')),
    ];
    expect(ups.length).toBeGreaterThan(0);
    expect(downs.length).toBeGreaterThan(0);
    expect(new Set(ups)).toEqual(new Set([TEAL]));
    expect(new Set(downs)).toEqual(new Set([PINK]));
    const cards = await page.locator('.summary-cards .is-up, .summary-cards .is-down').count();
    expect(cards + (await single.page.locator('.summary-cards .is-up, .summary-cards .is-down').count())).toBeGreaterThan(0);
    await screenshot(page, 'charts-sales-trend-new-year-1440');
    assertClean();
    single.assertClean();
  });
});
