import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { ATTRIBUTION_NOTES, PRICE_EFFECT_LABELS } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { settled } from '../support/sales-pages';
import { ANALYST, figure, openAs, pointHelpersAtShipped, saveDownload, workbookRows } from './support/analytics-kit';

/**
 * 归因分析 as shipped (issue 50 §4, decision 302), walked as the demo analyst (producer 一汽-大众): 为什么? on 整体市场表现's
 * 同比 card opens the page with the card's scope and comparison; the change split by 燃料类型, one fuel drilled into
 * 品牌 by its name (the drilled total the fuel's row, 拉动 adding up to the growth shown), back up by the breadcrumb; the
 * share split for 一汽-大众 (its three effects adding up to the share's change); the price split of one of its
 * sub-series picked in the picker, month on month (its five effects adding up to the TP's change in 元); the workbook
 * and the deck of that split downloaded and opened. The page as an anonymous, forged, expired and revoked visitor is
 * the crawl's.
 */
const baseUrl = pointHelpersAtShipped();
const PAGE = '/salevolume/attribution';

/** The tab's table as shown: headers, members' rows, the 合计 row. */
async function shownTable(page: Page): Promise<{ headers: string[]; rows: string[][]; total: string[] }> {
  const table = page.locator('.attribution-table table');
  await table.locator('tbody tr').first().waitFor();
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const rows = await table
    .locator('tbody tr:not(.attribution-total)')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
  const total = (await table.locator('tbody tr.attribution-total td').allTextContents()).map((t) => t.trim());
  return { headers, rows, total };
}

/** A figure as shown ('+12,345', '-0.41', '+2,100元', '-' for a zero the dash rule hides) as a number. */
const shown = (text: string): number => figure(text.replace(/[元辆]|个百分点/g, '').replace(/^\+/, '')) ?? 0;

/** The column's figures add up, to the decimals shown, to its 合计. */
function addsUp(table: { headers: string[]; rows: string[][]; total: string[] }, header: string, decimals: number): void {
  const at = table.headers.indexOf(header);
  expect([header, at >= 0]).toEqual([header, true]);
  const scale = 10 ** decimals;
  const sum = table.rows.reduce((s, row) => s + Math.round(shown(row[at]) * scale), 0);
  expect([header, sum / scale]).toEqual([header, shown(table.total[at])]);
}

describeInBrowser('归因分析 as shipped', () => {
  const browser = useBrowser();

  test('为什么? from the whole-market card, a drill from 燃料类型 into 品牌, the share split for 一汽-大众, the price split of one of its sub-series, its workbook and deck', async () => {
    const { page } = await openAs(browser(), ANALYST, '/salevolume/wholemarket');

    // 为什么? on the 同比 card: the page opens with the card's month, source and comparison.
    const card = page.locator('.summary-card', { has: page.locator('.summary-card__title', { hasText: /^同比/ }) }).first();
    const why = card.locator('.why-link');
    await expect(why.getAttribute('aria-label')).resolves.toMatch(/^为什么同比/);
    await Promise.all([page.waitForURL((u) => u.pathname === PAGE), why.click()]);
    await ready(page);
    const opened = new URL(page.url());
    expect(opened.searchParams.get('compare') ?? '0').toBe('0');

    // The change by 燃料类型.
    const dimensions = page.getByRole('group', { name: '拆分维度' });
    await Promise.all([page.waitForURL((u) => u.searchParams.get('by') === 'fuel'), dimensions.getByRole('button', { name: '燃料类型', exact: true }).click()]);
    await settled(page);
    const byFuel = await shownTable(page);
    expect(byFuel.headers.slice(0, 6)).toEqual(['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比']);
    addsUp(byFuel, '变化', 0);
    addsUp(byFuel, '拉动(百分点)', 1);
    const growthCard = shown((await page.locator('.attribution-cards [data-card="growth"] .summary-card__value').first().textContent()) ?? '');
    expect(shown(byFuel.total[4])).toBe(growthCard);
    await expect(page.locator('.attribution-note').textContent()).resolves.toBe(ATTRIBUTION_NOTES.volume);

    // Drilled: the largest mover's fuel into 品牌; the drilled total is that fuel's row.
    const fuel = byFuel.rows[0];
    await Promise.all([
      page.waitForURL((u) => u.searchParams.has('fuels') && u.searchParams.get('by') === 'brand'),
      page.locator('.attribution-table tbody').getByRole('link', { name: fuel[0], exact: true }).click(),
    ]);
    await settled(page);
    const byBrand = await shownTable(page);
    expect(byBrand.headers[0]).toBe('品牌');
    expect([shown(byBrand.total[1]), shown(byBrand.total[2]), shown(byBrand.total[3])]).toEqual([shown(fuel[1]), shown(fuel[2]), shown(fuel[3])]);
    addsUp(byBrand, '变化', 0);
    addsUp(byBrand, '拉动(百分点)', 1);
    const crumbs = page.getByRole('navigation', { name: '拆分范围' });
    await expect(crumbs.textContent()).resolves.toContain(`燃料类型 ${fuel[0]}`);
    await Promise.all([page.waitForURL((u) => !u.searchParams.has('fuels')), crumbs.getByRole('link', { name: '全部' }).click()]);
    await settled(page);

    // 份额归因: 一汽-大众 by default (the analyst's producer); the three effects add up to the share's change.
    await Promise.all([page.waitForURL((u) => u.searchParams.get('tab') === 'share'), page.getByRole('tab', { name: '份额归因' }).click()]);
    await settled(page);
    await expect(page.locator('.attribution-subject input[readonly]').inputValue()).resolves.toBe('一汽-大众');
    const share = await shownTable(page);
    for (const header of share.headers.filter((h) => h.endsWith('(百分点)'))) addsUp(share, header, 2);
    const [mix, performance, interaction, change] = share.total.slice(-4).map(shown);
    expect(Math.round((mix + performance + interaction) * 100)).toBe(Math.round(change * 100));
    const shareChange = shown((await page.locator('.attribution-cards [data-card="change"] .summary-card__value').first().textContent()) ?? '');
    expect(change).toBe(shareChange);

    // 价格归因 of one of 一汽-大众's sub-series (one it sold in both months, as its own price split by sub-series lists
    // them), picked in the picker as an analyst picks, month on month.
    const producerId = (await api<{ subject: { id: number } }>(page, 'attribution/share')).subject.id;
    await Promise.all([page.waitForURL((u) => u.searchParams.get('tab') === 'price'), page.getByRole('tab', { name: '价格归因' }).click()]);
    await settled(page);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('compare') === '1'),
      page.getByRole('group', { name: '对比' }).getByRole('button', { name: '当月 vs 上月', exact: true }).click(),
    ]);
    await settled(page);
    const time = new URL(page.url()).searchParams.get('time');
    const ofProducer = await api<{ rows: Array<{ name: string; status: string; qtyCurrent: number }> }>(
      page,
      `attribution/price?compare=1&subjectType=producer&subjectId=${producerId}${time ? `&time=${time}` : ''}`,
    );
    const seriesName = ofProducer.rows.filter((r) => r.status === 'both').sort((a, b) => b.qtyCurrent - a.qtyCurrent)[0].name;
    const form = page.locator('.attribution-subject');
    await form.locator('select#attribution-subject-type').selectOption('subSeries');
    await pickSeries(page, form, seriesName);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('subjectType') === 'subSeries'), form.getByRole('button', { name: '查询' }).click()]);
    await settled(page);
    await expect(page.locator('.attribution-subject input[readonly]').inputValue()).resolves.toContain(seriesName);
    const price = await shownTable(page);
    expect(price.headers[0]).toBe('车型');
    for (const header of [PRICE_EFFECT_LABELS.price, PRICE_EFFECT_LABELS.mix, PRICE_EFFECT_LABELS.interaction]) addsUp(price, header, 0);
    const priceChange = shown((await page.locator('.attribution-cards [data-card="change"] .summary-card__value').first().textContent()) ?? '');
    const effects = await page.locator('section.attribution-cards').nth(1).locator('.summary-card__value').allTextContents();
    expect(effects).toHaveLength(5);
    expect(effects.map(shown).reduce((a, b) => a + b, 0)).toBe(priceChange);

    // The split's workbook and deck, downloaded and opened.
    const book = await workbookRows(await saveDownload(page, page.locator('.attribution-table'), '下载'));
    expect(book[0][0]).toBe('车型');
    // Every item, then 合计 with the subject's values; under the table the levels, the effects and the 口径 note.
    const totalRow = book.findIndex((r) => r[0] === '合计');
    expect(totalRow).toBe(price.rows.length + 1);
    expect(book.some((r) => r[0] === ATTRIBUTION_NOTES.price)).toBe(true);
    const deck = await saveDownload(page, page.locator('.sales-page__head'), '导出PPT');
    expect(deck.fileName).toMatch(/^归因分析-价格归因-\d{4}-\d{2}\.pptx$/);
    const zip = await JSZip.loadAsync(deck.body);
    expect(Object.keys(zip.files).some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(true);
  });
});

/** The signed-in page's answer of a call, as the page's own loader reads it. */
async function api<T>(page: Page, pathAndQuery: string): Promise<T> {
  const response = await page.request.get(`${baseUrl}/car/api/${pathAndQuery}`);
  const body = (await response.json()) as { code: number; result: T };
  expect(body.code).toBe(1);
  return body.result;
}

/** Picks the sub-series `name` in the subject form's picker dialog, as an analyst does: typed, found, clicked, 确定. */
async function pickSeries(page: Page, form: Locator, name: string): Promise<void> {
  await form.locator('.pick-input input[readonly]').click();
  const dialog = page.locator('.pick-dialog');
  const box = dialog.locator('.pick-dialog__search input');
  await box.fill(name);
  await box.press('Enter');
  await dialog.locator('.pick-dialog__loader').waitFor({ state: 'detached' });
  await dialog.locator('.pick-series__subs').getByRole('button', { name, exact: true }).first().click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}
