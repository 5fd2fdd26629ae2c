import type { Locator, Page } from 'playwright-core';
import type { CompetitorSet, CompetitorSetList } from '@car/contracts';
import { describeInBrowser, ready, screenshot, toastAfter, useBrowser } from '../support/browser';
import { apiPostFromPage, apiResult, openSignedIn } from '../support/sales-pages';

/**
 * 竞品组 beside the pickers of 车系价格追踪, 价格维度分析 and 配置查询 (issue 49 §3, decision 297): the menu lists the demo
 * analyst's sets once the page is live, and a set fills the page's own pickers — the traced series and its five
 * comparisons, the proportion's series and its comparisons, the configuration query's five sub-series. And the
 * other way (issue 49 §1, decision 301): 将当前选择存为竞品组 opens the set's form filled from the page's picks, and
 * saving keeps the analyst on the page, with a toast linking to the set on 竞品监控 and the set in the menu.
 */

/** Opens the page's 竞品组 menu and follows the set's entry; answers the address it led to. */
async function chooseSet(page: Page, name: string): Promise<URL> {
  const menu = page.locator('.competitor-set-menu');
  await menu.getByRole('button', { name: '竞品组' }).click();
  await Promise.all([page.waitForURL((u) => u.searchParams.has('modelSubId') || u.searchParams.has('ids')), menu.getByRole('menuitem', { name }).click()]);
  await ready(page);
  return new URL(page.url());
}

/** Opens the page's 竞品组 menu and its 将当前选择存为竞品组 entry: the set's form, filled from the page's picks. */
async function openSaveDialog(page: Page): Promise<Locator> {
  const menu = page.locator('.competitor-set-menu');
  await menu.getByRole('button', { name: '竞品组' }).click();
  await menu.getByRole('menuitem', { name: '将当前选择存为竞品组…' }).click();
  const dialog = page.getByRole('dialog', { name: '新建竞品组' });
  await dialog.waitFor();
  return dialog;
}

/** What the open form holds: its name, 本品's and the rivals' ids as it would post them, and what it says first. */
async function formOf(dialog: Locator): Promise<{ name: string; own: string; rivals: string; note: string }> {
  return {
    name: await dialog.getByLabel('竞品组名称').inputValue(),
    own: await dialog.locator('input[name="own"]').inputValue(),
    rivals: await dialog.locator('input[name="rivals"]').inputValue(),
    note: (await dialog.locator('.competitor-set-form__note').first().textContent()) ?? '',
  };
}

/**
 * Saves the open form under `name` and checks that the analyst stayed where they were: the same address, the toast
 * naming the set with its link to 竞品监控, the set in the page's menu. Answers the set as the API lists it, its id
 * first in `saved` (the test deletes it).
 */
async function saveAndStay(page: Page, dialog: Locator, name: string, saved: number[]): Promise<CompetitorSet> {
  const before = page.url();
  await dialog.getByLabel('竞品组名称').fill(name);
  await toastAfter(page, `已保存竞品组「${name}」`, () => dialog.getByRole('button', { name: '保存' }).click());
  await dialog.waitFor({ state: 'detached' });
  await ready(page);
  const set = (await apiResult<CompetitorSetList>(page, '/competitorSets/list')).mine.find((s) => s.name === name);
  if (set) saved.push(set.id);
  expect([page.url(), set !== undefined]).toEqual([before, true]);
  const toast = page.locator('.toast', { hasText: name });
  await expect(toast.getByRole('link', { name: '在竞品监控中打开' }).getAttribute('href')).resolves.toBe(`/salevolume/competitormonitor?set=${set!.id}`);
  const menu = page.locator('.competitor-set-menu');
  await menu.getByRole('button', { name: '竞品组' }).click();
  await menu.getByRole('menuitem', { name }).waitFor();
  await screenshot(page, 'competitor-set-saved');
  await page.keyboard.press('Escape');
  return set!;
}

const membersOf = (set: CompetitorSet) => [set.own.map((m) => m.id), set.rivals.map((m) => m.id)];

describeInBrowser('竞品组 menus on the pages that compare', () => {
  const browser = useBrowser();

  test('a set fills the trace, the proportion comparison and the configuration query', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/cabmodelpricetrace?time=2026-09&brand=1');
    const name = `菜单竞品组${Date.now().toString(36)}`;
    const rivals = [17, 916, 1, 2, 545, 585];
    const set = await apiPostFromPage<CompetitorSet>(page, 'competitorSets/save', { name, own: [507], rivals });
    try {
      await page.reload();
      await ready(page);
      const trace = await chooseSet(page, name);
      expect([trace.pathname, trace.searchParams.get('modelSubId'), trace.searchParams.get('modelSubIds'), trace.searchParams.get('time')]).toEqual([
        '/price/cabmodelpricetrace',
        '507',
        rivals.slice(0, 5).join(','),
        '2026-09',
      ]);
      // The old subject's brand went with it: the page shows 宝来 (507) against its comparisons.
      expect(trace.searchParams.has('brand')).toBe(false);
      await page.locator('.trace-gap tbody tr').first().waitFor();

      await page.goto(`${new URL(page.url()).origin}/pricevolume/pricedimension`);
      await ready(page);
      const proportion = await chooseSet(page, name);
      expect([proportion.pathname, proportion.searchParams.get('modelSubId'), proportion.searchParams.get('modelSubIds')]).toEqual([
        '/pricevolume/pricedimension',
        '507',
        rivals.join(','),
      ]);

      await page.goto(`${new URL(page.url()).origin}/product/configquery`);
      await ready(page);
      const config = await chooseSet(page, name);
      expect([config.pathname, config.searchParams.get('ids')?.split(',').slice(0, 5)]).toEqual(['/product/configquery', ['507', '17', '916', '1', '2']]);
      await page.locator('table.config-block').first().waitFor();
      assertClean();
    } finally {
      await apiPostFromPage(page, 'competitorSets/delete', { id: set.id });
    }
  });

  test('存为竞品组 on 车系价格追踪: the traced sub-series against the comparison series, saved without leaving the page', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/price/cabmodelpricetrace?time=2026-09&modelSubId=507');
    const saved: number[] = [];
    try {
      // No comparison yet: the entry says what is missing.
      const menu = page.locator('.competitor-set-menu');
      await menu.getByRole('button', { name: '竞品组' }).click();
      const unavailable = menu.getByRole('menuitem', { name: /将当前选择存为竞品组（请先选择对比车系）/ });
      await expect(unavailable.getAttribute('aria-disabled')).resolves.toBe('true');
      await page.keyboard.press('Escape');

      await page.goto(`${new URL(page.url()).origin}/price/cabmodelpricetrace?time=2026-09&modelSubId=507&modelSubIds=17,916`);
      await ready(page);
      const dialog = await openSaveDialog(page);
      await screenshot(page, 'competitor-set-save-trace');
      const form = await formOf(dialog);
      expect([form.name, form.own, form.rivals, form.note]).toEqual(['宝来竞品组', '507', '17,916', '本品为追踪的子车系，竞品为所选对比车系；保存前可修改。']);
      const set = await saveAndStay(page, dialog, `追踪存组${Date.now().toString(36)}`, saved);
      expect(membersOf(set)).toEqual([[507], [17, 916]]);
      // The page is as it was: 宝来 traced against its two comparisons.
      await expect(page.locator('.trace-pickers input[name="modelSubIds"]').inputValue()).resolves.toBe('17,916');
      assertClean();
    } finally {
      for (const id of saved) await apiPostFromPage(page, 'competitorSets/delete', { id });
    }
  });

  test('存为竞品组 on 配置查询 (the first chosen as 本品) and on 价格维度分析 (the subject against its comparisons)', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/product/configquery?ids=545,585,582');
    const saved: number[] = [];
    try {
      await page.locator('table.config-block').first().waitFor();
      const dialog = await openSaveDialog(page);
      const form = await formOf(dialog);
      expect([form.own, form.rivals, form.note]).toEqual(['545', '585,582', '第一个已选子车系为本品，其余为竞品；保存前可修改。']);
      expect(form.name).toMatch(/竞品组$/);
      const set = await saveAndStay(page, dialog, `配置存组${Date.now().toString(36)}`, saved);
      expect(membersOf(set)).toEqual([[545], [585, 582]]);
      expect(new URL(page.url()).searchParams.get('ids')).toBe('545,585,582');

      await page.goto(`${new URL(page.url()).origin}/pricevolume/pricedimension?modelSubId=507&modelSubIds=17,916`);
      await ready(page);
      const proportion = await openSaveDialog(page);
      expect(await formOf(proportion)).toEqual({
        name: '宝来竞品组',
        own: '507',
        rivals: '17,916',
        note: '本品为当前分析的子车系，竞品为所选对比车系；保存前可修改。',
      });
      await page.keyboard.press('Escape');
      await proportion.waitFor({ state: 'detached' });
      assertClean();
    } finally {
      for (const id of saved) await apiPostFromPage(page, 'competitorSets/delete', { id });
    }
  });
});
