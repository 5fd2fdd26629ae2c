import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { API_PREFIX, ApiCode, type ExportJobView, type Summary } from '@car/contracts';
import { loadConfig } from '../../backend/src/config/config';
import { createApp } from '../../backend/src/create-app';
import { DataExportService } from '../../backend/src/dataExport/data-export.service';
import { exportCalls, type ExportTestbed, openExportTestbed } from '../support/export-testbed';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';
import { sheetTable } from '../support/workbook-table';

const API = `${API_PREFIX}/dataExport`;
const PASSWORD = 'Export@2026a';

/**
 * The city retail export end to end on the demo data, jobs in-process (no REDIS_URL): the form posted as
 * the old client posts it, the job's progress, the workbook opened with exceljs and held to the database
 * and to the area-market API, owner-only files, expiry, and a job left unfinished by a crash run again at
 * the next start.
 */
describe('the city retail export', () => {
  const env = testEnv();
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let bed: ExportTestbed;

  beforeAll(async () => {
    bed = await openExportTestbed({ account: 'export', password: PASSWORD, nickname: '导出测试', address: `10.79.${process.pid % 250}.1` });
    ({ app, token, db } = bed);
  });

  afterAll(() => bed?.close());

  const { server, finished, workbookOf } = exportCalls(
    () => app,
    () => token,
  );
  const post = (form: string, as = token) => server().post(`${API}/cityRetail`).set('token', as).type('form').send(form);

  async function login(account: string): Promise<string> {
    const res = await server()
      .post(`${API_PREFIX}/security/login`)
      .set('X-Forwarded-For', `10.79.${process.pid % 250}.2`)
      .send({ account, password: PASSWORD })
      .expect(200);
    return res.body.result.token as string;
  }

  test('a form with repeated values makes a workbook whose rows and monthly sums are the database’s and the area-market API’s', async () => {
    const form = 'yyyyMm=2026-09 - 2026-10&province=440000&dicFuel=5&dicFuel=6&titleKeys=province&titleKeys=fuel&titleKeys=subSeriesCode';
    const accepted = await post(form).expect(200);
    expect(accepted.body.code).toBe(ApiCode.Success);
    const queued = accepted.body.result as ExportJobView;
    expect(queued).toMatchObject({ kind: 'cityRetail', status: 'queued', phase: 'queued', phaseText: '排队中', result: null });
    expect(queued.fileName).toMatch(/^城市零售数据_2026-09至2026-10_\d{8}-\d{4}\.xlsx$/);

    const job = await finished(queued.id);
    const [expected] = (
      await db.query(
        `SELECT count(*)::int AS rows FROM (SELECT 1 FROM retail_fact f JOIN car c ON c.id = f.car_id JOIN city ci ON ci.id = f.city_id
          WHERE f.month BETWEEN 202609 AND 202610 AND ci.province_id = 440000 AND c.fuel IN (5, 6) GROUP BY f.month, f.car_id, f.city_id) q`,
      )
    ).rows;
    expect(job).toMatchObject({ status: 'done', phase: 'done', percent: 100, rowsWritten: expected.rows, rowsExpected: expected.rows, error: null });
    expect(job.result).toBe(`/car/api/dataExport/file?id=${job.id}`);
    expect(expected.rows).toBeGreaterThan(1000);

    const { workbook, disposition } = await workbookOf(job);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(job.fileName)}`);
    const sheet = workbook.worksheets[0];
    // The rows, then 口径说明 (decision 202): 数据截至 the latest retail month, and 零售量's entry, the source's own.
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['城市零售数据', '口径说明']);
    expect(workbook.getWorksheet('口径说明')!.getCell('A2').value).toBe('数据截至');
    expect(workbook.getWorksheet('口径说明')!.getCell('B2').value).toMatch(/^\d{4}-\d{2}（\d{4}-\d{2}-\d{2} 发布），零售数据$/);
    expect(sheet.name).toBe('城市零售数据');
    // The header block (decision 281): the export, its months and its conditions as 我的导出 lists them, 数据截至.
    const table = sheetTable(sheet);
    expect(table.head[0]).toBe('城市零售数据');
    expect(table.head[1]).toMatch(/^时间：2026-09 ?至 ?2026-10 · /);
    expect(table.head[1]).toContain('广东');
    expect(table.head[2]).toMatch(/^数据截至 /);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: table.headerRow });
    expect(table.headers).toEqual(['月份', '城市', '车型', '省份', '子车系代码', '燃料类型', '零售量']);
    expect(sheet.getColumn(3).width).toBe(40);
    expect(table.rows.length).toBe(expected.rows);

    const byMonth = new Map<string, number>();
    const fuels = new Set<string>();
    table.rows.forEach((row) => {
      const qty = row.getCell(7).value;
      expect(typeof qty).toBe('number');
      expect(row.getCell(4).value).toBe('广东省');
      fuels.add(row.getCell(6).text);
      byMonth.set(row.getCell(1).text, (byMonth.get(row.getCell(1).text) ?? 0) + (qty as number));
    });
    expect([...byMonth.keys()]).toEqual(['2026-09', '2026-10']);
    expect([...fuels].sort()).toEqual(['增程式', '纯电动'].sort());
    for (const [month, qty] of byMonth) {
      const res = await server()
        .get(`${API_PREFIX}/saleVolume/areaMarket/whole`)
        .query({ area: '440000', level: '2', fuels: '5,6', time: month })
        .set('token', token)
        .expect(200);
      expect(qty).toBe((res.body.result as Summary).qty);
    }

    const recent = await server().get(`${API}/jobs`).set('token', token).expect(200);
    expect((recent.body.result as ExportJobView[])[0]).toMatchObject({ id: job.id, status: 'done' });
  });

  test('use nature, ownership and colour split the rows by their values; with no tag the columns are month, city, trim and volume', async () => {
    const split = await finished((await post('yyyyMm=2026-10 - 2026-10&city=440100&titleKeys=useNature&titleKeys=colour').expect(200)).body.result.id);
    const [counts] = (
      await db.query(
        `SELECT count(DISTINCT (car_id, city_id, use_nature, colour))::int AS split, count(DISTINCT (car_id, city_id))::int AS plain, sum(qty)::int AS qty
           FROM retail_fact WHERE month = 202610 AND city_id = 440100`,
      )
    ).rows;
    expect(split.rowsWritten).toBe(counts.split);
    const sheet = (await workbookOf(split)).workbook.worksheets[0];
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['月份', '城市', '车型', '使用性质', '颜色', '零售量']);
    let total = 0;
    for (const row of table.rows) total += row.getCell(6).value as number;
    expect(total).toBe(counts.qty);

    const plain = await finished((await post('yyyyMm=2026-10 - 2026-10&city=440100').expect(200)).body.result.id);
    expect(plain.rowsWritten).toBe(counts.plain);
  });

  test('bad forms are refused with a Chinese message naming the field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['province=440000', /^参数 yyyyMm /],
      ['yyyyMm=2026-10 - 2026-01', /开始月份不能晚于结束月份/],
      ['yyyyMm=2026/10', /^参数 yyyyMm 应为/],
      ['yyyyMm=2026-10 - 2026-10&titleKeys=price', /^参数 titleKeys\.0 为未知的标签/],
      ['yyyyMm=2026-10 - 2026-10&tier=9', /^参数 tier\.0 /],
      ['yyyyMm=2026-10 - 2026-10&company=1', /^参数 company 不是可用的参数/],
    ];
    for (const [form, message] of cases) {
      const res = await post(form);
      expect({ form, status: res.status, code: res.body.code }).toEqual({ form, status: 400, code: ApiCode.BadRequest });
      expect(res.body.msg).toMatch(message);
    }
  });

  test('another analyst sees neither the job nor its file (404), and an expired file is gone', async () => {
    const job = await finished((await post('yyyyMm=2026-10 - 2026-10&city=110000').expect(200)).body.result.id);
    const other = await login(await createAnalyst('export_other', PASSWORD, '另一位分析师'));
    const seen = await server().get(`${API}/job`).query({ id: job.id }).set('token', other);
    expect({ status: seen.status, msg: seen.body.msg }).toEqual({ status: 404, msg: '导出任务不存在' });
    expect((await server().get(`${API}/file`).query({ id: job.id }).set('token', other)).status).toBe(404);
    expect((await server().get(`${API}/jobs`).set('token', other).expect(200)).body.result).toEqual([]);

    await db.query(`UPDATE export_job SET finished_at = now() - interval '25 hours' WHERE id = $1`, [job.id]);
    expect(await app.get(DataExportService).removeExpired()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(env.dataDir, 'exports', `${job.id}.xlsx`))).toBe(false);
    const gone = await server().get(`${API}/file`).query({ id: job.id }).set('token', token);
    expect({ status: gone.status, msg: gone.body.msg }).toEqual({ status: 404, msg: '文件不存在或已过期，请重新生成' });
    expect((await server().get(`${API}/job`).query({ id: job.id }).set('token', token).expect(200)).body.result).toMatchObject({
      status: 'expired',
      phaseText: '已过期',
      result: null,
    });
  });

  test('a job the process died in is run again at the next start; the partial file is replaced and never offered', async () => {
    const accepted = (await post('yyyyMm=2026-10 - 2026-10&city=310000').expect(200)).body.result as ExportJobView;
    await finished(accepted.id);
    // As if the app had died while writing: the record says running, a partial file lies beside no file.
    const dir = path.join(env.dataDir, 'exports');
    fs.rmSync(path.join(dir, `${accepted.id}.xlsx`));
    fs.writeFileSync(path.join(dir, `${accepted.id}.xlsx.partial`), 'PK half a workbook');
    await db.query(`UPDATE export_job SET status = 'running', progress = 40, row_count = 100, finished_at = NULL, file_name = NULL WHERE id = $1`, [
      accepted.id,
    ]);
    const interrupted = await server().get(`${API}/job`).query({ id: accepted.id }).set('token', token).expect(200);
    expect(interrupted.body.result).toMatchObject({ status: 'running', result: null });
    expect((await server().get(`${API}/file`).query({ id: accepted.id }).set('token', token)).status).toBe(404);

    const config = loadConfig({ DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir, NODE_ENV: 'test' });
    const restarted = await createApp({ config, databaseUrl: env.databaseUrl }, false);
    await restarted.init();
    try {
      const job = await finished(accepted.id);
      const [{ rows }] = (await db.query(`SELECT count(DISTINCT (car_id, city_id))::int AS rows FROM retail_fact WHERE month = 202610 AND city_id = 310000`))
        .rows;
      expect(job).toMatchObject({ status: 'done', rowsWritten: rows });
      expect(fs.existsSync(path.join(dir, `${accepted.id}.xlsx.partial`))).toBe(false);
      expect(sheetTable((await workbookOf(job)).workbook.worksheets[0]).rows.length).toBe(rows);
    } finally {
      await restarted.close();
    }
  });
});
