import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import request from 'supertest';
import { DEFINITIONS, DEMO_OPEN_ID, MP_LINK_MESSAGES, MP_SESSION_HEADER, type MpRetailChart } from '@car/contracts';
import { contextOptions, describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { signedLink } from '../support/mp-link';
import { openFirstSuggestion, tapPhoneTab } from '../support/phone-page';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

/**
 * 销量查询 on phones (375 × 667 and 414 × 896, touch): a signed link opens it once (decision 263), a forged,
 * stale or used one is refused, a suggestion from two characters queries the chart whose cards are the API's, and a new tab
 * clears the result. The page lets the phone zoom, draws its icons as inline SVG and gives every target 44 × 44 px
 * (decision 266). A console error fails each test.
 */
const PHONES = [
  { width: 375, height: 667 },
  { width: 414, height: 896 },
];

async function phonePage(browser: Browser, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(contextOptions({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** A thumb's target (WCAG 2.5.5, Apple's and Android's guides): 44 × 44 CSS pixels. */
const TARGET = 44;

/**
 * Every target the page shows now — tabs, buttons, links, fields and the focusable 口径 labels — smaller than
 * TARGET × TARGET, by its text and size ('' when there is none).
 */
async function smallTargets(page: Page): Promise<string> {
  const small = await page.evaluate((min) => {
    const targets = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), [role="tab"], [role="button"], [tabindex="0"]');
    return [...targets]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter(({ box }) => box.width < min - 0.5 || box.height < min - 0.5)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}" ${box.width.toFixed(0)}×${box.height.toFixed(0)}`,
      );
  }, TARGET);
  return small.join('\n');
}

/** The emoji in the page's text (📍, 🔍 …), which a phone without an emoji font draws as empty boxes. */
const emojiShown = (page: Page) => page.evaluate(() => document.body.innerText.match(/\p{Extended_Pictographic}/gu) ?? []);

const linkUrl = (fields: Record<string, string>, extra = '') => `${testEnv().baseUrl}/wechatsalevolume?${new URLSearchParams(fields)}${extra}`;

describeInBrowser('the mobile sales query', () => {
  const browser = useBrowser();

  test.each(PHONES)("at $width × $height: a signed link opens it, a suggestion shows the API's figures, a new tab clears them", async (viewport) => {
    const { page, errors } = await phonePage(browser(), viewport);
    await page.goto(linkUrl(signedLink(DEMO_OPEN_ID), '&provinceId=440000&provinceName=广东'));
    await ready(page);
    expect(new URL(page.url()).searchParams.has('sign')).toBe(false);
    await expect(page.title()).resolves.toContain('销量查询');
    await tapPhoneTab(page, '品牌', '0');
    await page.getByLabel('搜索').first().fill('大');
    await page.waitForTimeout(500);
    expect(await page.locator('.mp-suggestions li').count()).toBe(0);
    const id = await openFirstSuggestion(page, '大众');

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'car-mp')!.value;
    const api = await request(testEnv().baseUrl)
      .get('/car/api/mp/retail/getRetailChart')
      .query({ type: '0', id, provinceId: '440000' })
      .set(MP_SESSION_HEADER, decodeURIComponent(session));
    const answer = api.body.result as MpRetailChart;
    await expect(page.locator('.mp-head h1').textContent()).resolves.toBe(answer.name);
    await expect(page.locator('.mp-cards b').allTextContents()).resolves.toEqual([answer.salesStr, answer.yoys, answer.ljSalesStr, answer.ljYoys]);
    await page.waitForSelector('.trend-chart canvas');
    const box = await page.locator('.trend-chart canvas').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `wechatsalevolume-${viewport.width}`);

    await page.getByRole('tab', { name: '车型', exact: true }).tap();
    await page.waitForURL((u) => u.searchParams.get('type') === '4' && !u.searchParams.has('id'));
    // The address changes first; the page clears its result a render later (later still on a loaded machine).
    await page.locator('.mp-cards').waitFor({ state: 'detached', timeout: 10_000 });
    await expect(page.getByLabel('搜索').first().inputValue()).resolves.toBe('');
    expect(new URL(page.url()).searchParams.get('provinceId')).toBe('440000');
    expect(errors).toEqual([]);
  });

  test.each(PHONES)(
    "at $width × $height: the city box's province → city picker sets the spec's place parameters and re-queries the chart",
    async (viewport) => {
      const { page, errors } = await phonePage(browser(), viewport);
      // The mini-program may hand the place over in the link itself (spec §2's parameters).
      await page.goto(linkUrl(signedLink(DEMO_OPEN_ID), '&type=0&provinceId=510000&provinceName=四川&provincecityId=510100&provincecityName=成都市'));
      await ready(page);
      await expect(page.locator('.mp-city').textContent()).resolves.toContain('成都市');
      await page.getByLabel('搜索').first().fill('大众');
      const first = page.locator('.mp-suggestions a').first();
      await first.waitFor();
      await Promise.all([page.waitForURL((u) => u.searchParams.has('id')), first.tap()]);
      await ready(page);
      await page.locator('.mp-head span', { hasText: '成都市' }).waitFor();

      await page.locator('.mp-city').tap();
      const picker = page.getByRole('dialog', { name: '选择省份' });
      await picker.getByRole('button', { name: '广东', exact: true }).tap();
      const cities = page.getByRole('dialog', { name: '选择广东的城市' });
      await cities.getByRole('button', { name: '广州市', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `wechatsalevolume-picker-${viewport.width}`);
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('provincecityId') === '440100'),
        cities.getByRole('button', { name: '广州市', exact: true }).tap(),
      ]);
      await ready(page);
      const url = new URL(page.url());
      expect(['provinceId', 'provinceName', 'provincecityId', 'provincecityName'].map((k) => url.searchParams.get(k))).toEqual([
        '440000',
        '广东',
        '440100',
        '广州市',
      ]);
      // The address changes first; the page follows when the chart's loader has answered.
      await page.locator('.mp-city', { hasText: '广州市' }).waitFor();

      const session = (await page.context().cookies()).find((c) => c.name === 'car-mp')!.value;
      const api = await request(testEnv().baseUrl)
        .get('/car/api/mp/retail/getRetailChart')
        .query({ type: '0', id: url.searchParams.get('id')!, provinceId: '440000', cityId: '440100' })
        .set(MP_SESSION_HEADER, decodeURIComponent(session));
      const answer = api.body.result as MpRetailChart;
      expect(answer.areaName).toBe('广州市');
      await page.locator('.mp-head span', { hasText: '广州市' }).waitFor();
      await expect(page.locator('.mp-cards b').allTextContents()).resolves.toEqual([answer.salesStr, answer.yoys, answer.ljSalesStr, answer.ljYoys]);

      // 全省 keeps the province only; 全国 clears the place.
      await page.locator('.mp-city').tap();
      await page.getByRole('dialog', { name: '选择省份' }).getByRole('button', { name: '广东', exact: true }).tap();
      await Promise.all([
        page.waitForURL((u) => !u.searchParams.has('provincecityId')),
        page.getByRole('dialog', { name: '选择广东的城市' }).getByRole('button', { name: '全省' }).tap(),
      ]);
      expect(new URL(page.url()).searchParams.get('provinceId')).toBe('440000');
      await ready(page);
      await page.locator('.mp-head span', { hasText: '广东' }).waitFor();
      await page.locator('.mp-city').tap();
      await Promise.all([
        page.waitForURL((u) => !u.searchParams.has('provinceId')),
        page.getByRole('dialog', { name: '选择省份' }).getByRole('button', { name: '全国' }).tap(),
      ]);
      await ready(page);
      await page.locator('.mp-head span', { hasText: '全国' }).waitFor();
      expect(errors).toEqual([]);
    },
  );

  test('at 375: a brand’s name searched on the 厂商 tab is found under 品牌 and opens there; the cards say monthly and cumulative', async () => {
    const { page, errors } = await phonePage(browser(), PHONES[0]);
    await page.goto(linkUrl(signedLink(DEMO_OPEN_ID)));
    await ready(page);
    await expect(page.getByRole('tab', { name: '厂商', exact: true }).getAttribute('aria-selected')).resolves.toBe('true');
    const session = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'car-mp')!.value);
    const brands = (await request(testEnv().baseUrl).get('/car/api/mp/retail/searchCar').query({ type: '0', name: '大众' }).set(MP_SESSION_HEADER, session))
      .body.result as Array<{ id: number; name: string }>;
    const brand = brands.find((b) => b.name === '大众')!;

    // Typing lists the 厂商 matches first, then the other tabs' under where they were found.
    await page.getByLabel('搜索').first().fill('大众');
    await page.locator('.mp-suggestions__tab', { hasText: '在「品牌」中找到' }).waitFor();
    const texts = await page.locator('.mp-suggestions li').allTextContents();
    expect(texts.indexOf('在「品牌」中找到')).toBeGreaterThan(0);
    expect(texts[texts.indexOf('在「品牌」中找到') + 1]).toBe('大众');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'wechatsalevolume-across-tabs-375');

    // Enter: no 厂商 is called 大众, the brand is: its chart opens on the 品牌 tab.
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('type') === '0' && u.searchParams.get('id') === String(brand.id)),
      page.getByLabel('搜索').first().press('Enter'),
    ]);
    // The address moves before the page draws the brand: wait for the drawn tab and title, not for network idle.
    await page.getByRole('tab', { name: '品牌', exact: true, selected: true }).waitFor();
    await page.locator('.mp-head h1', { hasText: /^大众$/ }).waitFor();
    await expect(page.locator('.mp-cards .mp-cards__label').allTextContents()).resolves.toEqual(['单月（千辆）', '当月同比', '年累计（千辆）', '累计同比']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'wechatsalevolume-brand-from-producer-tab-375');

    // A tap on the last card's label opens its 口径 (decision 201) across the row of cards, inside the phone's width.
    const label = page.locator('.mp-cards .mp-cards__label', { hasText: '累计同比' });
    await expect(label.getAttribute('data-definition')).resolves.toBe(DEFINITIONS.ytdYoy.text);
    await label.tap();
    await expect(label.evaluate((el) => getComputedStyle(el, '::after').display)).resolves.toBe('block');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'wechatsalevolume-definition-375');
    expect(errors).toEqual([]);
  });

  test('at 375: in January or February 1-2月合计 shows both months together, the API’s figures; in March there is no toggle', async () => {
    const { page, errors } = await phonePage(browser(), PHONES[0]);
    await page.goto(linkUrl(signedLink(DEMO_OPEN_ID), '&type=0'));
    await ready(page);
    const session = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'car-mp')!.value);
    const api = async (query: Record<string, string>) =>
      (await request(testEnv().baseUrl).get('/car/api/mp/retail/getRetailChart').query(query).set(MP_SESSION_HEADER, session)).body.result as MpRetailChart;
    const brands = (await request(testEnv().baseUrl).get('/car/api/mp/retail/searchCar').query({ type: '0', name: '大众' }).set(MP_SESSION_HEADER, session))
      .body.result as Array<{ id: number; name: string }>;
    const id = String(brands.find((b) => b.name === '大众')!.id);
    const cards = () => page.locator('.mp-cards b').allTextContents();

    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?type=0&id=${id}&time=2026-02`);
    await ready(page);
    const toggle = page.locator('.mp-new-year');
    await expect(toggle.getByRole('button', { name: '单月' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const single = await api({ type: '0', id, time: '2026-02' });
    await expect(cards()).resolves.toEqual([single.salesStr, single.yoys, single.ljSalesStr, single.ljYoys]);
    const button = await toggle.getByRole('button', { name: '1-2月合计' }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(40); // a thumb's target

    await Promise.all([page.waitForURL((u) => u.searchParams.get('newYear') === '1'), toggle.getByRole('button', { name: '1-2月合计' }).tap()]);
    await page.locator('.mp-head span', { hasText: '2026年1-2月' }).waitFor();
    const combined = await api({ type: '0', id, time: '2026-02', newYear: '1' });
    expect(combined.sales).toBeGreaterThan(single.sales);
    await expect(cards()).resolves.toEqual([combined.salesStr, combined.yoys, combined.ljSalesStr, combined.ljYoys]);
    await expect(page.locator('.mp-cards .mp-cards__label').allTextContents()).resolves.toEqual([
      '1-2月（千辆）',
      '同比(去年1-2月)',
      '1-2月累计（千辆）',
      '累计同比',
    ]);
    await expect(page.locator('.mp-chart h3').textContent()).resolves.toBe('近14个月销量（1-2月合计）');
    await expect(toggle.getByRole('button', { name: '1-2月合计' }).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'wechatsalevolume-new-year-375');

    // Another tab keeps the period, as it keeps the place.
    await tapPhoneTab(page, '厂商', '1');
    expect([new URL(page.url()).searchParams.get('time'), new URL(page.url()).searchParams.get('newYear')]).toEqual(['2026-02', '1']);

    // March: no toggle, and a newYear left in the address is ignored.
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?type=0&id=${id}&time=2026-03&newYear=1`);
    await ready(page);
    await page.locator('.mp-cards').waitFor();
    await expect(page.locator('.mp-new-year').count()).resolves.toBe(0);
    const march = await api({ type: '0', id, time: '2026-03' });
    await expect(cards()).resolves.toEqual([march.salesStr, march.yoys, march.ljSalesStr, march.ljYoys]);
    expect(errors).toEqual([]);
  });

  test('at 375: the page zooms, its icons are inline SVG, and every tab, button, link and field is at least 44 × 44 px', async () => {
    const { page, errors } = await phonePage(browser(), PHONES[0]);
    await page.goto(linkUrl(signedLink(DEMO_OPEN_ID), '&type=0'));
    await ready(page);
    // Zoom allowed (WCAG 1.4.4): no maximum-scale, no user-scalable=no.
    const viewports = await page.locator('meta[name="viewport"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
    expect(viewports).toHaveLength(1);
    expect(viewports[0]).toContain('width=device-width');
    expect(viewports[0]).not.toMatch(/maximum-scale|user-scalable/i);
    // Tabs drawn as tabs: a tab strip whose chosen tab is marked, none of them underlined like a link.
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs.count()).resolves.toBe(4);
    const looks = await tabs.evaluateAll((list) =>
      list.map((t) => ({ line: getComputedStyle(t).textDecorationLine, border: getComputedStyle(t).borderBottomColor })),
    );
    expect(looks.map((l) => l.line)).toEqual(['none', 'none', 'none', 'none']);
    expect(new Set(looks.map((l) => l.border)).size).toBe(2);
    await expect(page.getByRole('tabpanel').getAttribute('aria-labelledby')).resolves.toBe(await page.getByRole('tab', { selected: true }).getAttribute('id'));
    // The chosen tab alone is in the Tab order; the arrow keys move between the tabs, Enter opens one.
    await expect(tabs.evaluateAll((list) => list.map((t) => t.tabIndex))).resolves.toEqual([-1, 0, -1, -1]);
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('厂商品牌');
    await page.keyboard.press('Home');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('厂商');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('type') === '1'), page.keyboard.press('Enter')]);
    await page.getByRole('tab', { name: '厂商', selected: true }).waitFor();

    // The icons: the city box's pin and the search button's magnifier are inline SVG, no emoji anywhere.
    expect(await emojiShown(page)).toEqual([]);
    await expect(page.locator('.mp-city svg').count()).resolves.toBe(1);
    await expect(page.locator('.mp-search button[type="submit"] svg').count()).resolves.toBe(1);
    expect(await smallTargets(page)).toBe('');

    // Suggestions open.
    await page.getByLabel('搜索').first().fill('大众');
    await page.locator('.mp-suggestions a').first().waitFor();
    expect(await smallTargets(page)).toBe('');
    await screenshot(page, 'wechatsalevolume-targets-suggestions-375');

    // A result in February: head, 口径 labels, the 1-2月合计 toggle.
    const id = await openFirstSuggestion(page, '大众');
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?type=${new URL(page.url()).searchParams.get('type')}&id=${id}&time=2026-02`);
    await ready(page);
    await page.locator('.mp-new-year').waitFor();
    expect(await emojiShown(page)).toEqual([]);
    expect(await smallTargets(page)).toBe('');
    await screenshot(page, 'wechatsalevolume-targets-result-375');

    // The city picker: provinces, then a province's cities; its back and close buttons are SVG too.
    await page.locator('.mp-city').tap();
    const provinces = page.getByRole('dialog', { name: '选择省份' });
    await provinces.getByRole('button', { name: '广东', exact: true }).waitFor();
    await expect(provinces.getByRole('button', { name: '关闭' }).locator('svg').count()).resolves.toBe(1);
    expect(await emojiShown(page)).toEqual([]);
    expect(await smallTargets(page)).toBe('');
    await provinces.getByRole('button', { name: '广东', exact: true }).tap();
    const cities = page.getByRole('dialog', { name: '选择广东的城市' });
    await cities.getByRole('button', { name: '广州市', exact: true }).waitFor();
    await expect(cities.getByRole('button', { name: '返回省份' }).locator('svg').count()).resolves.toBe(1);
    expect(await smallTargets(page)).toBe('');
    await screenshot(page, 'wechatsalevolume-targets-cities-375');

    // The bind form.
    await page.goto(linkUrl(signedLink(`o_targets_${process.pid}`)));
    await ready(page);
    await page.getByRole('button', { name: '绑定并进入' }).waitFor();
    expect(await smallTargets(page)).toBe('');
    expect(errors).toEqual([]);
  });

  test('a forged, a stale link and no link are refused; an unbound openId sees the bind form', async () => {
    const { page, errors } = await phonePage(browser(), PHONES[0]);
    const good = signedLink(DEMO_OPEN_ID);
    await page.goto(linkUrl({ ...good, sign: '0'.repeat(64) }));
    await ready(page);
    await expect(page.locator('.mp-refused').textContent()).resolves.toContain('签名无效');
    await page.goto(linkUrl(signedLink(DEMO_OPEN_ID, 900)));
    await ready(page);
    await expect(page.locator('.mp-refused').textContent()).resolves.toContain('已过期');
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume`);
    await ready(page);
    await expect(page.locator('.mp-refused').textContent()).resolves.toContain('请从小程序打开');
    // A link opens one session: opened again (the phone's history, a forwarded link) it asks for a new one.
    const once = signedLink(DEMO_OPEN_ID);
    await page.goto(linkUrl(once));
    await ready(page);
    expect(new URL(page.url()).searchParams.has('sign')).toBe(false);
    await page.goto(linkUrl(once));
    await ready(page);
    await expect(page.locator('.mp-refused').textContent()).resolves.toBe(MP_LINK_MESSAGES.used);
    await page.goto(linkUrl(signedLink(`o_browser_${process.pid}`)));
    await ready(page);
    await expect(page.getByRole('button', { name: '绑定并进入' }).count()).resolves.toBe(1);
    await screenshot(page, 'wechatsalevolume-bind');
    expect(errors).toEqual([]);
  });

  test('a link binds once: after the bind form, the same link opens nothing and asks for a new one', async () => {
    const password = 'Phone@Bind2026';
    const account = await createAnalyst('mpbind', password, '手机绑定');
    const { page, errors } = await phonePage(browser(), PHONES[0]);
    const link = signedLink(`o_bind_${process.pid}_${Date.now()}`);
    await page.goto(linkUrl(link));
    await ready(page);
    await page.getByPlaceholder('账号').fill(account);
    await page.getByPlaceholder('密码').fill(password);
    await Promise.all([page.waitForURL((u) => !u.searchParams.has('sign')), page.getByRole('button', { name: '绑定并进入' }).tap()]);
    await ready(page);
    await expect(page.locator('.mp-refused').count()).resolves.toBe(0);
    await page.goto(linkUrl(link));
    await ready(page);
    await expect(page.locator('.mp-refused').textContent()).resolves.toBe(MP_LINK_MESSAGES.used);
    expect(errors).toEqual([]);
  });
});
