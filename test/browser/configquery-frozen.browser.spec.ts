import type { Page } from 'playwright-core';
import { type ConfigTable } from '@car/contracts';
import { describeInBrowser, screenshot, useBrowser } from '../support/browser';
import { apiResult, openSignedIn, settled } from '../support/sales-pages';

/**
 * The wide comparison (five sub-series, their pre-selected trims) scrolled sideways: the frozen rows stay
 * opaque over the body (every frozen cell paints a background and is the element at its own centre), a
 * group cell names each sub-series over its trims, 每个子车系一款 keeps one trim a sub-series (its best seller,
 * decision 179), and the search's list closes after a pick, on Escape wherever the focus is, and on a click outside.
 */
const PAGE = '/product/configquery';
const IDS = '720,585,68,549,509';

const headerCodes = (page: Page): Promise<string[]> =>
  page.locator('.config-head th.config-trim').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.code ?? ''));

describeInBrowser('the configuration comparison’s frozen head, groups, quick pick and search list', () => {
  const browser = useBrowser();

  test('scrolled sideways, the frozen rows cover the body; groups span their trims; the quick pick keeps each sub-series’ best seller', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?ids=${IDS}`, { width: 1440, height: 900 });
    const table = await apiResult<ConfigTable>(page, '/carConfig/get', { ids: IDS });
    const codes = await headerCodes(page);
    expect(codes).toEqual(table.columns.map((c) => c.carJllCode));
    expect(new Set(table.columns.map((c) => c.subSeriesId)).size).toBe(5);
    expect(codes.length).toBeGreaterThan(10);

    // Each trim sits under the group cell of its own sub-series, and the groups together span every trim.
    const subOf = new Map(table.columns.map((c) => [c.carJllCode, c.subSeriesId]));
    const placed = await page.evaluate(() => {
      const groups = [...document.querySelectorAll<HTMLTableCellElement>('.config-head th.config-group')].map((g) => {
        const r = g.getBoundingClientRect();
        return { sub: Number(g.dataset.subSeries), left: r.left, right: r.right, span: g.colSpan, text: g.textContent ?? '' };
      });
      const trims = [...document.querySelectorAll<HTMLElement>('.config-head th.config-trim')].map((t) => {
        const r = t.getBoundingClientRect();
        return { code: t.dataset.code ?? '', x: (r.left + r.right) / 2 };
      });
      return { groups, trims: trims.map((t) => ({ code: t.code, under: groups.filter((g) => g.left <= t.x && t.x < g.right).map((g) => g.sub) })) };
    });
    expect(placed.groups.reduce((sum, g) => sum + g.span, 0)).toBe(codes.length);
    for (const trim of placed.trims) expect(trim.under).toEqual([subOf.get(trim.code)]);
    for (const group of placed.groups) expect(group.text).toContain(table.columns.find((c) => c.subSeriesId === group.sub)!.subSeriesName);

    // Scroll sideways (and down, so body rows pass under the head): each frozen cell in sight paints an
    // opaque background and is what the pointer finds at its centre, not a body cell under it.
    await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.config-scroll')!;
      box.scrollLeft = 900;
      box.scrollTop = 400;
    });
    // Nothing of the page listens to the scroll (the head is sticky by the stylesheet): two frames drawn, it is in place.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    const frozen = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.config-scroll')!.getBoundingClientRect();
      const labelRight = document.querySelector<HTMLElement>('.config-head .config-label')!.getBoundingClientRect().right;
      const cells = [...document.querySelectorAll<HTMLElement>('.config-head tr.config-freeze > *, .config-head tr.config-groups > *')];
      return cells
        .map((cell) => {
          const r = cell.getBoundingClientRect();
          // The part of the cell in sight: a label in full; any other cell right of the label column and inside the box.
          const label = cell.classList.contains('config-label');
          const left = label ? r.left : Math.max(r.left, labelRight);
          const right = Math.min(r.right, box.right - 20);
          const x = (left + right) / 2;
          const y = (r.top + r.bottom) / 2;
          const inSight = right - left > 10 && y > box.top && y < box.bottom;
          const hit = document.elementFromPoint(x, y);
          const background = getComputedStyle(cell).backgroundColor;
          return { inSight, text: cell.textContent ?? '', background, own: hit !== null && cell.contains(hit) };
        })
        .filter((c) => c.inSight);
    });
    expect(frozen.length).toBeGreaterThan(20);
    for (const cell of frozen) {
      expect({ text: cell.text, opaque: !/rgba\(.*, 0\)$|transparent/.test(cell.background) }).toEqual({ text: cell.text, opaque: true });
      expect({ text: cell.text, own: cell.own }).toEqual({ text: cell.text, own: true });
    }
    await screenshot(page, 'configquery-five-scrolled-1440');

    // 每个子车系一款: one trim a sub-series, the one that sold most in the head's month (the first on a tie).
    const best = new Map<number, { code: string; qty: number }>();
    for (const c of table.columns) {
      const kept = best.get(c.subSeriesId);
      if (!kept || (c.retailQty ?? 0) > kept.qty) best.set(c.subSeriesId, { code: c.carJllCode, qty: c.retailQty ?? 0 });
    }
    const expected = table.columns.map((c) => c.carJllCode).filter((code) => [...best.values()].some((b) => b.code === code));
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('carJllCodes')?.split(',').length === 5),
      page.getByRole('button', { name: '每个子车系一款' }).click(),
    ]);
    await settled(page);
    await page.waitForFunction((n) => document.querySelectorAll('.config-head th.config-trim').length === n, 5);
    expect(await headerCodes(page)).toEqual(expected);
    expect(await page.locator('.config-head th.config-group').evaluateAll((cells) => cells.map((c) => (c as HTMLTableCellElement).colSpan))).toEqual([
      1, 1, 1, 1, 1,
    ]);
    await expect(page.getByRole('button', { name: '每个子车系一款' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'configquery-one-per-sub-series');
    assertClean();
  });

  test('the search list closes after a pick, on Escape after a match was clicked or focused, and on a click outside', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1440, height: 900 });
    const search = page.getByRole('textbox', { name: '搜索子车系' });
    const list = page.getByRole('listbox', { name: '匹配的子车系' });

    await search.fill('朗');
    const langyi = page.getByRole('option', { name: '朗逸', exact: true });
    await langyi.waitFor();
    await Promise.all([page.waitForURL((u) => u.searchParams.get('ids') === '545'), langyi.click()]);
    await expect(list.count()).resolves.toBe(0);
    await settled(page);

    // The list again, a match focused (as after a click that did not pick): Escape closes it.
    await search.fill('宝马');
    // The matches of 宝马 themselves, not a list still drawing: a match redrawn under the focus would drop it.
    const bmw = page.getByRole('option', { name: /宝马/ }).first();
    await bmw.waitFor();
    await bmw.focus();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Typing opens it; Escape from the input closes it; a click outside too.
    await search.fill('宝马3');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await search.fill('宝马5');
    await page.getByRole('option').first().waitFor();
    await page.locator('.sales-page__title').click();
    await list.waitFor({ state: 'detached' });
    assertClean();
  });
});
