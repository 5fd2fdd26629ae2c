import type { Page } from 'playwright-core';
import { describeInBrowser, ready, toastAfter, useBrowser } from '../support/browser';
import { ADMIN, ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';

/**
 * 我的视图 as shipped (issue 30 §1, decisions 187-189), walked as the demo analyst and the administrator: 保存视图
 * from the sales page, the view found in 我的视图 through the header's user menu, opened at its address, renamed,
 * shared with everyone of demo's producer (the administrator is no colleague of an analyst's, decision 259); the
 * administrator shares a view of theirs with demo, who finds it read-only, opens it and saves a copy; a saved
 * address with a parameter the page no longer reads opens with the notice naming it; every view made here is
 * deleted again (the suite runs twice on the same data). The new pages and calls as an anonymous, forged, expired and revoked
 * visitor are the crawl's (it derives them from the route files and the contracts).
 */
const baseUrl = pointHelpersAtShipped();

const row = (page: Page, table: '我的视图' | '共享给我的', name: string) =>
  page.locator('table.my-views__table', { has: page.locator('caption', { hasText: table }) }).locator('tbody tr', { hasText: name });

async function nameDialog(page: Page, title: string, name: string, toast: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('视图名称').fill(name);
  await toastAfter(page, toast, () => dialog.getByRole('button', { name: '保存' }).click());
}

async function remove(page: Page, name: string): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await row(page, '我的视图', name).getByRole('button', { name: '删除' }).click();
  await row(page, '我的视图', name).waitFor({ state: 'detached' });
}

describeInBrowser('我的视图 as shipped', () => {
  const browser = useBrowser();

  test('save, find, open, rename, share; a view shared with demo opens read-only and is copied; the dropped notice, delete', async () => {
    const stamp = Date.now().toString(36);
    const name = `区域排行${stamp}`;
    const demo = await openAs(browser(), ANALYST, '/salevolume/wholemarket?dimension=4');
    const page = demo.page;

    await page.getByRole('button', { name: '保存视图' }).click();
    await nameDialog(page, '保存视图', name, `已保存视图「${name}」`);

    await page.getByTestId('greeting').click();
    await Promise.all([page.waitForURL((u) => u.pathname === '/myviews'), page.getByRole('menuitem', { name: '我的视图' }).click()]);
    await expect(row(page, '我的视图', name).locator('td').nth(1).textContent()).resolves.toBe('整体市场表现');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/salevolume/wholemarket'),
      row(page, '我的视图', name).getByRole('link', { name: '打开' }).click(),
    ]);
    expect(new URL(page.url()).search).toBe('?dimension=4');
    expect(await page.getByTestId('view-notice').count()).toBe(0);

    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    await row(page, '我的视图', name).getByRole('button', { name: '重命名' }).click();
    const renamed = `${name}改`;
    await nameDialog(page, '重命名视图', renamed, `已重命名为「${renamed}」`);

    await row(page, '我的视图', renamed).getByRole('button', { name: '共享' }).click();
    const share = page.getByRole('dialog', { name: `共享视图「${renamed}」` });
    await share.getByLabel('查找同事（账号或昵称）').fill('admin');
    await expect(share.locator('.my-views__none').textContent()).resolves.toBe('没有找到同事');
    await share.getByText('共享给本厂商（一汽-大众）全部同事').click();
    await toastAfter(page, `已更新视图「${renamed}」的共享`, () => share.getByRole('button', { name: '保存共享' }).click());
    await expect(row(page, '我的视图', renamed).locator('td').nth(2).textContent()).resolves.toBe('一汽-大众全部同事');

    // The administrator shares a view with demo (an administrator may share with anyone).
    const mine = `管理员视图${stamp}`;
    const admin = await openAs(browser(), ADMIN, '/salevolume/wholemarket?dimension=4');
    await admin.page.getByRole('button', { name: '保存视图' }).click();
    await nameDialog(admin.page, '保存视图', mine, `已保存视图「${mine}」`);
    await admin.page.goto(`${baseUrl}/myviews`);
    await ready(admin.page);
    await row(admin.page, '我的视图', mine).getByRole('button', { name: '共享' }).click();
    const adminShare = admin.page.getByRole('dialog', { name: `共享视图「${mine}」` });
    await adminShare.getByLabel('查找同事（账号或昵称）').fill('demo');
    await adminShare.locator('.my-views__colleagues .checkbox', { hasText: '（demo' }).click();
    await toastAfter(admin.page, `已更新视图「${mine}」的共享`, () => adminShare.getByRole('button', { name: '保存共享' }).click());

    // Demo: read-only, opens it at the administrator's address, saves a copy.
    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    const received = row(page, '共享给我的', mine);
    await expect(received.locator('td').nth(2).textContent()).resolves.toContain('（admin）');
    expect(await received.getByRole('button', { name: '重命名' }).count()).toBe(0);
    await Promise.all([page.waitForURL((u) => u.pathname === '/salevolume/wholemarket'), received.getByRole('link', { name: '打开' }).click()]);
    expect(new URL(page.url()).search).toBe('?dimension=4');
    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    await row(page, '共享给我的', mine).getByRole('button', { name: '另存为我的视图' }).click();
    await nameDialog(page, '另存为我的视图', `副本${stamp}`, `已另存为我的视图「副本${stamp}」`);
    await remove(page, `副本${stamp}`);
    await remove(admin.page, mine);
    admin.assertClean();

    // A parameter the page no longer reads.
    await page.goto(`${baseUrl}/salevolume/areamarket?dimension=2&retiredKey=1`);
    await ready(page);
    await page.getByRole('button', { name: '保存视图' }).click();
    await nameDialog(page, '保存视图', `旧${stamp}`, `已保存视图「旧${stamp}」`);
    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/salevolume/areamarket'),
      row(page, '我的视图', `旧${stamp}`).getByRole('link', { name: '打开' }).click(),
    ]);
    expect(new URL(page.url()).search).toBe('?dimension=2');
    await expect(page.getByTestId('view-notice').textContent()).resolves.toBe(`视图「旧${stamp}」中的部分条件已不再适用，已忽略：retiredKey`);

    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    await remove(page, `旧${stamp}`);
    await remove(page, renamed);
    demo.assertClean();
  });
});
