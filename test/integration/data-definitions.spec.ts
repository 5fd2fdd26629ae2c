import ExcelJS from 'exceljs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX, DEFINITIONS, type DataStatus } from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { ANALYST, createSalesFixture, PUBLISHED_AT } from '../support/sales-fixture';
import { testEnv } from '../support/test-env';

/*
 * 数据截至 and 口径 through the API (issue 30 §4, decisions 200-202), on the hand-made market of
 * test/support/sales-fixture.ts: retail and wholesale for January 2025 to March 2026, March 2026 published
 * on 12 April (retail) and 9 April (wholesale) at 10:00 Beijing time; no price or rebate months.
 */
describe('数据截至 and 口径 through the API', () => {
  const env = testEnv();
  const database = `${new URL(env.databaseUrl).pathname.slice(1)}_definitions`;
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await createSalesFixture(env.adminUrl, database);
    ({ app, token } = await signedInApp({ address: `10.89.${process.pid % 250}.7`, databaseUrl, account: ANALYST.account, password: ANALYST.password }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, query: Record<string, string | number> = {}) =>
    request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token);

  async function notesOf(path: string, query: Record<string, string | number>): Promise<{ sheets: string[]; notes: unknown[][] }> {
    const response = await get(path, query).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as ArrayBuffer);
    const notes = book.getWorksheet('口径说明');
    return {
      sheets: book.worksheets.map((s) => s.name),
      notes: (notes?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1)),
    };
  }

  test('search/dataStatus names each source’s latest month and the day it was published; a source without months is null', async () => {
    const response = await get('search/dataStatus');
    expect(response.body.code).toBe(1);
    expect(response.body.result as DataStatus).toEqual({
      retail: { month: '2026-03', publishedAt: new Date(PUBLISHED_AT.retail(202603)).toISOString(), publishedOn: '2026-04-12' },
      wholesale: { month: '2026-03', publishedAt: new Date(PUBLISHED_AT.wholesale(202603)).toISOString(), publishedOn: '2026-04-09' },
      price: null,
      rebate: null,
    });
  });

  test('search/dataStatus takes no parameters: an unknown one is a 400 in Chinese', async () => {
    const response = await get('search/dataStatus', { month: '2026-03' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toMatch(/month/);
  });

  test('a whole-market download ends with 口径说明: 数据截至 with the publish day, the source, each measure of its columns once', async () => {
    const { sheets, notes } = await notesOf('saleVolume/wholeMarket/download', { type: 2 });
    expect(sheets).toEqual(['品牌', '口径说明']);
    const entry = (key: keyof typeof DEFINITIONS) => [DEFINITIONS[key].name, DEFINITIONS[key].text];
    expect(notes).toEqual([
      ['项目', '口径'],
      ['数据截至', '2026-03（2026-04-12 发布），零售数据'],
      entry('retail'),
      // 当月销量 去年同期销量 | 同比 | 环比 | 本年累计销量 去年累计销量 | 累计同比 | 份额 去年同期份额 累计份额 … | 份额变化 累计份额变化 | 累计排名
      entry('sales'),
      entry('yoy'),
      entry('mom'),
      entry('ytd'),
      entry('ytdYoy'),
      entry('share'),
      entry('shareChange'),
      entry('rank'),
    ]);
  });

  test('a wholesale download states the wholesale month and its own publish day', async () => {
    const { notes } = await notesOf('saleVolume/wholeMarket/download', { type: 2, source: 1 });
    expect(notes.slice(1, 3)).toEqual([
      ['数据截至', '2026-03（2026-04-09 发布），批发数据'],
      [DEFINITIONS.wholesale.name, DEFINITIONS.wholesale.text],
    ]);
  });

  test('the API description carries each measure field’s 口径 from the dictionary', async () => {
    const response = await request(app.getHttpServer()).get('/car/api/docs-json');
    const whole = response.body.paths[`${API_PREFIX}/saleVolume/wholeMarket/whole`].get.responses[200].content['application/json'].schema.properties.result;
    expect(whole.properties.yoy.description).toBe(`口径（同比）：${DEFINITIONS.yoy.text}`);
    expect(whole.properties.ljQtyStr.description).toBe(`口径（累计）：${DEFINITIONS.ytd.text}`);
    expect(whole.properties.time.description).toBeUndefined();
  });
});
