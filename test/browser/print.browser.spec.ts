import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ANALYSIS_PAGES, DASHBOARD_PATH, MY_VIEWS_PATH } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { openSignedIn, settled } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 打印 (issue 45 §5, decision 284): every analysis page of the shell has the button in its header, and it opens the
 * browser's print; printed, a page shows no menus, buttons, sort arrows or 没有更多数据了哦, and its PDF holds the
 * page's table, every month of a month table (no sideways scroll on paper), and its chart.
 */
const SHOTS = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');

const printButton = (page: Page) => page.locator('.app-header').getByRole('button', { name: '打印' });

/** Whether the element is drawn (some box, not display: none). */
const shown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => (e as HTMLElement).getClientRects().length > 0);

/** The page printed to PDF (A4 landscape, print.css), kept beside the screenshots, and its text as pdftotext reads it. */
async function printed(page: Page, name: string): Promise<{ text: string; images: number }> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // pdfimages -list: two header lines, then one line per image (a chart's canvas prints as one).
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
  return { text, images };
}

describeInBrowser('打印 on the analysis pages', () => {
  const browser = useBrowser();

  test('every analysis page of the shell has 打印 in its header, and it opens the browser’s print; other pages have none', async () => {
    const pages = ANALYSIS_PAGES.filter((p) => p.path !== DASHBOARD_PATH);
    const { page, assertClean } = await openSignedIn(browser(), pages[0].path, { width: 1280, height: 800 });
    for (const [i, { path: at }] of pages.entries()) {
      if (i > 0) {
        await page.goto(`${testEnv().baseUrl}${at}`);
        await ready(page);
      }
      await expect(printButton(page).isVisible()).resolves.toBe(true);
      await page.evaluate(() => {
        const counted = window as unknown as { printed: number };
        counted.printed = 0;
        window.print = () => void (counted.printed += 1);
      });
      await printButton(page).click();
      await expect(page.evaluate(() => (window as unknown as { printed: number }).printed)).resolves.toBe(1);
      if (at === '/price/marketpricetendency') await screenshot(page, 'h7-print-button-marketpricetendency');
    }
    await page.goto(`${testEnv().baseUrl}${MY_VIEWS_PATH}`);
    await ready(page);
    await expect(printButton(page).count()).resolves.toBe(0);
    assertClean();
  });

  test('printed, 整体市场表现 has no menus, 打印, sort arrows or 没有更多数据了哦; its PDF holds the table', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket', { width: 1280, height: 800 });
    await settled(page);
    // On screen: the arrows, the list's end and the button are there.
    const screenParts = ['.sort-header__arrow', '.ranking-table__end', '.app-header .print-page', '.side-menu'];
    for (const selector of screenParts) await expect(shown(page, selector)).resolves.toBe(true);
    await expect(page.locator('.ranking-table__end').textContent()).resolves.toBe('没有更多数据了哦');
    const rowNames = await page.locator('.ranking-table tbody tr .ranking-table__name').evaluateAll((all) => all.map((e) => (e.textContent ?? '').trim()));

    await page.emulateMedia({ media: 'print' });
    for (const selector of [...screenParts, '.app-header', '.filter-sidebar']) await expect(shown(page, selector)).resolves.toBe(false);
    const arrowsShown = await page.locator('.sort-header__arrow').evaluateAll((all) => all.filter((e) => e.getClientRects().length > 0).length);
    expect(arrowsShown).toBe(0);
    await screenshot(page, 'h7-print-wholemarket');

    const { text, images } = await printed(page, 'h7-print-wholemarket');
    expect(text).toContain('整体市场表现');
    expect(text).toContain('筛选条件');
    for (const name of rowNames.slice(0, 5)) expect(text).toContain(name);
    expect(text).not.toContain('没有更多数据了哦');
    expect(text).not.toContain('打印');
    expect(text).not.toMatch(/[↕▼▲]/);
    // The trend chart's canvas is on paper.
    expect(images).toBeGreaterThanOrEqual(1);
    assertClean();
  });

  test('printed, 整体市场价格指数’s month table shows every month, its unit once and no arrows', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/marketpricetendency', { width: 1280, height: 800 });
    await settled(page);
    const months = await page.locator('.price-table thead th').evaluateAll((all) => all.slice(1).map((e) => (e.textContent ?? '').trim()));
    const firstRow = await page
      .locator('.price-table tbody tr')
      .first()
      .evaluate((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
    await page.emulateMedia({ media: 'print' });
    await expect(shown(page, '.price-table .sort-header__arrow')).resolves.toBe(false);
    // On paper the box does not scroll: the latest month is inside the page's width.
    const fits = await page.locator('.price-table table').evaluate((table) => table.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
    expect(fits).toBe(true);
    // Both charts keep their room on paper: the price trend and the province map beside its table.
    const canvasWidths = await page.locator('main canvas').evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(canvasWidths.length).toBeGreaterThanOrEqual(2);
    for (const width of canvasWidths) expect(width).toBeGreaterThan(300);
    await screenshot(page, 'h7-print-marketpricetendency');
    const { text, images } = await printed(page, 'h7-print-marketpricetendency');
    expect(text).toContain('价格明细');
    expect(text).toContain('单位：元');
    for (const month of months) expect(text).toContain(month);
    // The first row's name and its latest month's figure, on one line of the table.
    expect(text.split('\n').some((line) => line.includes(firstRow[0]) && line.includes(firstRow.at(-1)!))).toBe(true);
    expect(images).toBeGreaterThanOrEqual(1);
    assertClean();
  });
});
