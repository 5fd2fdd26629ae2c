import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { chooseCity, chooseOption, chosen, signInByApi } from '../support/export-pages';
import { download } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';
import { sheetTable } from '../support/workbook-table';

const PASSWORD = 'Export@2026b';
const PAGE = '/comprehensiveinquiry/cityretailexport';

const signIn = (page: Page, account: string) => signInByApi(page, account, PASSWORD);

/**
 * The city retail export page as an analyst uses it: no filter panel, tags that show their controls,
 * the area → province → city clearing rule in 已选条件, 生成Excel with a progress bar that ends in a
 * download link whose workbook holds the chosen city, my recent exports, and 重置.
 */
describeInBrowser('the city retail export page', () => {
  const browser = useBrowser();

  test('an analyst picks tags and places, generates the workbook with live progress, downloads it, and resets', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('exportpage', PASSWORD, '导出页测试'));
    await page.goto(`${testEnv().baseUrl}${PAGE}`);
    await ready(page);
    expect(await page.locator('.filter-sidebar').count()).toBe(0);
    expect(await page.locator('h2').textContent()).toBe('城市零售数据导出');
    expect(await page.locator('.recent-exports__empty').textContent()).toBe('还没有导出记录');

    const tags = page.getByRole('group', { name: '筛选标签' });
    await tags.getByRole('button', { name: '大区', exact: true }).click();
    await tags.getByRole('button', { name: '省份', exact: true }).click();
    await tags.getByRole('button', { name: '城市', exact: true }).click();
    await tags.getByRole('button', { name: '燃料类型', exact: true }).click();
    expect(await page.locator('.export-page__control').count()).toBe(4);
    expect(await chosen(page)).toEqual(expect.arrayContaining(['大区：全部', '省份：全部', '城市：全部', '燃料类型：全部']));

    await chooseOption(page, '大区', '华南');
    await chooseOption(page, '省份', '广东省');
    await chooseCity(page, '广州市');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['大区：华南', '省份：广东省', '城市：广州市']));
    // A new area clears province and city.
    await chooseOption(page, '大区', '华北');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['大区：华北、华南', '省份：全部', '城市：全部']));
    await chooseOption(page, '省份', '广东省');
    await chooseCity(page, '广州市');
    await chooseOption(page, '燃料类型', '纯电动');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['省份：广东省', '城市：广州市', '燃料类型：纯电动']));

    await page.getByRole('button', { name: '生成Excel' }).click();
    const link = page.locator('.export-progress__link');
    await link.waitFor({ timeout: 60_000 });
    expect(await page.locator('.export-progress').textContent()).toMatch(/已完成（[\d,]+ \/ [\d,]+ 行）/);
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/car\/api\/dataExport\/file\?id=[0-9a-f-]{36}$/);
    const file = await download(page, href);
    expect(file.contentType).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['月份', '城市', '车型', '大区', '省份', '燃料类型', '零售量']);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) {
      expect([row.getCell(2).value, row.getCell(6).value]).toEqual(['广州市', '纯电动']);
    }
    await page.locator('.recent-exports tbody tr', { hasText: '已完成' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'cityretailexport-done');

    await page.getByRole('button', { name: '重置' }).click();
    await ready(page);
    expect(await page.locator('.export-page__control').count()).toBe(0);
    expect(await page.locator('.export-progress').count()).toBe(0);
    await page.locator('.recent-exports a').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('.recent-exports a').count()).toBe(1);
    await screenshot(page, 'cityretailexport-reset');

    // A picker tag's control is named once: the picker's own label once repeated it above its box (品牌 / 品牌).
    await tags.getByRole('button', { name: '品牌', exact: true }).click();
    const brand = page.locator('.export-page__control', { hasText: '品牌' });
    await brand.locator('.pick-input input').waitFor();
    expect((await brand.innerText()).trim()).toBe('品牌');
    expect(await brand.locator('label').count()).toBe(0);
    assertClean();
  });
});
