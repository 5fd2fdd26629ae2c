import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { type ConfigRow, type ConfigTable, visibleBlocks } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiResult, download, openSignedIn, settled } from '../support/sales-pages';
import { sheetTable } from '../support/workbook-table';

/**
 * 配置查询 driven as an analyst: find sub-series by typing, compare, pick a discontinued trim, filter by
 * model year, hide unequipped rows and show only differences (checked against the API's table through
 * the contracts' rule), move and remove columns, jump by category, download, and reopen the bookmark.
 */
const PAGE = '/product/configquery';

const headerCodes = (page: Page): Promise<string[]> =>
  page.locator('.config-head th.config-trim').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.code ?? ''));
const headerNames = (page: Page): Promise<string[]> => page.locator('.config-head .config-trim__name').allTextContents();
const rowLabels = (page: Page): Promise<string[]> => page.locator('table.config-block tr.config-row th').allTextContents();
const flatLabels = (rows: readonly ConfigRow[]): string[] => rows.flatMap((r) => [r.desc, ...flatLabels(r.data)]);

async function pick(page: Page, text: string, name: string): Promise<void> {
  await page.getByRole('textbox', { name: '搜索子车系' }).fill(text);
  const option = page.getByRole('option', { name, exact: true });
  await option.waitFor();
  const before = new URL(page.url()).searchParams.get('ids');
  // The URL takes the new sub-series (ids changes, carJllCodes follows), then the chips show it.
  await Promise.all([page.waitForURL((url) => url.searchParams.get('ids') !== before && url.searchParams.has('carJllCodes')), option.click()]);
  await page.locator('.config-chip').getByText(name, { exact: true }).waitFor();
  await settled(page);
}

/**
 * What `read` returns once it equals `expected`, or as it stands after 10 s: a toggle, a move or a removal
 * changes the URL first, and the table follows it a render later (later still on a loaded machine).
 */
async function once<T>(page: Page, read: (page: Page) => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read(page);
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    value = await read(page);
  }
  return value;
}

describeInBrowser('the configuration query page', () => {
  const browser = useBrowser();

  test('an analyst types, picks, compares, filters, hides, differs, reorders, removes, downloads and reopens the bookmark', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, { width: 1440, height: 900 });
    await expect(page.locator('.empty-state__title').textContent()).resolves.toBe('请选择子车系');
    // The spec hides the filter side panel's toggle on this page.
    expect(await page.locator('.filter-sidebar').count()).toBe(0);

    // Typing lists matches; a click selects and loads the table with the pre-selected trims.
    await pick(page, '朗', '朗逸');
    await pick(page, '宝马', '宝马5系');
    // A sub-series added is one request for the page's data: the pre-selected trims go into the address
    // without the comparison being asked again (decision 274; the loader's redirect asked twice).
    const dataCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/product/configquery.data')) dataCalls.push(r.url());
    });
    await pick(page, '宝马', '宝马3系');
    expect(dataCalls).toHaveLength(1);
    await expect(page.locator('.config-chip').allTextContents()).resolves.toEqual(['朗逸', '宝马5系', '宝马3系']);
    let url = new URL(page.url());
    expect(url.searchParams.get('ids')).toBe('545,585,582');
    const first = await apiResult<ConfigTable>(page, '/carConfig/get', { ids: '545,585,582' });
    const firstCodes = first.columns.map((c) => c.carJllCode);
    expect(await once(page, headerCodes, firstCodes)).toEqual(firstCodes);
    expect(url.searchParams.get('carJllCodes')).toBe(first.columns.map((c) => c.carJllCode).join(','));
    // 仅显示差异项 is ticked by default (decision 273): the rows the trims do not show alike.
    expect(await page.locator('.config-toolbar .ui.checkbox', { hasText: '仅显示差异项' }).locator('input').isChecked()).toBe(true);
    expect(url.searchParams.has('differ')).toBe(false);
    const firstLabels = visibleBlocks(first.items, firstCodes, { hideUnequipped: false, onlyDiffering: true }).flatMap((b) => flatLabels(b.data));
    expect(firstLabels.length).toBeLessThan(first.items.flatMap((b) => flatLabels(b.data)).length);
    expect(await once(page, rowLabels, firstLabels)).toEqual(firstLabels);
    // The head carries MSRP, the month's volume and TP.
    await expect(page.locator('.config-head tr.config-freeze th').allTextContents()).resolves.toEqual(first.freezes.map((f) => f.desc));
    await screenshot(page, 'configquery-three');

    // A sixth sub-series is refused.
    await pick(page, '奥迪', '奥迪A6L');
    await pick(page, '奥迪', '奥迪A4L');
    await page.getByRole('textbox', { name: '搜索子车系' }).fill('卡罗拉');
    await page.getByRole('option', { name: '卡罗拉', exact: true }).click();
    await page.getByText('最多只能选择5个子车系').waitFor();
    expect(new URL(page.url()).searchParams.get('ids')?.split(',')).toHaveLength(5);

    // Removing a chip is a new search: back to three, the trims chosen afresh.
    for (const [name, left] of [
      ['奥迪A4L', 4],
      ['奥迪A6L', 3],
    ] as const) {
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('ids')?.split(',').length === left),
        page.getByRole('button', { name: `移除 ${name}` }).click(),
      ]);
      await settled(page);
    }
    await page.waitForURL((u) => u.searchParams.get('ids') === '545,585,582');
    await settled(page);
    expect(await once(page, headerCodes, firstCodes)).toEqual(firstCodes);

    // The model picker: a discontinued 宝马5系 trim joins as the last column.
    await page.getByRole('button', { name: /车型选择/ }).click();
    await page.getByRole('tab', { name: '停售' }).click();
    await page.getByRole('tab', { name: /宝马5系/ }).click();
    const ended = first.cars.find((c) => c.id === 585)!.tingshouList[0];
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('carJllCodes')?.endsWith(ended.carJllCode) ?? false),
      page.locator('.config-picker__trims li', { hasText: ended.carName }).locator('.ui.checkbox').click(),
    ]);
    await settled(page);
    await page.getByRole('button', { name: '确定' }).click();
    expect((await headerCodes(page)).at(-1)).toBe(ended.carJllCode);
    await expect(page.locator('.config-head th.config-trim').last().textContent()).resolves.toContain('停售');

    // Filter by the newest model year: the selection is kept, only its trims of that year stay.
    const year = first.niankuan[0];
    // Focusing the empty select chooses every year (the spec's rule): 全部 clears, then the one year.
    await page.getByRole('button', { name: '年款' }).click();
    await page.locator('.multi-select__menu').getByText('全部', { exact: true }).click();
    await page.locator('.multi-select__menu').getByText(year.label, { exact: true }).click();
    await page.keyboard.press('Escape');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('niankuan') === year.value), page.getByRole('button', { name: '筛选' }).click()]);
    await settled(page);
    url = new URL(page.url());
    const filtered = await apiResult<ConfigTable>(page, '/carConfig/get', {
      ids: '545,585,582',
      carJllCodes: url.searchParams.get('carJllCodes')!,
      niankuan: year.value,
    });
    expect(filtered.columns.every((c) => String(c.modelYear) === year.value)).toBe(true);
    const filteredCodes = filtered.columns.map((c) => c.carJllCode);
    expect(await once(page, headerCodes, filteredCodes)).toEqual(filteredCodes);

    // Back to the full selection without the filter, then the two checkboxes, checked against the contracts' rule.
    await page.goto(`${page.url().replace(/&?niankuan=[^&]*/, '')}`);
    await ready(page);
    const codes = await headerCodes(page);
    const table = await apiResult<ConfigTable>(page, '/carConfig/get', { ids: '545,585,582', carJllCodes: codes.join(',') });
    // 全部项 is one choice away: unticking 仅显示差异项 shows every row (differ=0 in the address).
    await page.getByText('仅显示差异项').click();
    await page.waitForURL((u) => u.searchParams.get('differ') === '0');
    const all = table.items.flatMap((b) => flatLabels(b.data));
    expect(await once(page, rowLabels, all)).toEqual(all);
    await page.getByText('隐藏未配置项').click();
    await page.waitForURL((u) => u.searchParams.get('hide') === '1');
    const hidden = visibleBlocks(table.items, codes, { hideUnequipped: true, onlyDiffering: false }).flatMap((b) => flatLabels(b.data));
    expect(await once(page, rowLabels, hidden)).toEqual(hidden);
    await page.getByText('仅显示差异项').click();
    await page.waitForURL((u) => u.searchParams.get('hide') === '1' && !u.searchParams.has('differ'));
    const differing = visibleBlocks(table.items, codes, { hideUnequipped: true, onlyDiffering: true });
    const differingLabels = differing.flatMap((b) => flatLabels(b.data));
    expect(await once(page, rowLabels, differingLabels)).toEqual(differingLabels);
    expect((await rowLabels(page)).length).toBeLessThan(flatLabels(table.items.flatMap((b) => b.data)).length);
    await screenshot(page, 'configquery-differ');

    // Move the first column right, then remove the new first one.
    const names = await headerNames(page);
    await page.getByRole('button', { name: `右移 ${names[0]}` }).click();
    await page.waitForURL((u) => u.searchParams.get('carJllCodes')?.startsWith(codes[1]) ?? false);
    const moved = [codes[1], codes[0], ...codes.slice(2)];
    expect(await once(page, headerCodes, moved)).toEqual(moved);
    await page.getByRole('button', { name: `移除 ${names[1]}` }).click();
    await page.waitForURL((u) => !u.searchParams.get('carJllCodes')?.includes(codes[1]));
    const kept = [codes[0], ...codes.slice(2)];
    expect(await once(page, headerCodes, kept)).toEqual(kept);
    expect(await page.getByRole('button', { name: `左移 ${names[0]}` }).isDisabled()).toBe(true);

    // The anchor navigation scrolls the comparison to a category, the head staying on top.
    await page
      .getByRole('navigation', { name: '配置分类' })
      .getByRole('button', { name: differing[differing.length - 1].desc })
      .click();
    await page.waitForFunction(() => (document.querySelector('.config-scroll')?.scrollTop ?? 0) > 0);
    const headTop = await page.locator('.config-head').evaluate((el) => el.getBoundingClientRect().top - el.parentElement!.getBoundingClientRect().top);
    expect(Math.abs(headTop)).toBeLessThan(2);
    await screenshot(page, 'configquery-scrolled');

    // The download is the view: same columns in the same order, the two boxes applied.
    const href = await page.locator('.config-toolbar a[download][href*="carConfig/download"]').getAttribute('href');
    // 导出PPT beside it asks for the deck of the same view (decision 219).
    expect(await page.locator('.config-toolbar a.config-deck[download]').getAttribute('href')).toBe(href!.replace('carConfig/download', 'carConfig/ppt'));
    const file = await download(page, href!);
    expect(file.contentType).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const byCode = new Map(table.columns.map((c) => [c.carJllCode, c.carName]));
    const sheetRows = sheetTable(sheet);
    expect(sheetRows.headers).toEqual(['配置项', ...kept.map((c) => byCode.get(c))]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: sheetRows.headerRow + 4 });

    // The bookmark reopens the same comparison.
    const bookmark = page.url();
    await page.goto(bookmark);
    await ready(page);
    expect(page.url()).toBe(bookmark);
    expect(await once(page, headerCodes, kept)).toEqual(kept);
    expect(await page.locator('.config-toolbar .ui.checkbox', { hasText: '仅显示差异项' }).locator('input').isChecked()).toBe(true);
    const keptRows = visibleBlocks(table.items, kept, { hideUnequipped: true, onlyDiffering: true }).flatMap((b) => flatLabels(b.data));
    expect(await once(page, rowLabels, keptRows)).toEqual(keptRows);
    assertClean();
  });
});
