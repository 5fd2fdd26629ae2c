import type { Page } from 'playwright-core';
import { type PriceTable, priceTableCell } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * 整体市场价格指数's month table at 1280 px (issue 45 §5, decision 283): wider than the page, it opens at the latest
 * month beside the sticky first column, a shadow marks the side where months hide (TableScroll, so every wide kit
 * table has it), and the unit is written once beside the title, not in each cell.
 */
const PAGE = '/price/marketpricetendency';

/** Where the month table's box, its first header and its latest month's header are, and which sides hide columns. */
async function tableView(page: Page) {
  return page.locator('.price-table .table-scroll').evaluate((box) => {
    const frame = box.closest('.table-scroll-frame')!;
    const heads = [...box.querySelectorAll('thead th')];
    const rect = (e: Element) => e.getBoundingClientRect();
    const firstCell = box.querySelector('tbody tr > td:first-child')!;
    return {
      wide: box.classList.contains('is-wide'),
      box: { left: rect(box).left, right: rect(box).right },
      first: { left: rect(heads[0]).left, right: rect(heads[0]).right },
      latest: { left: rect(heads.at(-1)!).left, right: rect(heads.at(-1)!).right, text: (heads.at(-1)!.textContent ?? '').trim() },
      moreLeft: frame.classList.contains('has-more-left'),
      moreRight: frame.classList.contains('has-more-right'),
      firstColumnShadow: getComputedStyle(firstCell).boxShadow,
      rightShadow: getComputedStyle(frame, '::after').opacity,
    };
  });
}

/**
 * Once the box has marked its hidden sides, and their shadows' fade (a transition, if only of 0.01 ms under reduced
 * motion) has ended: read in the frame the class lands in, a shadow's opacity is still the old one (CI, 2026-12-07).
 */
async function settledSides(page: Page, side: 'has-more-left' | 'has-more-right'): Promise<void> {
  await page.waitForFunction((wanted) => document.querySelector('.price-table .table-scroll-frame')?.classList.contains(wanted), side);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

const cellTexts = (page: Page) =>
  page
    .locator('.price-table tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => (td.textContent ?? '').trim())));

describeInBrowser('the month table of 整体市场价格指数 at 1280 px', () => {
  const browser = useBrowser();

  test('opens at the latest month beside the sticky first column, a shadow where months hide, the unit once beside the title', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1280, height: 800 });
    await page.locator('.price-table').scrollIntoViewIfNeeded();
    const table = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { type: 0, type2: 2 });

    // The box scrolls to its end after it is laid out (TableScroll's effect), then marks the side where months hide.
    await settledSides(page, 'has-more-left');
    const opened = await tableView(page);
    // Thirteen months do not fit beside both side panels at 1280: the box scrolls, and opens at its end.
    expect(opened.wide).toBe(true);
    expect(opened.latest.text).toBe(table.months.at(-1));
    expect(opened.latest.right).toBeLessThanOrEqual(opened.box.right + 1);
    expect(opened.latest.left).toBeGreaterThanOrEqual(opened.first.right - 1);
    // The first column stays at the box's left edge, its shadow over the months scrolled under it; none hide on the right.
    expect(Math.abs(opened.first.left - opened.box.left)).toBeLessThanOrEqual(1);
    expect([opened.moreLeft, opened.moreRight]).toEqual([true, false]);
    expect(opened.firstColumnShadow).not.toBe('none');
    expect(opened.rightShadow).toBe('0');
    await screenshot(page.locator('.price-table'), 'h7-month-table-1280-latest');

    // Scrolled back to the oldest month: the shadow moves to the right edge.
    await page.locator('.price-table .table-scroll').evaluate((box) => box.scrollTo({ left: 0 }));
    await settledSides(page, 'has-more-right');
    const start = await tableView(page);
    expect([start.moreLeft, start.moreRight]).toEqual([false, true]);
    expect(start.firstColumnShadow).toBe('none');
    expect(start.rightShadow).toBe('1');
    await screenshot(page.locator('.price-table'), 'h7-month-table-1280-oldest');

    // 元 once, beside the title; the cells are the API's figures without it.
    await expect(page.locator('.price-table .price-table__unit').textContent()).resolves.toBe('单位：元');
    const cells = await cellTexts(page);
    expect(cells).toEqual(table.rows.map((r) => r.texts.map((t) => t.replace(/元$/, ''))));
    expect(cells.flat().some((t) => t.includes('元'))).toBe(false);

    // The rate: % once, none in the cells.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('type2') === '1'),
      page.locator('.price-table').getByRole('button', { name: '优惠率' }).click(),
    ]);
    await settled(page);
    const rates = await apiResult<PriceTable>(page, '/price/marketPriceWhole/detailTable', { type: 0, type2: 1 });
    await expect(page.locator('.price-table .price-table__unit').textContent()).resolves.toBe('单位：%');
    expect(await cellTexts(page)).toEqual(rates.rows.map((r) => r.values.map((v) => priceTableCell(1, v))));
    expect((await cellTexts(page)).flat().some((t) => t.includes('%'))).toBe(false);
    assertClean();
  });
});
