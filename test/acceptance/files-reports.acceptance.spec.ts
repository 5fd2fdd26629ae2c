import * as fs from 'node:fs';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { bundleFileName } from '../../backend/src/reportDownload/report-download.jobs';
import { REPORT_FILE_TYPE_KEYS, REPORT_FILE_TYPES } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { chartSeriesNames, openDeck, part, slideChart, texts } from '../support/deck-zip';
import { openSession } from './support/analytics-kit';
import { ADMIN, ANALYST, app, clickDownload, openWorkbook, savedFile, url } from './support/files-kit';

jest.setTimeout(180_000);

const rows = (page: Page) => page.locator('.report-page__table tbody tr');
/** The name the upload below gives its report, so the other test can leave one a failed run left behind. */
const UPLOADED = '验收上传报告';
const demoRows = (page: Page) => rows(page).filter({ hasNotText: UPLOADED });
/** A row's report name (its link) and the extension of its 类型. */
async function reportOf(row: ReturnType<Page['locator']>): Promise<{ name: string; extension: string }> {
  const label = (await row.locator('td').nth(4).textContent())!.trim();
  const extension = REPORT_FILE_TYPE_KEYS.find((key) => REPORT_FILE_TYPES[key].label === label);
  if (!extension) throw new Error(`unknown 类型 ${label}`);
  return { name: (await row.locator('td').nth(3).locator('a').textContent())!.trim(), extension };
}

/**
 * 报告下载 and 报告管理 on the shipped app (issue 24 §3): one report and a bundle of three downloaded by the
 * browser and opened (a bundle whose zip is gone says so and keeps the page), and a report the administrator uploads reaching the analyst's download byte for byte
 * (then deleted, so a second run finds the list as the first did).
 */
describeInBrowser('the reports as shipped: downloaded and opened', () => {
  const browser = useBrowser();

  test('an analyst downloads one report (a workbook) and a bundle of three (a zip of exactly those three); a gone zip is a toast', async () => {
    const { page, assertClean, allowConsoleError } = await openSession(browser(), ANALYST);
    await page.goto(url('/comprehensiveinquiry/reportdownload'));
    await ready(page);
    expect(await demoRows(page).count()).toBeGreaterThanOrEqual(3);

    const excel = demoRows(page)
      .filter({ has: page.locator('td:nth-child(5)', { hasText: 'Excel' }) })
      .first();
    const name = (await reportOf(excel)).name;
    const single = await clickDownload(page, excel.locator('td').nth(3).locator('a'));
    expect(single.fileName).toBe(`${name}.xlsx`);
    const workbook = await openWorkbook(single.body);
    const overview = workbook.getWorksheet('概览');
    expect(overview).toBeDefined();
    expect(overview!.rowCount).toBeGreaterThan(1);

    // The same 简报 as a deck (issue 31 §2): listed as PowerPoint under the same name, a deck that names its producer.
    const powerPoint = demoRows(page).filter({ has: page.locator('td:nth-child(5)', { hasText: 'PowerPoint' }), hasText: name });
    const deckFile = await clickDownload(page, powerPoint.locator('td').nth(3).locator('a'));
    expect(deckFile.fileName).toBe(`${name}.pptx`);
    const deck = await openDeck(deckFile.body);
    expect(texts(await part(deck, 'ppt/slides/slide1.xml'))[0]).toBe(name);
    expect(texts(await part(deck, 'ppt/slides/slide2.xml'))[0]).toBe('本月要点');
    expect(chartSeriesNames(await slideChart(deck, 4)).length).toBeGreaterThan(0);

    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const report = await reportOf(demoRows(page).nth(i));
      names.push(`${report.name}.${report.extension}`);
      await demoRows(page).nth(i).locator('.ui.checkbox').click();
    }
    const started = page.waitForEvent('download', { timeout: 120_000 });
    const before = page.url();
    await page.getByRole('button', { name: '下载（3）' }).click();
    // The page downloads the zip by itself once its job is done.
    const bundle = await savedFile(await started);
    expect(bundle.fileName).toMatch(/^报告_3个_\d{8}-\d{4}\.zip$/);
    expect(page.url()).toBe(before);
    expect(await page.locator('.report-bundle').textContent()).toContain('已完成（3 / 3 个文件）');
    const zip = await JSZip.loadAsync(bundle.body);
    const entries = Object.values(zip.files).filter((entry) => !entry.dir);
    expect(entries.map((entry) => entry.name).sort()).toEqual([...names].sort());
    for (const entry of entries) {
      if (entry.name.endsWith('.pptx')) {
        expect(texts(await part(await openDeck(await entry.async('nodebuffer')), 'ppt/slides/slide1.xml'))[0]).toBe(entry.name.replace(/\.pptx$/, ''));
        continue;
      }
      const inner = new ExcelJS.Workbook();
      await inner.xlsx.load((await entry.async('nodebuffer')) as unknown as ArrayBuffer);
      expect(inner.getWorksheet('概览')).toBeDefined();
    }
    // The link the bar leaves gives the same zip again.
    const link = page.locator('.report-bundle__link');
    const again = await clickDownload(page, link);
    expect(again.body.equals(bundle.body)).toBe(true);
    await screenshot(page, 'acceptance-reportdownload');

    // The zip gone from the data folder: the link keeps the page and says what the server said.
    const bundleId = new URL((await link.getAttribute('href'))!, url('/')).searchParams.get('id')!;
    const { cloneDir, dataDir } = app();
    fs.rmSync(path.join(path.resolve(cloneDir, dataDir), 'reports', 'bundles', bundleFileName(bundleId)));
    allowConsoleError(/404|Failed to load resource/);
    await link.click();
    await page.locator('.toast--error', { hasText: '打包文件不存在或已过期，请重新下载' }).waitFor({ timeout: 10_000 });
    expect(page.url()).toBe(before);
    assertClean();
  });

  test('a report the administrator uploads is the analyst’s download, byte for byte; then it is deleted', async () => {
    const admin = await openSession(browser(), ADMIN);
    await admin.page.goto(url('/admin/reports'));
    await ready(admin.page);
    expect(await admin.page.locator('h2').textContent()).toBe('报告管理');

    // The producer: the first of the A–Z dialog.
    const dialog = admin.page.locator('.pick-dialog');
    await admin.page.getByRole('button', { name: '选择厂商' }).click();
    await dialog.locator('.pick-dialog__entries button').first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('验收').addRow(['验收上传', Date.now()]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const name = `${UPLOADED}${Date.now().toString(36)}`;
    await admin.page.getByPlaceholder('留空则用文件名').fill(name);
    await admin.page.setInputFiles('input[aria-label="选择文件"]', { name: 'acceptance.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
    await admin.page.getByRole('button', { name: '上传', exact: true }).click();
    await rows(admin.page).filter({ hasText: name }).waitFor();

    try {
      const analyst = await openSession(browser(), ANALYST);
      // The report is another producer's: the page opens on the analyst's own (decision 277), 全部厂商 is `producerIds=`.
      await analyst.page.goto(url(`/comprehensiveinquiry/reportdownload?producerIds=&name=${encodeURIComponent(name)}`));
      await ready(analyst.page);
      expect(await rows(analyst.page).count()).toBe(1);
      const got = await clickDownload(analyst.page, rows(analyst.page).first().locator('a'));
      expect(got.fileName).toBe(`${name}.xlsx`);
      expect(got.body.equals(xlsx)).toBe(true);
      expect((await openWorkbook(got.body)).getWorksheet('验收')).toBeDefined();
      analyst.assertClean();
    } finally {
      admin.page.once('dialog', (d) => void d.accept());
      await rows(admin.page).filter({ hasText: name }).getByRole('button', { name: '删除' }).click();
      await rows(admin.page).filter({ hasText: name }).waitFor({ state: 'detached' });
    }
    admin.assertClean();
  });
});
