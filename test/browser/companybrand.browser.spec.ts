import type { Browser, Page } from 'playwright-core';
import { type CarDetails, type TendencyPage, SESSION_COOKIE } from '@car/contracts';
import { testFetch } from '../support/http';
import { describeInBrowser, launchBrowser, openPage, ready, screenshot } from '../support/browser';
import { cardsOf, type SummaryAnswer } from '../support/sales-pages';
import { testEnv } from '../support/test-env';

/**
 * 厂商品牌表现 as the demo analyst (producer 一汽-大众, brand 大众) uses it: the figures are the API's, the
 * filters live in the URL, the charts draw, the ranking loads to its end, downloads are workbooks, a
 * producer opens in its own window, a row click shows its car-model details, and the comparison picker
 * offers the analyst's own producer first. One sign-in for the file, from an address of its own.
 */
const ADDRESS = '10.77.15.1';
const PAGE = '/salevolume/companybrand';

type ListPage = TendencyPage;

let token = '';
let me: { producerId: number; brandId: number };

async function api<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await testFetch(`${testEnv().baseUrl}/car/api${path}?${query}`, { headers: { token } });
  const body = (await response.json()) as { code: number; msg: string; result: T };
  if (body.code !== 1) throw new Error(`${path}: ${body.msg}`);
  return body.result;
}

async function open(browser: Browser, path: string, viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, viewport);
  await opened.page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: testEnv().baseUrl }]);
  await opened.page.goto(`${testEnv().baseUrl}${path}`);
  await ready(opened.page);
  return opened;
}

async function cards(page: Page): Promise<Record<string, string>> {
  const entries = await page
    .locator('.summary-card')
    .evaluateAll((nodes) =>
      nodes.map((n) => [n.getAttribute('data-card') ?? '', (n.querySelector('.summary-card__value')?.textContent ?? '').replace(/辆$/, '').trim()]),
    );
  return Object.fromEntries(entries);
}

/** Waits for the month's sales card to read `qtyStr` (after a client-side navigation), then reads the cards. */
async function cardsOnceShowing(page: Page, qtyStr: string): Promise<Record<string, string>> {
  await page.waitForFunction(
    (text) => document.querySelector('.summary-card[data-card="qty"] .summary-card__value')?.textContent?.replace(/辆$/, '').trim() === text,
    qtyStr,
  );
  return cards(page);
}

/** Whether a canvas has anything drawn on it: some pixel that is not fully transparent. */
async function canvasHasInk(page: Page, selector: string): Promise<boolean> {
  // The page asks for less motion (contextOptions): once drawn, the chart is whole, with no animation to wait out.
  await page.locator(`${selector}[data-drawn="true"]`).waitFor();
  return page.locator(selector).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) inked++;
    return inked > 1000;
  });
}

/** Fetches a link within the page (the session cookie goes along) and says what came back. */
async function fetchWorkbook(page: Page, href: string): Promise<{ status: number; type: string; disposition: string; signature: string; size: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      disposition: response.headers.get('content-disposition') ?? '',
      signature: String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0),
      size: bytes.length,
    };
  }, href);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeInBrowser('the producer/brand page', () => {
  let browser: Browser;

  beforeAll(async () => {
    const response = await testFetch(`${testEnv().baseUrl}/car/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': ADDRESS },
      body: JSON.stringify({ account: 'demo', password: 'Demo@2026' }),
    });
    token = ((await response.json()) as { result: { token: string } }).result.token;
    me = await api('/security/me');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("the cards show the API's figures for the same filters, the market's on the ranking and a producer's in its window", async () => {
    const { page, assertClean } = await open(browser, `${PAGE}?time=2025-06&source=1`);
    expect(await cards(page)).toEqual(cardsOf(await api<SummaryAnswer>('/saleVolume/companyBrand/whole', { time: '2025-06', source: 1 })));
    await expect(page.title()).resolves.toBe('厂商品牌表现 - 车市分析平台');

    await page.goto(`${testEnv().baseUrl}${PAGE}?id=${me.producerId}&type=0&time=2025-06&source=1`);
    await ready(page);
    const own = await api<SummaryAnswer>('/saleVolume/companyBrand/whole', { time: '2025-06', source: 1, type: 0, foreignId: me.producerId });
    expect(await cards(page)).toEqual(cardsOf(own));
    assertClean();
  });

  test('month and data source chosen in the panel go to the URL and change the figures', async () => {
    const { page, assertClean } = await open(browser, PAGE);
    const before = await cards(page);
    const latest = await api<SummaryAnswer>('/saleVolume/companyBrand/whole');
    expect(before).toEqual(cardsOf(latest));

    await page.locator('.month-picker__input').click();
    await page.getByRole('dialog', { name: '选择月份' }).getByRole('button', { name: '6月', exact: true }).click();
    await page.getByRole('button', { name: /数据来源/ }).click();
    await page.getByText('批发量', { exact: true }).click();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('time') === latest.time.replace(/-\d\d$/, '-06') && url.searchParams.get('source') === '1'),
      page.getByRole('button', { name: '查询', exact: true }).click(),
    ]);
    await ready(page);

    const month = latest.time.replace(/-\d\d$/, '-06');
    const after = await api<SummaryAnswer>('/saleVolume/companyBrand/whole', { time: month, source: 1 });
    expect(await cardsOnceShowing(page, after.qtyStr)).toEqual(cardsOf(after));
    expect(after.qtyStr).not.toBe(latest.qtyStr);
    const list = await api<ListPage>('/saleVolume/companyBrand/list', { time: month, source: 1, type: 0, currentPage: 1, pageSize: 10 });
    await expect(page.locator('.ranking-table tbody tr').first().locator('.maker-link').textContent()).resolves.toBe(list.list[0].name);

    // The back button returns to the previous filters.
    await page.goBack();
    expect(await cardsOnceShowing(page, latest.qtyStr)).toEqual(cardsOf(latest));
    assertClean();
  });

  test('the ranking chart and the trend chart draw into their reserved space', async () => {
    const { page, assertClean } = await open(browser, `${PAGE}?view=chart&type=1&rank=2`);
    const box = await page.locator('.trend-chart__canvas').boundingBox();
    expect(box?.height).toBe(400);
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    await screenshot(page, 'companybrand-band-chart');

    await page.goto(`${testEnv().baseUrl}${PAGE}?id=${me.brandId}&type=1&count=3`);
    await ready(page);
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    assertClean();
  });

  test('the brand list loads more until 没有更多数据了哦, and its download is a workbook', async () => {
    const { page, assertClean } = await open(browser, `${PAGE}?type=1`);
    const { total } = await api<ListPage>('/saleVolume/companyBrand/list', { type: 1, currentPage: 1, pageSize: 10 });
    const rows = page.locator('.ranking-table tbody tr');
    for (let shown = 10; shown < total; shown += 10) {
      expect(await rows.count()).toBe(shown);
      await page.getByRole('link', { name: '加载更多' }).click();
      await page.waitForFunction((n) => document.querySelectorAll('.ranking-table tbody tr').length === n, Math.min(total, shown + 10));
    }
    expect(await rows.count()).toBe(total);
    await expect(page.locator('.ranking-table__end').textContent()).resolves.toBe('没有更多数据了哦');
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(Math.ceil(total / 10)));

    const href = await page.locator('.ranking-table a[download]').getAttribute('href');
    expect(href).toContain('/car/api/saleVolume/companyBrand/download?');
    expect(await fetchWorkbook(page, href!)).toMatchObject({ status: 200, type: XLSX, signature: 'PK' });
    assertClean();
  });

  test("a producer's name opens its own window with its name, cards and details", async () => {
    const { page, assertClean } = await open(browser, `${PAGE}?time=2026-03`);
    const list = await api<ListPage>('/saleVolume/companyBrand/list', { time: '2026-03', type: 0, currentPage: 1, pageSize: 10 });
    const third = list.list[2];
    const popupErrors: string[] = [];
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.locator('.ranking-table tbody tr').nth(2).locator('.maker-link').click()]);
    popup.on('console', (m) => m.type() === 'error' && popupErrors.push(m.text()));
    popup.on('pageerror', (e) => popupErrors.push(e.message));
    await ready(popup);
    const url = new URL(popup.url());
    expect([url.pathname, url.searchParams.get('id'), url.searchParams.get('type'), url.searchParams.get('time')]).toEqual([
      PAGE,
      String(third.id),
      '0',
      '2026-03',
    ]);
    await expect(popup.locator('.maker-name').textContent()).resolves.toBe(third.name);
    await expect(popup.title()).resolves.toBe(`${third.name} - 厂商品牌表现 - 车市分析平台`);
    expect((await cards(popup)).qty).toBe(third.salesStr);
    await popup.locator('.car-details .panel__title', { hasText: third.name }).waitFor();
    // The opening page stays as it was: the name click is not a row click.
    expect(new URL(page.url()).searchParams.get('foreignId')).toBeNull();
    await screenshot(popup, 'companybrand-producer-window');
    expect(popupErrors).toEqual([]);
    assertClean();
  });

  test("a click elsewhere in a row shows that row's car-model details, by month or year to date, and they download", async () => {
    const { page, assertClean } = await open(browser, PAGE);
    const list = await api<ListPage>('/saleVolume/companyBrand/list', { type: 0, currentPage: 1, pageSize: 10 });
    // With no row clicked, the first row's details show.
    await page.locator('.car-details .panel__title', { hasText: `${list.list[0].name} 车型明细` }).waitFor();

    const fourth = list.list[3];
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('foreignId') === String(fourth.id)),
      page.locator('.ranking-table tbody tr').nth(3).locator('td').nth(2).click(),
    ]);
    await page.locator('.car-details .panel__title', { hasText: `${fourth.name} 车型明细` }).waitFor();
    expect(await page.locator('.ranking-table tbody tr').nth(3).getAttribute('class')).toContain('is-chosen');
    const details = await api<CarDetails>('/saleVolume/companyBrand/carDetails', { type: 0, foreignId: fourth.id });
    const segment = details.details[0];
    const firstRow = page.locator('.car-details tbody tr').first();
    await expect(firstRow.locator('.car-details__segment-name').textContent()).resolves.toBe(segment.name);
    await expect(firstRow.locator('.car-details__model').textContent()).resolves.toBe(segment.models[0].name);
    // The segment cell spans its models and the two subtotals, which are highlighted.
    await expect(firstRow.locator('.car-details__segment').getAttribute('rowspan')).resolves.toBe(String(segment.models.length + 2));
    expect(await page.locator('.car-details tbody tr.is-subtotal').count()).toBeGreaterThanOrEqual(2 * details.details.length);

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('accumulate') === '1'),
      page.locator('.car-details').getByRole('button', { name: '本年累计' }).click(),
    ]);
    const year = await api<CarDetails>('/saleVolume/companyBrand/carDetails', { type: 0, foreignId: fourth.id, accumulate: 1 });
    await page.locator('.car-details__period', { hasText: year.time }).waitFor();

    const href = await page.locator('.car-details a[download]').getAttribute('href');
    expect(href).toContain(`/car/api/saleVolume/companyBrand/downloadCarDetails?`);
    expect(href).toContain(`foreignId=${fourth.id}`);
    expect(href).toContain('accumulate=1');
    const workbook = await fetchWorkbook(page, href!);
    expect(workbook).toMatchObject({ status: 200, type: XLSX, signature: 'PK' });
    expect(decodeURIComponent(workbook.disposition)).toContain(fourth.name);
    await screenshot(page, 'companybrand-overview');
    assertClean();
  });

  test("comparing with producers offers the analyst's own producer first and draws one line each", async () => {
    const list = await api<ListPage>('/saleVolume/companyBrand/list', { type: 0, currentPage: 1, pageSize: 10 });
    const other = list.list.find((row) => row.id !== me.producerId)!;
    const ownName = (await api<CarDetails>('/saleVolume/companyBrand/carDetails', { type: 0, foreignId: me.producerId })).name;
    const { page, assertClean } = await open(browser, `${PAGE}?id=${other.id}&type=0&count=3`);

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('compareType') === '1' && !url.searchParams.has('count')),
      page.getByRole('button', { name: '对比厂商' }).click(),
    ]);
    await page.getByRole('button', { name: '选择厂商' }).click();
    const dialog = page.locator('.pick-dialog');
    await dialog.locator('.pick-toggle.is-chosen', { hasText: ownName }).waitFor();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('foreignIds') === String(me.producerId)),
      dialog.getByRole('button', { name: '确定' }).click(),
    ]);
    await ready(page);
    await page.locator('.car-details tr.is-total', { hasText: `${ownName}合计` }).waitFor();
    expect(await canvasHasInk(page, '.trend-chart canvas')).toBe(true);
    await expect(page.getByRole('button', { name: '已选1个厂商' }).count()).resolves.toBe(1);

    // Brands are another list: switching drops the producers chosen.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('compareType') === '2' && !url.searchParams.has('foreignIds')),
      page.getByRole('button', { name: '对比品牌' }).click(),
    ]);
    await screenshot(page, 'companybrand-compare');
    assertClean();
  });

  test('the page fits 1366×768 and a 1920 wide screen: nothing of it runs wider than its column', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      const { page, assertClean } = await open(browser, `${PAGE}?id=${me.producerId}&type=0`, viewport);
      const fit = await page.locator('.company-brand').evaluate((root) => {
        const right = root.getBoundingClientRect().right;
        const wider = Array.from(root.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > right + 0.5 && !el.closest('.table-scroll'));
        return { overflow: root.scrollWidth - root.clientWidth, wider: wider.map((el) => el.className) };
      });
      expect(fit).toEqual({ overflow: 0, wider: [] });
      await screenshot(page, `companybrand-window-${viewport.width}`);
      await page.context().close();
      assertClean();
    }
  });
});
