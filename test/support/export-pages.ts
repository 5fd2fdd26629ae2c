import type { Page } from 'playwright-core';
import { testEnv } from './test-env';

/** The export pages' browser tests: signing in as a test's own analyst, a tag's list control, 已选条件. */
export async function signInAs(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${testEnv().baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: '登录' }).click()]);
}

/** Opens a tag's multi-select, ticks one option, closes it. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).last().click();
  await page.getByRole('option', { name: option, exact: true }).locator('label').click();
  await page.getByRole('button', { name: label, exact: true }).last().click();
}

/** The lines of the 已选条件 panel. */
export const chosen = (page: Page) => page.locator('section[aria-label="已选条件"] p').allTextContents();
