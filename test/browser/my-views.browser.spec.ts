import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

const PASSWORD = 'MyViews@2026b';
const base = () => testEnv().baseUrl;

const row = (page: Page, table: '我的视图' | '共享给我的', name: string) =>
  page.locator('table.my-views__table', { has: page.locator('caption', { hasText: table }) }).locator('tbody tr', { hasText: name });

async function saveView(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '保存视图' }).click();
  const dialog = page.getByRole('dialog', { name: '保存视图' });
  await dialog.getByLabel('视图名称').fill(name);
  await toastAfter(page, `已保存视图「${name}」`, () => dialog.getByRole('button', { name: '保存' }).click());
  await dialog.waitFor({ state: 'detached' });
}

async function ofDemosProducer(...accounts: string[]): Promise<void> {
  const db = new Client({ connectionString: testEnv().databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE app_user SET producer_id = (SELECT producer_id FROM app_user WHERE account = 'demo') WHERE account = ANY($1::text[])`, [accounts]);
  } finally {
    await db.end();
  }
}

async function signedIn(browser: Browser, account: string) {
  const opened = await openPage(browser, { width: 1440, height: 900 });
  await signInByApi(opened.page, account, PASSWORD);
  return opened;
}

/**
 * 我的视图 in Chromium (decisions 187-189): 保存视图 from a page's header, the view in 我的视图 (user menu and side
 * menu), opened at its address, renamed, shared with a named colleague who opens it read-only and saves a copy,
 * deleted; a view holding a parameter the page no longer reads opens with the notice naming it; without a session
 * the page and the open address lead to sign-in.
 */
describeInBrowser('my views', () => {
  const browser = useBrowser();

  test('save, find, open, rename, share, copy as the colleague, delete; a stale parameter is named', async () => {
    const owner = await createAnalyst('myviews_owner', PASSWORD, '视图作者');
    const colleague = await createAnalyst('myviews_peer', PASSWORD, '视图同事');
    // Colleagues are the analysts of one producer (decision 259): both of demo's.
    await ofDemosProducer(owner, colleague);
    const { page, assertClean } = await signedIn(browser(), owner);

    // Saved from the whole-market page with its filters and table dimension in the address.
    await page.goto(`${base()}/salevolume/wholemarket?time=2026-09&dimension=3`);
    await ready(page);
    await saveView(page, '九月品牌');
    // Only analysis pages offer it.
    await page.goto(`${base()}/comprehensiveinquiry/pricedownload`);
    await ready(page);
    expect(await page.getByRole('button', { name: '保存视图' }).count()).toBe(0);

    // 我的视图 from the user menu.
    await page.getByTestId('greeting').click();
    await Promise.all([page.waitForURL(/\/myviews$/), page.getByRole('menuitem', { name: '我的视图' }).click()]);
    const saved = row(page, '我的视图', '九月品牌');
    await expect(saved.locator('td').nth(1).textContent()).resolves.toBe('整体市场表现');
    await expect(saved.locator('td').nth(2).textContent()).resolves.toBe('未共享');

    // Opened: the page at the saved address, no notice.
    await Promise.all([page.waitForURL(/\/salevolume\/wholemarket\?/), saved.getByRole('link', { name: '打开' }).click()]);
    expect(new URL(page.url()).search).toBe('?time=2026-09&dimension=3');
    await ready(page);
    expect(await page.getByTestId('view-notice').count()).toBe(0);

    // Renamed, from the side menu's 我的视图.
    await Promise.all([page.waitForURL(/\/myviews$/), page.getByRole('navigation', { name: '功能菜单' }).getByRole('link', { name: '我的视图' }).click()]);
    await row(page, '我的视图', '九月品牌').getByRole('button', { name: '重命名' }).click();
    const rename = page.getByRole('dialog', { name: '重命名视图' });
    await rename.getByLabel('视图名称').fill('九月品牌排行');
    await rename.getByRole('button', { name: '保存' }).click();
    await row(page, '我的视图', '九月品牌排行').waitFor();

    // Shared with the colleague, found by account.
    await row(page, '我的视图', '九月品牌排行').getByRole('button', { name: '共享' }).click();
    const share = page.getByRole('dialog', { name: '共享视图「九月品牌排行」' });
    await share.getByLabel('查找同事（账号或昵称）').fill(colleague);
    await share.locator('.my-views__colleagues .checkbox', { hasText: colleague }).click();
    await expect(share.locator('.my-views__picked').textContent()).resolves.toBe('已选同事：视图同事');
    await toastAfter(page, '已更新视图「九月品牌排行」的共享', () => share.getByRole('button', { name: '保存共享' }).click());
    await expect(row(page, '我的视图', '九月品牌排行').locator('td').nth(2).textContent()).resolves.toBe('视图同事');

    // A parameter this build no longer reads: the page opens with the rest and the notice names it.
    await page.goto(`${base()}/salevolume/wholemarket?time=2026-09&oldChartMode=2`);
    await ready(page);
    await saveView(page, '旧链接');
    await page.goto(`${base()}/myviews`);
    await ready(page);
    await Promise.all([page.waitForURL(/\/salevolume\/wholemarket/), row(page, '我的视图', '旧链接').getByRole('link', { name: '打开' }).click()]);
    expect(new URL(page.url()).search).toBe('?time=2026-09');
    await expect(page.getByTestId('view-notice').textContent()).resolves.toBe('视图「旧链接」中的部分条件已不再适用，已忽略：oldChartMode');
    await screenshot(page, 'my-views-dropped-notice');
    // Shown once: the next page has no notice.
    await page.goto(`${base()}/salevolume/areamarket`);
    await ready(page);
    expect(await page.getByTestId('view-notice').count()).toBe(0);

    // Deleted after a confirmation.
    await page.goto(`${base()}/myviews`);
    await ready(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await toastAfter(page, '已删除视图', () => row(page, '我的视图', '旧链接').getByRole('button', { name: '删除' }).click());
    await row(page, '我的视图', '旧链接').waitFor({ state: 'detached' });
    await screenshot(page, 'my-views');
    assertClean();

    // The colleague: read-only under 共享给我的, opens it at the sharer's address, saves a copy.
    const peer = await signedIn(browser(), colleague);
    await peer.page.goto(`${base()}/myviews`);
    await ready(peer.page);
    const received = row(peer.page, '共享给我的', '九月品牌排行');
    await expect(received.locator('td').nth(2).textContent()).resolves.toBe(`视图作者（${owner}）`);
    expect(await received.getByRole('button', { name: '重命名' }).count()).toBe(0);
    expect(await received.getByRole('button', { name: '删除' }).count()).toBe(0);
    await Promise.all([peer.page.waitForURL(/\/salevolume\/wholemarket\?/), received.getByRole('link', { name: '打开' }).click()]);
    expect(new URL(peer.page.url()).search).toBe('?time=2026-09&dimension=3');
    await peer.page.goto(`${base()}/myviews`);
    await ready(peer.page);
    await row(peer.page, '共享给我的', '九月品牌排行').getByRole('button', { name: '另存为我的视图' }).click();
    const copy = peer.page.getByRole('dialog', { name: '另存为我的视图' });
    await copy.getByLabel('视图名称').fill('同事的九月');
    await copy.getByRole('button', { name: '保存' }).click();
    await row(peer.page, '我的视图', '同事的九月').waitFor();
    await expect(row(peer.page, '我的视图', '同事的九月').locator('td').nth(1).textContent()).resolves.toBe('整体市场表现');
    peer.assertClean();
  });

  test('a view that cannot open returns to 我的视图 with the reason', async () => {
    const { page, assertClean } = await signedIn(browser(), await createAnalyst('myviews_none', PASSWORD, '无视图'));
    await page.goto(`${base()}/myviews/open/2147483000`);
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/myviews');
    await expect(page.getByTestId('view-notice').textContent()).resolves.toBe('视图不存在');
    assertClean();
  });

  test('without a session the page and the open address lead to sign-in', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${base()}/myviews`);
    await ready(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?redirectTo=%2Fmyviews');
    await page.goto(`${base()}/myviews/open/1`);
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
