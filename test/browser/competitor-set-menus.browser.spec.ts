import type { Page } from 'playwright-core';
import type { CompetitorSet } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiPostFromPage, openSignedIn } from '../support/sales-pages';

/**
 * 竞品组 beside the pickers of 车系价格追踪, 价格维度分析 and 配置查询 (issue 49 §3, decision 297): the menu lists the demo
 * analyst's sets once the page is live, and a set fills the page's own pickers — the traced series and its five
 * comparisons, the proportion's series and its comparisons, the configuration query's five sub-series.
 */

/** Opens the page's 竞品组 menu and follows the set's entry; answers the address it led to. */
async function chooseSet(page: Page, name: string): Promise<URL> {
  const menu = page.locator('.competitor-set-menu');
  await menu.getByRole('button', { name: '竞品组' }).click();
  await Promise.all([page.waitForURL((u) => u.searchParams.has('modelSubId') || u.searchParams.has('ids')), menu.getByRole('menuitem', { name }).click()]);
  await ready(page);
  return new URL(page.url());
}

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
});
