import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { DEMO_OPEN_ID, MP_SESSION_HEADER } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { signedLink } from '../support/mp-link';
import { app, url } from './support/files-kit';

jest.setTimeout(120_000);

/**
 * 销量查询 as shipped on a phone (issue 26 items 3 and 4; spec 001 §5, §2.11): Enter and 🔍 search whatever
 * the text's length — one character lists its matches, an exact or single match opens its chart — while
 * suggestions as one types still wait for two characters; the city box's picker has a search box whose
 * matches are grouped by province.
 */
async function phone(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  app();
  await page.goto(url(`/wechatsalevolume?${new URLSearchParams(signedLink(DEMO_OPEN_ID))}`));
  await ready(page);
  expect(new URL(page.url()).searchParams.has('sign')).toBe(false);
  return { page, errors };
}

/** The mp search call's answer for the page's own session. */
async function searchCar(page: Page, type: number, name: string): Promise<Array<{ id: number; name: string }>> {
  const session = (await page.context().cookies()).find((c) => c.name === 'car-mp')!.value;
  const response = await page.request.get(url(`/car/api/mp/retail/searchCar?${new URLSearchParams({ type: String(type), name })}`), {
    headers: { [MP_SESSION_HEADER]: decodeURIComponent(session) },
  });
  const body = (await response.json()) as { code: number; result: Array<{ id: number; name: string }> };
  expect(body.code).toBe(1);
  return body.result;
}

describeInBrowser('the phone page as shipped: search and city', () => {
  const browser = useBrowser();

  test('Enter and 🔍 always search: one character lists its matches, an exact match opens its chart', async () => {
    const { page, errors } = await phone(browser());
    await page.getByRole('tab', { name: '车型', exact: true }).tap();
    await page.waitForURL((u) => u.searchParams.get('type') === '4');
    const box = page.getByRole('textbox', { name: '搜索' });
    // Typing one character asks for nothing.
    await box.fill('宋');
    await page.waitForTimeout(600);
    expect(await page.locator('.mp-suggestions li').count()).toBe(0);
    // Enter searches it.
    await box.press('Enter');
    await page.locator('.mp-suggestions li').first().waitFor({ timeout: 10_000 });
    const answer = await searchCar(page, 4, '宋');
    expect(answer.length).toBeGreaterThan(1);
    // The open tab's matches come first; any other tab's follow under where they were found (decision 180).
    expect((await page.locator('.mp-suggestions li[role="option"]').allTextContents()).slice(0, answer.length)).toEqual(answer.map((s) => s.name));
    for (const s of answer) expect(s.name).toContain('宋');

    // 🔍 with an exact name opens its chart.
    await box.fill('秦PLUS DM-i');
    await Promise.all([page.waitForURL((u) => u.searchParams.has('id'), { timeout: 15_000 }), page.getByRole('button', { name: '搜索' }).tap()]);
    await page.locator('.mp-head h1', { hasText: '秦PLUS DM-i' }).waitFor();
    const [exact] = (await searchCar(page, 4, '秦PLUS DM-i')).filter((s) => s.name === '秦PLUS DM-i');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(exact.id));

    // Enter with a single match opens it too.
    await page.getByRole('tab', { name: '品牌', exact: true }).tap();
    await page.waitForURL((u) => u.searchParams.get('type') === '0' && !u.searchParams.has('id'));
    const single = await searchCar(page, 0, '斯拉');
    expect(single).toHaveLength(1);
    await page.getByRole('textbox', { name: '搜索' }).fill('斯拉');
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('id') === String(single[0].id), { timeout: 15_000 }),
      page.getByRole('textbox', { name: '搜索' }).press('Enter'),
    ]);
    await page.locator('.mp-head h1', { hasText: single[0].name }).waitFor();
    expect(errors).toEqual([]);
  });

  test('the city picker has a search box; its matches are grouped by province and choosing one sets the place', async () => {
    const { page, errors } = await phone(browser());
    await page.locator('.mp-city').tap();
    const picker = page.getByRole('dialog', { name: '选择省份' });
    const search = picker.getByRole('searchbox', { name: '搜索城市' });
    await search.fill('深圳');
    await search.press('Enter');
    const group = picker.locator('.mp-picker__group', { has: page.locator('h2', { hasText: '广东' }) });
    await group.getByRole('button', { name: '深圳市', exact: true }).waitFor();
    expect(await picker.locator('.mp-picker__group h2').allTextContents()).toEqual(['广东']);
    // A province's name finds its cities, under its heading.
    await search.fill('海南');
    await picker.locator('.mp-picker__group h2', { hasText: '海南' }).waitFor();
    await picker.getByRole('button', { name: '海口市', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'acceptance-mobile-city-search');
    await search.fill('深圳');
    await search.press('Enter');
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('provincecityId') === '440300'),
      picker.getByRole('button', { name: '深圳市', exact: true }).tap(),
    ]);
    const at = new URL(page.url());
    expect(['provinceId', 'provinceName', 'provincecityId', 'provincecityName'].map((k) => at.searchParams.get(k))).toEqual([
      '440000',
      '广东',
      '440300',
      '深圳市',
    ]);
    await page.locator('.mp-city', { hasText: '深圳市' }).waitFor();
    expect(errors).toEqual([]);
  });
});
