import type { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser, openPage, ready, screenshot } from '../support/browser';
import { testEnv } from '../support/test-env';

/**
 * The login page as served: the form in Chinese, server-side. That a visitor of `/` without a session is sent to it is
 * the acceptance walk's (home-and-columns.acceptance.spec.ts, an anonymous visitor of `/`).
 */
describeInBrowser('the login page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('/login renders the sign-in form in Chinese, server-side and without console errors', async () => {
    const { page, assertClean } = await openPage(browser);
    const response = await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    expect(response?.status()).toBe(200);
    const html = await response?.text();
    expect(html).toContain('登录');
    await expect(page.title()).resolves.toContain('登录');
    expect(await page.locator('input[name="account"]').count()).toBe(1);
    expect(await page.locator('input[name="password"][type="password"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: '登录' }).count()).toBe(1);
    await screenshot(page, 'login');
    assertClean();
  });
});
