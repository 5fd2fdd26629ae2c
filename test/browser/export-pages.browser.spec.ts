import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { chooseCity, chooseOption, chosen, signInByApi } from '../support/export-pages';
import { download } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';
import { sheetTable } from '../support/workbook-table';

const PASSWORD = 'Export@2026c';

const signIn = (page: Page, account: string) => signInByApi(page, account, PASSWORD);
const tagButtons = (page: Page) => page.getByRole('group', { name: '筛选标签' }).getByRole('button').allTextContents();
const tag = (page: Page, name: string) => page.getByRole('group', { name: '筛选标签' }).getByRole('button', { name, exact: true });

/** 生成Excel → the progress bar → the link; the workbook it offers. */
async function generate(page: Page): Promise<ExcelJS.Worksheet> {
  await page.getByRole('button', { name: '生成Excel' }).click();
  const link = page.locator('.export-progress__link');
  await link.waitFor({ timeout: 90_000 });
  expect(await page.locator('.export-progress').textContent()).toMatch(/已完成（[\d,]+ \/ [\d,]+ 行）/);
  const file = await download(page, (await link.getAttribute('href'))!);
  expect(file.contentType).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/**
 * The price-volume, price and rebate export pages, the city retail page's component with their own
 * tags, calendars and (price-volume) band inputs: no filter panel, the extra tags only while 车型 is on,
 * 生成Excel with live progress to a workbook that holds what was chosen, my recent exports, 重置.
 */
describeInBrowser('the price-volume, price and rebate export pages', () => {
  const browser = useBrowser();

  test('价量数据导出: band inputs with the spec’s defaults, a producer-property filter, the workbook by band', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('pvexportpage', PASSWORD, '价量导出页'));
    await page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/pricevolumeexport`);
    await ready(page);
    expect(await page.locator('.filter-sidebar').count()).toBe(0);
    expect(await page.locator('h2').textContent()).toBe('价量数据导出');
    expect(await page.getByLabel('价格下限').inputValue()).toBe('5');
    expect(await page.getByLabel('价格上限').inputValue()).toBe('40');
    expect(await page.getByLabel('价格段宽度').inputValue()).toBe('1');
    // §2.8 offers 发动机, 变速箱 and 驱动形式 here without 车型 (§2.9's rule is the price and rebate exports').
    expect(await tagButtons(page)).toEqual(expect.arrayContaining(['发动机', '变速箱', '驱动形式']));
    await page.getByLabel('价格段宽度').fill('5');
    await tag(page, '厂商属性').click();
    await chooseOption(page, '厂商属性', '自主');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['价格段：5万 至 40万，每 5万', '厂商属性：自主']));
    const sheet = await generate(page);
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['月份', '价格段', '车型', '厂商属性', '零售量']);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) {
      expect(row.getCell(2).text).toMatch(/^(5万以下|40万以上|\d+-\d+万)$/);
      expect(row.getCell(4).value).toBe('自主');
    }
    await page.locator('.recent-exports tbody tr', { hasText: '已完成' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'pricevolumeexport-done');

    await page.getByRole('button', { name: '重置' }).click();
    await ready(page);
    expect(await page.locator('.export-page__control').count()).toBe(0);
    expect(await page.locator('.export-progress').count()).toBe(0);
    expect(await page.getByLabel('价格段宽度').inputValue()).toBe('1');
    assertClean();
  });

  test('价格数据导出: 城市 and the other extra tags only with 车型; TP by trim × city', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('priceexportpage', PASSWORD, '价格导出页'));
    await page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/pricedownload`);
    await ready(page);
    expect(await page.locator('h2').textContent()).toBe('价格数据导出');
    expect(await tagButtons(page)).not.toEqual(expect.arrayContaining(['城市']));
    await tag(page, '车型').click();
    expect(await tagButtons(page)).toEqual(expect.arrayContaining(['发动机', '变速箱', '驱动形式', '城市']));
    await tag(page, '城市').click();
    await chooseCity(page, '北京市');
    await tag(page, '燃料类型').click();
    await chooseOption(page, '燃料类型', '纯电动');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['车型：全部', '城市：北京市', '燃料类型：纯电动']));
    // Without 车型 the extra tags and their values go.
    await tag(page, '车型').click();
    expect(await tagButtons(page)).not.toContain('城市');
    expect(await chosen(page)).not.toContain('城市：北京市');
    await tag(page, '车型').click();
    await tag(page, '城市').click();
    await chooseCity(page, '北京市');
    const sheet = await generate(page);
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['月份', '车型', '城市', '燃料类型', '厂商指导价（元）', '成交价TP（元）', '优惠（元）', '优惠率']);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) {
      expect([row.getCell(3).value, row.getCell(4).value]).toEqual(['北京市', '纯电动']);
      expect(typeof row.getCell(6).value).toBe('number');
    }
    await screenshot(page, 'pricedownload-done');
    assertClean();
  });

  test('返点数据导出: no 城市 even with 车型; the rebate workbook by trim and month', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('rebateexportpage', PASSWORD, '返点导出页'));
    await page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/fandiandownload`);
    await ready(page);
    expect(await page.locator('h2').textContent()).toBe('返点数据导出');
    await tag(page, '车型').click();
    expect(await tagButtons(page)).toEqual(expect.arrayContaining(['发动机', '变速箱', '驱动形式']));
    expect(await tagButtons(page)).not.toContain('城市');
    await tag(page, '车型').click();
    await tag(page, '燃料类型').click();
    await chooseOption(page, '燃料类型', '汽油');
    const sheet = await generate(page);
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['月份', '车型', '燃料类型', '厂商指导价（元）', '返点（元）']);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) {
      expect(row.getCell(3).value).toBe('汽油');
    }
    await page.locator('.recent-exports tbody tr', { hasText: '返点数据' }).first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'fandiandownload-done');
    assertClean();
  });
});
