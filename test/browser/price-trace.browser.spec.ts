import type { Page } from 'playwright-core';
import { type ChartResult, type Nationwide, type PriceTraceGap, type SubSeriesCars, TRACE_LINES, traceLineColor } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * 车系价格追踪 with rivals (issue 45 §2, decisions 275 and 276), as an analyst reads it at 1440 and 1280: one measure
 * at a time (成交价 by default, the switch on the chart for 优惠 / 优惠率 / 厂商指导价), a line per car in a colour
 * that stays with the car across measures and reloads, the subject's line thicker; the TP-gap table; the
 * pickers wrapping instead of squeezing 对比车型; 区域表现's 最低价 and 最高优惠 naming their province.
 */

interface DrawnLine {
  name: string;
  color: string;
  width: number;
}

async function drawnLines(page: Page): Promise<DrawnLine[]> {
  return JSON.parse((await page.locator('.price-chart').getAttribute('data-lines')) ?? '[]') as DrawnLine[];
}

async function drawnDatasets(page: Page): Promise<string[]> {
  return JSON.parse((await page.locator('.price-chart canvas').getAttribute('data-datasets')) ?? '[]') as string[];
}

/** The lines the page should draw for a chart answer: a line per car, the subject's first and thicker, colours by place. */
const expectedLines = (chart: ChartResult): DrawnLine[] =>
  chart.series.map((s, i) => ({ name: s.name, color: traceLineColor(i), width: i === 0 ? TRACE_LINES.own.width : TRACE_LINES.rival.width }));

/** The measure the chart's switch shows as chosen (ParamToggle marks it active). */
async function chosenMeasure(page: Page): Promise<string[]> {
  return page.locator('.price-chart .panel__tools .ui.buttons .active.button').allTextContents();
}

async function gapTexts(page: Page): Promise<string[][]> {
  return page.locator('.trace-gap tbody tr').evaluateAll((rows) =>
    rows.map((r) =>
      [...r.querySelectorAll('td')].map(
        (td) =>
          [...td.querySelectorAll('span')]
            .map((s) => (s.textContent ?? '').trim())
            .filter(Boolean)
            .join(' ') || (td.textContent ?? '').trim(),
      ),
    ),
  );
}

describeInBrowser('车系价格追踪 with rivals', () => {
  const browser = useBrowser();
  // 宝来 (507) against Model Y (916) and two of Model Y's trims, as the benchmark's trace compares them.
  const OWN = 507;
  const RIVAL = 916;

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}: one measure at a time, a fixed colour per car, the TP gaps, the pickers in full and 区域表现's provinces`, async () => {
      const { page, assertClean } = await openSignedIn(browser(), `/price/cabmodelpricetrace?modelSubId=${OWN}`, viewport);
      const [rivalCars] = await apiResult<SubSeriesCars[]>(page, '/search/getCars', { modelSubIds: RIVAL });
      const trims = rivalCars.cars.slice(0, 2).map((c) => c.id);
      expect(trims).toHaveLength(2);
      const query = { modelSubId: OWN, modelSubIds: String(RIVAL), carIds: trims.join(',') };
      await page.goto(page.url().replace(/\?.*$/, `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`));
      await settled(page);

      // The default measure is 成交价: a line per car (the subject, the rival series, its two trims), one legend entry each.
      const tp = await apiResult<ChartResult>(page, '/price/cabmodelpricetrace/highCharts', query);
      expect(tp.yAxis).toEqual([{ title: '成交价（元）' }]);
      expect(tp.series).toHaveLength(4);
      await expect(chosenMeasure(page)).resolves.toEqual(['成交价']);
      await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
      await expect(drawnDatasets(page)).resolves.toEqual(tp.series.map((s) => s.name));
      const lines = await drawnLines(page);
      expect(lines).toEqual(expectedLines(tp));
      expect(new Set(lines.map((l) => l.color)).size).toBe(lines.length);

      // The picker row wraps: 对比车型 keeps a usable width instead of about 50 px.
      const widths = await page.locator('.trace-pickers .pick-input').evaluateAll((fields) => fields.map((f) => Math.round(f.getBoundingClientRect().width)));
      expect(widths).toHaveLength(4);
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(200);

      // 成交价差: the subject's TP minus each rival's, as the API answers, each row in its car's colour.
      const gap = await apiResult<PriceTraceGap>(page, '/price/cabmodelpricetrace/tpGap', query);
      expect(gap.rows.map((r) => r.name)).toEqual(tp.series.slice(1).map((s) => s.name));
      expect(gap.rows[0].gaps.some((g) => g !== null)).toBe(true);
      await expect(gapTexts(page)).resolves.toEqual(
        gap.rows.map((r) => [r.name, ...r.gapTexts.map((text, i) => (text === '-' ? text : `${text} ${r.percentTexts[i]}`))]),
      );
      const swatches = await page.locator('.trace-gap__swatch').evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).backgroundColor));
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      expect(swatches).toEqual(lines.slice(1).map((l) => rgb(l.color)));

      // 区域表现 names the province of the lowest price and of the highest discount.
      const nationwide = await apiResult<Nationwide>(page, '/price/cabmodelpricetrace/nationwide', { modelSubId: OWN });
      expect(nationwide.lowPriceProvince).toMatch(/\S/);
      expect(nationwide.highDiscountProvince).toMatch(/\S/);
      await expect(page.locator('.nationwide__item[data-item="最低价"] .nationwide__value').textContent()).resolves.toBe(
        `${nationwide.lowPriceStr}（${nationwide.lowPriceProvince}）`,
      );
      await expect(page.locator('.nationwide__item[data-item="最高优惠"] .nationwide__value').textContent()).resolves.toBe(
        `${nationwide.highDiscountStr}（${nationwide.highDiscountProvince}）`,
      );
      await screenshot(page, `price-trace-rivals-${viewport.width}`);
      await screenshot(page.locator('.trace-gap'), `price-trace-gap-${viewport.width}`);
      await screenshot(page.locator('section[aria-label="区域表现"]'), `price-trace-nationwide-${viewport.width}`);

      // 优惠率: the URL says so, the chart draws that measure only, every car keeps its colour; a reload keeps both.
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('measure') === '1'),
        page.locator('.price-chart').getByRole('button', { name: '优惠率', exact: true }).click(),
      ]);
      await settled(page);
      const rate = await apiResult<ChartResult>(page, '/price/cabmodelpricetrace/highCharts', { ...query, measure: 1 });
      expect(rate.yAxis).toEqual([{ title: '优惠率（%）' }]);
      await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
      await expect(drawnDatasets(page)).resolves.toEqual(rate.series.map((s) => s.name));
      await expect(drawnLines(page)).resolves.toEqual(lines);
      await page.reload();
      await settled(page);
      await page.waitForSelector('.price-chart canvas[data-drawn="true"]');
      await expect(drawnLines(page)).resolves.toEqual(lines);
      await expect(chosenMeasure(page)).resolves.toEqual(['优惠率']);
      // The deck draws what the page shows: its link carries the measure.
      expect(new URL((await page.locator('.sales-page__deck').getAttribute('href'))!, 'http://x').searchParams.get('measure')).toBe('1');
      // 查询 with the pickers keeps the measure.
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('measure') === '1' && url.searchParams.get('carIds') === trims.join(',')),
        page.locator('.trace-pickers').getByRole('button', { name: '查询', exact: true }).click(),
      ]);
      await settled(page);
      await screenshot(page, `price-trace-rivals-rate-${viewport.width}`);
      assertClean();
    });
  }
});
