import type { Page } from 'playwright-core';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, canvasHasInk, cardsOf, download, settled, openSignedIn, type SummaryAnswer, drawnCards } from '../support/sales-pages';

/**
 * 区域市场表现: the map draws and drills nation → 华南 → 广东 through clicks on the map and back up with
 * 返回上级; the cards follow the chosen node and equal the API's; load more and the download work.
 */
const PAGE = '/salevolume/areamarket';
const MAP = 'canvas[aria-label$="销量地图"]';

/** Clicks the unit `code` on the map of `title` (全国, 华南, 广东省), once that map is the one drawn: until then the canvas keeps the last map's centres. */
async function clickOnMap(page: Page, title: string, code: string): Promise<void> {
  const canvas = page.locator(`canvas[aria-label="${title}销量地图"][data-drawn="true"]`);
  await canvas.waitFor();
  const centers = JSON.parse((await canvas.getAttribute('data-centers')) ?? '{}') as Record<string, [number, number]>;
  expect(centers[code]).toBeDefined();
  const [x, y] = centers[code];
  await canvas.click({ position: { x, y } });
}

/** Waits until the map's path (全国 › 华南 › …) names `name`: the address moves a moment before React draws it. */
const pathShows = (page: Page, name: string) => page.locator('.area-map__path', { hasText: name }).waitFor();

describeInBrowser('the area-market page', () => {
  const browser = useBrowser();

  test('the map drills from the nation to a region and a province and back, the cards following', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}`);
    await page.waitForSelector(`${MAP}[data-drawn="true"]`);
    expect(await canvasHasInk(page, MAP)).toBe(true);
    const nation = await apiResult<SummaryAnswer>(page, '/saleVolume/areaMarket/whole');
    expect(await drawnCards(page, nation)).toEqual(cardsOf(nation));
    await page.waitForSelector('.trend-chart canvas[data-drawn="true"]');
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    await screenshot(page, 'areamarket-nation');

    await clickOnMap(page, '全国', '440000'); // 广东 on the national map opens 华南
    await page.waitForURL((url) => url.searchParams.get('area') === '5' && url.searchParams.get('level') === '1');
    await settled(page);
    await pathShows(page, '华南');

    await clickOnMap(page, '华南', '440000'); // then the province itself
    await page.waitForURL((url) => url.searchParams.get('area') === '440000' && url.searchParams.get('level') === '2');
    await settled(page);
    await page.waitForSelector(`${MAP}[data-drawn="true"]`);
    const guangdong = await apiResult<SummaryAnswer>(page, '/saleVolume/areaMarket/whole', { area: 440000, level: 2 });
    expect(await drawnCards(page, guangdong)).toEqual(cardsOf(guangdong));
    await expect(page.locator('.header-tags').textContent()).resolves.toContain('广东');
    await screenshot(page, 'areamarket-guangdong');

    await clickOnMap(page, '广东省', '440300'); // a city: 深圳
    await page.waitForURL((url) => url.searchParams.get('area') === '440300' && url.searchParams.get('level') === '3');
    await settled(page);
    await pathShows(page, '深圳');

    for (const expected of [
      ['440000', '2'],
      ['5', '1'],
      [null, null],
    ]) {
      await page.getByRole('button', { name: '返回上级' }).click();
      await page.waitForURL((url) => url.searchParams.get('area') === expected[0] && url.searchParams.get('level') === expected[1]);
      await settled(page);
    }
    const nationAgain = await apiResult<SummaryAnswer>(page, '/saleVolume/areaMarket/whole');
    expect(await drawnCards(page, nationAgain)).toEqual(cardsOf(nationAgain));
    assertClean();
  });

  test('the tree table opens a region into its provinces, and the brand table loads more to its end', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1920, height: 1080 });
    const firstRegion = page.locator('.ranking-table tbody tr').first();
    await firstRegion.getByRole('button', { name: '展开' }).click();
    await expect(page.locator('.ranking-table tbody tr').count()).resolves.toBeGreaterThan(8);

    await page.locator('.ranking-table__dimensions .ui.button', { hasText: '品牌' }).click();
    await page.waitForURL((url) => url.searchParams.get('dimension') === '3');
    await settled(page);
    const total = (await apiResult<{ total: number }>(page, '/saleVolume/areaMarket/bound', { currentPage: 1, pageSize: 10 })).total;
    let shown = 10;
    while (shown < total) {
      await page.getByText('加载更多').click();
      shown = Math.min(total, shown + 10);
      await page.waitForFunction((n) => document.querySelectorAll('.ranking-table tbody tr').length === n, shown);
    }
    await expect(page.getByText('没有更多数据了哦').isVisible()).resolves.toBe(true);

    const href = await page.locator('.ranking-table a[download]').getAttribute('href');
    const file = await download(page, href!);
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
    expect(decodeURIComponent(file.disposition)).toContain('.xlsx');
    await screenshot(page, 'areamarket-1920');
    assertClean();
  });
});
