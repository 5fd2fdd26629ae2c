import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, toastAfter, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

const PASSWORD = 'Unknown@2026i';

/** Signs in through the API (the login form is the login specs' to walk). */
const signIn = (page: Page, account: string) => signInByApi(page, account, PASSWORD);

/**
 * A bookmark whose id names nothing (decision 131): the page opens as itself, its filters and
 * titles, with the API's message as a toast; no error page, no 500.
 */
describeInBrowser('a page opened with an id that names nothing', () => {
  const browser = useBrowser();

  test.each([
    ['/salevolume/wholemarket?detailId=999', '.sales-page__title', '整体市场表现', '参数 detailId 没有 id 为 999 的细分市场'],
    ['/comprehensiveinquiry/reportdownload?producerIds=999999', 'h2', '报告下载', '参数 producerIds 没有 id 为 999999 的厂商'],
  ])('%s shows the page and the message as a toast', async (address, titleSelector, title, message) => {
    const { page, assertClean } = await openPage(browser());
    await signIn(page, await createAnalyst('unknownids', PASSWORD, '未知编号测试'));
    // Watched from the start: a toast lasts 3 s, and on a busy machine the page is ready later than that.
    const statuses: number[] = [];
    await toastAfter(page, message, async () => {
      statuses.push((await page.goto(`${testEnv().baseUrl}${address}`))?.status() ?? 0);
    });
    expect(statuses).toEqual([200]);
    expect(await page.locator(titleSelector).first().textContent()).toBe(title);
    expect(await page.locator('.route-error').count()).toBe(0);
    assertClean();
  });
});
