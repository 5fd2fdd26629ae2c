import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { API_PREFIX, ROBOT_MESSAGES, SECURITY } from '@car/contracts';
import { describeInBrowser, openPage, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { startBuiltApp } from '../support/built-app';
import { freePort } from '../support/net';
import { receiver } from '../support/robot-receiver';
import { testEnv } from '../support/test-env';
import { createUser } from '../support/users';

jest.setTimeout(120_000);

const PASSWORD = 'Robots@2026b';

/** Signs in through the API of the app at `base` (the login form is the login specs' to walk). */
async function signIn(page: Page, base: string, account: string): Promise<void> {
  const response = await page.request.post(`${base}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password: PASSWORD } });
  expect(((await response.json()) as { code: number }).code).toBe(1);
}

/** Fills 登记机器人 and saves. */
async function register(page: Page, robot: { name: string; service: string; url: string; secret?: string }): Promise<void> {
  await page.getByRole('button', { name: '登记机器人' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill(robot.name);
  await dialog.getByLabel('类型').selectOption({ label: robot.service });
  await dialog.getByLabel('Webhook 地址').fill(robot.url);
  if (robot.secret) await dialog.getByLabel('签名密钥（加签）').fill(robot.secret);
  await dialog.getByRole('button', { name: '保存' }).click();
}

/**
 * 群机器人 as an administrator uses it: a webhook refused with the rule's Chinese message (on the app as the
 * tests ship it, without ROBOT_ALLOW_INSECURE); on an app of this file's own with the key, a 钉钉 robot
 * registered at a local receiver, 发送测试消息 reaching it signed, and the list and 发送记录 showing 已发送. That an
 * analyst has no 群机器人 and its address leads elsewhere is the acceptance walk's (robots-admin.acceptance.spec.ts).
 */
describeInBrowser('the robots page', () => {
  const browser = useBrowser();

  test('a loopback or http webhook is refused in Chinese on the shipped configuration', async () => {
    const base = testEnv().baseUrl;
    const { page, assertClean } = await openPage(browser());
    try {
      await signIn(page, base, await createUser('admin', 'robotpage', PASSWORD, '机器人页管理员'));
      await page.goto(`${base}/admin/robots`);
      await ready(page);
      await page.locator('h2', { hasText: '群机器人' }).waitFor();
      await toastAfter(page, ROBOT_MESSAGES.httpsOnly, () =>
        register(page, { name: '内网群', service: '企业微信', url: 'http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' }),
      );
      await page.getByRole('dialog').getByLabel('Webhook 地址').fill('https://127.0.0.1/hook');
      await toastAfter(page, ROBOT_MESSAGES.privateTarget, () => page.getByRole('dialog').getByRole('button', { name: '保存' }).click());
      expect(await page.locator('tr[data-robot="内网群"]').count()).toBe(0);
      assertClean();
    } finally {
      await page.close();
    }
  });

  test('changing a signed 钉钉 robot to 企业微信 asks to confirm that its secret goes, and says it went', async () => {
    const base = testEnv().baseUrl;
    const { page, assertClean } = await openPage(browser());
    try {
      await signIn(page, base, await createUser('admin', 'robotswitch', PASSWORD, '机器人改类型管理员'));
      await page.goto(`${base}/admin/robots`);
      await ready(page);
      const name = `改类型的群 ${Date.now() % 100000}`;
      // A literal public address: registered without asking DNS, and nothing is sent to it.
      await toastAfter(page, '已登记机器人', () =>
        register(page, { name, service: '钉钉', url: 'https://106.11.23.1/robot/send?access_token=SWITCH', secret: 'SECswitch' }),
      );
      const row = page.locator(`tr[data-robot="${name}"]`);
      await row.waitFor();
      expect(await row.locator('td').nth(4).textContent()).toBe('已设置');

      await row.getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('类型').selectOption({ label: '企业微信' });
      await dialog.getByText(ROBOT_MESSAGES.secretWouldBeDropped).waitFor();
      await toastAfter(page, ROBOT_MESSAGES.secretWouldBeDropped, () => dialog.getByRole('button', { name: '保存' }).click());
      expect(await row.locator('td').nth(1).textContent()).toBe('钉钉');
      expect(await row.locator('td').nth(4).textContent()).toBe('已设置');

      await dialog.getByLabel(ROBOT_MESSAGES.confirmDropSecret).check();
      await toastAfter(page, '已保存，签名密钥已删除', () => dialog.getByRole('button', { name: '保存' }).click());
      await row.locator('td', { hasText: '企业微信' }).waitFor();
      expect(await row.locator('td').nth(4).textContent()).toBe('无');
      assertClean();
    } finally {
      await page.close();
    }
  });

  describe('with ROBOT_ALLOW_INSECURE and a local receiver', () => {
    let server: ChildProcess | undefined;
    let base: string;
    let robot: Awaited<ReturnType<typeof receiver>>;

    beforeAll(async () => {
      robot = await receiver();
      const env = testEnv();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      // The app as the global setup starts it, with the key that lets robots reach 127.0.0.1.
      server = await startBuiltApp({
        databaseUrl: env.databaseUrl,
        dataDir: env.dataDir,
        port,
        config: { ROBOT_ALLOW_INSECURE: 'true', PUBLIC_URL: 'https://car.example.com' },
      });
    });

    afterAll(async () => {
      server?.kill('SIGTERM');
      await robot?.close();
    });

    test('an administrator registers a 钉钉 robot, sends a test message that reaches it signed, and sees it sent', async () => {
      const { page, assertClean } = await openPage(browser());
      try {
        await signIn(page, base, await createUser('admin', 'robotsend', PASSWORD, '机器人发送管理员'));
        await page.goto(`${base}/admin/robots`);
        await ready(page);
        const hook = `${robot.url}/ok?access_token=PAGE`;
        await toastAfter(page, '已登记机器人', () => register(page, { name: '浏览器测试群', service: '钉钉', url: hook, secret: 'SECpage' }));
        const row = page.locator('tr[data-robot="浏览器测试群"]').first();
        await row.waitFor();
        expect(await row.locator('td').nth(1).textContent()).toBe('钉钉');
        expect(await row.locator('td').nth(4).textContent()).toBe('已设置');
        // Write-only: the page holds neither the token nor the secret.
        expect(await page.content()).not.toMatch(/access_token=PAGE|SECpage/);

        await toastAfter(page, '测试消息已排队发送', () => row.getByRole('button', { name: '发送测试消息' }).click());
        await row.locator('.label', { hasText: '已发送' }).waitFor({ timeout: 20_000 });
        const sent = robot.received.filter((r) => r.query.get('access_token') === 'PAGE');
        expect(sent).toHaveLength(1);
        const timestamp = sent[0].query.get('timestamp') ?? '';
        expect(sent[0].query.get('sign')).toBe(createHmac('sha256', 'SECpage').update(`${timestamp}\nSECpage`).digest('base64'));
        const { markdown } = sent[0].body as { markdown?: { title: string; text: string } };
        expect(markdown?.title).toBe(ROBOT_MESSAGES.testTitle);
        expect(markdown?.text).toContain('[查看详情](https://car.example.com/admin/robots)');

        await row.getByRole('link', { name: '发送记录' }).click();
        const history = page.getByRole('region', { name: '发送记录' });
        await history.locator('tr[data-delivery] .label', { hasText: '已发送' }).first().waitFor();
        expect(await history.locator('tr[data-delivery] td').first().textContent()).toBe(ROBOT_MESSAGES.testTitle);
        await screenshot(page, 'admin-robots');
        assertClean();
      } finally {
        await page.close();
      }
    });
  });
});
