import type { Page } from 'playwright-core';
import { API_PREFIX, SECURITY } from '@car/contracts';
import { ready } from './browser';
import { testEnv } from './test-env';

/** The export pages' browser tests: signing in as a test's own analyst, a tag's list control, 已选条件. */
export async function signInAs(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${testEnv().baseUrl}/login`);
  await ready(page);
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: '登录' }).click()]);
}

/**
 * Signs the page's context in as `account` through the API, as the form's action does (the same call, the same
 * cookie), and opens `path` when given once it is ready: a tenth of a second where the form and the page it lands
 * on take four or five. The form itself is the login specs' to walk (and the acceptance suite's); a test whose
 * flow is the sign-in (held on 修改密码, a refusal) still uses `signInAs`.
 */
export async function signInByApi(page: Page, account: string, password: string, path?: string): Promise<void> {
  const response = await page.request.post(`${testEnv().baseUrl}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password } });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`signing ${account} in: ${body.code} ${body.msg}`);
  if (path === undefined) return;
  await page.goto(`${testEnv().baseUrl}${path}`);
  await ready(page);
}

/**
 * Opens a tag's multi-select, ticks one option, closes it. An empty select fills itself with every option
 * when it gains focus (spec 001 §4), so from empty the helper first clears that with 全部, then ticks.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  // The field's accessible name is its label and what it shows ("燃料类型 全部", decision 182): find it by its label.
  const select = page.locator(`.multi-select__input[aria-label="${label}"]`).last();
  const wasEmpty = ((await select.textContent()) ?? '').includes('选择');
  await select.click();
  const all = page.locator('.multi-select__all');
  if (wasEmpty && (await all.locator('input').isChecked())) await all.locator('label').click();
  await page.getByRole('option', { name: option, exact: true }).locator('label').click();
  await select.click();
}

/** Opens an export page's 城市 dialog, searches the city, ticks it and confirms. */
export async function chooseCity(page: Page, city: string): Promise<void> {
  await page.getByRole('textbox', { name: '城市', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '选择城市' });
  const search = dialog.getByRole('searchbox');
  await search.fill(city);
  await search.press('Enter');
  await dialog.getByRole('button', { name: city, exact: true }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The lines of the 已选条件 panel. */
export const chosen = (page: Page) => page.locator('section[aria-label="已选条件"] p').allTextContents();
