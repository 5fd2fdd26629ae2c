import type { Locator, Page } from 'playwright-core';
import { DASHBOARD_PATH } from '@car/contracts';
import { describeInBrowser, openPage, ready, useBrowser } from '../support/browser';
import { signInAs } from '../support/export-pages';
import { settled } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';

/**
 * Issue 26 #10 and #14 as shipped. The spec's routes (000 §2, decision 151): signing in and `/` land on
 * 整体市场表现, a page outside the user's menus leads there too, and 看板 is one click away in the header and
 * the side menu (the dashboard's own 首页 leads home). The 数据列 chooser of the ranking tables follows the
 * kit's multi-select (000 §4): a click anywhere on an option's row, Space and Enter toggle it; clearing every
 * column leaves none and reads 选择 (no silent return of the defaults); focusing the emptied chooser chooses all.
 */
const baseUrl = pointHelpersAtShipped();
const HOME = '/salevolume/wholemarket';

const pathOf = (page: Page): string => new URL(page.url()).pathname;

async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.locator('.ranking-table thead th').allTextContents()).map((t) => t.trim());
}

function chooser(page: Page): { input: Locator; menu: Locator; option: (label: string) => Locator } {
  const table = page.locator('.ranking-table');
  const menu = table.locator('.multi-select__menu');
  return {
    input: table.locator('.multi-select__input[aria-label="数据列"]'),
    menu,
    option: (label) => menu.locator('[role="option"]', { hasText: new RegExp(`^${label}$`) }),
  };
}

describeInBrowser('home routes and the 数据列 chooser as shipped', () => {
  const browser = useBrowser();

  test('signing in and `/` land on 整体市场表现; 看板 is one click away in the header and the side menu', async () => {
    const { page, assertClean } = await openPage(browser(), { width: 1600, height: 1000 });
    await signInAs(page, ANALYST.account, ANALYST.password);
    await settled(page);
    expect(pathOf(page)).toBe(HOME);

    await page.goto(`${baseUrl}/`);
    await ready(page);
    expect(pathOf(page)).toBe(HOME);
    // An analyst typing an administrator's page is led home, as the spec leads a page outside the menus.
    await page.goto(`${baseUrl}/admin/users`);
    await ready(page);
    expect(pathOf(page)).toBe(HOME);

    await Promise.all([page.waitForURL((u) => u.pathname === DASHBOARD_PATH), page.locator('.app-header a', { hasText: '看板' }).click()]);
    await settled(page);
    await page.locator('.dashboard-figure__value').first().waitFor();
    // The dashboard's 首页 is the spec's home.
    await page.getByTestId('dashboard-user').hover();
    await Promise.all([page.waitForURL((u) => u.pathname === HOME), page.getByTestId('dashboard-user').getByText('首页').click()]);
    await settled(page);

    await Promise.all([page.waitForURL((u) => u.pathname === DASHBOARD_PATH), page.locator('.side-menu a', { hasText: '看板' }).click()]);
    await settled(page);
    // The header's 首页 leads home again.
    await page.goto(`${baseUrl}/price/totalmarket`);
    await ready(page);
    await page.getByTestId('greeting').click();
    await Promise.all([page.waitForURL((u) => u.pathname === HOME), page.locator('.app-header__user').getByText('首页').click()]);
    assertClean();
  });

  test('an anonymous visitor of `/` is sent to sign in, and back home after it', async () => {
    const { page, assertClean } = await openPage(browser(), { width: 1600, height: 1000 });
    await page.goto(`${baseUrl}/`);
    await ready(page);
    expect(pathOf(page)).toBe('/login');
    await page.fill('input[name="account"]', ANALYST.account);
    await page.fill('input[name="password"]', ANALYST.password);
    await Promise.all([page.waitForURL((u) => u.pathname === HOME), page.getByRole('button', { name: '登录' }).click()]);
    assertClean();
  });

  test('数据列: a click on an option row, Space and Enter toggle it; emptied it stays empty and reads 选择', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, HOME);
    const { input, menu, option } = chooser(page);
    const before = await columnHeaders(page);
    expect(before).toContain('环比');
    expect(before).not.toContain('去年同期销量');

    await input.click();
    await menu.waitFor();
    // A click on the row beside its label, away from the checkbox and its text.
    const row = option('去年同期销量');
    const box = await row.boundingBox();
    if (!box) throw new Error('the option row has no box');
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await page.waitForFunction(() => [...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '去年同期销量'));
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');

    // The keyboard: Space drops 环比, Enter brings it back.
    await option('环比').focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => ![...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '环比'));
    await option('环比').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('.ranking-table thead th')].some((th) => th.textContent?.trim() === '环比'));

    // 全部 off: no figure column is left, the chooser reads 选择, and a reload keeps it so.
    const all = option('全部');
    await all.click();
    if ((await all.getAttribute('aria-selected')) === 'true') await all.click();
    await page.waitForFunction(() => document.querySelectorAll('.ranking-table thead th.ranking-table__num').length === 0);
    await expect(input.textContent()).resolves.toBe('选择');
    await page.keyboard.press('Escape');
    await page.reload();
    await settled(page);
    await expect(page.locator('.ranking-table thead th.ranking-table__num').count()).resolves.toBe(0);
    await expect(input.textContent()).resolves.toBe('选择');

    // Focusing the empty chooser chooses every column (the kit's rule).
    await input.focus();
    await page.waitForFunction(() => document.querySelectorAll('.ranking-table thead th.ranking-table__num').length === 14);
    await expect(input.textContent()).resolves.toBe('全部');
    assertClean();
  });
});
