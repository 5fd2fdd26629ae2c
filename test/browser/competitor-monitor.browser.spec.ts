import type { CompetitorSet, CompetitorSetList, DataStatus } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiPostFromPage, apiResult, openSignedIn } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 竞品监控 opened from a link (issue 49 §3, decision 297): a link naming a set the analyst can no longer read (deleted,
 * or no longer shared) opens without a set — it says so, offers the analyst's sets and the suggestions, and a set
 * chosen opens with the link's month, source and area; a link naming no set opens the analyst's first set.
 */

const PAGE = '/salevolume/competitormonitor';

describeInBrowser('竞品监控 from a link', () => {
  const browser = useBrowser();

  test("a link to a set that is gone opens without one: the notice, the analyst's sets to choose (the link's month, source and area kept), the suggestions", async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE);
    const month = (await apiResult<DataStatus>(page, '/search/dataStatus')).retail!.month;
    const stamp = Date.now().toString(36);
    const kept = await apiPostFromPage<CompetitorSet>(page, 'competitorSets/save', { name: `留下的组${stamp}`, own: [507], rivals: [17, 916] });
    const gone = await apiPostFromPage<CompetitorSet>(page, 'competitorSets/save', { name: `删掉的组${stamp}`, own: [507], rivals: [17] });
    try {
      await apiPostFromPage(page, 'competitorSets/delete', { id: gone.id });
      // 华东 (big region 3), retail, the latest month: what a colleague's link would carry.
      await page.goto(`${testEnv().baseUrl}${PAGE}?set=${gone.id}&time=${month}&source=2&area=3&level=1`);
      await ready(page);

      await expect(page.getByRole('status').filter({ hasText: '链接中的竞品组' }).textContent()).resolves.toBe(
        '链接中的竞品组已删除或未与您共享，请选择一个竞品组。',
      );
      await expect(page.locator('.sales-page__title').textContent()).resolves.toBe('竞品监控');
      // No set's figures (the first set is not opened in its place), the suggestions as for an analyst without a set.
      await expect(page.locator('.monitor-members, .monitor-cards, .monitor-map').count()).resolves.toBe(0);
      await expect(page.locator('.suggested-sets').count()).resolves.toBe(1);
      // Semantic's buttons that are links carry the role button.
      const choices = page.getByRole('navigation', { name: '选择竞品组' });
      await expect(choices.getByRole('button', { name: gone.name }).count()).resolves.toBe(0);
      const choice = choices.getByRole('button', { name: kept.name, exact: true });
      await Promise.all([page.waitForURL((u) => u.searchParams.get('set') === String(kept.id)), choice.click()]);
      await ready(page);
      const opened = new URL(page.url()).searchParams;
      expect(Object.fromEntries(['time', 'source', 'area', 'level'].map((k) => [k, opened.get(k)]))).toEqual({
        time: month,
        source: '2',
        area: '3',
        level: '1',
      });
      await expect(page.locator('.sales-page__title').textContent()).resolves.toBe(`竞品监控 · ${kept.name}`);
      await expect(page.locator('.monitor-tags .header-tags').textContent()).resolves.toContain('华东');
      await page.locator('.monitor-members tbody tr').first().waitFor();
      await expect(page.getByRole('status').filter({ hasText: '链接中的竞品组' }).count()).resolves.toBe(0);

      // A link naming no set opens the analyst's first set, as the menu does.
      const first = (await apiResult<CompetitorSetList>(page, '/competitorSets/list')).mine[0];
      await page.goto(`${testEnv().baseUrl}${PAGE}`);
      await ready(page);
      await expect(page.locator('.sales-page__title').textContent()).resolves.toBe(`竞品监控 · ${first.name}`);
      assertClean();
    } finally {
      await apiPostFromPage(page, 'competitorSets/delete', { id: kept.id });
    }
  });
});
