import type { Page } from 'playwright-core';
import { API_MESSAGES } from '@car/contracts';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { openSession } from './support/analytics-kit';
import { ADMIN, url } from './support/files-kit';

const FIRST_PASSWORD = 'First#Pass2026';
const OWN_PASSWORD = 'Own#Pass2026x';

/** Signs in through the login form; where it lands. */
async function signInWith(page: Page, account: string, password: string): Promise<void> {
  await page.goto(url('/login'));
  await ready(page);
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await page.getByRole('button', { name: '登录' }).click();
}

const row = (page: Page, account: string) => page.locator(`.admin-page__table tbody tr[data-account="${account}"]`);

/**
 * 用户管理 as shipped (decisions 49, 234, 236): the administrator creates a colleague, who signs in, changes the
 * first password and works; 停用, confirmed, ends the colleague's session on their very next page (it goes to the
 * login page, where the password no longer signs in), and 启用 lets a new sign-in in again. The suite runs twice on
 * the same data, so each run's colleague is new.
 */
describeInBrowser('用户管理 as shipped', () => {
  const browser = useBrowser();

  test('a colleague the administrator disables is sent to sign in on the next page, and let in again once enabled', async () => {
    const colleague = `colleague_${Date.now().toString(36)}`;
    const admin = await openSession(browser(), ADMIN);
    const { page } = admin;
    await page.goto(url('/admin/users'));
    await ready(page);
    await page.getByRole('button', { name: '新建用户' }).click();
    const dialog = page.locator('.ui.modal', { hasText: '新建用户' });
    await dialog.locator('#admin-user-account').fill(colleague);
    await dialog.locator('#admin-user-nickname').fill('验收同事');
    await dialog.locator('#admin-user-password').fill(FIRST_PASSWORD);
    await dialog.getByRole('button', { name: '保存' }).click();
    await row(page, colleague).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The colleague signs in, is held on 修改密码, changes it and opens an analysis page.
    const other = await openPage(browser());
    const work = other.page;
    await signInWith(work, colleague, FIRST_PASSWORD);
    await work.waitForURL((u) => u.pathname === '/resetpassword');
    await work.fill('#oldPwd', FIRST_PASSWORD);
    await work.fill('#newPwd', OWN_PASSWORD);
    await work.fill('#confirmPwd', OWN_PASSWORD);
    await work.getByRole('button', { name: '确认修改' }).click();
    await work.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await signInWith(work, colleague, OWN_PASSWORD);
    await work.waitForURL((u) => u.pathname !== '/login');
    await work.goto(url('/salevolume/wholemarket'));
    await ready(work);
    await work.locator('.summary-card').first().waitFor();

    // 停用, confirmed in the dialog: the row says so.
    await page.reload();
    await ready(page);
    await row(page, colleague).getByRole('button', { name: '停用' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await row(page, colleague).getByRole('button', { name: '启用' }).waitFor();
    await screenshot(page, 'acceptance-admin-users-disabled');

    // The colleague's next page goes to the login page, with the way back kept; the password no longer signs in.
    await work.goto(url('/salevolume/areamarket'));
    await ready(work);
    const login = new URL(work.url());
    expect([login.pathname, login.searchParams.get('redirectTo')]).toEqual(['/login', '/salevolume/areamarket']);
    const refused = await work.request.get(url('/car/api/saleVolume/wholeMarket/whole'));
    expect((await refused.json()) as { msg: string }).toMatchObject({ msg: API_MESSAGES.signInFirst });
    await signInWith(work, colleague, OWN_PASSWORD);
    await work.locator('.toast, [role="alert"]', { hasText: '账号或密码错误' }).first().waitFor();
    expect(new URL(work.url()).pathname).toBe('/login');

    // 启用: a new sign-in is let in again.
    await row(page, colleague).getByRole('button', { name: '启用' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await row(page, colleague).getByRole('button', { name: '停用' }).waitFor();
    await signInWith(work, colleague, OWN_PASSWORD);
    await work.waitForURL((u) => u.pathname !== '/login');
    await work.goto(url('/salevolume/wholemarket'));
    await ready(work);
    await work.locator('.summary-card').first().waitFor();

    admin.assertClean();
    other.assertClean();
  }, 180_000);
});
