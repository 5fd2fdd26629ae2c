import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { QUEUE_BOARD_PATH, SESSION_COOKIE } from '@car/contracts';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { signedInApp } from '../support/api-app';
import { signIn as apiSignIn } from '../support/shared-app';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst, createUser } from '../support/users';

const PASSWORD = 'Jobs@2026b';

/** Signs in through the API (the login form is the login specs' to walk). */
const signIn = (page: Page, account: string, path?: string) => signInByApi(page, account, PASSWORD, path);

const row = (page: Page, id: string, state?: string) => page.locator(`.jobs-page__table tr[data-job-id="${id}"]${state ? `[data-state="${state}"]` : ''}`);

/**
 * 任务监控 as an administrator uses it (the app runs jobs in-process here): a failed export job with its
 * error and 重试, which runs it again; a running job that finishes while the page is open shows 已完成 by
 * itself (auto-refresh); the state tabs filter through the address.
 */
describeInBrowser('the job monitor page', () => {
  const browser = useBrowser();
  let db: Client;

  beforeAll(async () => {
    db = new Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
  });

  test('an administrator retries a failed job, watches a running one finish, and filters by state', async () => {
    // A failed export whose record is gone (its rerun finds nothing to write and completes), and a job "running".
    const failed = randomUUID();
    const running = randomUUID();
    await db.query(
      `INSERT INTO job_run (id, name, payload, state, progress, attempts, enqueued_at, started_at, finished_at, error)
       VALUES ($1, 'exports.data', $2, 'failed', 40, 1, now() - interval '2 minutes', now() - interval '2 minutes', now() - interval '1 minute', '写入工作簿失败：磁盘已满'),
              ($3, 'rollups.rebuild', '{"months":[202610]}', 'active', 35, 1, now() - interval '30 seconds', now() - interval '20 seconds', NULL, NULL)`,
      [failed, { exportId: failed }, running],
    );
    const { page, assertClean } = await openPage(browser());
    try {
      await signIn(page, await createUser('admin', 'jobspage', PASSWORD, '任务页管理员'));
      await page.goto(`${testEnv().baseUrl}/admin/jobs`);
      await ready(page);
      await page.locator('h2', { hasText: '任务监控' }).waitFor();
      await row(page, failed).waitFor();
      expect(await row(page, failed).locator('td').nth(0).textContent()).toBe('数据导出');
      expect(await row(page, failed).locator('td').nth(1).textContent()).toBe('失败');
      expect(await row(page, failed).locator('.jobs-page__error').textContent()).toBe('写入工作簿失败：磁盘已满');
      expect(await row(page, failed).locator('td').nth(4).textContent()).toBe('1 分 00 秒');
      expect(await row(page, running).locator('td').nth(0).textContent()).toBe('汇总表重建');
      expect(await row(page, running).locator('.ui.progress').getAttribute('data-percent')).toBe('35');
      expect(await page.locator('.jobs-page__mode').textContent()).toContain('进程内');
      // In-process mode has no queue dashboard to link to.
      expect(await page.locator('.jobs-page__board').count()).toBe(0);
      await screenshot(page, 'admin-jobs');

      // The running job finishes: the page, refreshing itself while a job runs, shows it.
      await db.query(`UPDATE job_run SET state = 'completed', progress = 100, finished_at = now() WHERE id = $1`, [running]);
      await row(page, running, 'completed').waitFor({ timeout: 15_000 });

      // 重试: the job runs again under its id and completes.
      await row(page, failed).getByRole('button', { name: '重试 数据导出' }).click();
      await row(page, failed, 'completed').waitFor({ timeout: 15_000 });
      expect(await row(page, failed).locator('td').nth(5).textContent()).toBe('2');

      // The 失败 tab lists failed jobs only, through the address.
      await page.locator('.jobs-page__tabs a', { hasText: '失败' }).click();
      await page.waitForURL(/state=failed/);
      await page.locator('.jobs-page__tabs a.active', { hasText: '失败' }).waitFor();
      await row(page, failed).waitFor({ state: 'detached' });
      assertClean();
    } finally {
      await db.query(`DELETE FROM job_run WHERE id IN ($1, $2)`, [failed, running]);
      await page.close();
    }
  });

  test('an analyst has no 任务监控 in the menu, and its address leads elsewhere', async () => {
    const { page, assertClean } = await openPage(browser());
    try {
      await signIn(page, await createAnalyst('jobspage', PASSWORD, '任务页分析师'), '/');
      expect(await page.locator('a[href$="/admin/jobs"]').count()).toBe(0);
      await page.goto(`${testEnv().baseUrl}/admin/jobs`);
      await ready(page);
      expect(new URL(page.url()).pathname).not.toBe('/admin/jobs');
      expect(await page.locator('.jobs-page').count()).toBe(0);
      assertClean();
    } finally {
      await page.close();
    }
  });
});

const describeWithRedis = testEnv().redisUrl ? describeInBrowser : describe.skip;

/**
 * The queue dashboard (bull-board) in BullMQ mode, as an administrator's browser opens it from the page's
 * link: it renders its queue under the app's Content-Security-Policy with no violation (decision 111).
 */
describeWithRedis('the queue dashboard in BullMQ mode', () => {
  const browser = useBrowser();
  let app: NestExpressApplication;
  let base = '';
  let admin = '';

  beforeAll(async () => {
    const env = testEnv();
    ({ app } = await signedInApp({ address: '10.84.0.1', config: { REDIS_URL: env.redisUrl!, REDIS_PREFIX: `${env.redisPrefix}-board` } }));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    admin = await apiSignIn(app, await createUser('admin', 'jobsboard', PASSWORD, '看板管理员'), PASSWORD, '10.84.0.2');
  });

  afterAll(async () => {
    await app?.close();
  });

  test('an administrator sees the job queue on bull-board, with no CSP violation', async () => {
    const { page, assertClean } = await openPage(browser());
    try {
      await page.context().addCookies([{ name: SESSION_COOKIE, value: admin, url: base, httpOnly: true, sameSite: 'Lax' }]);
      // bull-board is its own page, not Remix's: what is read is its queue's name, drawn once its calls answer.
      await page.goto(`${base}${QUEUE_BOARD_PATH}`);
      await page.locator('body', { hasText: 'car-jobs' }).waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe('任务队列');
      await screenshot(page, 'admin-queue-board');
      assertClean();
    } finally {
      await page.close();
    }
  });
});
