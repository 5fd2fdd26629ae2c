import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_PREFIX, DASHBOARD_PATH, DEMO_OPEN_ID, SECURITY } from '@car/contracts';
import { contextOptions, describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { signedLink } from '../support/mp-link';
import { testEnv } from '../support/test-env';
import { createUser } from '../support/users';
import { AXE_TAGS, axeFindings, describeFindings, type Finding } from '../support/axe';
import { openFirstSuggestion } from '../support/phone-page';
import { apiPostFromPage } from '../support/sales-pages';

/**
 * Accessibility measured by a standard tool (issue 28; decision 182): axe-core's WCAG 2.1 A and AA rules
 * on every page an analyst or an administrator reaches (配置查询 also with sub-series chosen, their chips shown),
 * the login page, the phone page's states (no result, a result with its 1-2月合计 toggle, the city picker, the
 * bind form), and one page each with a pick-list dialog and a multi-select list open. A violation of any impact,
 * minor to critical, fails its page (decision 265), listed by rule, impact, count and targets; every violation is
 * also written to test-results/accessibility/axe.json for a person to read. Escape closes the dialog and the list.
 *
 * axe-core runs through test/support/axe.ts.
 */
const PASSWORD = 'Axe#Check2026';

const ANALYST_PAGES: ReadonlyArray<[string, string]> = [
  ['dashboard', DASHBOARD_PATH],
  ['wholemarket', '/salevolume/wholemarket'],
  // The 车系 table with its tick column, and the notice of a set the analyst cannot read (decision 300).
  ['wholemarket-carseries-set', '/salevolume/wholemarket?detailId=3&dimension=6&set=2147483000'],
  ['areamarket', '/salevolume/areamarket'],
  ['companybrand', '/salevolume/companybrand'],
  ['competitormonitor', '/salevolume/competitormonitor'],
  // 归因分析 (issue 50): each tab, the volume split with a drill step in its breadcrumb.
  ['attribution-volume', '/salevolume/attribution?fuels=6&by=brand'],
  ['attribution-share', '/salevolume/attribution?tab=share'],
  ['attribution-price', '/salevolume/attribution?tab=price'],
  ['price-totalmarket', '/price/totalmarket'],
  ['price-tendency', '/price/marketpricetendency'],
  ['price-trace', '/price/cabmodelpricetrace'],
  ['pricedetailmarket', '/pricedetailmarket'],
  ['pricevolume-cabmodelprice', '/pricevolume/cabmodelprice'],
  ['pricevolume-pricedimension', '/pricevolume/pricedimension'],
  ['configquery', '/product/configquery'],
  ['configquery-chosen', '/product/configquery?ids=545,585,582'],
  ['export-cityretail', '/comprehensiveinquiry/cityretailexport'],
  ['export-fandian', '/comprehensiveinquiry/fandiandownload'],
  ['export-price', '/comprehensiveinquiry/pricedownload'],
  ['export-pricevolume', '/comprehensiveinquiry/pricevolumeexport'],
  ['reportdownload', '/comprehensiveinquiry/reportdownload'],
  ['resetpassword', '/resetpassword'],
  ['myviews', '/myviews'],
  ['subscriptions', '/alerts/subscriptions'],
  ['notifications', '/alerts/notifications'],
];

const ADMIN_PAGES: ReadonlyArray<[string, string]> = [
  ['admin-users', '/admin/users'],
  ['admin-audit', '/admin/audit'],
  ['admin-jobs', '/admin/jobs'],
  ['admin-import', '/admin/import'],
  ['admin-reports', '/admin/reports'],
  ['admin-robots', '/admin/robots'],
];

const findings: Finding[] = [];
const pagesChecked: string[] = [];

async function newContext(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  return browser.newContext(contextOptions({ viewport }));
}

/** Signs the context in through the API, as the login form's action does (the form is the login specs' to walk). */
async function signIn(context: BrowserContext, account: string, password: string): Promise<void> {
  const response = await context.request.post(`${testEnv().baseUrl}${API_PREFIX}/${SECURITY.login.path}`, { data: { account, password } });
  expect(((await response.json()) as { code: number }).code).toBe(1);
}

/**
 * Waits for the page to settle: ready (hydrated, nothing loading, no panel veil) and every chart drawn, its figures
 * in its accessible name (ChartCanvas), which axe reads.
 */
async function settle(page: Page): Promise<void> {
  await ready(page);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLCanvasElement>('canvas[data-drawn]')].every((c) => c.dataset.drawn === 'true'));
}

/** Runs axe-core on the page as it is now; records every violation and answers them (each one fails, decision 265). */
async function audit(page: Page, name: string): Promise<Finding[]> {
  const found = await axeFindings(page, name);
  // A test's second try (retry-once) replaces its first's findings instead of adding them again.
  findings.splice(0, findings.length, ...findings.filter((f) => f.page !== name), ...found);
  if (!pagesChecked.includes(name)) pagesChecked.push(name);
  return found;
}

async function expectNoFinding(page: Page, name: string): Promise<void> {
  const found = await audit(page, name);
  expect(describeFindings(found)).toBe('');
}

describeInBrowser('accessibility (axe-core, WCAG 2.1 A and AA): no violation of any impact', () => {
  const browser = useBrowser();
  let analyst: BrowserContext;
  let admin: BrowserContext;

  beforeAll(async () => {
    analyst = await newContext(browser());
    await signIn(analyst, 'demo', 'Demo@2026');
    admin = await newContext(browser());
    await signIn(admin, await createUser('admin', 'axe_admin', PASSWORD, '无障碍管理员'), PASSWORD);
    // 用户管理 shows every status label whatever ran before: a disabled analyst who must change the password (停用, 待改密码).
    const labelled = await createUser('analyst', 'axe_labels', PASSWORD, '状态标签');
    const db = new Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    try {
      await db.query('UPDATE app_user SET enabled = false, must_change_password = true WHERE account = $1', [labelled]);
    } finally {
      await db.end();
    }
  });

  afterAll(async () => {
    await analyst?.close();
    await admin?.close();
    const dir = path.resolve(__dirname, '..', '..', 'test-results', 'accessibility');
    fs.mkdirSync(dir, { recursive: true });
    const byRule: Record<string, { impact: string; count: number; pages: string[] }> = {};
    for (const f of findings) {
      const entry = (byRule[f.rule] ??= { impact: f.impact, count: 0, pages: [] });
      entry.count += f.count;
      entry.pages.push(f.page);
    }
    const byPage: Record<string, number> = Object.fromEntries(pagesChecked.map((p) => [p, 0]));
    for (const f of findings) byPage[f.page] += f.count;
    fs.writeFileSync(path.join(dir, 'axe.json'), JSON.stringify({ tags: AXE_TAGS, byRule, byPage, findings }, null, 2));
  });

  test.each(ANALYST_PAGES)('%s (%s) as the analyst', async (name, route) => {
    const page = await analyst.newPage();
    await page.goto(`${testEnv().baseUrl}${route}`);
    await ready(page);
    expect(new URL(page.url()).pathname).toBe(route.split('?')[0]);
    await settle(page);
    if (name === 'wholemarket' || name === 'dashboard') await screenshot(page, `a11y-${name}-1440`);
    await expectNoFinding(page, name);
    await page.close();
  });

  test.each(ADMIN_PAGES)('%s (%s) as the administrator', async (name, route) => {
    const page = await admin.newPage();
    await page.goto(`${testEnv().baseUrl}${route}`);
    await ready(page);
    expect(new URL(page.url()).pathname).toBe(route);
    await settle(page);
    await expectNoFinding(page, name);
    await page.close();
  });

  test('the login page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    await expectNoFinding(page, 'login');
    await context.close();
  });

  test('the phone page at 375 px: no result, a result with its 1-2月合计 toggle, the city picker, the bind form', async () => {
    const context = await browser().newContext(contextOptions({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true }));
    const page = await context.newPage();
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?${new URLSearchParams(signedLink(DEMO_OPEN_ID))}`);
    await ready(page);
    await expect(page.title()).resolves.toContain('销量查询');
    const found = await audit(page, 'wechatsalevolume');
    // A result: its head, cards and chart, in February so the 1-2月合计 toggle shows.
    const id = await openFirstSuggestion(page, '大众');
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?type=${new URL(page.url()).searchParams.get('type')}&id=${id}&time=2026-02`);
    await ready(page);
    await page.locator('.mp-new-year').waitFor();
    await settle(page);
    found.push(...(await audit(page, 'wechatsalevolume+result')));
    await page.locator('.mp-city').tap();
    await page.getByRole('dialog', { name: '选择省份' }).waitFor();
    found.push(...(await audit(page, 'wechatsalevolume+picker')));
    await page.goto(`${testEnv().baseUrl}/wechatsalevolume?${new URLSearchParams(signedLink(`o_axe_${process.pid}`))}`);
    await ready(page);
    await page.getByRole('button', { name: '绑定并进入' }).waitFor();
    found.push(...(await audit(page, 'wechatsalevolume+bind')));
    expect(describeFindings(found)).toBe('');
    await context.close();
  });

  /**
   * Opens a dialog with the button named `opener` on `route`, audits the page with it open (a modal dialog
   * named by its title), then checks that Escape closes it; the audit's findings fail last.
   */
  async function auditDialog(context: BrowserContext, route: string, opener: string, name: string, shown: string): Promise<void> {
    const page = await context.newPage();
    await page.goto(`${testEnv().baseUrl}${route}`);
    await ready(page);
    await page.getByRole('button', { name: opener }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.locator(shown).first().waitFor({ state: 'visible' });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    const found = await audit(page, `${route}+dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    expect(describeFindings(found)).toBe('');
    await page.close();
  }

  test('a pick-list dialog open (报告下载, 选择厂商); Escape closes it', async () => {
    await auditDialog(analyst, '/comprehensiveinquiry/reportdownload', '选择厂商', '选择厂商', '.pick-dialog__group');
  });

  test('an administrator dialog open (用户管理, 新建用户); Escape closes it', async () => {
    await auditDialog(admin, '/admin/users', '新建用户', '新建用户', 'input[name="nickname"]');
  });

  test('a multi-select list open (整体市场表现, 燃料类型): a listbox of options; Escape closes it', async () => {
    const page = await analyst.newPage();
    await page.goto(`${testEnv().baseUrl}/salevolume/wholemarket`);
    await ready(page);
    const head = page.locator('.filter-group__head', { hasText: '燃料类型' });
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await page.locator('.multi-select__input[aria-label="燃料类型"]').click();
    const list = page.getByRole('listbox', { name: '燃料类型' });
    await list.waitFor({ state: 'visible' });
    await expect(list.getByRole('option').count()).resolves.toBeGreaterThan(1);
    await expect(list.getByRole('option', { name: '全部' }).getAttribute('aria-selected')).resolves.toBe('true');
    await screenshot(page, 'a11y-multiselect-open-1440');
    const found = await audit(page, 'wholemarket+multiselect');
    // Escape from an option closes the list and gives focus back to the field.
    await list.getByRole('option').nth(1).focus();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached', timeout: 5_000 });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('燃料类型');
    // The field's name holds its visible text (WCAG 2.5.3): 燃料类型 and what it shows.
    await expect(page.locator('.multi-select__input[aria-label="燃料类型"]').evaluate((el) => el.getAttribute('aria-labelledby'))).resolves.toBeTruthy();
    expect(describeFindings(found)).toBe('');
    await page.close();
  });

  test("竞品监控 with a set (a suggestion adopted), the set's form, 成交价差; the set deleted again", async () => {
    const page = await analyst.newPage();
    await page.goto(`${testEnv().baseUrl}/salevolume/competitormonitor?suggest=1`);
    await settle(page);
    await Promise.all([page.waitForURL(/set=/), page.locator('.suggested-set').first().getByRole('button', { name: '采用' }).click()]);
    await page.goto(`${page.url()}&price=3`);
    await settle(page);
    await page.locator('.monitor-map canvas[data-drawn="true"]').waitFor();
    const found = await audit(page, 'competitormonitor-set');
    await page.locator('.competitor-set-bar').getByRole('button', { name: '编辑' }).click();
    await page.getByRole('dialog', { name: '编辑竞品组' }).waitFor();
    found.push(...(await audit(page, 'competitormonitor-form')));
    await page.keyboard.press('Escape');
    page.once('dialog', (confirm) => void confirm.accept());
    await Promise.all([page.waitForURL((u) => !u.searchParams.has('set')), page.locator('.competitor-set-bar').getByRole('button', { name: '删除' }).click()]);
    expect(describeFindings(found)).toBe('');
    await page.close();
  });

  test("存为竞品组 from 车系价格追踪's 竞品组 menu (decision 301): the menu open, the set's form, the toast with its link; Escape closes the form", async () => {
    const page = await analyst.newPage();
    await page.goto(`${testEnv().baseUrl}/price/cabmodelpricetrace?modelSubId=507&modelSubIds=17,916`);
    await settle(page);
    const menu = page.locator('.competitor-set-menu');
    await menu.getByRole('button', { name: '竞品组' }).click();
    const save = menu.getByRole('menuitem', { name: '将当前选择存为竞品组…' });
    await save.waitFor();
    const found = await audit(page, 'price-trace+competitor-set-menu');
    await save.click();
    const dialog = page.getByRole('dialog', { name: '新建竞品组' });
    await dialog.locator('input[name="rivals"]').waitFor({ state: 'attached' });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    found.push(...(await audit(page, 'price-trace+save-set')));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    await menu.getByRole('button', { name: '竞品组' }).click();
    await save.click();
    const name = `无障碍存组${Date.now().toString(36)}`;
    await dialog.getByLabel('竞品组名称').fill(name);
    await dialog.getByRole('button', { name: '保存' }).click();
    const toast = page.locator('.toast', { hasText: name });
    const link = toast.locator('a.toast__link');
    await link.waitFor();
    found.push(...(await audit(page, 'price-trace+set-saved')));
    const id = Number(new URL((await link.getAttribute('href'))!, testEnv().baseUrl).searchParams.get('set'));
    await apiPostFromPage(page, 'competitorSets/delete', { id });
    expect(describeFindings(found)).toBe('');
    await page.close();
  });

  test("the bells of 厂商品牌表现 (a producer's page, its cards) and the form a bell opens, with its 对象 pick-list open (decision 279)", async () => {
    const page = await analyst.newPage();
    await page.goto(`${testEnv().baseUrl}/salevolume/companybrand`);
    await settle(page);
    const maker = await page.locator('.ranking-table tbody tr').first().locator('.maker-link').getAttribute('href');
    await page.goto(`${testEnv().baseUrl}${maker!}`);
    await settle(page);
    const found = await audit(page, 'companybrand-maker');
    await Promise.all([page.waitForURL(/\/alerts\/subscriptions\?/), page.locator('.summary-card[data-card="yoy"]').getByTestId('subscribe-figure').click()]);
    await ready(page);
    found.push(...(await audit(page, 'subscriptions+bell')));
    await page.getByLabel('对象', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '选择厂商' });
    await dialog.locator('.pick-dialog__group').first().waitFor({ state: 'visible' });
    found.push(...(await audit(page, 'subscriptions+bell+picker')));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    expect(describeFindings(found)).toBe('');
    await page.close();
  });
});
