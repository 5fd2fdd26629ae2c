import type { Page } from 'playwright-core';
import { type CurrentUser, type DimensionTable, type LetterGroup, type IdName, type ProportionTable, thousands } from '@car/contracts';
import { describeInBrowser, useBrowser } from '../support/browser';
import { apiResult, settled } from '../support/sales-pages';
import { ANALYST, bandRows, openAs, openGroup, paramsOf, pointHelpersAtShipped, query } from './support/analytics-kit';

/**
 * Issue 26 items 5 and 7 as shipped, on the demo data: the price-band page's brand, 车身形式, 系别 and TP
 * city (spec 001 §3 cabmodelpricesearchForm), the sales-proportion page's city (pricedimensionsearchForm),
 * year count and rank band (§9). Each reaches every call of its page and its downloads, and a bookmarked
 * URL restores it.
 */
pointHelpersAtShipped();

const SHANGHAI = 310000;

/** The header tags as shown: label → value. */
async function tags(page: Page): Promise<Record<string, string>> {
  const pairs = await page.locator('.header-tags .header-tags__tag').evaluateAll((items) =>
    items.map((item) => {
      const detail = item.querySelector('.detail')?.textContent ?? '';
      return [(item.textContent ?? '').slice(0, (item.textContent ?? '').length - detail.length).trim(), detail.trim()];
    }),
  );
  return Object.fromEntries(pairs);
}

/** Every link of the page to an API download, as URLs. */
async function downloadHrefs(page: Page, path: string): Promise<URL[]> {
  const hrefs = await page.locator(`a[href*="${path}"]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.map((h) => new URL(h));
}

describeInBrowser('价量交叉 filters as shipped', () => {
  const browser = useBrowser();

  test('车型价格段销量: a bookmarked URL with brands, 车身形式, 系别 and the TP city restores them; the table and its download follow them; 查询 with another TP city', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/pricevolume/cabmodelprice');
    const brands = await apiResult<LetterGroup<IdName>[]>(page, '/search/getBrands');
    const picked = brands.flatMap((g) => g.list).filter((b) => ['大众', '丰田'].includes(b.name));
    expect(picked).toHaveLength(2);
    const ids = picked.map((b) => b.id).join(',');
    // SUV (dicBodyShape 4) and 德系 (系别 2), with Shanghai's TP.
    const bookmark = `/pricevolume/cabmodelprice?brand=${ids}&bodyShape=4&series=2&tpCity=${SHANGHAI}&type=1&rows=0`;
    await page.goto(`${new URL(page.url()).origin}${bookmark}`);
    await settled(page);

    const shownTags = await tags(page);
    expect(shownTags['车身形式']).toBe('SUV');
    expect(shownTags['系别']).toBe('德系');
    expect(shownTags['TP城市']).toBe('上海市');
    expect(shownTags['品牌'].split('、').sort()).toEqual(['丰田', '大众'].sort());

    const params = { brand: ids, bodyShape: '4', series: '2', tpCity: String(SHANGHAI), type: '1' };
    const table = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table', params);
    const shown = await bandRows(page);
    expect(shown).toEqual(table.values.map((cells) => [String(cells[0].data[0]), String(cells[1].data[0]), thousands(cells[2].data[0] as number | null)]));
    // Only 大众 is a German SUV brand of the two: every member row is 大众.
    expect(new Set(shown.filter((r) => r[1] !== '小计').map((r) => r[1]))).toEqual(new Set(['大众']));
    const [download] = await downloadHrefs(page, 'priceQtyDetail/download');
    expect(paramsOf(download)).toMatchObject(params);

    // The filter panel shows the bookmarked choices and carries them through another 查询.
    await openGroup(page, '数据口径');
    expect(await page.locator('select[name="tpCity"]').inputValue()).toBe(String(SHANGHAI));
    await page.locator('select[name="tpCity"]').selectOption({ label: '北京市' });
    const url = await query(page, (u) => u.searchParams.get('tpCity') === '110000');
    expect(paramsOf(url)).toMatchObject({ brand: ids, bodyShape: '4', series: '2', type: '1' });
    const beijing = await apiResult<DimensionTable>(page, '/pricevolume/priceQtyDetail/table', paramsOf(url, ['chart', 'rows']));
    expect(await bandRows(page)).toEqual(
      beijing.values.map((cells) => [String(cells[0].data[0]), String(cells[1].data[0]), thousands(cells[2].data[0] as number | null)]),
    );
    expect((await tags(page))['TP城市']).toBe('北京市');
    assertClean();
  });

  test("销量占比分析: the city reaches both tables and downloads; the year count adds years to 时间段对比; the rank band draws the segment's ranks on 车型对比", async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/pricevolume/pricedimension');
    await openGroup(page, '城市');
    await page.locator('select[name="city"]').selectOption({ label: '上海市' });
    const url = await query(page, (u) => u.searchParams.get('city') === String(SHANGHAI));
    // The page opens on the analyst's own producer's best seller (decision 277).
    const me = await apiResult<CurrentUser>(page, '/security/me');
    const single = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable', {
      city: SHANGHAI,
      producerId: me.producerId!,
      ...(url.searchParams.get('time') ? { time: url.searchParams.get('time')! } : {}),
    });
    const national = await apiResult<ProportionTable>(page, '/pricevolume/modelPrice/singleTable', {
      modelSubId: single.modelSubId,
      ...(url.searchParams.get('time') ? { time: url.searchParams.get('time')! } : {}),
    });
    const rows = await page.locator('[aria-label="单车系表"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, 3)
          .map((td) => (td.textContent ?? '').trim()),
      ),
    );
    expect(rows).toEqual(single.rows.map((r) => [r.name, r.priceStr, r.salesStr]));
    // Shanghai's own figures, not the nation's.
    expect(single.rows.at(-1)!.sales).toBeLessThan(national.rows.at(-1)!.sales);
    expect((await tags(page))['城市']).toBe('上海市');
    for (const path of ['downloadSingleTable', 'downloadCompareTable']) {
      const [href] = await downloadHrefs(page, path);
      expect(href.searchParams.get('city')).toBe(String(SHANGHAI));
    }

    // Year count 3: the month and the same month of the three years before it.
    const timeChart = page.getByRole('region', { name: '时间段对比图', exact: true });
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('singleCount') === '3'),
      page.getByRole('combobox', { name: '时间段对比年数' }).selectOption('3'),
    ]);
    await settled(page);
    const month = single.period;
    const years = [0, 1, 2, 3].map((k) => `${Number(month.slice(0, 4)) - k}${month.slice(4)}`);
    const label = (await timeChart.locator('canvas').getAttribute('aria-label')) ?? '';
    expect(label.match(/\d{4}-\d{2}/g)).toEqual(years);

    // Rank band 11-20 on 车型对比: the segment's trims ranked 11-20, a bookmark that restores it.
    const compareChart = page.getByRole('region', { name: '车型对比图', exact: true });
    expect(await compareChart.locator('canvas').getAttribute('aria-label')).toContain('第1-10名（');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('compareRank') === '2'), compareChart.getByRole('button', { name: '11-20' }).click()]);
    await settled(page);
    expect(await compareChart.locator('canvas').getAttribute('aria-label')).toMatch(/第11-20名（[1-9]\d*个车型）/);
    await page.reload();
    await settled(page);
    expect(await compareChart.getByRole('button', { name: '11-20' }).getAttribute('class')).toMatch(/\bactive\b/);
    expect(await page.locator('select[name="city"]').inputValue()).toBe(String(SHANGHAI));
    expect(new URL(page.url()).searchParams.get('singleCount')).toBe('3');
    assertClean();
  });
});
