import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, type ChartResult, formatMonth, type ReportPage, type Summary, type TablePage } from '@car/contracts';
import { MonthlyReportWriter } from '../../backend/src/reportDownload/monthly-report.writer';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { chartCaches, chartCategories, chartSeriesNames, openDeck, part, slideChart, slideCount, tableOf, texts } from '../support/deck-zip';
import { testEnv } from '../support/test-env';
import { sheetTable } from '../support/workbook-table';

/*
 * Each producer's monthly deck (issue 31 §2), as the demo load wrote it into 报告下载 beside the workbook: downloaded
 * through the API like any report and read as the zip of XML it is — its cards and trend against 厂商品牌表现's calls
 * for that producer, its ranking rows against 整体市场表现's producer ranking, its sub-series against the workbook.
 */
describe('the monthly deck of a producer (月度市场简报 .pptx)', () => {
  const env = testEnv();
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let month: string;
  let producer: { id: number; name: string };
  let deck: JSZip;

  async function ok<T>(path: string, query: Record<string, string | number>): Promise<T> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token);
    expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 200, code: 1 });
    return response.body.result as T;
  }

  async function download(id: number): Promise<Buffer> {
    const response = await request(app.getHttpServer())
      .get(`${API_PREFIX}/reportDownload/download`)
      .query({ ids: String(id) })
      .set('token', token)
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    return response.body as Buffer;
  }

  /** The reports of the producer's month, by type. */
  async function reportsOf(): Promise<Map<string, ReportPage['items'][number]>> {
    const page = await ok<ReportPage>('reportDownload/list', { producerIds: String(producer.id), startDate: '2000-01', endDate: '2099-12', pageSize: 100 });
    // Demo's own decks (a competitor set's, decision 299) are not the producer's 简报.
    return new Map(page.items.filter((item) => item.month === month && !item.mine).map((item) => [item.fileType, item]));
  }

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.219' }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    const [{ latest }] = (await db.query<{ latest: number }>(`SELECT max(month) AS latest FROM report WHERE file_name LIKE '%.pptx' AND owner_id IS NULL`))
      .rows;
    month = formatMonth(latest);
    // The fifth producer of the month: its ranking slide shows three above and three below it.
    const ranking = await ok<TablePage>('saleVolume/wholeMarket/producer', { time: month, source: 2, currentPage: 1, pageSize: 10 });
    producer = { id: ranking.list[4].id, name: ranking.list[4].name };
    const pptx = (await reportsOf()).get('pptx');
    if (!pptx) throw new Error(`no deck of ${producer.name} for ${month}`);
    deck = await openDeck(await download(pptx.id));
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  test('the demo load wrote a deck beside every producer’s workbook, under the same name', async () => {
    const { rows } = await db.query<{ type: string; n: number }>(
      `SELECT right(file_name, 4) AS type, count(*)::int AS n FROM report WHERE name LIKE '%乘用车市场简报' GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => r.type)).toEqual(['pptx', 'xlsx']);
    expect(rows[0].n).toBe(rows[1].n);
    const reports = await reportsOf();
    expect(reports.get('pptx')?.name).toBe(reports.get('xlsx')?.name);
  });

  test('the title slide and the three sentences name the producer and its figures', async () => {
    const title = texts(await part(deck, 'ppt/slides/slide1.xml'));
    expect(title[0]).toBe(`${producer.name}${Number(month.slice(0, 4))}年${Number(month.slice(5))}月乘用车市场简报`);
    const summary = await ok<Summary>('saleVolume/companyBrand/whole', { time: month, source: 2, type: 0, foreignId: producer.id });
    const briefs = texts(await part(deck, 'ppt/slides/slide2.xml'));
    expect([briefs[0], briefs[1], briefs[3], briefs[5]]).toEqual(['本月要点', '市场表现', '主力车型', '区域与价格']);
    expect([briefs[2], briefs[4], briefs[6]].every((b) => b.endsWith('。'))).toBe(true);
    expect(briefs[2]).toContain(`${producer.name}零售 ${(summary.qty / 1000).toFixed(1)} 千辆`);
    expect(briefs[2]).toContain('排名第 5');
  });

  test('the cards and the trend equal 厂商品牌表现’s for the producer', async () => {
    const [summary, chart] = await Promise.all([
      ok<Summary>('saleVolume/companyBrand/whole', { time: month, source: 2, type: 0, foreignId: producer.id }),
      ok<ChartResult>('saleVolume/companyBrand/highCharts', { time: month, source: 2, type: 0, foreignId: producer.id, timeDimensionality: 0, count: 2 }),
    ]);
    const cards = texts(await part(deck, 'ppt/slides/slide3.xml'));
    expect(cards.slice(6, 11).map((t) => t.replace(/^[↑↓] /, ''))).toEqual([summary.qtyStr, summary.yoys, summary.moms, summary.ljQtyStr, summary.yearYoys]);
    const trend = await slideChart(deck, 4);
    expect(chartSeriesNames(trend)).toEqual(chart.series.map((s) => s.name));
    expect(chartCategories(trend)).toEqual(chart.xAxis[0].categories);
    expect(chartCaches(trend)).toEqual(chart.series.map((s) => s.data.map((v) => (v === null ? '' : String(v)))));
  });

  test('the ranking shows the producers around it as 整体市场表现’s producer ranking does, it in bold', async () => {
    const ranking = await ok<TablePage>('saleVolume/wholeMarket/producer', { time: month, source: 2, currentPage: 1, pageSize: 10 });
    const slide = await part(deck, 'ppt/slides/slide5.xml');
    const [header, ...rows] = tableOf(slide);
    expect(header).toEqual(['排名', '厂商', '当月销量', '同比', '份额', '份额变化', '累计销量', '累计同比']);
    expect(rows).toEqual(ranking.list.slice(1, 8).map((r, i) => [String(i + 2), r.name, r.salesStr, r.yoys, r.mixs, r.mixChanges, r.salesSumStr, r.yearYoys]));
    expect(slide).toMatch(new RegExp(`b="1"[^>]*>(?:(?!</a:tc>).)*${producer.name}`, 's'));
  });

  test('the sub-series are the workbook’s, largest first', async () => {
    const xlsx = (await reportsOf()).get('xlsx')!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(xlsx.id)) as unknown as ArrayBuffer);
    const expected = sheetTable(workbook.getWorksheet('子车系')!)
      .rows.slice(0, 10)
      .map((row) => [row.getCell(1).text, row.getCell(2).text, Number(row.getCell(3).value).toLocaleString('en-US')]);
    const [header, ...rows] = tableOf(await part(deck, 'ppt/slides/slide6.xml'));
    expect(header.slice(0, 3)).toEqual(['子车系', '细分市场', '当月销量']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual(expected);
  });

  test('the provinces chart and the price table are there, and every slide carries its notes', async () => {
    const count = slideCount(deck);
    const provinces = await slideChart(deck, count);
    expect(chartSeriesNames(provinces)).toEqual(['销量', '同比']);
    expect(chartCategories(provinces).length).toBeGreaterThan(0);
    const [header] = tableOf(await part(deck, `ppt/slides/slide${count - 1}.xml`));
    expect(header).toEqual(['子车系', '细分市场', '成交价', '细分市场成交价', '成交价差', '优惠', '优惠率', '细分市场优惠率', '优惠率差']);
    for (let n = 1; n <= count; n++) expect(await part(deck, `ppt/notesSlides/notesSlide${n}.xml`)).toContain('数据截至');
  });

  test('writing the month again replaces the workbook and the deck, one of each', async () => {
    const writer = app.get(MonthlyReportWriter);
    await writer.writeMonth(Number(month.replace('-', '')), [producer.id]);
    const { rows } = await db.query<{ type: string; n: number }>(
      `SELECT right(file_name, 4) AS type, count(*)::int AS n FROM report WHERE producer_id = $1 AND month = $2 AND owner_id IS NULL GROUP BY 1 ORDER BY 1`,
      [producer.id, Number(month.replace('-', ''))],
    );
    expect(rows).toEqual([
      { type: 'pptx', n: 1 },
      { type: 'xlsx', n: 1 },
    ]);
  });
});
