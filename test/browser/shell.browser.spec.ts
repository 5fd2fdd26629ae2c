import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_PATH, SESSION_COOKIE } from '@car/contracts';
import { describeInBrowser, launchBrowser, openPage, ready, screenshot, toastAfter } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * The signed-in shell as a new analyst meets it: header with their nickname, their menus, the password
 * change with every message of the spec, signing out, and the session rule when the cookie goes away.
 * Each test signs in a user of its own; together they make one failed password check (the wrong old
 * password), well under the throttle's five per address.
 */
const PASSWORD = 'Shell@2026';
let userCounter = 0;

async function createShellAnalyst(): Promise<{ account: string; nickname: string }> {
  userCounter++;
  const nickname = `壳测试${userCounter}`;
  return { account: await createAnalyst('shell', PASSWORD, nickname), nickname };
}

/**
 * Signs in through the API (the login form is the login specs' to walk), opens `/` (the spec's home, 整体市场表现),
 * then a shell page; answers where `/` landed.
 */
async function signIn(page: Page, account: string, password = PASSWORD): Promise<string> {
  await signInByApi(page, account, password, '/');
  const landed = new URL(page.url()).pathname;
  if (landed !== '/salevolume/wholemarket') {
    await page.goto(`${testEnv().baseUrl}/salevolume/wholemarket`);
    await ready(page);
  }
  return landed;
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('greeting').click();
}

async function fieldErrors(page: Page): Promise<string[]> {
  return page.locator('.field-error').allTextContents();
}

describeInBrowser('the signed-in shell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a new user signs in and sees the shell with their nickname, their menus and the page title', async () => {
    const { page, assertClean } = await openPage(browser);
    const user = await createShellAnalyst();
    // A signed-in `/` is the spec's home, 整体市场表现 (spec 000 §2, decision 151); the dashboard is one click away.
    expect(await signIn(page, user.account)).toBe('/salevolume/wholemarket');
    await expect(page.locator(`.app-header a[href="${DASHBOARD_PATH}"]`).count()).resolves.toBe(1);

    await expect(page.getByTestId('greeting').textContent()).resolves.toContain(`您好，${user.nickname}`);
    await expect(page.title()).resolves.toMatch(/ - 车市分析平台$/);
    expect(await page.locator('.demo-badge').textContent()).toBe('演示数据');

    // Every menu entry leads to a page that exists; with none yet, `/` says so instead of linking nowhere.
    const links = await page.locator('.side-menu a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    if (links.length === 0) {
      await expect(page.getByText('暂无可访问的页面').count()).resolves.toBe(1);
    }
    for (const href of links) {
      const response = await page.request.get(`${testEnv().baseUrl}${href}`);
      expect({ href, status: response.status() }).toEqual({ href, status: 200 });
    }
    await screenshot(page, 'shell-signed-in');
    assertClean();
  });

  test('changing the password shows each validation message, then signs the user out after the notice', async () => {
    const { page, assertClean } = await openPage(browser);
    const user = await createShellAnalyst();
    await signIn(page, user.account);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.waitForURL('**/resetpassword');
    await page.waitForFunction(() => document.title === '修改密码 - 车市分析平台');

    const submit = page.getByRole('button', { name: '确认修改' });
    await submit.click();
    expect(await fieldErrors(page)).toEqual(['请输入旧密码', '请输入新密码', '请输入确认密码']);

    await page.fill('#oldPwd', PASSWORD);
    await page.fill('#newPwd', 'short1');
    await page.fill('#confirmPwd', 'short2');
    await submit.click();
    expect(await fieldErrors(page)).toEqual(['密码由8-20位大小写字母、数字、特殊字符组合', '两次密码输入不一致']);

    const newPassword = 'Changed#2026';
    await page.fill('#newPwd', newPassword);
    await page.fill('#confirmPwd', newPassword);
    expect(await fieldErrors(page)).toEqual([]);

    // The server's refusal arrives as an error toast and under the form; the button works again.
    await page.fill('#oldPwd', 'Wrong#2026x');
    await toastAfter(page, '旧密码错误', () => submit.click());
    await ready(page);
    await expect(submit.isEnabled()).resolves.toBe(true);

    await page.fill('#oldPwd', PASSWORD);
    const clicked = Date.now();
    await toastAfter(page, '密码修改成功，请重新登录', () => submit.click());
    await screenshot(page, 'shell-password-changed');
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2500);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('car-token');

    await signIn(page, user.account, newPassword);
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain(user.nickname);
    assertClean();
  });

  test('signing out ends the session and pages then lead to /login', async () => {
    const { page, assertClean } = await openPage(browser);
    const user = await createShellAnalyst();
    await signIn(page, user.account);
    await openUserMenu(page);
    await Promise.all([page.waitForURL('**/login'), page.getByRole('menuitem', { name: '退出' }).click()]);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('car-token');

    await page.goto(`${testEnv().baseUrl}/resetpassword`);
    await ready(page);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe('/resetpassword');
    assertClean();
  });

  test('a removed or forged cookie sends the user to /login on their next click', async () => {
    const { page, assertClean } = await openPage(browser);
    const user = await createShellAnalyst();
    await signIn(page, user.account);

    // The cookie expired (or was removed) while the page was open.
    await page.context().clearCookies();
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.waitForURL('**/login?redirectTo=%2Fresetpassword');

    // A token the API does not accept is dropped on the way to /login.
    const { hostname } = new URL(testEnv().baseUrl);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: 'forged.token.value', domain: hostname, path: '/' }]);
    await page.goto(`${testEnv().baseUrl}/resetpassword`);
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('car-token');
    assertClean();
  });
});
