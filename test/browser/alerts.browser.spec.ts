import type { Page } from 'playwright-core';
import { type AlertSubscription, type DataStatus, subscriptionTitle } from '@car/contracts';
import { pickAlertRow } from '../support/alert-form';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { apiResult } from '../support/sales-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

const PASSWORD = 'Alerts@2026page';

/**
 * 订阅与提醒 in the browser (decisions 190, 193, 279): 订阅此视图 in the header opens the form with the page's address and
 * name; 订阅 lists the subscription; 暂停 pauses it; 我的提醒 starts empty, reached by the bell. A bell on a card or a
 * ranking row opens the form with that condition filled in and its title in words; saved, it is listed under that title
 * and the API holds what the form showed.
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

  /** The form a bell opened: what it shows, read as a user reads it. */
  const shownForm = async (page: Page) => {
    const form = page.getByRole('form', { name: '新建订阅' });
    await form.waitFor();
    return {
      form,
      shown: {
        name: await form.getByRole('textbox', { name: '名称' }).inputValue(),
        title: await form.getByTestId('subscription-title').textContent(),
        condition: await form.getByRole('radio', { name: '指标满足条件时提醒' }).isChecked(),
        rowKind: await form.getByLabel('对象类型', { exact: true }).inputValue(),
        row: await form.getByLabel('对象', { exact: true }).inputValue(),
        measure: await form.getByLabel('指标', { exact: true }).inputValue(),
      },
    };
  };

  test('a bell on a ranking row and on a card opens the form filled in; saved, it is listed by its title in words', async () => {
    const { page, assertClean } = await openPage(browser(), { width: 1440, height: 900 });
    await signInByApi(page, await createAnalyst('alertsbell', PASSWORD, '铃铛'), PASSWORD);
    const month = (await apiResult<DataStatus>(page, '/search/dataStatus')).retail!.month;
    const base = testEnv().baseUrl;

    // 厂商品牌表现's 厂商 ranking: each producer's row has a bell, reached by the keyboard.
    const rankingSearch = `source=2&time=${month}`;
    await page.goto(`${base}/salevolume/companybrand?${rankingSearch}`);
    await ready(page);
    const firstRow = page.locator('.ranking-table tbody tr').first();
    const producerId = Number(await firstRow.getAttribute('data-row-id'));
    const producer = (await firstRow.locator('.maker-link').textContent())!.trim();
    const secondRow = page.locator('.ranking-table tbody tr').nth(1);
    const otherId = Number(await secondRow.getAttribute('data-row-id'));
    const other = (await secondRow.locator('.maker-link').textContent())!.trim();
    const rowBell = firstRow.getByTestId('subscribe-figure');
    await expect(rowBell.getAttribute('aria-label')).resolves.toBe(`订阅 ${producer} 的销量提醒`);
    await screenshot(page, 'alerts-bell-ranking');
    await rowBell.focus();
    await Promise.all([page.waitForURL(/\/alerts\/subscriptions\?/), page.keyboard.press('Enter')]);
    const rowTitle = subscriptionTitle('/salevolume/companybrand', rankingSearch, producer);
    expect(rowTitle).toBe(`厂商品牌表现 · ${producer} · 零售 · ${month}`);
    const fromRow = await shownForm(page);
    expect(fromRow.shown).toEqual({ name: rowTitle, title: rowTitle, condition: true, rowKind: 'producer', row: producer, measure: 'sales' });
    await fromRow.form.getByLabel(/^阈值/).fill('1000');
    await screenshot(page, 'alerts-bell-form');
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('saved') === 'create'),
      fromRow.form.getByRole('button', { name: '订阅', exact: true }).click(),
    ]);
    const rowListed = page.locator(`tr[data-subscription="${rowTitle}"]`);
    await expect(rowListed.getByTestId('subscription-title').textContent()).resolves.toBe(rowTitle);
    await expect(rowListed.locator('td').nth(3).textContent()).resolves.toBe(`${producer} 销量不高于 1000辆`);

    // 本年累计 in the ranking: its rows are January to date, which no subscription watches, so they carry no bell.
    await page.goto(`${base}/salevolume/companybrand?${rankingSearch}&listAccumulate=1`);
    await ready(page);
    await expect(page.locator('.ranking-table tbody tr .maker-link').count()).resolves.toBeGreaterThan(5);
    await expect(page.locator('.ranking-table [data-testid="subscribe-figure"]').count()).resolves.toBe(0);

    // The producer's own page: its 同比 card has a bell; 环比 and the year-to-date cards have none.
    const makerSearch = `source=2&time=${month}&type=0&id=${producerId}`;
    await page.goto(`${base}/salevolume/companybrand?${makerSearch}`);
    await ready(page);
    const cardBells = await page
      .locator('.summary-card')
      .evaluateAll((cards) => cards.filter((c) => c.querySelector('[data-testid="subscribe-figure"]')).map((c) => c.getAttribute('data-card')));
    expect(cardBells).toEqual(['qty', 'yoy']);
    await screenshot(page, 'alerts-bell-cards');
    await Promise.all([page.waitForURL(/\/alerts\/subscriptions\?/), page.locator('.summary-card[data-card="yoy"]').getByTestId('subscribe-figure').click()]);
    const cardTitle = subscriptionTitle('/salevolume/companybrand', makerSearch, producer);
    const fromCard = await shownForm(page);
    expect(fromCard.shown).toEqual({ name: cardTitle, title: cardTitle, condition: true, rowKind: 'producer', row: producer, measure: 'yoy' });
    // The object is a searchable pick-list: another producer picked there renames the title, and the name with it.
    await pickAlertRow(page, fromCard.form, other);
    const otherTitle = subscriptionTitle('/salevolume/companybrand', makerSearch, other);
    await expect(fromCard.form.getByTestId('subscription-title').textContent()).resolves.toBe(otherTitle);
    await expect(fromCard.form.getByRole('textbox', { name: '名称' }).inputValue()).resolves.toBe(otherTitle);
    await fromCard.form.getByLabel('条件', { exact: true }).selectOption({ label: '同比变动超过' });
    await fromCard.form.getByLabel(/^阈值/).fill('20');
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('saved') === 'create'),
      fromCard.form.getByRole('button', { name: '订阅', exact: true }).click(),
    ]);
    await expect(page.locator(`tr[data-subscription="${otherTitle}"]`).getByTestId('subscription-title').textContent()).resolves.toBe(otherTitle);
    await screenshot(page, 'alerts-bell-listed');

    // The API holds what the forms showed.
    const stored = await apiResult<AlertSubscription[]>(page, '/alerts/subscriptions');
    expect(
      stored.map(({ name, title, path, search, kind, measure, comparison, threshold, rowKind, rowId }) => ({
        name,
        title,
        path,
        search,
        kind,
        measure,
        comparison,
        threshold,
        rowKind,
        rowId,
      })),
    ).toEqual([
      {
        name: otherTitle,
        title: otherTitle,
        path: '/salevolume/companybrand',
        search: makerSearch,
        kind: 'condition',
        measure: 'yoy',
        comparison: 'movedBy',
        threshold: 20,
        rowKind: 'producer',
        rowId: otherId,
      },
      {
        name: rowTitle,
        title: rowTitle,
        path: '/salevolume/companybrand',
        search: rankingSearch,
        kind: 'condition',
        measure: 'sales',
        comparison: 'below',
        threshold: 1000,
        rowKind: 'producer',
        rowId: producerId,
      },
    ]);
    assertClean();
  });
});
