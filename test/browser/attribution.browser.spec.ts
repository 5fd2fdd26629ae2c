import type { Locator, Page } from 'playwright-core';
import { ATTRIBUTION_MESSAGES, ATTRIBUTION_NOTES, type PriceAttribution, type ShareAttribution, type VolumeAttribution } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { apiResult, download, openSignedIn } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 归因分析 (issue 50) as the demo analyst (producer 一汽-大众) on the demo data: each tab draws its waterfall and its
 * table, whose columns add up on screen to its 合计 row and the 合计 to the cards; 燃料类型 drilled into 品牌 by a
 * member's name and back up by the breadcrumb; the share split of 一汽-大众 and the price split of one of its
 * sub-series; each tab's workbook and deck answer their files; a combination the call refuses says why.
 */

const PAGE = '/salevolume/attribution';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Tall enough for a tab's cards, chart and table in one screenshot. */
const TALL = { width: 1366, height: 1700 };
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** A figure as the page writes it ('+12,345', '-0.41', '12.34%', '+2,100元', '-' for none) as a number. */
const figure = (text: string): number => {
  const clean = text.trim().replace(/[,%元辆+]|个百分点/g, '');
  return clean === '-' || clean === '' ? 0 : Number(clean);
};

/** The table of a tab: its header texts, its members' cells and its 合计 row, as shown. */
async function tableOf(page: Page): Promise<{ headers: string[]; rows: string[][]; total: string[] }> {
  const table = page.locator('.attribution-table table');
  await table.locator('tbody tr').first().waitFor();
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const cells = (row: Locator) => row.locator('td').allTextContents();
  const rows = await Promise.all((await table.locator('tbody tr:not(.attribution-total)').all()).map(cells));
  const total = await cells(table.locator('tbody tr.attribution-total'));
  return { headers, rows, total };
}

/** The column's figures add up, to the decimals shown, to the 合计 row's. */
function expectColumnAddsUp(table: { headers: string[]; rows: string[][]; total: string[] }, header: string, decimals: number): void {
  const at = table.headers.indexOf(header);
  expect(at).toBeGreaterThan(0);
  const scale = 10 ** decimals;
  const sum = table.rows.reduce((s, row) => s + Math.round(figure(row[at]) * scale), 0);
  expect([header, sum / scale]).toEqual([header, figure(table.total[at])]);
}

async function waterfallDrawn(page: Page): Promise<string[]> {
  const canvas = page.locator('.attribution-waterfall canvas[data-drawn="true"]');
  await canvas.waitFor();
  return JSON.parse((await canvas.getAttribute('data-bar-labels')) ?? '[]') as string[];
}

const cardText = (page: Page, key: string) => page.locator(`.attribution-cards [data-card="${key}"] .summary-card__value`).first().textContent();

async function expectFile(page: Page, selector: string, contentType: string): Promise<void> {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href).toBeTruthy();
  const file = await download(page, href!);
  expect([file.contentType, file.body.length > 1000]).toEqual([contentType, true]);
}

describeInBrowser('归因分析', () => {
  const browser = useBrowser();

  test('销量拉动: the waterfall and the table by 燃料类型, the columns adding up to 合计 and 合计 to the cards; the files', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?by=fuel`, TALL);
    const answer = await apiResult<VolumeAttribution>(page, '/attribution/volume', { by: 'fuel' });
    await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toBe('销量拉动');
    const labels = await waterfallDrawn(page);
    expect(labels).toHaveLength(answer.waterfall.length);
    expect(labels[0]).toBe(answer.total.base.toLocaleString('en-US'));

    const table = await tableOf(page);
    expect(table.headers).toEqual(['燃料类型', '本期', '基期', '变化', '拉动(百分点)', '变化占比']);
    expect(table.rows.map((r) => r[0].trim())).toEqual(answer.rows.map((r) => r.name));
    for (const header of ['本期', '基期', '变化']) expectColumnAddsUp(table, header, 0);
    expectColumnAddsUp(table, '拉动(百分点)', 1);
    expect(figure(table.total[3])).toBe(answer.total.change);
    expect(figure(table.total[4])).toBe(answer.total.growth);
    const shares = table.rows.reduce((s, r) => s + Math.round(figure(r[5]) * 10), 0) / 10;
    expect(shares).toBe(100);
    // 合计 is the cards' figures.
    expect(figure((await cardText(page, 'current')) ?? '')).toBe(answer.total.current);
    expect(figure((await cardText(page, 'change')) ?? '')).toBe(answer.total.change);
    await expect(page.locator('.attribution-note').textContent()).resolves.toBe(ATTRIBUTION_NOTES.volume);
    await screenshot(page, 'attribution-volume');

    await expectFile(page, '.attribution-table a[download]', XLSX);
    await expectFile(page, '.sales-page__deck', PPTX);
    assertClean();
  });

  test('a drill from 燃料类型 into 品牌 by a member’s name, and the breadcrumb back up', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?by=fuel`, TALL);
    const answer = await apiResult<VolumeAttribution>(page, '/attribution/volume', { by: 'fuel' });
    const member = answer.rows.find((r) => r.drill !== null)!;
    expect(member.drill).toMatchObject({ param: 'fuels', next: 'brand' });
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('fuels') === String(member.id) && u.searchParams.get('by') === 'brand'),
      page.locator('.attribution-table tbody').getByRole('link', { name: member.name, exact: true }).click(),
    ]);
    await ready(page);
    const drilled = await tableOf(page);
    expect(drilled.headers[0]).toBe('品牌');
    // The drilled total is the member's row of the split before.
    expect([figure(drilled.total[1]), figure(drilled.total[2])]).toEqual([member.current, member.base]);
    for (const header of ['变化']) expectColumnAddsUp(drilled, header, 0);
    expectColumnAddsUp(drilled, '拉动(百分点)', 1);
    // 燃料类型 is fixed now: no split by it, 品牌 pressed.
    const dimensions = page.getByRole('group', { name: '拆分维度' });
    await expect(dimensions.getByRole('button', { name: '燃料类型' }).count()).resolves.toBe(0);
    await expect(dimensions.locator('.active').textContent()).resolves.toBe('品牌');
    const crumbs = page.getByRole('navigation', { name: '拆分范围' });
    await expect(crumbs.textContent()).resolves.toContain(`燃料类型 ${member.name}`);
    await screenshot(page, 'attribution-volume-drilled');

    await Promise.all([
      page.waitForURL((u) => !u.searchParams.has('fuels') && u.searchParams.get('by') === 'fuel'),
      crumbs.getByRole('link', { name: '全部' }).click(),
    ]);
    await ready(page);
    await expect(page.locator('.attribution-table thead th').first().textContent()).resolves.toBe('燃料类型');
    assertClean();
  });

  test('份额归因 of 一汽-大众 (the analyst’s producer by default): three effects adding up to the share’s change, each column to its effect', async () => {
    const { page, assertClean } = await openSignedIn(browser(), PAGE, TALL);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('tab') === 'share'), page.getByRole('tab', { name: '份额归因' }).click()]);
    await ready(page);
    const answer = await apiResult<ShareAttribution>(page, '/attribution/share');
    expect(answer.subject).toMatchObject({ type: 'producer', name: '一汽-大众' });
    await expect(page.locator('.attribution-subject input[readonly]').inputValue()).resolves.toBe('一汽-大众');
    const labels = await waterfallDrawn(page);
    expect(labels).toHaveLength(5);

    const table = await tableOf(page);
    expect(table.headers[0]).toBe('细分市场');
    for (const header of ['结构效应(百分点)', '表现效应(百分点)', '交互效应(百分点)', '合计(百分点)']) expectColumnAddsUp(table, header, 2);
    const [mix, performance, interaction, change] = table.total.slice(5).map(figure);
    expect(Math.round((mix + performance + interaction) * 100)).toBe(Math.round(change * 100));
    expect(change).toBe(answer.share.change);
    expect(figure((await cardText(page, 'change')) ?? '')).toBe(answer.share.change);
    await screenshot(page, 'attribution-share');

    await expectFile(page, '.attribution-table a[download]', XLSX);
    await expectFile(page, '.sales-page__deck', PPTX);
    assertClean();
  });

  test('价格归因 of one of 一汽-大众’s sub-series: five effects adding up to the TP’s change in 元, 新品 and 退市 labelled', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?tab=share`, TALL);
    const producer = (await apiResult<ShareAttribution>(page, '/attribution/share')).subject.id;
    const ofProducer = await apiResult<PriceAttribution>(page, '/attribution/price', { subjectType: 'producer', subjectId: producer });
    const subSeries = ofProducer.rows.find((r) => r.status === 'both')!;
    await page.goto(`${testEnv().baseUrl}${PAGE}?tab=price&subjectType=subSeries&subjectId=${subSeries.id}`);
    await ready(page);
    const answer = await apiResult<PriceAttribution>(page, '/attribution/price', { subjectType: 'subSeries', subjectId: subSeries.id });
    expect(answer.subject.name).toBe(subSeries.name);
    await expect(page.locator('.attribution-subject select').first().inputValue()).resolves.toBe('subSeries');
    await waterfallDrawn(page);

    const table = await tableOf(page);
    expect(table.headers[0]).toBe('车型');
    for (const header of ['价格效应', '结构效应', '交互效应', '新品效应/退市效应']) expectColumnAddsUp(table, header, 0);
    const effects = table.total.slice(7).map(figure);
    expect(effects.reduce((a, b) => a + b, 0)).toBe(answer.value.change);
    expect(figure((await cardText(page, 'change')) ?? '')).toBe(answer.value.change);
    // An item sold in one period only is labelled as such beside its name, and its terms are its own column's alone.
    const statuses = await page.locator('.attribution-table tbody .attribution-status').allTextContents();
    expect(statuses).toHaveLength(answer.rows.filter((r) => r.status !== 'both').length);
    for (const status of statuses) expect(['新品', '退市']).toContain(status);
    await screenshot(page, 'attribution-price');

    // The discount's split: the measure in the address, the same rule.
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('measure') === 'discount'),
      page.getByRole('group', { name: '指标' }).getByRole('button', { name: '优惠', exact: true }).click(),
    ]);
    await ready(page);
    const discount = await tableOf(page);
    expectColumnAddsUp(discount, '价格效应', 0);

    await expectFile(page, '.attribution-table a[download]', XLSX);
    await expectFile(page, '.sales-page__deck', PPTX);
    assertClean();
  });

  test('a combination the call refuses says why, with no veil left turning', async () => {
    const { page, assertClean } = await openSignedIn(browser(), `${PAGE}?time=2025-10&compare=3`);
    await expect(page.locator('.attribution-failure').textContent()).resolves.toContain(ATTRIBUTION_MESSAGES.newYearOnly);
    await expect(page.locator('.panel-busy, .attribution-table, .attribution-waterfall').count()).resolves.toBe(0);
    // 1-2月合计 is not offered for October.
    await expect(page.getByRole('group', { name: '对比' }).getByRole('button').allTextContents()).resolves.toEqual([
      '当月 vs 同期',
      '当月 vs 上月',
      '累计 vs 去年累计',
    ]);

    await page.goto(`${testEnv().baseUrl}${PAGE}?source=1&by=province`);
    await ready(page);
    await expect(page.locator('.attribution-failure').textContent()).resolves.toContain(ATTRIBUTION_MESSAGES.wholesaleDimension);
    // The choices stay to mend it: wholesale offers no geography.
    await expect(page.getByRole('group', { name: '拆分维度' }).getByRole('button', { name: '省份' }).count()).resolves.toBe(0);
    await screenshot(page, 'attribution-refused');
    assertClean();
  });
});
