import { type ConfigTable } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { apiResult, openSignedIn } from '../support/sales-pages';

/**
 * The wide comparison, five sub-series and 30 trim columns, opened from a bookmark: the table
 * comes with the page (server-rendered), so nothing moves when it arrives, and scrolling it moves no
 * layout either (the sticky head and the anchor navigation stay where they are). A category far below the box's
 * view is not rendered until it nears it (content-visibility, decision 288).
 */
const PAGE = '/product/configquery';
const IDS = '720,585,68,549,509';

/** The layout shifts the page recorded, those caused by input left out. */
interface Observed {
  shifts: number[];
}

describeInBrowser('the configuration query with five sub-series and 30 columns', () => {
  const browser = useBrowser();

  test('arrives without a layout shift and scrolls without one', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1440, height: 900 });
    const all = await apiResult<ConfigTable>(page, '/carConfig/get', { ids: IDS });
    const codes = all.cars
      .flatMap((c) => [...c.zaishouList, ...c.tingshouList])
      .map((t) => t.carJllCode)
      .slice(0, 30);
    expect(codes).toHaveLength(30);

    await page.addInitScript(() => {
      const observed: Observed = { shifts: [] };
      (window as unknown as { observed: Observed }).observed = observed;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) observed.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${page.url().split('?')[0]}?ids=${IDS}&carJllCodes=${codes.join(',')}`);
    await ready(page);
    const columns = await page.locator('.config-head th.config-trim').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.code));
    expect(columns).toEqual(codes);
    // The second step (decision 274) draws the categories below the first screenful: scroll once they are all drawn.
    await page.locator('.config-scroll[data-rows="all"]').waitFor();
    const loaded = await page.evaluate(() => (window as unknown as { observed: Observed }).observed.shifts.reduce((a, b) => a + b, 0));

    // Scroll the comparison to its end and back, a screen at a time, one step per frame.
    const steps = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('.config-scroll')!;
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      let count = 0;
      for (const direction of [1, -1]) {
        for (;;) {
          const before = scroller.scrollTop;
          scroller.scrollTop += direction * scroller.clientHeight;
          await frame();
          count++;
          if (scroller.scrollTop === before) break;
        }
      }
      return count;
    });
    expect(steps).toBeGreaterThan(10);
    const afterScroll = await page.evaluate(() => (window as unknown as { observed: Observed }).observed.shifts.reduce((a, b) => a + b, 0));
    // 0.1 is "good" in the Web Vitals scale; the page should not come near it.
    expect(loaded).toBeLessThan(0.02);
    expect(afterScroll - loaded).toBeLessThan(0.001);
    assertClean();
  });

  test('draws only the categories near the scroll box’s view, and one far below once it is scrolled to', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?ids=${IDS}`, { width: 1440, height: 900 });
    await page.locator('.config-scroll[data-rows="all"]').waitFor();
    // A category's first row: checkVisibility with contentVisibilityAuto is false while the browser skips the
    // rendering of the category holding it (decision 288).
    const drawn = (): Promise<boolean[]> =>
      page
        .locator('table.config-block')
        .evaluateAll((blocks) =>
          blocks.map((b) =>
            (b.querySelector('tr.config-row') as Element & { checkVisibility(o: object): boolean }).checkVisibility({ contentVisibilityAuto: true }),
          ),
        );
    const before = await drawn();
    expect(before.length).toBeGreaterThan(10);
    expect(before[0]).toBe(true);
    expect(before[before.length - 1]).toBe(false);
    await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('.config-scroll')!;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await page.waitForFunction(() => {
      const blocks = document.querySelectorAll('table.config-block');
      const row = blocks[blocks.length - 1].querySelector('tr.config-row') as Element & { checkVisibility(o: object): boolean };
      return row.checkVisibility({ contentVisibilityAuto: true });
    });
    expect((await drawn()).at(-1)).toBe(true);
    assertClean();
  });
});
