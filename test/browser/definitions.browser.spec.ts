import type { Locator, Page } from 'playwright-core';
import { dataAsOfText, type DefinitionKey, definitionKeyOf, DEFINITIONS, type DataStatus } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, signedInPage } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 数据截至 and 口径 in the page (issue 30 §4, decisions 200 and 201): every analysis page states its source's
 * latest month and publish day as the API says; a column header and a card label show their definition from
 * the one dictionary on hover and on keyboard focus, and name it as their accessible description.
 */

/** The tooltip as drawn: the ::after of the element, and whether it shows. */
async function tooltipOf(target: Locator): Promise<{ shown: boolean; text: string }> {
  return target.evaluate((node) => {
    const style = getComputedStyle(node, '::after');
    return { shown: style.display !== 'none', text: style.content.replace(/^"|"$/g, '') };
  });
}

/** The accessible description's text: the element aria-describedby names. */
async function describedAs(page: Page, target: Locator): Promise<string> {
  const id = await target.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

/** The tooltip of `key` shows on hover and on keyboard focus, and is the element's accessible description. */
async function expectTip(page: Page, target: Locator, key: DefinitionKey): Promise<void> {
  expect(await tooltipOf(target)).toEqual({ shown: false, text: DEFINITIONS[key].text });
  await target.hover();
  expect(await tooltipOf(target)).toEqual({ shown: true, text: DEFINITIONS[key].text });
  await page.mouse.move(0, 0);
  expect((await tooltipOf(target)).shown).toBe(false);
  await target.focus();
  expect(await tooltipOf(target)).toEqual({ shown: true, text: DEFINITIONS[key].text });
  await expect(describedAs(page, target)).resolves.toBe(`${DEFINITIONS[key].name}：${DEFINITIONS[key].text}`);
  await target.blur();
}

/** The column headers (and the comparison's frozen rows) whose text names an entry but that carry no tooltip. */
const headersWithoutTip = async (page: Page): Promise<string[]> =>
  (
    await page
      .locator('thead th, tr.config-freeze th')
      .evaluateAll((cells) => cells.map((th) => ({ text: (th.textContent ?? '').trim(), tip: th.querySelector('.definition-tip') !== null })))
  )
    .filter((cell) => !cell.tip && definitionKeyOf(cell.text) !== undefined)
    .map((cell) => cell.text);

const PAGES: ReadonlyArray<[string, keyof DataStatus]> = [
  ['/salevolume/wholemarket', 'retail'],
  ['/salevolume/wholemarket?source=1', 'wholesale'],
  ['/salevolume/areamarket', 'retail'],
  ['/salevolume/companybrand', 'retail'],
  ['/price/marketpricetendency', 'price'],
  ['/price/cabmodelpricetrace', 'price'],
  ['/price/totalmarket', 'price'],
  ['/pricedetailmarket', 'price'],
  ['/pricevolume/pricedimension', 'retail'],
  ['/pricevolume/cabmodelprice', 'retail'],
  ['/product/configquery', 'retail'],
  ['/dashboard/7c1f3a9e5b2d4806', 'retail'],
];

describeInBrowser('数据截至 and the 口径 tooltips', () => {
  const browser = useBrowser();

  test('every analysis page says 数据截至 of its source with the day it was published, as the API says', async () => {
    const { page, assertClean } = await signedInPage(browser());
    const status = await apiResult<DataStatus>(page, '/search/dataStatus');
    expect(status.retail?.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [path, source] of PAGES) {
      await page.goto(`${testEnv().baseUrl}${path}`);
      await ready(page);
      const line = page.locator(`.data-as-of[data-source="${source}"]`);
      await expect(line.textContent()).resolves.toBe(dataAsOfText(status[source] ?? undefined));
      expect(await line.textContent()).toMatch(/^数据截至 \d{4}-\d{2}（\d{4}-\d{2}-\d{2} 发布）$/);
    }
    assertClean();
  });

  test('a column header shows its definition on hover and on keyboard focus, and keeps its label', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const header = page.locator('.ranking-table .sort-header__link[data-column="yoy"]').first();
    await expect(header.textContent()).resolves.toBe('同比');
    expect(await tooltipOf(header)).toEqual({ shown: false, text: DEFINITIONS.yoy.text });
    await header.hover();
    expect(await tooltipOf(header)).toEqual({ shown: true, text: DEFINITIONS.yoy.text });
    await page.mouse.move(0, 0);
    await header.focus();
    expect((await tooltipOf(header)).shown).toBe(true);
    await expect(describedAs(page, header)).resolves.toBe(`${DEFINITIONS.yoy.name}：${DEFINITIONS.yoy.text}`);
    assertClean();
  });

  test('a card label shows its definition on hover and keyboard focus: the sales cards and the price cards', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const label = page.locator('.summary-card[data-card="yearYoy"] .definition-tip');
    await expect(label.textContent()).resolves.toBe('累计同比');
    await page.keyboard.press('Tab');
    await label.focus();
    expect(await tooltipOf(label)).toEqual({ shown: true, text: DEFINITIONS.ytdYoy.text });
    await expect(describedAs(page, label)).resolves.toBe(`${DEFINITIONS.ytdYoy.name}：${DEFINITIONS.ytdYoy.text}`);

    await page.goto(`${new URL(page.url()).origin}/price/marketpricetendency`);
    await ready(page);
    const rate = page.locator('.price-cards .summary-card[data-card="discountRate"] .summary-card__title .definition-tip');
    await expect(rate.textContent()).resolves.toMatch(/^\d{1,2}月优惠率$/);
    await rate.hover();
    expect(await tooltipOf(rate)).toEqual({ shown: true, text: DEFINITIONS.discountRate.text });
    assertClean();
  });

  test('the dashboard’s tables, the configuration comparison’s frozen rows and the price cards’ 环比 and 较1月 show theirs too', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/dashboard/7c1f3a9e5b2d4806');
    const yoy = page.locator('.dashboard-table thead th .definition-tip', { hasText: /^同比$/ }).first();
    await expectTip(page, yoy, 'yoy');
    await expectTip(page, page.locator('.dashboard-table thead th .definition-tip', { hasText: /^销量（千辆）$/ }).first(), 'sales');
    await expectTip(page, page.locator('.dashboard-figure__growth .definition-tip').first(), 'yoy');
    expect(await headersWithoutTip(page)).toEqual([]);

    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/product/configquery?ids=545,585`);
    await ready(page);
    const freezes = page.locator('.config-head tr.config-freeze th');
    await expect(freezes.first().textContent()).resolves.toBe('子车系');
    expect(await freezes.first().locator('.definition-tip').count()).toBe(0);
    const msrp = freezes.locator('.definition-tip', { hasText: /^厂商指导价/ });
    await expectTip(page, msrp, 'msrp');
    await expectTip(page, freezes.locator('.definition-tip', { hasText: /^加权成交价/ }), 'tp');
    expect(await headersWithoutTip(page)).toEqual([]);

    await page.goto(`${origin}/price/marketpricetendency`);
    await ready(page);
    const tp = page.locator('.price-cards .summary-card[data-card="tp"]');
    await expectTip(page, tp.locator('.price-card__change[data-change="环比"] .definition-tip'), 'mom');
    await expectTip(page, tp.locator('.price-card__change[data-change="较1月"] .definition-tip'), 'sinceJanuary');
    await expect(tp.locator('.price-card__change[data-change="环比"]').textContent()).resolves.toMatch(/^环比 /);
    expect(await headersWithoutTip(page)).toEqual([]);

    await page.goto(`${origin}/pricevolume/cabmodelprice`);
    await ready(page);
    expect(await headersWithoutTip(page)).toEqual([]);
    await expectTip(page, page.locator('.band-table__scroll thead th .definition-tip').first(), 'priceBand');
    assertClean();
  });
});
