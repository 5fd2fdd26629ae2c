import type { Page } from 'playwright-core';
import type { DataStatus } from '@car/contracts';
import { describeInBrowser, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { pickAlertRow } from '../support/alert-form';
import { apiResult } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';

/**
 * 订阅与提醒 as shipped (issue 30 §2, decisions 190-193 and 203), walked as the demo analyst: 订阅此视图 from the
 * whole-market page opens the form with the page's address and name; a condition on one figure (大众 份额变化 不高于
 * -1 个百分点) is subscribed, listed with its condition and the month it starts from, then deleted again (the suite
 * runs twice on the same data); the bell opens 我的提醒; a 我的视图 row's 订阅 opens the same form with the view.
 * This walk publishes nothing: a month published on the suite's instance would move every page's default month for
 * the other walks and the second mode. A published month reaching the bell is alerts-publish.acceptance.spec.ts, on a
 * private instance of the same clone (decision 206); reaching a robot is the integration spec's
 * (test/integration/alerts.spec.ts), since as shipped a webhook must be a public https address (decision 194).
 */
const baseUrl = pointHelpersAtShipped();

const subscriptionRow = (page: Page, name: string) => page.locator('.admin-page__table tbody tr', { hasText: name });

describeInBrowser('订阅与提醒 as shipped', () => {
  const browser = useBrowser();

  test('subscribe to a figure of a view from the page, find it listed, open the bell, subscribe from 我的视图', async () => {
    const stamp = Date.now().toString(36);
    const { page, assertClean } = await openAs(browser(), ANALYST, '/salevolume/wholemarket');
    const status = await apiResult<DataStatus>(page, '/search/dataStatus');
    const latest = status.retail!.month;
    // 数据截至 of the page's source (decision 200) is the month the subscription starts from.
    await expect(page.locator('.data-as-of').first().textContent()).resolves.toContain(`数据截至 ${latest}`);

    await Promise.all([page.waitForURL((u) => u.pathname === '/alerts/subscriptions'), page.getByTestId('subscribe-view').click()]);
    const form = page.getByRole('form', { name: '新建订阅' });
    await expect(form.locator('input[name="name"]').inputValue()).resolves.toBe('整体市场表现');
    await expect(form.locator('input[name="path"]').inputValue()).resolves.toBe('/salevolume/wholemarket');
    const name = `大众份额${stamp}`;
    await form.locator('input[name="name"]').fill(name);
    await form.getByLabel('指标满足条件时提醒').check();
    await form.locator('select[name="rowKind"]').selectOption({ label: '品牌' });
    await pickAlertRow(page, form, '大众');
    await form.locator('select[name="measure"]').selectOption({ label: '份额变化' });
    await form.locator('select[name="comparison"]').selectOption({ label: '不高于' });
    await form.locator('input[name="threshold"]').fill('-1');
    await expect(form.locator('select[name="robotId"] option').first().textContent()).resolves.toBe('不发送（仅站内提醒）');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('saved') === 'create'), form.getByRole('button', { name: '订阅' }).click()]);

    await page.getByRole('status').filter({ hasText: '已订阅' }).waitFor();
    const listed = subscriptionRow(page, name);
    await expect(listed.locator('td').nth(3).textContent()).resolves.toBe('大众 份额变化不高于 -1个百分点');
    // It starts from the latest retail month: the next published month is the first it is evaluated at.
    await expect(listed.locator('td').nth(5).textContent()).resolves.toBe(latest);
    await screenshot(page, 'acceptance-alerts-subscriptions');

    await listed.getByRole('button', { name: '删除' }).click();
    await page.locator('.ui.modal').getByRole('button', { name: '删除' }).click();
    await listed.waitFor({ state: 'detached' });

    await Promise.all([page.waitForURL((u) => u.pathname === '/alerts/notifications'), page.getByTestId('bell').click()]);
    await page.getByRole('heading', { name: '我的提醒' }).waitFor();

    // 我的视图: save the page as a view, then 订阅 on its row opens the form with that view.
    await page.goto(`${baseUrl}/salevolume/wholemarket?dimension=4`);
    await ready(page);
    const viewName = `区域排行${stamp}`;
    await page.getByRole('button', { name: '保存视图' }).click();
    const dialog = page.getByRole('dialog', { name: '保存视图' });
    await dialog.getByLabel('视图名称').fill(viewName);
    await toastAfter(page, `已保存视图「${viewName}」`, () => dialog.getByRole('button', { name: '保存' }).click());
    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    const viewRow = page.locator('table.my-views__table tbody tr', { hasText: viewName });
    await Promise.all([page.waitForURL((u) => u.pathname === '/alerts/subscriptions'), viewRow.getByRole('link', { name: '订阅' }).click()]);
    const fromView = page.getByRole('form', { name: '新建订阅' });
    await expect(fromView.locator('input[name="name"]').inputValue()).resolves.toBe(viewName);
    await expect(fromView.locator('input[name="search"]').inputValue()).resolves.toBe('dimension=4');

    await page.goto(`${baseUrl}/myviews`);
    await ready(page);
    page.once('dialog', (d) => void d.accept());
    await viewRow.getByRole('button', { name: '删除' }).click();
    await viewRow.waitFor({ state: 'detached' });
    assertClean();
  });
});
