/**
 * The analytics walk's fixtures (issue 24 §3): the shipped instance as the address of the shared browser
 * helpers, a page in either demo account's saved session (`openSession`, `openAs`), a download taken the way a user
 * takes it (a click, Chromium's download, the saved file opened), a chart's 导出图片, and the figures of a workbook.
 * The analytics walks read it as one kit (`import * as kit`): each uses most of it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { API_PREFIX, SECURITY } from '@car/contracts';
import { openPage, ready, type OpenedPage } from '../../support/browser';
import { browserRun } from '../../support/chromium';
import { settled } from '../../support/sales-pages';
import type { TestEnv } from '../../support/test-env';
import type { Account } from './accounts';
import { shipped } from './shipped';
import { sheetTable } from '../../support/workbook-table';

export { ADMIN, ANALYST, type Account } from './accounts';

/**
 * The shared browser helpers (sales-pages, mp-link) read the app's address and data folder from testEnv();
 * here they are the shipped instance's. jest gives each test file its own process.env, so this reaches no
 * other suite.
 */
export function pointHelpersAtShipped(): string {
  const app = shipped();
  const current = process.env.CAR_TEST_ENV ? (JSON.parse(process.env.CAR_TEST_ENV) as TestEnv) : null;
  const env: TestEnv = {
    databaseUrl: current?.databaseUrl ?? '',
    adminUrl: current?.adminUrl ?? '',
    redisUrl: current?.redisUrl ?? null,
    redisPrefix: current?.redisPrefix ?? '',
    baseUrl: app.baseUrl,
    dataDir: app.dataDir,
  };
  process.env.CAR_TEST_ENV = JSON.stringify(env);
  return app.baseUrl;
}

const baseUrl = (): string => shipped().baseUrl;

/** Each account's session cookies on an app the run saved no session for (a private instance), once signed in. */
const ownSessions = new Map<string, Cookie[]>();

/**
 * A fresh page (its own context) signed in as `who`, without a sign-in of its own: in the session the global setup
 * saved for the account on the suite's instance (decision 245), or on a private instance in one signed in through
 * the API once per test file. The login form is walked where sign-in is the flow (home-and-columns, admin-users,
 * robots-admin's analyst in each mode).
 */
export async function openSession(browser: Browser, who: Account, viewport?: { width: number; height: number }): Promise<OpenedPage> {
  const run = browserRun();
  const saved = run && run.baseUrl === baseUrl() ? run.sessions[who.account] : undefined;
  const opened = await openPage(browser, viewport, { storageState: saved });
  if (saved) return opened;
  const key = `${baseUrl()} ${who.account}`;
  let cookies = ownSessions.get(key);
  if (!cookies) {
    const response = await opened.page.request.post(`${baseUrl()}${API_PREFIX}/${SECURITY.login.path}`, { data: who });
    const body = (await response.json()) as { code: number; msg: string };
    if (body.code !== 1) throw new Error(`signing ${who.account} in at ${baseUrl()}: ${body.code} ${body.msg}`);
    cookies = await opened.page.context().cookies();
    ownSessions.set(key, cookies);
  } else {
    await opened.page.context().addCookies(cookies);
  }
  return opened;
}

/** `openSession` at `pathname`, once the page is ready. */
export async function openAs(browser: Browser, who: Account, pathname: string, viewport = { width: 1600, height: 1000 }): Promise<OpenedPage> {
  const opened = await openSession(browser, who, viewport);
  await opened.page.goto(`${baseUrl()}${pathname}`);
  await ready(opened.page);
  return opened;
}

/** Opens a filter group of the side panel unless it is open. */
export async function openGroup(page: Page, title: string): Promise<void> {
  const head = page.locator('.filter-panel .filter-group__head', { hasText: title });
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
}

/**
 * Chooses a month in the panel's month picker: the same month `yearsBack` years before the one shown.
 * Answers the month chosen (yyyy-MM).
 */
export async function pickMonth(page: Page, scope: Locator, yearsBack = 1): Promise<string> {
  const input = scope.locator('.month-picker__input').first();
  const shown = ((await input.textContent()) ?? '').match(/(\d{4})\D+(\d{1,2})/);
  if (!shown) throw new Error(`the month picker shows no month: ${await input.textContent()}`);
  await input.click();
  const dialog = page.getByRole('dialog', { name: '选择月份' });
  for (let i = 0; i < yearsBack; i++) await dialog.getByRole('button', { name: '上一年' }).click();
  const month = Number(shown[2]);
  await dialog.getByRole('button', { name: `${month}月`, exact: true }).click();
  return `${Number(shown[1]) - yearsBack}-${String(month).padStart(2, '0')}`;
}

/** Presses 查询 in `scope` (the filter panel unless told) and waits for the URL to say `arrived`, then for the page to settle. */
export async function query(page: Page, arrived: (url: URL) => boolean, scope: Locator = page.locator('.filter-panel')): Promise<URL> {
  await Promise.all([page.waitForURL(arrived), scope.getByRole('button', { name: '查询', exact: true }).click()]);
  await settled(page);
  return new URL(page.url());
}

/** The URL's params, without those that only the page reads (`drop`). */
export function paramsOf(url: URL, drop: readonly string[] = []): Record<string, string> {
  const params = Object.fromEntries(url.searchParams);
  for (const key of drop) delete params[key];
  return params;
}

export interface SavedFile {
  fileName: string;
  body: Buffer;
}

/** Where the downloaded files are kept for a person to open (test-results is git-ignored); the latest of each name. */
const downloads = path.resolve(__dirname, '..', '..', '..', 'test-results', 'acceptance-downloads');

/**
 * Clicks `trigger` as a user does and takes the file Chromium downloads (the page fetches it and saves it
 * under the server's name, decision 134). Fails with the page's message if it shows an error toast instead,
 * if no download starts or if it fails; answers the saved file's name and bytes.
 */
async function takeDownload(page: Page, trigger: Locator): Promise<SavedFile> {
  const toasts = page.locator('.toast--error');
  const before = await toasts.count();
  const refused = page
    .waitForFunction((n) => document.querySelectorAll('.toast--error').length > n, before, { timeout: 20_000 })
    .then(async () => {
      throw new Error(`下载 showed an error instead of a file: ${(await toasts.last().textContent()) ?? ''}`);
    });
  refused.catch(() => undefined);
  const started = page.waitForEvent('download', { timeout: 20_000 });
  started.catch(() => undefined);
  await trigger.click();
  const download = await Promise.race([started, refused]);
  const failure = await download.failure();
  if (failure) throw new Error(`download of ${download.url()} failed: ${failure}`);
  const fileName = download.suggestedFilename();
  const file = path.join(downloads, `${shipped().mode}-${fileName}`);
  await download.saveAs(file);
  return { fileName, body: fs.readFileSync(file) };
}

/**
 * Takes the file of a panel's download control as a user does (takeDownload): 下载 unless named (导出PPT, 下载 Excel), a
 * link or a link styled as a Semantic button (whose role is then button).
 */
export function saveDownload(page: Page, panel: Locator, control = '下载'): Promise<SavedFile> {
  return takeDownload(page, panel.getByRole('link', { name: control }).or(panel.getByRole('button', { name: control })));
}

/** A cell's value as a plain string or number (rich text joined, a formula's result). */
function plain(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plain(value.result);
  if ('text' in value) return String(value.text);
  // An error cell ({ error: '#N/A' }) or a shared formula without a result.
  return JSON.stringify(value);
}

/** Opens a downloaded workbook (a spreadsheet's PK signature first) and answers its first sheet's table: its header row (below the header block, decision 281) and the rows under it. */
export async function workbookRows(file: SavedFile): Promise<(string | number | null)[][]> {
  expect(file.fileName).toMatch(/\.xlsx$/);
  expect(file.body.subarray(0, 2).toString()).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const table = sheetTable(sheet);
  const rows: (string | number | null)[][] = [];
  for (const row of [sheet.getRow(table.headerRow), ...table.rows]) {
    if (!row.hasValues) continue;
    const cells: (string | number | null)[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(plain(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

/**
 * Presses a chart panel's 导出图片 and checks the download: a PNG with the chart's name, of a real size.
 * Answers its width and height in pixels (from the PNG's header).
 */
export async function exportChartPng(page: Page, panel: Locator): Promise<{ fileName: string; width: number; height: number; bytes: number }> {
  const button = panel.getByRole('button', { name: '导出图片' });
  await expect(button.isEnabled()).resolves.toBe(true);
  const file = await takeDownload(page, button);
  expect(file.fileName).toMatch(/\.png$/);
  expect(file.body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  const width = file.body.readUInt32BE(16);
  const height = file.body.readUInt32BE(20);
  expect(width).toBeGreaterThan(100);
  expect(height).toBeGreaterThan(100);
  return { fileName: file.fileName, width, height, bytes: file.body.length };
}

export interface ShownTable {
  headers: string[];
  /** Each row's name (without a rank or an icon) and its figures under their column headers. */
  rows: { name: string; values: Record<string, string> }[];
}

/**
 * A ranking table as shown: the headers and, per row, the name and the figures of the columns after it
 * (a grouped table's merged group cell is left out, as it spans several rows).
 */
export async function rankingTable(table: Locator): Promise<ShownTable> {
  return table.evaluate((root) => {
    const headers = Array.from(root.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim());
    const rows = Array.from(root.querySelectorAll('tbody tr')).map((tr) => {
      const cells = Array.from(tr.querySelectorAll('td'));
      const at = cells.findIndex((td) => td.querySelector('.ranking-table__name'));
      const nameCell = cells[at]?.querySelector('.ranking-table__name');
      const link = nameCell?.querySelector('.maker-link');
      const copy = (link ?? nameCell)?.cloneNode(true) as HTMLElement | undefined;
      copy?.querySelectorAll('.tendency-rank, button').forEach((n) => n.remove());
      const figures = cells.slice(at + 1);
      const offset = headers.length - figures.length;
      const values = Object.fromEntries(figures.map((td, i) => [headers[offset + i], (td.textContent ?? '').trim()]));
      return { name: (copy?.textContent ?? '').trim(), values };
    });
    return { headers, rows };
  });
}

/** A figure as the pages and workbooks write it ("1,234", "12.3%", "-") as a number, or null for a dash. */
export function figure(text: string | number | null): number | null {
  if (typeof text === 'number') return text;
  const cleaned = (text ?? '').replace(/[,\s辆%万元]/g, '');
  if (cleaned === '' || cleaned === '-') return null;
  const value = Number(cleaned);
  if (Number.isNaN(value)) throw new Error(`not a figure: ${text}`);
  return value;
}

/** The band table as shown: [band, name, sales this period] per row (a band cell spans its rows). */
export async function bandRows(page: Page): Promise<string[][]> {
  return page.locator('.band-table tbody tr').evaluateAll((rows) => {
    let band = '';
    return rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('td'));
      if (cells[0]?.classList.contains('band-table__band')) band = cells.shift()!.textContent ?? '';
      const current = cells[1].querySelector('.band-bars__value')?.textContent ?? '';
      return [band, cells[0].textContent ?? '', current];
    });
  });
}
