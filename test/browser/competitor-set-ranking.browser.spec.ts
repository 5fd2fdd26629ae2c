import { COMPETITOR_SET_MESSAGES, type CompetitorSet, type CompetitorSetList } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiPostFromPage, apiResult, openSignedIn } from '../support/sales-pages';

/**
 * 竞品组 on 整体市场表现's 车系 table (issue 49 §1, §3, decision 300), on the demo data: the menu narrows the table to
 * the set (the 车系 button shows without a segment), 本品 emphasised, 组内份额 adding up to 100 %, the set named among
 * the tags and in the download; × lifts it; a link naming a set the analyst cannot read says so and shows the table
 * without it; ticked rows open the set's form with the first as 本品 and save a set while the page stays.
 */

const percent = (text: string | null) => Number((text ?? '').replace('%', ''));

describeInBrowser('竞品组 on the 车系 ranking table', () => {
  const browser = useBrowser();

  test('the menu narrows the 车系 table to the set, 本品 marked, with the set columns; × lifts it', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const name = `排行竞品组${Date.now().toString(36)}`;
    const set = await apiPostFromPage<CompetitorSet>(page, 'competitorSets/save', { name, own: [507], rivals: [17, 916] });
    try {
      await page.reload();
      await ready(page);
      // 车系 is no button without a segment, until a set is chosen.
      const dimensions = page.locator('.ranking-table__dimensions .ui.button');
      const active = page.locator('.ranking-table__dimensions .ui.button.active');
      await expect(dimensions.allTextContents()).resolves.not.toContain('车系');
      const menu = page.locator('.ranking-table .competitor-set-menu');
      await menu.getByRole('button', { name: '竞品组' }).click();
      await Promise.all([page.waitForURL((u) => u.searchParams.get('set') === String(set.id)), menu.getByRole('menuitem', { name }).click()]);
      await ready(page);
      expect(new URL(page.url()).searchParams.get('dimension')).toBe('6');
      await expect(active.textContent()).resolves.toBe('车系');

      const table = page.locator('.ranking-table table');
      const headers = await table.locator('thead th').allTextContents();
      expect(headers.slice(0, 5)).toEqual(['选择', '车系', '本品/竞品', '组内份额', '组内排名']);
      const rows = table.locator('tbody tr');
      const count = await rows.count();
      expect(count).toBeGreaterThan(1);
      expect(count).toBeLessThanOrEqual(3);
      await expect(table.locator('tbody tr.is-own td').nth(2).textContent()).resolves.toBe('本品');
      // 组内份额 adds up to 100 % (to the displayed decimal); 组内排名 starts at 1.
      const shares = await rows.locator('td:nth-child(4)').allTextContents();
      expect(Math.abs(shares.map(percent).reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(0.2);
      expect(await rows.locator('td:nth-child(5)').allTextContents()).toContain('1');
      await expect(page.locator('.header-tags').textContent()).resolves.toContain(`竞品组${name}`);
      // The download carries the members; it answers a workbook.
      const href = await page.locator('.ranking-table a[download]').getAttribute('href');
      expect(href).toContain('setOwn=507');
      const download = await page.request.get(new URL(href!, page.url()).toString());
      expect([download.status(), download.headers()['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
      await screenshot(page, 'wholemarket-competitor-set');

      // × lifts the set: without a segment the table is 系别's again.
      await Promise.all([page.waitForURL((u) => !u.searchParams.has('set')), page.getByRole('link', { name: `取消竞品组 ${name}` }).click()]);
      await ready(page);
      await expect(active.textContent()).resolves.toBe('系别');
      assertClean();
    } finally {
      await apiPostFromPage(page, 'competitorSets/delete', { id: set.id });
    }
  });

  test('a set the analyst cannot read is named as such and the table shows without it', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket?detailId=3&dimension=6&set=2147483000');
    await expect(page.getByRole('status').filter({ hasText: COMPETITOR_SET_MESSAGES.goneFromLink }).count()).resolves.toBe(1);
    await expect(page.locator('.ranking-table thead th', { hasText: '组内份额' }).count()).resolves.toBe(0);
    await expect(page.locator('.ranking-table tbody tr').count()).resolves.toBeGreaterThan(3);
    assertClean();
  });

  test('ticked rows open the set form, the first as 本品; saved, the page stays and the set exists', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket?detailId=3&dimension=6');
    const rows = page.locator('.ranking-table tbody tr');
    const save = page.getByRole('button', { name: /^存为竞品组/ });
    await expect(save.isDisabled()).resolves.toBe(true);
    const names = (await rows.locator('.ranking-table__name').allTextContents()).slice(0, 3).map((t) => t.trim());
    for (const i of [0, 1, 2]) await rows.nth(i).getByRole('checkbox').check();
    await expect(save.textContent()).resolves.toContain('已选 3');
    await save.click();
    const dialog = page.getByRole('dialog', { name: '新建竞品组' });
    await dialog.waitFor();
    const setName = `勾选竞品组${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: '竞品组名称' }).fill(setName);
    await screenshot(page, 'wholemarket-save-ticked-set');
    const before = page.url();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(before);
    const list = await apiResult<CompetitorSetList>(page, '/competitorSets/list');
    const saved = list.mine.find((s) => s.name === setName);
    try {
      expect([saved?.own.map((m) => m.name), saved?.rivals.map((m) => m.name)]).toEqual([[names[0]], names.slice(1)]);
      assertClean();
    } finally {
      if (saved) await apiPostFromPage(page, 'competitorSets/delete', { id: saved.id });
    }
  });
});
