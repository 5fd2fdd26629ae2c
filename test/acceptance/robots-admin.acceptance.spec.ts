import type { Page } from 'playwright-core';
import type { AdminRobot } from '@car/contracts';
import { ROBOT_MESSAGES } from '@car/contracts';
import { describeInBrowser, openPage, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { apiResult } from '../support/sales-pages';
import { openSession } from './support/analytics-kit';
import { ADMIN, ANALYST, signIn, url } from './support/files-kit';

jest.setTimeout(180_000);

async function register(page: Page, name: string, webhook: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) === 0) await page.getByRole('button', { name: '登记机器人' }).click();
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('类型').selectOption({ label: '飞书' });
  await dialog.getByLabel('Webhook 地址').fill(webhook);
  await dialog.getByRole('button', { name: '保存' }).click();
}

/**
 * 群机器人 as shipped (no ROBOT_ALLOW_INSECURE): the administrator's menu leads to the page; a webhook over http,
 * at loopback, at the cloud metadata address or at a private address is refused with the rule's Chinese
 * message and nothing is registered; the demo analyst has no such menu and the address leads elsewhere.
 */
describeInBrowser('group robots as shipped: the SSRF guard speaks Chinese', () => {
  const browser = useBrowser();

  test('the administrator has 群机器人 in the menu, and every internal webhook is refused', async () => {
    const { page, assertClean } = await openSession(browser(), ADMIN);
    try {
      await page.goto(url('/admin/users'));
      await ready(page);
      expect(await page.locator('a[href$="/admin/robots"]').count()).toBeGreaterThan(0);
      await page.goto(url('/admin/robots'));
      await ready(page);
      await page.locator('h2', { hasText: '群机器人' }).waitFor();
      const refusals: Array<[string, string]> = [
        ['http://open.feishu.cn/open-apis/bot/v2/hook/x', ROBOT_MESSAGES.httpsOnly],
        ['https://127.0.0.1:3000/car/api/health', ROBOT_MESSAGES.privateTarget],
        ['https://169.254.169.254/latest/meta-data', ROBOT_MESSAGES.privateTarget],
        ['https://192.168.1.10/hook', ROBOT_MESSAGES.privateTarget],
        ['https://[::1]/hook', ROBOT_MESSAGES.privateTarget],
      ];
      for (const [webhook, message] of refusals) {
        await toastAfter(page, message, () => register(page, '验收内网群', webhook));
      }
      await screenshot(page, 'acceptance-robots-refused');
      await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
      const robots = await apiResult<AdminRobot[]>(page, '/admin/robots/list');
      expect(robots.some((r) => r.name === '验收内网群')).toBe(false);
      assertClean();
    } finally {
      await page.close();
    }
  });

  // The mode's walk of the login form (both modes run this file): the analyst lands on a page whose menu has no 群机器人.
  test('the analyst has no 群机器人 and its address leads elsewhere', async () => {
    const { page, assertClean } = await openPage(browser());
    try {
      await signIn(page, ANALYST);
      expect(await page.locator('a[href$="/admin/robots"]').count()).toBe(0);
      await page.goto(url('/admin/robots'));
      await ready(page);
      expect(new URL(page.url()).pathname).not.toBe('/admin/robots');
      assertClean();
    } finally {
      await page.close();
    }
  });
});
