/**
 * The acceptance walk of every generated file (issue 24 §3): what the files specs share. A file is got as a
 * user gets it — its link clicked in Chromium, the browser's own download saved through Playwright's
 * `download` event — then opened (exceljs, JSZip) and held to the figures the API gives for the same filters.
 * The pages and sign-in fixtures are the browser tests' own (`test/support/`), pointed at the shipped app.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import type { CityNode } from '@car/contracts';
import { apiResult } from '../../support/sales-pages';
import { signInAs } from '../../support/export-pages';
import type { TestEnv } from '../../support/test-env';
import { shipped, type Shipped } from './shipped';
import { sheetTable } from '../../support/workbook-table';

export { ADMIN, ANALYST } from './accounts';

/**
 * The shipped app under test. The browser tests' fixtures (`signInAs`, `signInAsDemo`, `apiResult`, …) find
 * the app through `testEnv()`; this points them at the shipped one, so the walk reuses them unchanged.
 */
export function app(): Shipped {
  const target = shipped();
  const current = process.env.CAR_TEST_ENV ? (JSON.parse(process.env.CAR_TEST_ENV) as Partial<TestEnv>) : {};
  if (current.baseUrl !== target.baseUrl) {
    const env: TestEnv = { databaseUrl: '', adminUrl: '', redisUrl: null, redisPrefix: '', ...current, baseUrl: target.baseUrl, dataDir: target.dataDir };
    process.env.CAR_TEST_ENV = JSON.stringify(env);
  }
  return target;
}

export const url = (pathAndQuery: string): string => `${app().baseUrl}${pathAndQuery}`;

/**
 * Signs in through the login form as one of the demo accounts (a success: no throttle window is touched). A walk whose
 * flow is not the sign-in opens its page in the run's saved session instead (`openSession`, analytics-kit).
 */
export async function signIn(page: Page, who: { account: string; password: string }): Promise<void> {
  app();
  await signInAs(page, who.account, who.password);
}

export interface SavedFile {
  /** The name the browser saves it under (the link's or the answer's). */
  fileName: string;
  body: Buffer;
}

let saved = 0;

/** A browser download, which must have completed, read back from where Playwright saved it. */
export async function savedFile(download: Download): Promise<SavedFile> {
  expect(await download.failure()).toBeNull();
  const file = path.join(os.tmpdir(), `car-acceptance-${process.pid}-${++saved}-${path.basename(download.suggestedFilename())}`);
  await download.saveAs(file);
  try {
    return { fileName: download.suggestedFilename(), body: fs.readFileSync(file) };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Clicks a link (or a button that starts a download) as a user does and waits for the browser's download:
 * it must complete, and the page must stay where it was.
 */
export async function clickDownload(page: Page, link: Locator, timeout = 60_000): Promise<SavedFile> {
  const before = page.url();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), link.click()]);
  const file = await savedFile(download);
  expect(page.url()).toBe(before);
  return file;
}

export async function openWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's header (the row its autofilter names, below the header block: decision 281) and its data rows as plain values. */
export function tableOf(sheet: ExcelJS.Worksheet): { header: unknown[]; rows: unknown[][] } {
  const table = sheetTable(sheet);
  return { header: table.headers, rows: table.rows.filter((row) => row.hasValues).map((row) => (row.values as unknown[]).slice(1)) };
}

/** The sum of one column of data rows, every cell of which must be a number. */
export function columnSum(rows: unknown[][], index: number): number {
  return rows.reduce<number>((sum, row) => {
    expect(typeof row[index]).toBe('number');
    return sum + (row[index] as number);
  }, 0);
}

/** Sums of one column per key of the row. */
export function sumsBy(rows: unknown[][], key: (row: unknown[]) => string, index: number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + (row[index] as number));
  return sums;
}

/** A thousands-separated count as the pages print it ("1,234") back to a number. */
export const countOf = (text: string): number => Number(text.replace(/,/g, ''));

/** Chooses a month in a MonthPicker (its button, then the year's arrows, then the month). */
export async function pickMonth(picker: Locator, month: string): Promise<void> {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  await picker.locator('.month-picker__input').click();
  const popup = picker.locator('.month-picker__popup');
  const shownYear = async () => Number(((await popup.locator('.month-picker__years span').textContent()) ?? '').replace('年', ''));
  for (let shown = await shownYear(); shown !== year; shown = await shownYear()) {
    await popup.getByRole('button', { name: shown > year ? '上一年' : '下一年' }).click();
  }
  await popup.locator('.month-picker__grid button', { hasText: new RegExp(`^${number}月$`) }).click();
  expect(await picker.locator('input[type="hidden"]').inputValue()).toBe(month);
}

/** Every city's 6-digit code by its name, as the pick lists have them. */
export async function cityCodesByName(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries((await apiResult<CityNode[]>(page, '/search/getCities')).map((city) => [city.name, city.code]));
}

export async function cityCodes(page: Page): Promise<(name: string) => string> {
  const byName = await cityCodesByName(page);
  return (name) => {
    expect(byName[name]).toMatch(/^\d{6}$/);
    return byName[name];
  };
}
