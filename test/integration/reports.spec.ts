import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import request from 'supertest';
import { DASH, figureFormat, formatMonth, growthText, type Summary } from '@car/contracts';
import { sharedApp, type SharedApp } from '../support/shared-app';
import { testEnv } from '../support/test-env';

/**
 * The producers' monthly report workbooks (written by the demo load through the query layer) say what the
 * API says: the same volumes, and growth and share read by the same display rules (@car/contracts).
 */
describe('the producer report workbooks', () => {
  const env = testEnv();
  let app: SharedApp;
  let token: string;
  let db: Client;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: '203.0.113.91' }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  test('a report’s volume and its 同比 and 累计同比 read as the producer’s cards do', async () => {
    // The largest workbook of the latest month (each producer's 简报 is also a deck, decision 221).
    const [report] = (
      await db.query(`SELECT r.producer_id, r.month, r.file_name FROM report r WHERE r.file_name LIKE '%.xlsx' ORDER BY r.month DESC, r.file_size DESC LIMIT 1`)
    ).rows as Array<{ producer_id: number; month: number; file_name: string }>;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(env.dataDir, 'reports', report.file_name));
    const overview = workbook.getWorksheet('概览')!;
    const cell = (label: string): unknown => {
      let value: unknown;
      overview.eachRow((row) => {
        if (row.getCell(1).value === label) value = row.getCell(2).value;
      });
      return value;
    };
    /** A growth as the page reads it: a number cell formatted as a one-decimal percent (decision 141), or '-'. */
    const growthShown = (label: string): string => {
      let shown = '';
      overview.eachRow((row) => {
        if (row.getCell(1).value !== label) return;
        const { value, numFmt } = row.getCell(2);
        if (value === DASH) shown = DASH;
        else shown = typeof value === 'number' && numFmt === figureFormat('growth') ? growthText(value * 100) : `text ${JSON.stringify(value)}`;
      });
      return shown;
    };

    const response = await request(app.getHttpServer())
      .get('/car/api/saleVolume/companyBrand/whole')
      .query({ type: '0', foreignId: String(report.producer_id), time: formatMonth(report.month), source: '2' })
      .set('token', token)
      .expect(200);
    const cards = response.body.result as Summary;
    expect(cell('当月零售量')).toBe(cards.qty);
    expect(cell('去年同期零售量')).toBe(cards.tb);
    expect(cell('年累计零售量')).toBe(cards.ljQty);
    expect(growthShown('同比')).toBe(cards.yoys);
    expect(growthShown('累计同比')).toBe(cards.yearYoys);
  });
});
