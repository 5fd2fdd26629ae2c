import type { Page } from 'playwright-core';
import type { TablePage } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * The page kit's tables (issue 28): a click on a header sorts (descending, ascending, the default order)
 * with aria-sort, an arrow and the order in the URL; a paged table sorts in SQL so 加载更多 continues the
 * order; a whole table sorts in the page with its subtotals kept in their group; and the tables fit the
 * page at 1280, 1440 and 1920 px with both side panels open, with no fixed-height inner scroll box.
 */
const SHOT = process.env.TABLES_SHOT ?? 'after';
const PAGES = { wholemarket: '/salevolume/wholemarket', areamarket: '/salevolume/areamarket', companybrand: '/salevolume/companybrand' };
const WIDTHS = [1280, 1440, 1920];

/** Clicks a sortable header of the ranking table and waits for the URL's `sort` and the page to settle. */
async function clickHeader(page: Page, column: string, expected: string | null): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('sort') === expected),
    page.locator(`.ranking-table thead a.sort-header__link[data-column="${column}"]`).click(),
  ]);
  await settled(page);
}

const ariaSortOf = (page: Page, column: string) =>
  page.locator(`.ranking-table thead a.sort-header__link[data-column="${column}"]`).evaluate((a) => a.closest('th')?.getAttribute('aria-sort') ?? null);

/** The arrow the sorted header draws (a pseudo-element: the header's text stays its label). */
const arrowOf = (page: Page) => page.locator('.ranking-table th[aria-sort] .sort-header__arrow').evaluate((span) => getComputedStyle(span, '::after').content);

/** The ranking table's rows as shown: name, the month's sales as a number, whether a subtotal or total, the group cell. */
async function shownRows(page: Page): Promise<Array<{ id: string; name: string; sales: number; heji: boolean }>> {
  return page.locator('.ranking-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const salesCell = tr.querySelector('td.ranking-table__num');
      return {
        id: (tr as HTMLElement).dataset.rowId ?? '',
        name: (tr.querySelector('.ranking-table__name')?.textContent ?? '').trim(),
        sales: Number((salesCell?.textContent ?? '').replace(/[^\d.-]/g, '')),
        heji: tr.classList.contains('is-subtotal'),
      };
    }),
  );
}

describeInBrowser('the kit tables', () => {
  const browser = useBrowser();

  test('a header click sorts descending, then ascending, then back to the default, with aria-sort, an arrow and the URL', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGES.wholemarket, { width: 1440, height: 900 });
    const before = await shownRows(page);
    expect(await ariaSortOf(page, 'sales')).toBeNull();

    await clickHeader(page, 'sales', 'sales.desc');
    expect(await ariaSortOf(page, 'sales')).toBe('descending');
    expect(await arrowOf(page)).toBe('"▼"');
    const descending = await shownRows(page);
    // The segment table sorts within each category: every run of rows up to a subtotal falls, the subtotal at its foot, 合计 last.
    let run: number[] = [];
    for (const row of descending.slice(0, -1)) {
      if (row.heji) {
        expect(run).toEqual([...run].sort((a, b) => b - a));
        run = [];
      } else run.push(row.sales);
    }
    expect(descending.at(-1)?.name).toContain('合计');
    expect(descending.filter((r) => r.heji).map((r) => r.name)).toEqual(before.filter((r) => r.heji).map((r) => r.name));
    expect(descending.map((r) => r.name).sort()).toEqual(before.map((r) => r.name).sort());

    await clickHeader(page, 'sales', 'sales.asc');
    expect(await ariaSortOf(page, 'sales')).toBe('ascending');
    expect(await arrowOf(page)).toBe('"▲"');
    const ascending = await shownRows(page);
    const firstGroup = ascending
      .slice(
        0,
        ascending.findIndex((r) => r.heji),
      )
      .map((r) => r.sales);
    expect(firstGroup).toEqual([...firstGroup].sort((a, b) => a - b));

    await clickHeader(page, 'sales', null);
    expect(await ariaSortOf(page, 'sales')).toBeNull();
    expect(await shownRows(page)).toEqual(before);

    // A reload keeps the order: it is the URL's.
    await page.goto(`${new URL(page.url()).origin}${PAGES.wholemarket}?sort=yoy.asc`);
    await ready(page);
    expect(await ariaSortOf(page, 'yoy')).toBe('ascending');
    // An unknown column reads as the default order.
    await page.goto(`${new URL(page.url()).origin}${PAGES.wholemarket}?sort=nothing.desc`);
    await ready(page);
    expect(await page.locator('.ranking-table th[aria-sort]').count()).toBe(0);
    expect(await shownRows(page)).toEqual(before);
    assertClean();
  });

  test('a paged table sorts in the API: 加载更多 shows rows continuing the order', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGES.wholemarket}?dimension=5`, { width: 1440, height: 900 });
    await clickHeader(page, 'yoy', 'yoy.desc');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('page') === '2'), page.locator('.ranking-table__more').click()]);
    await settled(page);
    // The address moves when the loader is done, a moment before React has drawn the ten more rows.
    await page.locator('.ranking-table tbody tr').nth(19).waitFor();
    const shown = (await shownRows(page)).map((r) => r.id);
    expect(shown).toHaveLength(20);
    const api = await apiResult<TablePage>(page, '/saleVolume/wholeMarket/producer', { sort: 'yoy.desc', currentPage: 2, pageSize: 10 });
    expect(shown.slice(10)).toEqual(api.list.map((r) => String(r.id)));
    const unsorted = await apiResult<TablePage>(page, '/saleVolume/wholeMarket/producer', { currentPage: 1, pageSize: 20 });
    expect(shown).not.toEqual(unsorted.list.map((r) => String(r.id)));
    // The name column of a paged table is not a sort link (its order would not be the database's).
    expect(await page.locator('.ranking-table thead a.sort-header__link[data-column="name"]').count()).toBe(0);
    assertClean();
  });

  for (const width of [1280, 1440]) {
    test(`at ${width} px with both side panels open the last header is whole and there is no inner scroll box`, async () => {
      // Three pages of producers: a table taller than the window.
      const { page, assertClean } = await openSignedIn(browser(), `${PAGES.wholemarket}?dimension=5&page=3`, { width, height: 900 });
      await expect(page.locator('.filter-sidebar.is-open').count()).resolves.toBe(1);
      await expect(page.locator('.side-menu--collapsed').count()).resolves.toBe(0);
      const last = await page
        .locator('.ranking-table thead th')
        .last()
        .evaluate((th) => {
          const box = th.getBoundingClientRect();
          const region = th.closest('.table-scroll')!.getBoundingClientRect();
          return {
            text: th.textContent,
            clipped: th.scrollWidth > th.clientWidth,
            visible: box.right <= region.right + 1 && box.left >= region.left - 1,
            regionWide: th.closest('.table-scroll')!.classList.contains('is-wide'),
            widths: `${Math.round(th.closest('table')!.getBoundingClientRect().width)} in ${Math.round(region.width)}`,
          };
        });
      expect(last.text).toMatch(/^累计份额变化/);
      // The header's text is its label: the sort arrow is drawn by the stylesheet.
      expect(await page.locator('.ranking-table thead th').allTextContents()).toContain('当月销量');
      expect(last).toMatchObject({ clipped: false, visible: true, regionWide: false });
      // No box of a fixed height scrolls the table inside the page.
      const innerBoxes = await page.locator('.ranking-table *').evaluateAll(
        (nodes) =>
          nodes.filter((n) => {
            const style = getComputedStyle(n);
            return style.maxHeight !== 'none' && /(auto|scroll)/.test(style.overflowY);
          }).length,
      );
      expect(innerBoxes).toBe(0);
      // The header sticks under the page header while the page scrolls.
      await page.locator('.shell__main').evaluate((main) => {
        const table = main.querySelector('.ranking-table table')!;
        main.scrollTop += table.getBoundingClientRect().top - main.getBoundingClientRect().top + 150;
      });
      const stuck = await page
        .locator('.ranking-table thead th')
        .first()
        .evaluate((th) => {
          const main = document.querySelector('.shell__main')!;
          const scrollers: string[] = [];
          for (let n = th.parentElement; n && n !== main; n = n.parentElement) {
            const style = getComputedStyle(n);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible') scrollers.push(`${n.tagName}.${n.className}`);
          }
          return { offset: Math.round(th.getBoundingClientRect().top - main.getBoundingClientRect().top), scrollers, position: getComputedStyle(th).position };
        });
      expect(stuck).toEqual({ offset: 0, scrollers: [], position: 'sticky' });
      assertClean();
    });
  }

  for (const [name, path] of Object.entries(PAGES)) {
    test(`screenshots of ${name} at 1280, 1440 and 1920 px with both side panels open`, async () => {
      for (const width of WIDTHS) {
        const { page, assertClean } = await openSignedIn(browser(), path, { width, height: 900 });
        await screenshot(page, `tables-${SHOT}-${name}-${width}`);
        // The page scrolls inside its main area: bring the table's head to the top for a second picture.
        await page
          .locator('.ranking-table')
          .first()
          .evaluate((node) => node.scrollIntoView({ block: 'start' }));
        await page.locator('.shell__main').evaluate((node) => node.scrollBy(0, 200));
        await screenshot(page, `tables-${SHOT}-${name}-${width}-table`);
        assertClean();
        await page.context().close();
      }
    }, 180_000);
  }
});
