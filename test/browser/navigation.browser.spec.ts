import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { DASHBOARD_PATH, type DashboardNevTrend, type DashboardWhole, addMonths, formatMonth, parseMonth } from '@car/contracts';
import { canvasHasInk, apiResult, openSignedIn, settled, signedInPage } from '../support/sales-pages';
import { describeInBrowser, openPage, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createUser } from '../support/users';

/**
 * Getting around (issue 28): one menu on the dashboard and on every other page, for an analyst and an
 * administrator; dashboard rows that open their page at the dashboard's month and mode; the NEV-penetration
 * trend beside the gauges; a visible ring on the control the keyboard reaches, in reading order through the
 * filter panel; the print view (no frame, the filter tags as the caption); 复制链接. Screenshots of each.
 */

const ADMIN_PASSWORD = 'Admin#Nav2026';

interface MenuEntry {
  group: string;
  items: Array<{ name: string; href: string }>;
}

/** The side menu's groups and pages, as a page of the shell lists them (closed groups included). */
const sideMenu = (page: Page): Promise<MenuEntry[]> =>
  page.locator('.side-menu .side-menu__group').evaluateAll((groups) =>
    groups.map((g) => ({
      group: g.querySelector('.side-menu__group-title span')?.textContent?.trim() ?? '',
      items: [...g.querySelectorAll('a.side-menu__item')].map((a) => ({ name: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
    })),
  );

/** The dashboard's top menu, the same way. */
const topMenu = (page: Page): Promise<MenuEntry[]> =>
  page.locator('.dashboard-top__menu .dashboard-top__group').evaluateAll((groups) =>
    groups.map((g) => ({
      group: g.querySelector('.menu-button__trigger')?.textContent?.trim() ?? '',
      items: [...g.querySelectorAll('[role="menu"] a[role="menuitem"]')].map((a) => ({
        name: a.textContent?.trim() ?? '',
        href: a.getAttribute('href') ?? '',
      })),
    })),
  );

/** Presses Tab until an element matching `selector` has the focus; the tab stops passed on the way. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return i;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describeInBrowser('navigation', () => {
  const browser = useBrowser();

  test.each([['demo'], ['admin']])('the dashboard top menu lists the side menu’s groups and pages (%s)', async (who) => {
    const viewport = { width: 1440, height: 900 };
    // Both on `/`: the demo analyst in the run's saved session, the administrator signed in through the API.
    const { page, assertClean } = who === 'demo' ? await openSignedIn(browser(), '/', viewport) : await openPage(browser(), viewport);
    if (who === 'admin') await signInByApi(page, await createUser('admin', 'nav_admin', ADMIN_PASSWORD, '导航管理员'), ADMIN_PASSWORD, '/');
    await page.locator('.side-menu .side-menu__group').first().waitFor({ timeout: 10_000 });
    const side = await sideMenu(page);
    await page.goto(`${testEnv().baseUrl}${DASHBOARD_PATH}`);
    await ready(page);
    const top = await topMenu(page);
    expect(top).toEqual(side);
    const groups = top.map((g) => g.group);
    expect(groups).toEqual(expect.arrayContaining(['销量分析', '价格分析', '价量交叉', '产品分析', '数据综合查询']));
    expect(top.flatMap((g) => g.items.map((i) => i.name))).toContain('配置查询');
    if (who === 'admin') expect(groups).toContain('系统管理');
    else expect(groups).not.toContain('系统管理');
    // The keyboard opens a group: Tab onto it and its pages show, with the ring on the group.
    const firstMenuShown = () =>
      page
        .locator('.dashboard-top__group [role="menu"]')
        .first()
        .evaluate((menu) => getComputedStyle(menu).display !== 'none');
    await page.locator('.dashboard-top__brand').focus();
    await expect(firstMenuShown()).resolves.toBe(false);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.matches('.dashboard-top__group .menu-button__trigger'))).resolves.toBe(true);
    await expect(firstMenuShown()).resolves.toBe(true);
    await expect(page.locator('.dashboard-top__group').first().getByRole('button').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).resolves.toBe('solid');
    assertClean();
  });

  test('a producer row opens 厂商品牌表现 of that producer at the dashboard’s month and 累计; model and city rows lead on too', async () => {
    const { page, assertClean } = await signedInPage(browser());
    const latest = (await apiResult<DashboardWhole>(page, '/dashboard/whole')).time;
    const month = formatMonth(addMonths(parseMonth(latest), -2));
    await page.goto(`${testEnv().baseUrl}${DASHBOARD_PATH}?time=${month}&accumulate=1`);
    await ready(page);
    const whole = await apiResult<DashboardWhole>(page, '/dashboard/whole', { time: month, accumulate: 1 });
    const first = page.locator('.dashboard-card').first().locator('tbody tr').first().getByRole('link');
    await expect(first.textContent()).resolves.toBe(whole.producers[0].name);
    const cityLink = page.getByTestId('city-table').locator('tbody a').first();
    const cityHref = new URL((await cityLink.getAttribute('href')) ?? '', testEnv().baseUrl);
    expect([cityHref.pathname, cityHref.searchParams.get('time'), cityHref.searchParams.get('level')]).toEqual(['/salevolume/areamarket', month, '3']);
    const modelHref = new URL((await page.getByTestId('model-table').locator('tbody a').first().getAttribute('href')) ?? '', testEnv().baseUrl);
    expect([modelHref.pathname, modelHref.searchParams.get('time')]).toEqual(['/price/cabmodelpricetrace', month]);

    await Promise.all([page.waitForURL((u) => u.pathname === '/salevolume/companybrand'), first.click()]);
    await settled(page);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: String(whole.producers[0].id), type: '0', time: month, accumulate: '1' });
    const tags = await page.locator('.header-tags').first().textContent();
    expect(tags).toContain(`${month.slice(0, 4)}年${Number(month.slice(5))}月`);
    expect(tags).toContain(whole.producers[0].name);
    assertClean();
  });

  test('the NEV-penetration trend beside the gauges draws thirteen months ending with the dashboard’s month', async () => {
    for (const width of [1280, 1440, 1920]) {
      const { page, assertClean } = await openSignedIn(browser(), DASHBOARD_PATH, { width, height: 900 });
      const trend = await apiResult<DashboardNevTrend>(page, '/dashboard/nevTrend');
      expect(trend.chart.xAxis[0].categories).toHaveLength(13);
      const chart = page.getByTestId('nev-trend');
      await expect(chart.getAttribute('data-points')).resolves.toBe('13');
      await chart.locator('canvas[data-drawn="true"]').waitFor({ timeout: 10_000 });
      expect(await canvasHasInk(page, '[data-testid="nev-trend"] canvas')).toBe(true);
      // Beside the gauges: the same row, to their right.
      const gauges = await page.locator('.dashboard-gauges').boundingBox();
      const box = await chart.boundingBox();
      expect(box && gauges && box.x >= gauges.x + gauges.width - 1 && Math.abs(box.y - gauges.y) < 2).toBe(true);
      await screenshot(page, `h4-after-dashboard-${width}`);
      assertClean();
      await page.context().close();
    }
  });

  test('the control the keyboard reaches wears a visible ring; the filter panel is tabbed in reading order', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1440, height: 900 });
    expect(await page.locator('[tabindex]').evaluateAll((all) => all.filter((e) => Number(e.getAttribute('tabindex')) > 0).length)).toBe(0);
    // From the panel's 重置, Tab reaches 查询 (a Fomantic button, whose own CSS removes the outline).
    await page.locator('.filter-panel__head a').focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { text: document.activeElement?.textContent?.trim(), style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    expect(ring).toEqual({ text: '查询', style: 'solid', width: '2px', color: 'rgb(26, 95, 208)' });
    await screenshot(page, 'h4-after-focus-query-button');

    // Through the panel: each stop below or to the right of the one before, until the last group.
    const stops: Array<{ x: number; y: number; text: string }> = [];
    await page.locator('.filter-panel__head a').focus();
    for (let i = 0; i < 12; i++) {
      const at = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const r = e.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), text: (e.textContent ?? '').trim().slice(0, 8), inPanel: Boolean(e.closest('.filter-panel')) };
      });
      if (!at.inPanel) break;
      stops.push(at);
      await page.keyboard.press('Tab');
    }
    expect(stops.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < stops.length; i++) {
      const [a, b] = [stops[i - 1], stops[i]];
      expect(b.y > a.y + 2 || (Math.abs(b.y - a.y) <= 2 && b.x > a.x)).toBe(true);
    }
    // A keyboard user reaches a sortable header, a menu item and a dropdown with the ring too.
    await page.locator('.app-header__brand').focus();
    await tabTo(page, '.side-menu a, .side-menu button');
    await expect(page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).resolves.toBe('solid');
    assertClean();
  });

  test('printed, 整体市场表现 has no menus, filter panel or buttons, and its filter tags as the caption', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1280, height: 900 });
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.side-menu', '.filter-sidebar', '.app-header', '.filter-panel']) {
      await expect(page.locator(hidden).first().isVisible()).resolves.toBe(false);
    }
    // No control is printed; a table's own buttons (a sortable header's label) are its content and stay.
    const controls = await page
      .locator('main button, main .ui.button')
      .evaluateAll((all) => all.filter((e) => !e.closest('table') && (e as HTMLElement).offsetParent !== null).length);
    expect(controls).toBe(0);
    const caption = page.locator('.header-tags').first();
    await expect(caption.isVisible()).resolves.toBe(true);
    await expect(caption.evaluate((e) => getComputedStyle(e, '::before').content)).resolves.toBe('"筛选条件："');
    // The caption comes before every chart and table.
    const captionBox = await caption.boundingBox();
    const chartBox = await page.locator('canvas').first().boundingBox();
    expect(captionBox && chartBox && captionBox.y < chartBox.y).toBe(true);
    // Charts no wider than the page's content box; table rows kept whole and the header repeated.
    const mainWidth = await page.locator('.shell__main').evaluate((e) => e.clientWidth);
    for (const width of await page.locator('canvas').evaluateAll((all) => all.map((c) => c.getBoundingClientRect().width))) {
      expect(width).toBeLessThanOrEqual(mainWidth);
    }
    const tableRules = await page.evaluate(() => ({
      row: getComputedStyle(document.querySelector('tbody tr') as Element).breakInside,
      head: getComputedStyle(document.querySelector('thead') as Element).display,
    }));
    expect(tableRules).toEqual({ row: 'avoid', head: 'table-header-group' });
    await screenshot(page, 'h4-after-print-wholemarket');
    const pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    fs.mkdirSync(path.resolve(__dirname, '..', '..', 'test-results', 'screenshots'), { recursive: true });
    fs.writeFileSync(path.resolve(__dirname, '..', '..', 'test-results', 'screenshots', 'h4-after-print-wholemarket.pdf'), pdf);
    assertClean();
  });

  test('复制链接 puts the page’s address on the clipboard and says 已复制链接', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket?source=1', { width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: testEnv().baseUrl });
    await settled(page);
    await toastAfter(page, '已复制链接', () => page.getByRole('button', { name: '复制链接' }).click(), 5_000);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(page.url());
    expect(new URL(page.url()).searchParams.get('source')).toBe('1');
    assertClean();
  });
});
