import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { download } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { createAdmin } from '../support/users';

const PASSWORD = 'Import@2026b';

/**
 * 数据导入 as the administrator uses it, on the shared demo database, so the file it uploads has an error and
 * is cancelled (it writes no fact; data-import.spec.ts covers the writes): the template link, the upload,
 * the progress to 待确认, the problem on its line, the report link, 取消导入, and the import in the list.
 */
describeInBrowser('the data import page', () => {
  const browser = useBrowser();

  test('the administrator uploads a file, reads its problem on its line, and cancels the import', async () => {
    const { page, assertClean } = await openPage(browser());
    await signInByApi(page, await createAdmin('impadmin', PASSWORD, '导入管理员'), PASSWORD);
    await page.goto(`${testEnv().baseUrl}/admin/import`);
    await ready(page);
    expect(await page.locator('h2').textContent()).toBe('数据导入');
    const template = await download(page, (await page.getByRole('link', { name: '零售量模板.csv' }).getAttribute('href'))!);
    expect(template.body.toString('utf8')).toContain('月份,城市代码,车型代码,使用性质,所有权,颜色,销量');

    const from = (await page.locator('input[name="from"]').inputValue()) || '2026-10';
    const file = `月份,城市代码,车型代码,使用性质,所有权,颜色,销量\n${from},999999,X,1,1,1,1\n`;
    await page.setInputFiles('input[aria-label="选择文件"]', { name: '浏览器导入.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await page.getByRole('button', { name: '上传并校验' }).click();
    const progress = page.locator('[data-testid="import-progress"]');
    await progress.locator('.import-progress__decide', { hasText: '文件有错误' }).waitFor({ timeout: 60_000 });
    const problem = progress.locator('.import-problems__table tbody tr').first();
    await problem.waitFor();
    expect((await problem.locator('td').allTextContents()).slice(0, 3)).toEqual(['2', '城市代码', '错误']);
    expect(await progress.getByRole('link', { name: '下载问题报告（Excel）' }).getAttribute('href')).toMatch(/^\/car\/api\/dataImport\/report\?id=/);
    await screenshot(page, 'dataimport');

    await progress.getByRole('button', { name: '取消导入' }).click();
    await page.locator('.import-page__table tbody tr', { hasText: '浏览器导入.csv' }).filter({ hasText: '已取消' }).waitFor();
    assertClean();
  });

  test('a catalog file needs no month range and reports its problem on its line', async () => {
    const { page, assertClean } = await openPage(browser());
    await signInByApi(page, await createAdmin('impcatalog', PASSWORD, '目录管理员'), PASSWORD);
    await page.goto(`${testEnv().baseUrl}/admin/import`);
    await ready(page);
    await page.locator('select[aria-label="数据类型"]').selectOption('catalog');
    await page.locator('.import-page__hint', { hasText: '从不删除' }).waitFor();
    expect(await page.locator('input[name="from"]').count()).toBe(0);
    const template = await download(page, (await page.getByRole('link', { name: '车型目录模板.csv' }).getAttribute('href'))!);
    expect(template.body.toString('utf8')).toContain(
      '厂商,厂商属性,厂商首字母,厂商类型,品牌,品牌属性,品牌首字母,品牌系别,品牌集团,品牌类型,车系,子车系代码,子车系,首字母,细分市场,车型代码',
    );

    const file = `子车系代码,车型代码,细分市场\nZZ999,ZZ999,Z级车\n`;
    await page.setInputFiles('input[aria-label="选择文件"]', { name: '目录导入.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await page.getByRole('button', { name: '上传并校验' }).click();
    const progress = page.locator('[data-testid="import-progress"]');
    await progress.locator('.import-progress__decide', { hasText: '文件有错误' }).waitFor({ timeout: 60_000 });
    const problem = progress.locator('.import-problems__table tbody tr').first();
    await problem.waitFor();
    expect((await problem.locator('td').allTextContents()).slice(0, 3)).toEqual(['2', '细分市场', '错误']);
    await progress.getByRole('button', { name: '取消导入' }).click();
    await page.locator('.import-page__table tbody tr', { hasText: '目录导入.csv' }).filter({ hasText: '已取消' }).waitFor();
    assertClean();
  });
});
