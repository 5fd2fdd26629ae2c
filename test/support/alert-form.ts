import type { Locator, Page } from 'playwright-core';

/**
 * 我的订阅's 对象 as a user picks it (decision 279): open the field's pick-list, search the name, toggle the entry whose
 * text is the name, 确定. The form's hidden `rowId` then holds its id.
 */
export async function pickAlertRow(page: Page, form: Locator, name: string): Promise<void> {
  await form.getByLabel('对象', { exact: true }).click();
  const dialog = page.locator('.pick-dialog');
  await dialog.getByRole('searchbox').fill(name);
  await dialog.getByRole('searchbox').press('Enter');
  await dialog.locator('.pick-dialog__entries').getByRole('button', { name, exact: true }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}
