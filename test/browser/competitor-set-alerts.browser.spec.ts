import { type AlertSubscription, type CompetitorSet, type DataStatus } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiPostFromPage, apiResult, openSignedIn } from '../support/sales-pages';

/**
 * Alerts on a competitor set in the browser (issue 49 §3, decision 298): the bell on 竞品监控's 本品组内份额 opens
 * 我的订阅's form on that figure of the set, titled by the set; the form offers the set's measures alone, a rival's TP
 * fall with its one comparison; saved, it is listed with its condition and the API holds what the form showed.
 */

describeInBrowser('alerts on a competitor set', () => {
  const browser = useBrowser();

  test("the bell on 本品组内份额 opens the form on the set's share; the form offers the set's measures; saved, it is listed", async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/competitormonitor');
    const month = (await apiResult<DataStatus>(page, '/search/dataStatus')).retail!.month;
    const name = `提醒竞品组${Date.now().toString(36)}`;
    const set = await apiPostFromPage<CompetitorSet>(page, 'competitorSets/save', { name, own: [507], rivals: [17, 916] });
    try {
      // Opened without a month: the bell's view names the month the page shows.
      await page.goto(`${new URL(page.url()).origin}/salevolume/competitormonitor?set=${set.id}`);
      await ready(page);
      const card = page.locator('.monitor-card', { hasText: '本品组内份额' });
      const bell = card.getByTestId('subscribe-figure');
      await expect(bell.getAttribute('aria-label')).resolves.toBe(`订阅 ${name} 的本品组内份额提醒`);
      await expect(page.locator('.monitor-cards [data-testid="subscribe-figure"]').count()).resolves.toBe(1);
      await Promise.all([page.waitForURL(/\/alerts\/subscriptions\?/), bell.click()]);

      const title = `竞品监控 · ${name} · 零售 · ${month}`;
      const form = page.getByRole('form', { name: '新建订阅' });
      await form.waitFor();
      await expect(form.getByRole('textbox', { name: '名称' }).inputValue()).resolves.toBe(title);
      await expect(form.getByTestId('subscription-title').textContent()).resolves.toBe(title);
      await expect(form.getByRole('radio', { name: '指标满足条件时提醒' }).isChecked()).resolves.toBe(true);
      await expect(form.getByTestId('alert-set').textContent()).resolves.toBe(`竞品组「${name}」`);
      await expect(form.getByLabel('对象类型', { exact: true }).count()).resolves.toBe(0);
      const measure = form.getByLabel('指标', { exact: true });
      await expect(measure.inputValue()).resolves.toBe('setShare');
      await expect(measure.locator('option').allTextContents()).resolves.toEqual(['本品组内份额', '竞品成交价降幅（元）', '竞品成交价降幅（%）']);
      const comparison = form.getByLabel('条件', { exact: true });
      await expect(comparison.locator('option').allTextContents()).resolves.toEqual(['不低于', '不高于', '组内份额较上月变动超过']);
      // A rival's TP fall is watched as "falls by more than N", in its own unit.
      await measure.selectOption({ label: '竞品成交价降幅（元）' });
      await expect(comparison.locator('option').allTextContents()).resolves.toEqual(['竞品成交价降幅超过']);
      await expect(form.getByText('阈值（元）').count()).resolves.toBe(1);
      await measure.selectOption({ label: '本品组内份额' });
      await comparison.selectOption({ label: '不高于' });
      await form.getByLabel(/^阈值/).fill('40');
      await screenshot(page, 'alerts-competitor-set-form');
      await Promise.all([page.waitForURL((u) => u.searchParams.get('saved') === 'create'), form.getByRole('button', { name: '订阅', exact: true }).click()]);

      const listed = page.locator(`tr[data-subscription="${title}"]`);
      await expect(listed.getByTestId('subscription-title').textContent()).resolves.toBe(title);
      await expect(listed.locator('td').nth(2).textContent()).resolves.toBe('零售量');
      await expect(listed.locator('td').nth(3).textContent()).resolves.toBe(`${name} 本品组内份额不高于 40%`);
      const stored = (await apiResult<AlertSubscription[]>(page, '/alerts/subscriptions')).find((s) => s.name === title)!;
      expect(stored).toMatchObject({
        path: '/salevolume/competitormonitor',
        search: `set=${set.id}&time=${month}`,
        source: 'retail',
        measure: 'setShare',
        comparison: 'below',
        threshold: 40,
        rowKind: 'competitorSet',
        rowId: set.id,
      });
      await apiPostFromPage(page, 'alerts/subscriptions/delete', { id: stored.id });
      assertClean();
    } finally {
      await apiPostFromPage(page, 'competitorSets/delete', { id: set.id });
    }
  });
});
