import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

const PASSWORD = 'Alerts@2026page';

/**
 * 订阅与提醒 in the browser (decisions 190, 193): 订阅此视图 in the header opens the form with the page's address and
 * name; 订阅 lists the subscription; 暂停 pauses it; 我的提醒 starts empty, reached by the bell.
 */
describeInBrowser('subscriptions', () => {
  const browser = useBrowser();

  test('subscribe to a page from the header, see it listed, pause it; the bell leads to 我的提醒', async () => {
    const { page, assertClean } = await openPage(browser(), { width: 1440, height: 900 });
    await signInByApi(page, await createAnalyst('alertspage', PASSWORD, '提醒页'), PASSWORD);
    await page.goto(`${testEnv().baseUrl}/salevolume/wholemarket?source=2`);
    await ready(page);
    await page.getByTestId('subscribe-view').click();
    await page.waitForURL(/\/alerts\/subscriptions\?/);
    await expect(page.getByRole('textbox', { name: '名称' }).inputValue()).resolves.toBe('整体市场表现');
    await page.getByRole('button', { name: '订阅', exact: true }).click();
    const row = page.locator('tr[data-subscription="整体市场表现"]');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('有新月份数据时提醒');
    await row.getByRole('button', { name: '暂停' }).click();
    await row.getByText('已暂停').waitFor();
    await page.getByTestId('bell').click();
    await page.waitForURL(/\/alerts\/notifications/);
    await page.getByText('暂无提醒').waitFor();
    await screenshot(page, 'alerts');
    assertClean();
  });
});
