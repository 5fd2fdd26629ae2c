import { execFileSync } from 'node:child_process';
import type { ConsoleMessage, Page } from 'playwright-core';
import { API_PREFIX, DASHBOARD_PATH, MP_SESSION_HEADER, type DashboardWhole, type MpRetailChart } from '@car/contracts';
import { describeInBrowser, ready, useBrowser } from '../support/browser';
import { openDeck, slide } from '../support/deck-zip';
import { signedElsewhere } from '../support/mp-link';
import { openFirstSuggestion, tapPhoneTab } from '../support/phone-page';
import { apiResult, settled } from '../support/sales-pages';
import { ADMIN, ANALYST, openAs, pickMonth, pointHelpersAtShipped, saveDownload } from './support/analytics-kit';
import { shipped } from './support/shipped';

/**
 * The shell as shipped (issue 24 §3): as the demo analyst and as the administrator, every side-menu link
 * opens its page, by a click, with no console error and no error page, and the dashboard's top menu lists
 * the same pages; the dashboard answers a new month and 累计 with the API's figures; the phone page opens
 * from a link signed by `npm run mp-link` in the clone and shows the API's figures for a search.
 */
pointHelpersAtShipped();

/** The side menu's links, group by group: [group, page name, href]. */
async function sideMenu(page: Page): Promise<[string, string, string][]> {
  return page.locator('.side-menu .side-menu__group').evaluateAll((groups) =>
    groups.flatMap((g) => {
      const group = (g.querySelector('.side-menu__group-title')?.textContent ?? '').trim();
      return Array.from(g.querySelectorAll('a')).map((a) => [group, (a.textContent ?? '').trim(), a.getAttribute('href') ?? ''] as [string, string, string]);
    }),
  );
}

/** Clicks every side-menu link in turn (opening its group first) and checks the page it opens. */
async function walkSideMenu(page: Page): Promise<string[]> {
  const links = await sideMenu(page);
  expect(links.length).toBeGreaterThan(10);
  const opened: string[] = [];
  for (const [group, name, href] of links) {
    const title = page.locator('.side-menu .side-menu__group-title', { hasText: group });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    const link = page.locator('.side-menu a', { hasText: name }).filter({ has: page.locator(`xpath=self::*[@href="${href}"]`) });
    await Promise.all([page.waitForURL((u) => u.pathname === href.split('?')[0]), link.click()]);
    await settled(page);
    // Its page, marked in the menu (a render after the URL), with its own title and not the error boundary.
    await page.locator(`.side-menu a.is-active[href="${href}"]`).waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.title.endsWith(' - 车市分析平台'));
    expect({ href, error: await page.locator('.route-error').count() }).toEqual({ href, error: 0 });
    opened.push(href);
  }
  return opened;
}

async function dashboardMenu(page: Page): Promise<string[]> {
  return page.locator('.dashboard-top__menu a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

/** The analytics pages, which both roles' menus hold (docs/security.md "Roles and sessions"). */
const ANALYTICS_PAGES = [
  '/salevolume/wholemarket',
  '/salevolume/areamarket',
  '/salevolume/companybrand',
  '/price/totalmarket',
  '/price/marketpricetendency',
  '/price/cabmodelpricetrace',
  '/pricedetailmarket',
  '/pricevolume/cabmodelprice',
  '/pricevolume/pricedimension',
  '/product/configquery',
];

describeInBrowser('the shell, the dashboard and the phone page as shipped', () => {
  const browser = useBrowser();

  for (const { who, account, admin } of [
    { who: 'the demo analyst', account: ANALYST, admin: false },
    { who: 'the administrator', account: ADMIN, admin: true },
  ]) {
    test(`${who}: every side-menu link opens its page without a console error; the dashboard's top menu leads to some of them`, async () => {
      const { page, assertClean } = await openAs(browser(), account, DASHBOARD_PATH);
      const top = await dashboardMenu(page);
      await page.goto(`${shipped().baseUrl}/salevolume/wholemarket`);
      await ready(page);
      const opened = await walkSideMenu(page);
      expect(ANALYTICS_PAGES.filter((href) => !opened.includes(href))).toEqual([]);
      // 系统管理 is the administrator's alone.
      expect(opened.some((href) => href.startsWith('/admin/'))).toBe(admin);
      // The dashboard's top menu shows the spec's groups (001 §2.12): pages of the side menu, the sales pages among them.
      expect(top.filter((href) => !opened.includes(href))).toEqual([]);
      expect(top).toEqual(expect.arrayContaining(ANALYTICS_PAGES.filter((href) => href.startsWith('/salevolume/'))));
      assertClean();
    });
  }

  test("看板: a new month and 累计 show the API's figures", async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, DASHBOARD_PATH);
    const latest = await apiResult<DashboardWhole>(page, '/dashboard/whole');
    await page
      .locator('.dashboard-figure__value', { hasText: `${latest.all.qtyStr}千辆` })
      .first()
      .waitFor();

    const month = await pickMonth(page, page.locator('.dashboard'));
    await page.waitForURL((u) => u.searchParams.get('time') === month);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('accumulate') === '1'), page.getByRole('link', { name: '累计', exact: true }).click()]);
    await ready(page);
    const then = await apiResult<DashboardWhole>(page, '/dashboard/whole', { time: month, accumulate: 1 });
    expect(then.time).toContain(month.slice(0, 4));
    await page
      .locator('.dashboard-figure__value', { hasText: `${then.all.qtyStr}千辆` })
      .first()
      .waitFor();
    const values = await page.locator('.dashboard-figure__value').allTextContents();
    expect(values.slice(0, 3)).toEqual([`${then.xinnengyuan.qtyStr}千辆`, `${then.all.qtyStr}千辆`, then.shentoulvStr]);
    await expect(page.locator('.dashboard-brief p').allTextContents()).resolves.toEqual(then.briefs.map((b) => b.text));

    // 导出PPT (decision 220): the deck of the dashboard as shown — 累计 of the month, the analyst's maker, the cards, the briefs.
    const deckFile = await saveDownload(page, page.locator('.dashboard-bar'), '导出PPT');
    expect(deckFile.fileName).toMatch(/^乘用车零售看板-\d{4}年.*\.pptx$/);
    const deck = await openDeck(deckFile.body);
    const title = (await slide(deck, 1)).texts.join('\n');
    expect(title).toContain('乘用车零售看板');
    expect(title).toContain('统计：累计');
    expect(title).toContain('一汽-大众');
    expect((await slide(deck, 2)).texts).toEqual(expect.arrayContaining([then.xinnengyuan.qtyStr, then.all.qtyStr, then.shentoulvStr]));
    expect((await slide(deck, 10)).texts).toEqual(expect.arrayContaining(then.briefs.map((b) => b.text)));

    // Without a session the deck is refused as the dashboard's other calls are.
    const anonymous = await browser().newContext();
    try {
      const origin = new URL(page.url()).origin;
      const [deckCall, wholeCall] = await Promise.all(['ppt', 'whole'].map((name) => anonymous.request.get(`${origin}${API_PREFIX}/dashboard/${name}`)));
      expect({ status: deckCall.status(), code: (await deckCall.json()).code }).toEqual({ status: wholeCall.status(), code: (await wholeCall.json()).code });
      expect(deckCall.status()).toBe(401);
    } finally {
      await anonymous.close();
    }
    assertClean();
  });

  test("销量查询: a link signed by `npm run mp-link` in the clone opens the phone page, and a search shows the API's figures", async () => {
    const app = shipped();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: app.dataDir };
    delete env.MP_SECRET;
    const printed = execFileSync('npm', ['run', '--silent', 'mp-link', '--', '--base', app.baseUrl, '--province', '440000'], {
      cwd: app.cloneDir,
      env,
      encoding: 'utf8',
    });
    const link = printed.trim().split('\n').pop()!;
    expect(link).toMatch(/\/wechatsalevolume\?openId=/);
    // A link opens one session (decision 263): the other walks' links must not be this one.
    signedElsewhere(link);

    const context = await browser().newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(link);
    await ready(page);
    expect(new URL(page.url()).searchParams.has('sign')).toBe(false);
    await tapPhoneTab(page, '品牌', '0');
    const id = await openFirstSuggestion(page, '大众');

    const session = (await context.cookies()).find((c) => c.name === 'car-mp')!.value;
    const response = await page.request.get(`${app.baseUrl}/car/api/mp/retail/getRetailChart?${new URLSearchParams({ type: '0', id, provinceId: '440000' })}`, {
      headers: { [MP_SESSION_HEADER]: decodeURIComponent(session) },
    });
    const answer = ((await response.json()) as { result: MpRetailChart }).result;
    await expect(page.locator('.mp-head h1').textContent()).resolves.toBe(answer.name);
    await expect(page.locator('.mp-cards b').allTextContents()).resolves.toEqual([answer.salesStr, answer.yoys, answer.ljSalesStr, answer.ljYoys]);
    await page.locator('.trend-chart canvas[data-drawn="true"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
