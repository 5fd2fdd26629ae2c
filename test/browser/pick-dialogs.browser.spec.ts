import type { Page } from 'playwright-core';
import { type LetterGroup, type SeriesItem, type SubSeriesCars } from '@car/contracts';
import { describeInBrowser, useBrowser } from '../support/browser';
import { confirmedSelection, openDialogHarness } from '../support/dialog-harness';
import { apiResult, openSignedIn } from '../support/sales-pages';

/**
 * The pick-list dialogs the price and price-volume pages will mount (car series with sub-series, current
 * series, car model, producer-brand), each end to end in Chromium against the real search API: they show
 * what their list calls answer, search on Enter, jump by letter, revert on X, confirm on 确定, and in the
 * car-model dialog a series choice clears the chosen models. No product page mounts them yet, so each runs
 * alone in a test-built page (support/dialog-harness.ts); the pages that mount them are later issues'.
 */
type Group<T> = LetterGroup<T>;
type Series = SeriesItem;

const dialog = (page: Page) => page.locator('.pick-dialog');

async function shownLetters(page: Page): Promise<string[]> {
  return dialog(page)
    .locator('.pick-dialog__group')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.group ?? ''));
}

async function chips(page: Page): Promise<string[]> {
  return (await dialog(page).locator('.pick-dialog__chip').allTextContents()).map((t) => t.trim());
}

async function search(page: Page, key: string): Promise<void> {
  const box = dialog(page).locator('.pick-dialog__search input');
  await box.fill(key);
  await box.press('Enter');
  await dialog(page).locator('.pick-dialog__loader').waitFor({ state: 'detached' });
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** An entry's toggle by its exact name: a sub-series (inside a series) or a plain entry. */
function entry(page: Page, name: string) {
  return dialog(page).locator('.pick-series__subs, .pick-dialog__entries').getByRole('button', { name, exact: true }).first();
}

async function waitForList(page: Page): Promise<void> {
  await dialog(page).locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
}

describeInBrowser('the pick-list dialogs of the price pages, against the real API', () => {
  const browser = useBrowser();

  test('car series: the getSeries answer by letter with sub-series, search, A-Z, revert on X, confirm', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const all = await apiResult<Group<Series>[]>(page, '/search/getSeries');
    await openDialogHarness(page, 'series');
    await waitForList(page);
    expect(await shownLetters(page)).toEqual(all.map((g) => g.letter));
    await expect(dialog(page).locator('.pick-series').count()).resolves.toBe(all.reduce((n, g) => n + g.list.length, 0));
    await expect(dialog(page).locator('.pick-series .pick-toggle').count()).resolves.toBe(
      all.reduce((n, g) => n + g.list.reduce((m, s) => m + s.subList.length, 0), 0),
    );
    // Letters without a group are disabled; a letter jumps to its group.
    const enabled = await dialog(page).locator('.pick-dialog__letter-button:not([disabled])').allTextContents();
    expect(enabled).toEqual(all.filter((g) => g.list.length > 0).map((g) => g.letter));
    const last = all[all.length - 1];
    await dialog(page).locator(`.pick-dialog__letter-button[data-letter="${last.letter}"]`).click();
    await expect(page.evaluate(() => document.activeElement?.closest('[data-group]')?.getAttribute('data-group'))).resolves.toBe(last.letter);

    // Search: the answer for the key, nothing else.
    const series = all.flatMap((g) => g.list).find((s) => s.subList.length >= 2)!;
    const found = await apiResult<Group<Series>[]>(page, '/search/getSeries', { key: series.name });
    await search(page, series.name);
    await expect(dialog(page).locator('.pick-series__name').allTextContents()).resolves.toEqual(found.flatMap((g) => g.list.map((s) => s.name)));

    // The series name chooses all its sub-series; X drops the draft.
    await dialog(page)
      .locator('button.pick-series__name')
      .filter({ hasText: exactly(series.name) })
      .first()
      .click();
    expect(await chips(page)).toEqual(series.subList.map((s) => s.name));
    await dialog(page).locator('.pick-dialog__close').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await confirmedSelection(page)).toBeNull();

    await page.locator('#open-dialog').click();
    await waitForList(page);
    expect(await chips(page)).toEqual([]);
    await search(page, series.name);
    await entry(page, series.subList[1].name).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(await confirmedSelection(page)).toEqual({ items: [{ id: series.subList[1].id, name: series.subList[1].name }], series: null });
    assertClean();
  });

  test('current series: one sub-series; another replaces it, the chosen one again clears it', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const series = (await apiResult<Group<Series>[]>(page, '/search/getSeries')).flatMap((g) => g.list).find((s) => s.subList.length >= 2)!;
    await openDialogHarness(page, 'currentSeries');
    await waitForList(page);
    await search(page, series.name);
    const [a, b] = series.subList;
    await entry(page, a.name).click();
    await entry(page, b.name).click();
    expect(await chips(page)).toEqual([b.name]);
    await entry(page, b.name).click();
    expect(await chips(page)).toEqual([]);
    await entry(page, a.name).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(await confirmedSelection(page)).toEqual({ items: [{ id: a.id, name: a.name }], series: null });
    assertClean();
  });

  test("car model: a sub-series lists getCars' models with MSRP and mix; choosing another series clears the chosen models", async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const series = (await apiResult<Group<Series>[]>(page, '/search/getSeries')).flatMap((g) => g.list).find((s) => s.subList.length >= 2)!;
    const [first, second] = series.subList;
    const [firstCars] = await apiResult<SubSeriesCars[]>(page, '/search/getCars', { modelSubIds: first.id });
    const [secondCars] = await apiResult<SubSeriesCars[]>(page, '/search/getCars', { modelSubIds: second.id });
    expect(firstCars.cars.length).toBeGreaterThanOrEqual(2);

    await openDialogHarness(page, 'carModel');
    await waitForList(page);
    await search(page, series.name);
    await entry(page, first.name).click();
    const table = dialog(page).locator('.pick-cars__table');
    await table.waitFor({ state: 'visible' });
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent?.trim())));
    expect(rows).toEqual(firstCars.cars.map((c) => [c.name, c.msrp, c.mix]));

    await table.locator('tbody tr').nth(0).locator('input[type="checkbox"]').check();
    await table.locator('tbody tr').nth(1).locator('input[type="checkbox"]').check();
    expect(await chips(page)).toEqual(firstCars.cars.slice(0, 2).map((c) => `${first.name} ${c.name}`));

    // Another series: the models chosen under the first are dropped, the second's are listed.
    await entry(page, second.name).click();
    expect(await chips(page)).toEqual([]);
    await expect(dialog(page).locator('.pick-cars__title').textContent()).resolves.toBe(`${second.name} 的在售车型`);
    if (secondCars.cars.length > 0) {
      await table.waitFor({ state: 'visible' });
      await expect(table.locator('tbody tr td:nth-child(2)').allTextContents()).resolves.toEqual(secondCars.cars.map((c) => c.name));
      await table.locator('tbody tr').nth(0).locator('input[type="checkbox"]').check();
    }
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(await confirmedSelection(page)).toEqual({
      items: secondCars.cars.slice(0, 1).map((c) => ({ id: c.id, name: `${second.name} ${c.name}` })),
      series: { id: second.id, name: second.name },
    });
    assertClean();
  });

  test('producer-brand: the getProducerBrands answer, search, several chosen and confirmed', async () => {
    const { page, assertClean } = await openSignedIn(browser(), '/salevolume/wholemarket');
    const all = await apiResult<Group<{ id: number; name: string }>[]>(page, '/search/getProducerBrands');
    await openDialogHarness(page, 'companyBrand');
    await waitForList(page);
    await expect(dialog(page).locator('.pick-toggle__name').allTextContents()).resolves.toEqual(all.flatMap((g) => g.list.map((e) => e.name)));
    const found = await apiResult<Group<{ id: number; name: string }>[]>(page, '/search/getProducerBrands', { key: '大众' });
    await search(page, '大众');
    const names = found.flatMap((g) => g.list);
    expect(names.length).toBeGreaterThanOrEqual(2);
    await expect(dialog(page).locator('.pick-toggle__name').allTextContents()).resolves.toEqual(names.map((e) => e.name));
    await entry(page, names[0].name).click();
    await entry(page, names[1].name).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(await confirmedSelection(page)).toEqual({ items: names.slice(0, 2).map((e) => ({ id: e.id, name: e.name })), series: null });
    assertClean();
  });
});
