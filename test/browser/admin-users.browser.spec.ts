import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { download } from '../support/sales-pages';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createUser } from '../support/users';

const ADMIN_PASSWORD = 'Admin#Browser1';
const FIRST_PASSWORD = 'First#Pass2026';
const OWN_PASSWORD = 'Own#Pass2026x';

/** Through the form: the colleague's flow is the sign-in itself (held on 修改密码, then let through). */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${testEnv().baseUrl}/login`);
  await ready(page);
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: '登录' }).click()]);
}

const row = (page: Page, account: string) => page.locator(`.admin-page__table tbody tr[data-account="${account}"]`);

/**
 * 系统管理 as an administrator uses it: 用户管理 creates a colleague, who signs in and is held on 修改密码
 * until the first password is changed; a reset shows the temporary password once; 安全日志 lists what
 * happened, filters by the URL's GET form and downloads the workbook.
 */
describeInBrowser('the administration pages', () => {
  const browser = useBrowser();

  test('an administrator creates a colleague, who must change the password; the audit page lists the events', async () => {
    const admin = await createUser('admin', 'browser_admin', ADMIN_PASSWORD, '浏览器管理员');
    const colleague = `colleague_${process.pid}_${Date.now().toString(36)}`;
    const adminPage = await openPage(browser());
    const { page } = adminPage;
    await signInByApi(page, admin, ADMIN_PASSWORD, '/admin/users');
    // The menu holds both pages once their routes exist (the admin role's rows of migration 1763700000017).
    await page.locator('.side-menu').waitFor();
    expect(await page.locator('.side-menu a[href="/admin/users"], .side-menu a[href="/admin/audit"]').count()).toBe(2);
    await page.locator('h2', { hasText: '用户管理' }).waitFor();

    // 新建用户: the dialog posts to the page's action; the list reloads with the new row.
    await page.getByRole('button', { name: '新建用户' }).click();
    const dialog = page.locator('.ui.modal', { hasText: '新建用户' });
    await dialog.locator('#admin-user-account').fill(colleague);
    await dialog.locator('#admin-user-nickname').fill('新同事');
    await dialog.locator('#admin-user-password').fill('weak');
    await toastAfter(page, '密码由8-20位', () => dialog.getByRole('button', { name: '保存' }).click());
    await dialog.locator('#admin-user-password').fill(FIRST_PASSWORD);
    await dialog.getByRole('button', { name: '保存' }).click();
    await row(page, colleague).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, colleague).locator('td').nth(5).textContent()).toContain('待改密码');
    await screenshot(page, 'admin-users');

    // The colleague signs in and is held on 修改密码 until the password is changed.
    const colleaguePage = await openPage(browser());
    const other = colleaguePage.page;
    await signIn(other, colleague, FIRST_PASSWORD);
    await other.waitForURL((url) => url.pathname === '/resetpassword');
    await other.goto(`${testEnv().baseUrl}/salevolume/wholemarket`);
    await ready(other);
    expect(new URL(other.url()).pathname).toBe('/resetpassword');
    await other.fill('#oldPwd', FIRST_PASSWORD);
    await other.fill('#newPwd', OWN_PASSWORD);
    await other.fill('#confirmPwd', OWN_PASSWORD);
    await other.getByRole('button', { name: '确认修改' }).click();
    await other.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await signIn(other, colleague, OWN_PASSWORD);
    expect(new URL(other.url()).pathname).not.toBe('/resetpassword');

    // A reset: confirmed, then the temporary password shown once.
    await page.reload();
    await ready(page);
    await row(page, colleague).getByRole('button', { name: '重置密码' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    const temporary = page.getByTestId('temporary-password');
    await temporary.waitFor();
    expect((await temporary.textContent())!.trim()).toMatch(/^[\x21-\x7e]{12}$/);
    await page.getByRole('button', { name: '我已记下' }).click();
    await row(page, colleague).locator('td', { hasText: '待改密码' }).waitFor();

    // 安全日志: the colleague's events, newest first; a kind chosen through the form goes into the address.
    await page.goto(`${testEnv().baseUrl}/admin/audit?account=${colleague}`);
    await ready(page);
    await page.locator('.admin-page__table tbody tr[data-event="password.reset"]').waitFor();
    const events = await page.locator('.admin-page__table tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event')));
    expect(events.slice(0, 1)).toEqual(['password.reset']);
    expect(events).toEqual(expect.arrayContaining(['user.created', 'login.success', 'password.changed', 'password.reset']));
    await page.getByLabel('创建用户').check();
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.waitForURL(/events=user\.created/);
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('.admin-page__table tbody tr')];
      return rows.length === 1 && rows[0].getAttribute('data-event') === 'user.created';
    });
    expect(await page.locator('.admin-page__table tbody tr td').nth(6).textContent()).toContain(`对象 ${colleague}`);
    const href = await page.getByRole('link', { name: '下载' }).getAttribute('href');
    const file = await download(page, href!);
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    await screenshot(page, 'admin-audit');

    // Days the API refuses keep the form on screen, with its message, to be corrected there.
    await toastAfter(page, '开始日期不能晚于结束日期', async () => {
      await page.goto(`${testEnv().baseUrl}/admin/audit?from=2026-12-01&to=2026-11-01`);
      await ready(page);
    });
    expect(await page.locator('input[name="from"]').inputValue()).toBe('2026-12-01');
    expect(await page.getByRole('button', { name: '下载' }).isDisabled()).toBe(true);

    adminPage.assertClean();
    colleaguePage.assertClean();
  }, 120_000);
});
