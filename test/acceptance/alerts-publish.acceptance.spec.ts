import type { Locator } from 'playwright-core';
import { addMonths, ALERT_KINDS, type DataStatus, formatMonth, type Summary, type TablePage } from '@car/contracts';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { pickAlertRow } from '../support/alert-form';
import { pollUntil } from '../support/poll';
import { apiResult, cardsOf, settled, drawnCards } from '../support/sales-pages';
import { ADMIN, ANALYST, openAs, pointHelpersAtShipped } from './support/analytics-kit';
import { cityCodes, clickDownload, pickMonth } from './support/files-kit';
import { asShipped, FIRST_START_MS, RESTART_MS, type ShippedState, startPrivateInstance, stopPrivateInstance } from './support/shipped';

/**
 * Issue 30's "a month imported by an administrator reaches a subscribed analyst's bell", as shipped (decision 206).
 * Publishing the month after the latest moves every page's default month, so the walk runs on a private instance of
 * the suite's clone (its own port, DATA_DIR, embedded PostgreSQL and, in mode redis, REDIS_PREFIX and worker; its
 * first start seeds the demo data) and the other walks, in both modes, never see the month. In it the demo analyst
 * subscribes through 订阅此视图 to the new month and to a condition (the brand of the retail template's trim sells
 * at least 100); the administrator imports the next month through 数据导入 (rows of that trim, 172 in all); the
 * bell counts 2, 我的提醒 lists both with the figures the API answers for the new month, 查看 opens the view at
 * that month, and 标为已读 lowers the count.
 * The team robot's part stays in test/integration/alerts.spec.ts: as shipped a robot webhook must be a public https
 * address (decision 194), which a walk on this machine cannot offer; the integration spec's local receiver runs
 * under ROBOT_ALLOW_INSECURE.
 */
jest.setTimeout(6 * 60_000);

const RETAIL_HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';
/** The file's rows: city (by name), 使用性质, 所有权, 颜色, 销量. */
const ROWS = [
  ['北京市', '1', '1', '1', 120],
  ['上海市', '2', '1', '2', 45],
  ['广州市', '1', '2', '3', 7],
] as const;
const SUM = ROWS.reduce((total, row) => total + row[4], 0);
const THRESHOLD = 100;

/** A downloaded template's rows (its BOM and CRLF dropped); its cells hold no comma (names and codes only). */
function csvRows(body: Buffer): string[][] {
  return body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

/** The cell under `header` of a template's first data row. */
function cell(rows: string[][], header: string): string {
  const at = rows[0].indexOf(header);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(rows[1]).toHaveLength(rows[0].length);
  return rows[1][at];
}

describeInBrowser('a month imported by the administrator reaches the subscribed analyst’s bell (private instance)', () => {
  const browser = useBrowser();
  let instance: ShippedState | null = null;

  beforeAll(async () => {
    instance = await startPrivateInstance('alerts');
    asShipped(instance);
    pointHelpersAtShipped();
  }, FIRST_START_MS + RESTART_MS);

  afterAll(async () => {
    if (instance) await stopPrivateInstance(instance);
  }, 2 * 60_000);

  test('subscribe, import the next month through the page, read the bell and 我的提醒', async () => {
    const base = instance!.baseUrl;
    const admin = await openAs(browser(), ADMIN, '/admin/import');
    const adminPage = admin.page;

    // The administrator's templates name a trim (零售量) and, for the same trim, its brand (车型目录).
    const retailTemplate = csvRows((await clickDownload(adminPage, adminPage.getByRole('link', { name: '零售量模板.csv' }))).body);
    expect(retailTemplate[0].join(',')).toBe(RETAIL_HEADER);
    const car = cell(retailTemplate, '车型代码');
    await adminPage.getByLabel('数据类型').selectOption({ label: '车型目录' });
    const catalogTemplate = csvRows((await clickDownload(adminPage, adminPage.getByRole('link', { name: '车型目录模板.csv' }))).body);
    expect(cell(catalogTemplate, '车型代码')).toBe(car);
    const brand = cell(catalogTemplate, '品牌');
    expect(brand).not.toBe('');

    // The analyst subscribes from the whole-market page: to the new month, and to the brand's sales.
    const analyst = await openAs(browser(), ANALYST, '/salevolume/wholemarket');
    const page = analyst.page;
    const latest = (await apiResult<DataStatus>(page, '/search/dataStatus')).retail!.month;
    const next = formatMonth(addMonths(Number(latest.replace('-', '')), 1));
    const subscribe = async (name: string, fill: (form: Locator) => Promise<void>) => {
      await page.goto(`${base}/salevolume/wholemarket`);
      await ready(page);
      await Promise.all([page.waitForURL((u) => u.pathname === '/alerts/subscriptions'), page.getByTestId('subscribe-view').click()]);
      const form = page.getByRole('form', { name: '新建订阅' });
      await form.locator('input[name="name"]').fill(name);
      await fill(form);
      await Promise.all([page.waitForURL((u) => u.searchParams.get('saved') === 'create'), form.getByRole('button', { name: '订阅' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toBe('已订阅：新月份发布后将按订阅提醒。');
    };
    await subscribe('新月份', (form) => form.getByLabel(ALERT_KINDS.newMonth).check());
    await subscribe('品牌销量', async (form) => {
      await form.getByLabel(ALERT_KINDS.condition).check();
      await form.locator('select[name="rowKind"]').selectOption({ label: '品牌' });
      await pickAlertRow(page, form, brand);
      await form.locator('select[name="measure"]').selectOption({ label: '销量' });
      await form.locator('select[name="comparison"]').selectOption({ label: '不低于' });
      await form.locator('input[name="threshold"]').fill(String(THRESHOLD));
    });
    const subscription = (name: string) => page.locator('.admin-page__table tbody tr', { hasText: name });
    await expect(subscription('品牌销量').locator('td').nth(3).textContent()).resolves.toBe(`${brand} 销量不低于 ${THRESHOLD}辆`);
    await expect(subscription('品牌销量').locator('td').nth(5).textContent()).resolves.toBe(latest);
    await expect(subscription('新月份').locator('td').nth(5).textContent()).resolves.toBe(latest);
    await expect(page.getByTestId('bell-count').count()).resolves.toBe(0);

    // The administrator imports the next month's retail through the page.
    await adminPage.getByLabel('数据类型').selectOption({ label: '零售量' });
    const pickers = adminPage.locator('.import-page__field .month-picker');
    await pickMonth(pickers.nth(0), next);
    await pickMonth(pickers.nth(1), next);
    const code = await cityCodes(adminPage);
    const csv = [RETAIL_HEADER, ...ROWS.map(([city, use, owner, colour, qty]) => [next, code(city), car, use, owner, colour, qty].join(','))].join('\n');
    await adminPage.setInputFiles('input[aria-label="选择文件"]', { name: '新月份.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`, 'utf8') });
    await Promise.all([adminPage.waitForURL(/[?&]id=/), adminPage.getByRole('button', { name: '上传并校验' }).click()]);
    const progress = adminPage.locator('[data-testid="import-progress"]');
    await progress.locator('.ui.positive.message, .ui.negative.message, .import-progress__decide').first().waitFor({ timeout: 180_000 });
    await expect(progress.locator('.import-progress__counts').textContent()).resolves.toContain(
      `已读 ${ROWS.length} 行 · 有效 ${ROWS.length} 行 · 已写入 ${ROWS.length} 行 · 错误 0`,
    );
    await expect(progress.locator('.ui.positive.message').textContent()).resolves.toBe(`已导入 ${next} 的零售量数据，汇总已重建，各页面的月份中已可选择。`);
    await screenshot(adminPage, `acceptance-alerts-publish-import-${instance!.mode}`);

    // The evaluation follows the publish (in the app, or the worker in mode redis): the bell counts both, within 2 minutes.
    const bell = page.getByTestId('bell');
    const bellCount = async (): Promise<string | null> => {
      await page.goto(`${base}/salevolume/wholemarket`);
      await ready(page);
      const count = page.getByTestId('bell-count');
      return (await count.count()) > 0 ? await count.textContent() : null;
    };
    expect(await pollUntil(bellCount, (shown) => shown === '2', 120_000, 250)).toBe('2');
    await expect(bell.getAttribute('aria-label')).resolves.toBe('提醒（2 条未读）');
    // The page's default month is now the imported one.
    await expect(page.locator('.data-as-of').first().textContent()).resolves.toContain(`数据截至 ${next}`);

    await Promise.all([page.waitForURL((u) => u.pathname === '/alerts/notifications'), bell.click()]);
    await page.getByRole('heading', { name: '我的提醒' }).waitFor();
    await expect(page.locator('.admin-page__filters > span').first().textContent()).resolves.toBe('共 2 条，未读 2 条');
    const notification = (title: string) => page.locator('.admin-page__table tbody tr', { hasText: title });
    const cells = async (title: string) => notification(title).locator('td').allTextContents();
    await expect(page.locator('.admin-page__table tbody tr').count()).resolves.toBe(2);

    // The condition's figure is the one the API answers for the brand in the new month.
    const ranking = await apiResult<TablePage>(page, '/saleVolume/wholeMarket/bound', { source: 2, time: next, pageSize: 100 });
    const row = ranking.list.find((r) => r.name === brand);
    expect(row?.sales).toBe(SUM);
    const conditionTitle = `品牌销量：${brand} 销量不低于 ${THRESHOLD}辆`;
    const [title, figure, change, month] = await cells(conditionTitle);
    expect(title).toBe(`未读 ${conditionTitle}`);
    expect(figure).toBe(`${brand} ${next} 销量 ${row!.salesStr}辆`);
    expect(change).toBe(`同比 ${row!.yoys}`);
    expect(month).toBe(next);
    const monthTitle = `新月份：${next} 零售量数据已发布`;
    expect((await cells(monthTitle)).slice(0, 4)).toEqual([`未读 ${monthTitle}`, `零售量数据已更新至 ${next}`, '-', next]);
    await screenshot(page, `acceptance-alerts-publish-notifications-${instance!.mode}`);

    // 查看 opens the view at the new month: its cards are the API's for that month, the file's sum.
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/salevolume/wholemarket'),
      notification(conditionTitle).getByRole('link', { name: '查看' }).click(),
    ]);
    await settled(page);
    await screenshot(page, `acceptance-alerts-publish-view-${instance!.mode}`);
    await page
      .locator('.summary-card')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async () => {
        throw new Error(`查看 opened ${page.url()} without its cards: ${(await page.locator('main, body').first().innerText()).slice(0, 400)}`);
      });
    expect(new URL(page.url()).searchParams.get('time')).toBe(next);
    const summary = await apiResult<Summary>(page, '/saleVolume/wholeMarket/whole', { time: next });
    expect(summary.qty).toBe(SUM);
    expect(await drawnCards(page, summary)).toEqual(cardsOf(summary));

    // 标为已读 lowers the count, in the list and on the bell.
    await page.goto(`${base}/alerts/notifications`);
    await ready(page);
    await notification(monthTitle).getByRole('button', { name: '标为已读' }).click();
    await page.getByTestId('bell-count').filter({ hasText: /^1$/ }).waitFor();
    await expect(page.getByTestId('unread-total').textContent()).resolves.toBe('1');
    await expect(notification(monthTitle).getByRole('button', { name: '标为已读' }).count()).resolves.toBe(0);
    expect((await cells(monthTitle))[0].trim()).toBe(monthTitle);

    // Both subscriptions are now evaluated at the new month.
    await page.goto(`${base}/alerts/subscriptions`);
    await ready(page);
    await expect(subscription('品牌销量').locator('td').nth(5).textContent()).resolves.toBe(next);
    await expect(subscription('新月份').locator('td').nth(5).textContent()).resolves.toBe(next);
    admin.assertClean();
    analyst.assertClean();
  });
});
