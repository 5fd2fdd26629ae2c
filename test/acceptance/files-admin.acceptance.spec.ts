import type { Page } from 'playwright-core';
import type { AuditPage, Summary } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiResult, cardsOf, settled, drawnCards } from '../support/sales-pages';
import { openSession } from './support/analytics-kit';
import { ADMIN, cityCodes, cityCodesByName, clickDownload, openWorkbook, pickMonth, tableOf, url } from './support/files-kit';

jest.setTimeout(240_000);

const RETAIL_HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';
/**
 * The month the walk imports: the oldest the import page offers (its pickers cover five years back) and long
 * before the latest, so the pages' default month and their year-on-year figures are untouched; December, so
 * no later month of its year has a year-to-date figure to rebuild. The file replaces the month's retail
 * facts with the same rows on every run, so a second run finds what the first left.
 */
const IMPORT_MONTH = '2021-12';

const progress = (page: Page) => page.locator('[data-testid="import-progress"]');

async function uploadCsv(page: Page, fileName: string, text: string): Promise<void> {
  await page.setInputFiles('input[aria-label="选择文件"]', { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await page.getByRole('button', { name: '上传并校验' }).click();
  await page.waitForURL(/[?&]id=/);
}

/**
 * The administrator's files on the shipped app (issue 24 §3): the 安全日志 workbook, the import templates,
 * an import's problem report, and a small retail month imported through the page whose figures the sales
 * page then shows.
 */
describeInBrowser('the administrator’s files as shipped: downloaded and opened', () => {
  const browser = useBrowser();
  let page: Page;
  let assertClean: () => void;

  beforeAll(async () => {
    ({ page, assertClean } = await openSession(browser(), ADMIN));
  });

  afterEach(() => assertClean());

  test('安全日志 下载: the workbook holds the events the list counts for the same filters', async () => {
    const filters = { account: ADMIN.account, events: 'login.success' };
    await page.goto(url(`/admin/audit?${new URLSearchParams(filters)}`));
    await ready(page);
    await page.locator('.admin-page__table tbody tr[data-event="login.success"]').first().waitFor();
    const link = page.getByRole('link', { name: '下载' });
    // Another session may sign in meanwhile: compare when the count held across the download.
    for (let attempt = 1; ; attempt++) {
      const before = (await apiResult<AuditPage>(page, '/admin/audit/list', { ...filters, pageSize: 1 })).total;
      const file = await clickDownload(page, link);
      const after = (await apiResult<AuditPage>(page, '/admin/audit/list', { ...filters, pageSize: 1 })).total;
      if (before !== after && attempt < 3) continue;
      expect(file.fileName).toMatch(/^安全日志_.*\.xlsx$/);
      const { header, rows } = tableOf((await openWorkbook(file.body)).worksheets[0]);
      expect(header.length).toBeGreaterThan(3);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(after);
      for (const row of rows) expect(row.map(String)).toEqual(expect.arrayContaining([ADMIN.account]));
      break;
    }
    await screenshot(page, 'acceptance-audit');
  });

  test('数据导入: the retail templates (CSV and workbook) and an error’s problem report, opened', async () => {
    await page.goto(url('/admin/import'));
    await ready(page);
    const csv = await clickDownload(page, page.getByRole('link', { name: '零售量模板.csv' }));
    expect(csv.fileName).toMatch(/\.csv$/);
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(RETAIL_HEADER);
    expect(lines).toHaveLength(2);
    const xlsx = await clickDownload(page, page.getByRole('link', { name: '零售量模板.xlsx' }));
    const template = await openWorkbook(xlsx.body);
    expect(tableOf(template.worksheets[0]).header.join(',')).toBe(RETAIL_HEADER);
    expect(template.getWorksheet('填写说明')).toBeDefined();
    const example = lines[1].split(',');

    // A file with an unknown city: the problem on its line, and the report of it as a workbook.
    const month = await page.locator('input[name="from"]').inputValue();
    await uploadCsv(page, '验收问题.csv', `${RETAIL_HEADER}\n${month},999999,${example[2]},1,1,1,1\n`);
    await progress(page).locator('.import-progress__decide', { hasText: '文件有错误' }).waitFor({ timeout: 120_000 });
    const report = await clickDownload(page, progress(page).getByRole('link', { name: '下载问题报告（Excel）' }));
    expect(report.fileName).toMatch(/\.xlsx$/);
    const { header, rows } = tableOf((await openWorkbook(report.body)).worksheets[0]);
    expect(header).toEqual(expect.arrayContaining(['行号', '列', '级别']));
    expect(rows).toHaveLength(1);
    const at = (name: string) => rows[0][header.indexOf(name)];
    expect([at('行号'), at('列'), at('级别')]).toEqual([2, '城市代码', '错误']);
    await progress(page).getByRole('button', { name: '取消导入' }).click();
    await page.locator('.import-page__table tbody tr', { hasText: '验收问题.csv' }).filter({ hasText: '已取消' }).first().waitFor();

    // The template's example row is one the check accepts: its city is a city of the reference data.
    expect(Object.values(await cityCodesByName(page))).toContain(example[1]);
  });

  test('a small retail month imported through the page: the whole-market page shows the file’s sum', async () => {
    await page.goto(url('/admin/import'));
    await ready(page);
    const template = await clickDownload(page, page.getByRole('link', { name: '零售量模板.csv' }));
    const car = template.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)[1]
      .split(',')[2];
    expect(car).not.toBe('');
    const code = await cityCodes(page);
    const facts = [
      [code('北京市'), '1', '1', '1', 120],
      [code('上海市'), '2', '1', '2', 45],
      [code('广州市'), '1', '2', '3', 7],
    ] as const;
    const csv = [RETAIL_HEADER, ...facts.map(([city, use, owner, colour, qty]) => [IMPORT_MONTH, city, car, use, owner, colour, qty].join(','))].join('\n');
    const pickers = page.locator('.import-page__field .month-picker');
    await pickMonth(pickers.nth(0), IMPORT_MONTH);
    await pickMonth(pickers.nth(1), IMPORT_MONTH);
    await uploadCsv(page, '验收零售.csv', `${csv}\n`);
    // Checked, written, rollups rebuilt; or stopped for review or failed, which the counts then explain.
    await progress(page).locator('.ui.positive.message, .ui.negative.message, .import-progress__decide').first().waitFor({ timeout: 180_000 });
    expect(await progress(page).locator('.import-progress__counts').textContent()).toContain(
      `已读 ${facts.length} 行 · 有效 ${facts.length} 行 · 已写入 ${facts.length} 行 · 错误 0`,
    );
    expect(await progress(page).locator('.ui.positive.message').textContent()).toContain(`已导入 ${IMPORT_MONTH} 的零售量数据`);

    const sum = facts.reduce((total, fact) => total + fact[4], 0);
    await page.goto(url(`/salevolume/wholemarket?time=${IMPORT_MONTH}`));
    await settled(page);
    const summary = await apiResult<Summary>(page, '/saleVolume/wholeMarket/whole', { time: IMPORT_MONTH });
    expect(summary.qty).toBe(sum);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));
    await screenshot(page, 'acceptance-import-wholemarket');
  });
});
