import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { download, openSignedIn } from '../support/sales-pages';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAdmin as createAdminUser, createAnalyst } from '../support/users';

const PASSWORD = 'Report@2026b';

/** Signs in through the API (the login form is the login specs' to walk). */
const signIn = (page: Page, account: string) => signInByApi(page, account, PASSWORD);

const createAdmin = (): Promise<string> => createAdminUser('rptadmin', PASSWORD, '报告管理员');

const rows = (page: Page) => page.locator('.report-page__table tbody tr');
const dialog = (page: Page) => page.locator('.pick-dialog');

async function pickFirstProducer(page: Page): Promise<string> {
  await page.getByRole('button', { name: '选择厂商' }).click();
  await dialog(page).locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
  const entry = dialog(page).locator('.pick-dialog__entries button').first();
  const name = (await entry.textContent())!.trim();
  await entry.click();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  return name;
}

/**
 * 报告下载 as an analyst uses it (filters, the producer dialog that keeps its choice, load more, the
 * no-more state, one file and a bundle with progress) and 报告管理 as the administrator uses it (upload,
 * replace, delete); the analyst has no 报告管理 in the menu and the address leads home.
 */
describeInBrowser('the report pages', () => {
  const browser = useBrowser();

  test('an analyst filters the reports, loads more, and downloads one report and a bundle', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('reportpage', PASSWORD, '报告页测试'));
    await page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/reportdownload`);
    await ready(page);
    expect(await page.locator('.filter-sidebar').count()).toBe(0);
    expect(await page.locator('h2').textContent()).toBe('报告下载');
    expect(await rows(page).count()).toBe(10);
    await page.getByRole('button', { name: '点击加载更多' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.report-page__table tbody tr').length === 20);

    const producer = await pickFirstProducer(page);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.waitForURL(/producerIds=/);
    // The table follows the address once the loader has answered.
    await page.waitForFunction((name) => {
      const cells = [...document.querySelectorAll('.report-page__table tbody tr td:nth-child(3)')];
      return cells.length > 0 && cells.every((cell) => cell.textContent === name);
    }, producer);
    const producers = await page.locator('.report-page__table tbody tr td:nth-child(3)').allTextContents();
    expect(producers.length).toBeGreaterThan(0);
    expect(new Set(producers)).toEqual(new Set([producer]));
    // The dialog reopens with its choice; 清空 empties it.
    await page.getByRole('button', { name: '选择厂商' }).click();
    await dialog(page).locator('.pick-dialog__chip').first().waitFor();
    expect((await dialog(page).locator('.pick-dialog__chip').allTextContents()).map((t) => t.trim())).toEqual([producer]);
    await dialog(page).getByRole('button', { name: '清空' }).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(await page.getByRole('button', { name: '选择厂商' }).textContent()).toBe('全部厂商');

    await page.getByPlaceholder('输入报告名称').fill('没有这样的报告');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.report-page__table tbody tr').length === 0);
    expect(await page.locator('.report-page__no-more').textContent()).toBe('没有更多数据了哦');
    await page.getByRole('button', { name: '重置' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.report-page__table tbody tr').length === 10);

    // A producer's month lists its 简报 twice, a workbook and a deck, told apart by 类型.
    expect(new Set(await page.locator('.report-page__table tbody tr td:nth-child(5)').allTextContents())).toEqual(new Set(['Excel', 'PowerPoint']));
    const first = rows(page)
      .filter({ has: page.locator('td:nth-child(5)', { hasText: 'Excel' }) })
      .first();
    const href = (await first.locator('a').getAttribute('href'))!;
    expect(href).toMatch(/^\/car\/api\/reportDownload\/download\?ids=\d+$/);
    const single = await download(page, href);
    expect(single.contentType).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(single.body as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('概览')).toBeDefined();

    await rows(page).nth(0).locator('.ui.checkbox').click();
    await rows(page).nth(1).locator('.ui.checkbox').click();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载（2）' }).click();
    const link = page.locator('.report-bundle__link');
    await link.waitFor({ timeout: 60_000 });
    expect(await page.locator('.report-bundle').textContent()).toContain('已完成（2 / 2 个文件）');
    expect((await downloaded).suggestedFilename()).toMatch(/^报告_2个_\d{8}-\d{4}\.zip$/);
    const zip = await download(page, (await link.getAttribute('href'))!);
    expect(Object.keys((await JSZip.loadAsync(zip.body)).files)).toHaveLength(2);
    // Select-all checks every row shown.
    await page.getByText('全选', { exact: true }).click();
    expect(await page.getByRole('button', { name: '下载（10）' }).isEnabled()).toBe(true);
    await screenshot(page, 'reportdownload');

    // No 报告管理 for an analyst: not in the menu, and the address leads home.
    expect(await page.locator('a[href$="/admin/reports"]').count()).toBe(0);
    await page.goto(`${testEnv().baseUrl}/admin/reports`);
    await ready(page);
    expect(new URL(page.url()).pathname).not.toBe('/admin/reports');
    assertClean();
  });

  test("报告下载 opens on the analyst's own producer, which 清空 lifts; the administrator, who has none, sees every producer", async () => {
    // The demo analyst belongs to 一汽-大众, which has six reports this year (two a month, August to October).
    const { page, assertClean } = await openSignedIn(browser(), '/comprehensiveinquiry/reportdownload');
    const producerCells = () => page.locator('.report-page__table tbody tr td:nth-child(3)').allTextContents();
    expect(new URL(page.url()).searchParams.has('producerIds')).toBe(false);
    await expect(page.getByRole('button', { name: '选择厂商' }).textContent()).resolves.toBe('一汽-大众');
    const own = await producerCells();
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own)).toEqual(new Set(['一汽-大众']));
    await screenshot(page, 'h4-reportdownload-own-producer');
    // The dialog holds the producer; 清空, 确定 and 查询 list every producer, and the address keeps that choice.
    await page.getByRole('button', { name: '选择厂商' }).click();
    await dialog(page).locator('.pick-dialog__chip').first().waitFor();
    expect((await dialog(page).locator('.pick-dialog__chip').allTextContents()).map((t) => t.trim())).toEqual(['一汽-大众']);
    await dialog(page).getByRole('button', { name: '清空' }).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await Promise.all([page.waitForURL((u) => u.searchParams.get('producerIds') === ''), page.getByRole('button', { name: '查询', exact: true }).click()]);
    await page.waitForFunction(
      () => new Set([...document.querySelectorAll('.report-page__table tbody tr td:nth-child(3)')].map((c) => c.textContent)).size > 1,
    );
    await page.reload();
    await ready(page);
    await expect(page.getByRole('button', { name: '选择厂商' }).textContent()).resolves.toBe('全部厂商');
    expect(new Set(await producerCells()).size).toBeGreaterThan(1);
    expect(await rows(page).count()).toBe(10);
    assertClean();

    const admin = await openPage(browser());
    await signIn(admin.page, await createAdmin());
    await admin.page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/reportdownload`);
    await ready(admin.page);
    await expect(admin.page.getByRole('button', { name: '选择厂商' }).textContent()).resolves.toBe('全部厂商');
    expect(await rows(admin.page).count()).toBe(10);
    expect(new Set(await admin.page.locator('.report-page__table tbody tr td:nth-child(3)').allTextContents()).size).toBeGreaterThan(1);
    await screenshot(admin.page, 'h4-reportdownload-admin');
    admin.assertClean();
  });

  test('the administrator uploads a report, sees it at once, replaces and deletes it', async () => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAdmin());
    await page.goto(`${testEnv().baseUrl}/admin/reports`);
    await ready(page);
    expect(await page.locator('h2').textContent()).toBe('报告管理');
    const producer = await pickFirstProducer(page);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('上传').addRow(['浏览器上传']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const name = `浏览器上传报告${Date.now().toString(36)}`;
    await page.getByPlaceholder('留空则用文件名').fill(name);
    await page.setInputFiles('input[aria-label="选择文件"]', { name: 'upload.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
    await page.getByRole('button', { name: '上传', exact: true }).click();
    const row = rows(page).filter({ hasText: name });
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe(producer);
    expect(await row.locator('td').nth(4).textContent()).toBe('Excel');

    // A text file named .pdf is refused by its content, with the server's message.
    await page.setInputFiles('input[aria-label="选择文件"]', { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText('不是 xlsx、docx、pptx 或 pdf 文件', { exact: false }).waitFor();

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: '替换' }).click();
    await (await chooser).setFiles({ name: 'new.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('.report-page__table tbody tr')].some((tr) => tr.textContent?.includes(text) && tr.textContent.includes('PDF')),
      name,
    );

    page.once('dialog', (d) => void d.accept());
    await rows(page).filter({ hasText: name }).getByRole('button', { name: '删除' }).click();
    await rows(page).filter({ hasText: name }).waitFor({ state: 'detached' });
    await screenshot(page, 'admin-reports');
    assertClean();
  });
});
