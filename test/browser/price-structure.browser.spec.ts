import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import type { PriceStructureTable } from '@car/contracts';
import { describeInBrowser, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { apiResult, canvasHasInk, download, openSignedIn, settled } from '../support/sales-pages';
import { sheetTable } from '../support/workbook-table';

/**
 * The price-structure pair as an analyst uses it: each page opened from the 价格分析 menu, every toggle
 * (TP / MSRP, 月均 / 累计, the chart's view and sales / MIX, the table's tabs and sales / MIX) flipped
 * into the URL with the table equal to the API's answer for it, the settings form's bands, a bad band
 * as the API's message in a toast, and the table's workbook.
 */

async function tableTexts(page: Page): Promise<string[][]> {
  return page
    .locator('.structure-table tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

const rowsOf = (table: PriceStructureTable) => table.rows.map((r) => [r.name, ...r.texts]);

/** The API's params for the page's current URL (the page's `chart` and `view` are the chart's, not the table's). */
function tableParams(page: Page): Record<string, string> {
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  delete params.chart;
  delete params.view;
  return params;
}

/** Clicks a toggle and waits for its param in the URL, the page to settle and the chart to be drawn again. */
async function flip(page: Page, scope: string, name: string, param: string, value: string): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get(param) === value),
    page
      .locator(scope)
      .getByRole(param === 'tab' ? 'link' : 'button', { name, exact: true })
      .click(),
  ]);
  await settled(page);
}

async function tableMatchesApi(page: Page, path: string): Promise<PriceStructureTable> {
  const table = await apiResult<PriceStructureTable>(page, path, tableParams(page));
  await page
    .locator('.structure-table tbody tr', { hasText: table.rows[0]?.name ?? '' })
    .first()
    .waitFor();
  expect(await tableTexts(page)).toEqual(rowsOf(table));
  return table;
}

/** The texts of the cells matching `selector` that the browser broke over more than one line. */
async function wrapped(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells
      .filter((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        // Two lines are twice a line high; one line mixing CJK and Latin glyphs is a little over one.
        return range.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(cell).fontSize);
      })
      .map((cell) => (cell.textContent ?? '').trim()),
  );
}

async function chartDrawn(page: Page): Promise<void> {
  await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
  expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
}

describeInBrowser('the price-structure pages', () => {
  const browser = useBrowser();

  for (const { title, path, api } of [
    { title: '整体市场价格结构', path: '/price/totalmarket', api: '/price/totalMarket' },
    { title: '细分市场价格结构', path: '/pricedetailmarket', api: '/price/priceDetailMarket' },
  ]) {
    test(`${title}: opened from the menu; every toggle goes to the URL and the table equals the API; the bands come from the settings`, async () => {
      const { page, assertClean } = await openSignedIn(browser(), '/price/marketpricetendency', { width: 1600, height: 1000 });
      await Promise.all([page.waitForURL((url) => url.pathname === path), page.locator('.side-menu').getByRole('link', { name: title }).click()]);
      await page.locator('.sales-page__title', { hasText: title }).waitFor();
      await settled(page);
      await chartDrawn(page);
      const overview = await tableMatchesApi(page, `${api}/table`);
      expect(overview.columns.map((c) => c.label)).toEqual([
        '月均销量',
        '去年同期月均销量',
        '同比',
        'MIX',
        'MIX变化(百分点)',
        '成交价',
        '厂商指导价',
        '优惠',
        '优惠率',
      ]);
      // Bands cheap to expensive by default (decision 174).
      expect(overview.rows.map((r) => r.name)).toEqual([
        '5万以下',
        '5-10万',
        '10-15万',
        '15-20万',
        '20-25万',
        '25-30万',
        '30-35万',
        '35-40万',
        '40万以上',
        '合计',
      ]);
      await screenshot(page, `price-structure-${path.split('/').pop()}`);
      // The side panel's native selects show their text whole: Semantic's selection style once left them a
      // 14px line that cut the CJK glyphs top and bottom (当期销量最大的细分市场).
      for (const select of await page.locator('.filter-panel select.native-select:visible').all()) {
        const room = await select.evaluate((el) => {
          const style = getComputedStyle(el);
          return { inner: el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom), font: parseFloat(style.fontSize) };
        });
        expect(room.inner).toBeGreaterThanOrEqual(room.font * 1.3);
      }

      // The page's toggles: TP / MSRP and 月均 / 累计 change both panels.
      await flip(page, '.structure-toolbar', 'MSRP', 'data1', '1');
      await flip(page, '.structure-toolbar', '累计', 'averageMonth', '1');
      const cumulative = await tableMatchesApi(page, `${api}/table`);
      expect(cumulative.columns[0].label).toBe('累计销量');

      // The chart's view and sales / MIX.
      for (const [name, value] of [
        ['价格段', '1'],
        ['厂商', '2'],
        ['时间', '0'],
      ] as const) {
        await flip(page, '.trend-chart', name, 'view', value);
        await chartDrawn(page);
      }
      await flip(page, '.trend-chart', 'MIX', 'chart', '1');
      await chartDrawn(page);

      // The table's tabs, and its own sales / MIX.
      for (const [name, value] of [
        ['系别', '1'],
        ['品牌', '2'],
        ['厂商', '3'],
        ['厂商品牌', '4'],
      ] as const) {
        await flip(page, '.band-table', name, 'tab', value);
        const table = await tableMatchesApi(page, `${api}/table`);
        expect(table.rows[0].total).toBe(true);
        // Each row's name on one line: the number columns once squeezed 比亚迪汽车-比亚迪 into three.
        expect(await wrapped(page, '.structure-table tbody td:first-child')).toEqual([]);
      }
      await flip(page, '.band-table', 'MIX', 'data2', '1');
      const mix = await tableMatchesApi(page, `${api}/table`);
      expect(mix.rows[0].texts[mix.rows[0].texts.length - 1]).toBe('100.0%');
      await flip(page, '.band-table', '价格总览', 'tab', '0');
      await tableMatchesApi(page, `${api}/table`);

      // The settings form: bands of 2.5万 from 10万 to 30万, ascending; the toggles ride along.
      await page.locator('.filter-group__head', { hasText: '价格段设置' }).click();
      await page.fill('input[name="priceLow"]', '10');
      await page.fill('input[name="priceHigh"]', '30');
      await page.fill('input[name="segment"]', '2.5');
      await page.locator('.choice-list__item', { hasText: '升序' }).click();
      await Promise.all([page.waitForURL((url) => url.searchParams.get('segment') === '2.5'), page.getByRole('button', { name: '查询', exact: true }).click()]);
      await settled(page);
      expect(new URL(page.url()).searchParams.get('averageMonth')).toBe('1');
      const bands = await tableMatchesApi(page, `${api}/table`);
      expect(bands.rows.map((r) => r.name).slice(0, 3)).toEqual(['10万以下', '10-12.5万', '12.5-15万']);

      const href = await page.locator('.band-table a[download]').getAttribute('href');
      const file = await download(page, href!);
      expect(file.contentType).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body as unknown as ArrayBuffer);
      const sheet = sheetTable(book.worksheets[0]);
      expect(sheet.rows[0].getCell(1).value).toBe('10万以下');
      expect(sheet.headers[1]).toBe('累计销量');

      // 重置 returns to the default bands.
      await Promise.all([
        page.waitForURL((url) => !url.searchParams.has('segment')),
        page.locator('.filter-panel').getByRole('button', { name: '重置' }).click(),
      ]);
      await settled(page);
      await page.locator('.structure-table tbody tr', { hasText: '40万以上' }).first().waitFor();

      // A bad band is the API's Chinese message in a toast, and the page stays.
      await toastAfter(page, '价格下限应小于价格上限', async () => {
        await page.goto(`${page.url().split('?')[0]}?priceLow=40&priceHigh=5`);
        await ready(page);
      });
      await page.locator('.sales-page__title', { hasText: title }).waitFor();
      assertClean();
    });
  }
});
