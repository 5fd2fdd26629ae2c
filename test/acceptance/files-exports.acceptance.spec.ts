import * as fs from 'node:fs';
import * as path from 'node:path';
import type ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { ChartResult, IdName, PriceTraceWhole, SubSeriesCars, Summary } from '@car/contracts';
import { storedPath } from '../../backend/src/dataExport/export-pipeline';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { chooseCity, chooseOption, chosen } from '../support/export-pages';
import { apiResult } from '../support/sales-pages';
import { openSession } from './support/analytics-kit';
import { ANALYST, app, clickDownload, columnSum, openWorkbook, sumsBy, tableOf, url, type SavedFile } from './support/files-kit';

jest.setTimeout(180_000);

const tag = (page: Page, name: string) => page.getByRole('group', { name: '筛选标签' }).getByRole('button', { name, exact: true });

interface Generated {
  file: SavedFile;
  sheet: ExcelJS.Worksheet;
  header: unknown[];
  rows: unknown[][];
  /** The export's id, from its link. */
  id: string;
}

/**
 * 生成Excel as the user presses it: the progress bar to 已完成 with its row count, the 下载 link clicked, the
 * browser's file opened. The workbook holds as many rows as the bar said it wrote.
 */
async function generate(page: Page): Promise<Generated> {
  await page.getByRole('button', { name: '生成Excel' }).click();
  const link = page.locator('.export-progress__link');
  await link.waitFor({ timeout: 150_000 });
  const progress = (await page.locator('.export-progress').textContent()) ?? '';
  const counted = /已完成（([\d,]+) \/ ([\d,]+) 行）/.exec(progress);
  expect(counted).not.toBeNull();
  const [written, expected] = [Number(counted![1].replace(/,/g, '')), Number(counted![2].replace(/,/g, ''))];
  expect(written).toBe(expected);
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/car\/api\/dataExport\/file\?id=[0-9a-f-]{36}$/);
  const file = await clickDownload(page, link);
  expect(`下载 ${file.fileName}`).toBe((await link.textContent())!.trim());
  const workbook = await openWorkbook(file.body);
  const sheet = workbook.worksheets[0];
  const { header, rows } = tableOf(sheet);
  expect(rows).toHaveLength(written);
  expect(rows.length).toBeGreaterThan(0);
  return { file, sheet, header, rows, id: new URL(href, url('/')).searchParams.get('id')! };
}

/** The one month a sheet's rows hold (the page's default: the kind's latest month). */
function onlyMonth(rows: unknown[][]): string {
  const months = [...new Set(rows.map((row) => String(row[0])))];
  expect(months).toHaveLength(1);
  expect(months[0]).toMatch(/^\d{4}-\d{2}$/);
  return months[0];
}

/**
 * A trim as the exports name it (`子车系 车型名称`) back to its ids, through the pick lists' own calls: the
 * sub-series whose name starts the text, and its trim named by the rest.
 */
async function trimOf(page: Page, text: string, month: string): Promise<{ modelSubId: number; carId: number }> {
  for (let at = text.indexOf(' '); at > 0; at = text.indexOf(' ', at + 1)) {
    const [subSeries, trimName] = [text.slice(0, at), text.slice(at + 1)];
    for (const candidate of await apiResult<IdName[]>(page, '/search/getSubModels', { key: subSeries })) {
      if (candidate.name !== subSeries) continue;
      const [listed] = await apiResult<SubSeriesCars[]>(page, '/search/getCars', { modelSubIds: candidate.id, time: month });
      const car = listed?.cars.find((c) => c.name === trimName);
      if (car) return { modelSubId: candidate.id, carId: car.id };
    }
  }
  throw new Error(`no trim named ${text}`);
}

/**
 * The four exports of 数据综合查询 as the demo analyst makes them on the shipped app (issue 24 §3): each
 * generated through its page, its file downloaded by the browser from the 下载 link and opened, its rows
 * held to the API's figures for the same filters; and a file that is gone never takes the user off the page.
 */
describeInBrowser('the exports as shipped: generated, downloaded and opened', () => {
  const browser = useBrowser();
  let page: Page;
  let assertClean: () => void;
  let allowConsoleError: (pattern: RegExp) => void;

  beforeAll(async () => {
    ({ page, assertClean, allowConsoleError } = await openSession(browser(), ANALYST));
  });

  afterEach(() => assertClean());

  test('城市零售数据: 广东省 纯电动 in the latest month; the rows sum to the area-market total of the same filters', async () => {
    await page.goto(url('/comprehensiveinquiry/cityretailexport'));
    await ready(page);
    await tag(page, '省份').click();
    await tag(page, '燃料类型').click();
    await chooseOption(page, '省份', '广东省');
    await chooseOption(page, '燃料类型', '纯电动');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['省份：广东省', '燃料类型：纯电动']));
    const { file, header, rows } = await generate(page);
    expect(file.fileName).toMatch(/^城市零售数据_\d{4}-\d{2}至\d{4}-\d{2}_\d{8}-\d{4}\.xlsx$/);
    expect(header).toEqual(['月份', '城市', '车型', '省份', '燃料类型', '零售量']);
    for (const row of rows) expect([row[3], row[4]]).toEqual(['广东省', '纯电动']);
    const month = onlyMonth(rows);
    const total = await apiResult<Summary>(page, '/saleVolume/areaMarket/whole', { area: 440000, level: 2, fuels: 6, time: month });
    expect(columnSum(rows, 5)).toBe(total.qty);
    await screenshot(page, 'acceptance-cityretailexport');
  });

  test('价量数据: 自主 in bands of 5万 from 10万 to 30万; each band sums to the price-band chart of the same filters', async () => {
    await page.goto(url('/comprehensiveinquiry/pricevolumeexport'));
    await ready(page);
    await page.getByLabel('价格下限').fill('10');
    await page.getByLabel('价格上限').fill('30');
    await page.getByLabel('价格段宽度').fill('5');
    await tag(page, '厂商属性').click();
    await chooseOption(page, '厂商属性', '自主');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['价格段：10万 至 30万，每 5万', '厂商属性：自主']));
    const { file, header, rows } = await generate(page);
    expect(file.fileName).toMatch(/^价量数据_.*\.xlsx$/);
    expect(header).toEqual(['月份', '价格段', '车型', '厂商属性', '零售量']);
    for (const row of rows) expect(row[3]).toBe('自主');
    const month = onlyMonth(rows);
    const chart = await apiResult<ChartResult>(page, '/pricevolume/priceQtyDetail/highCharts', {
      time: month,
      producerProperties: 1,
      priceLow: 10,
      priceHigh: 30,
      segment: 5,
      orderBy: 0,
    });
    const bands = chart.xAxis[0].categories;
    expect(bands).toEqual(['10万以下', '10-15万', '15-20万', '20-25万', '25-30万', '30万以上']);
    const byBand = sumsBy(rows, (row) => String(row[1]), 4);
    expect(bands.map((band) => byBand.get(band) ?? 0)).toEqual(chart.series[0].data);
    expect(columnSum(rows, 4)).toBeGreaterThan(0);
  });

  test('价格数据: 纯电动 by trim; MSRP, TP, discount and rate agree in every row, and a trim’s are its price-trace cards', async () => {
    await page.goto(url('/comprehensiveinquiry/pricedownload'));
    await ready(page);
    await tag(page, '燃料类型').click();
    await chooseOption(page, '燃料类型', '纯电动');
    const { file, header, rows } = await generate(page);
    expect(file.fileName).toMatch(/^价格数据_.*\.xlsx$/);
    expect(header).toEqual(['月份', '车型', '燃料类型', '厂商指导价（元）', '成交价TP（元）', '优惠（元）', '优惠率']);
    const month = onlyMonth(rows);
    for (const [, , fuel, msrp, tp, discount, rate] of rows) {
      expect(fuel).toBe('纯电动');
      expect([typeof msrp, typeof tp, typeof discount, typeof rate]).toEqual(['number', 'number', 'number', 'number']);
      expect(Math.abs((msrp as number) - (tp as number) - (discount as number))).toBeLessThanOrEqual(1);
      expect(Math.abs((rate as number) - (discount as number) / (msrp as number))).toBeLessThan(0.001);
    }
    // The first trim's row against the 车型价格追踪 cards of that trim in that month.
    const [, trimText, , msrp, tp] = rows[0];
    const trim = await trimOf(page, String(trimText), month);
    const cards = await apiResult<PriceTraceWhole>(page, '/price/cabmodelpricetrace/whole', { modelSubId: trim.modelSubId, carId: trim.carId, time: month });
    expect([Math.round(cards.msrp!), Math.round(cards.tp!)]).toEqual([msrp, tp]);
  });

  test('返点数据: 汽油 by trim; every row a trim with its MSRP and a rebate', async () => {
    await page.goto(url('/comprehensiveinquiry/fandiandownload'));
    await ready(page);
    await tag(page, '燃料类型').click();
    await chooseOption(page, '燃料类型', '汽油');
    const { file, header, rows } = await generate(page);
    expect(file.fileName).toMatch(/^返点数据_.*\.xlsx$/);
    expect(header).toEqual(['月份', '车型', '燃料类型', '厂商指导价（元）', '返点（元）']);
    onlyMonth(rows);
    for (const row of rows) {
      expect(row[2]).toBe('汽油');
      expect(typeof row[3]).toBe('number');
      expect(typeof row[4]).toBe('number');
    }
    expect(new Set(rows.map((row) => row[1])).size).toBe(rows.length);
  });

  test('a file gone from the data folder: its 下载 links keep the page and say why in a toast', async () => {
    await page.goto(url('/comprehensiveinquiry/cityretailexport'));
    await ready(page);
    await tag(page, '城市').click();
    await chooseCity(page, '北京市');
    await tag(page, '燃料类型').click();
    await chooseOption(page, '燃料类型', '纯电动');
    const { id } = await generate(page);
    const { cloneDir, dataDir } = app();
    const stored = storedPath(path.join(path.resolve(cloneDir, dataDir), 'exports'), id);
    expect(fs.existsSync(stored)).toBe(true);
    fs.rmSync(stored);

    const here = page.url();
    const links = {
      'the progress bar’s 下载': page.locator('.export-progress__link'),
      我的导出: page.locator(`.recent-exports a[href="/car/api/dataExport/file?id=${id}"]`),
    };
    for (const [where, link] of Object.entries(links)) {
      // The browser logs the refused request; the page must not leave, and must say what the server said.
      allowConsoleError(/404|Failed to load resource/);
      await link.click();
      await page
        .locator('.toast--error', { hasText: '文件不存在或已过期，请重新生成' })
        .waitFor({ timeout: 10_000 })
        .catch(() => {
          throw new Error(`${where}: no toast; the page is at ${page.url()}`);
        });
      expect({ where, url: page.url() }).toEqual({ where, url: here });
      expect(await page.locator('h2').textContent()).toBe('城市零售数据导出');
      await page.locator('.toast--error .toast__close').first().click();
    }
    // Still usable: another export can be made.
    expect(await page.getByRole('button', { name: '生成Excel' }).isEnabled()).toBe(true);
    await screenshot(page, 'acceptance-export-file-gone');
  });
});
