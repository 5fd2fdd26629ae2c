import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, openPage, ready, screenshot } from '../support/browser';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/** Signing in: the API's messages under the form, the demo-data notice, and where the user lands. One wrong password in all. */
const PASSWORD = 'Login@2026';
let userCounter = 0;

async function createLoginAnalyst(): Promise<string> {
  userCounter++;
  return createAnalyst('login', PASSWORD, `登录测试${userCounter}`);
}

async function submitLogin(page: Page, account: string, password: string): Promise<void> {
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await page.getByRole('button', { name: '登录' }).click();
}

describeInBrowser('signing in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a wrong password shows the API message under the form and leaves the form usable', async () => {
    const { page, assertClean } = await openPage(browser);
    const account = await createLoginAnalyst();
    await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    await submitLogin(page, account, 'Wrong#Pass1');
    const message = page.locator('.login-card__error');
    await message.waitFor();
    expect((await message.textContent())?.trim()).toBe('账号或密码错误');
    // The message can show while the router still reloads the page's data; the button is the user's once that ends.
    await ready(page);
    await expect(page.getByRole('button', { name: '登录' }).isEnabled()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    assertClean();
  });

  test('the login page says that the figures are demo data', async () => {
    const { page, assertClean } = await openPage(browser);
    await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    await expect(page.locator('.demo-note').textContent()).resolves.toContain('演示数据');
    assertClean();
  });

  test('after signing in the user lands on the page they asked for, and only on a page of this site', async () => {
    const { page, assertClean } = await openPage(browser);
    const account = await createLoginAnalyst();
    await page.goto(`${testEnv().baseUrl}/resetpassword`);
    await ready(page);
    expect(new URL(page.url()).search).toBe('?redirectTo=%2Fresetpassword');
    await submitLogin(page, account, PASSWORD);
    await page.waitForURL('**/resetpassword');
    await page.waitForFunction(() => document.title === '修改密码 - 车市分析平台');

    await page.context().clearCookies();
    await page.goto(`${testEnv().baseUrl}/login?redirectTo=${encodeURIComponent('//example.com/')}`);
    await ready(page);
    await submitLogin(page, account, PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).host).toBe(new URL(testEnv().baseUrl).host);
    assertClean();
  });
});
