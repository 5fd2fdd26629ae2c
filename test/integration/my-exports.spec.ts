import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { API_PREFIX, EXPORT_NO_ROWS, type ExportJobView } from '@car/contracts';
import { exportCalls, type ExportTestbed, openExportTestbed } from '../support/export-testbed';

const API = `${API_PREFIX}/dataExport`;
const PASSWORD = 'MyExports@2026a';

/**
 * 我的导出 (decision 180): each job says what it asked — kind, months and filters named as the form names
 * them — records its rows (0 for a filter that matches nothing), and its stored form re-posted to its export
 * call (重新生成) queues a new job with equal parameters.
 */
describe('my exports', () => {
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let bed: ExportTestbed;

  beforeAll(async () => {
    bed = await openExportTestbed({ account: 'myexports', password: PASSWORD, nickname: '我的导出测试', address: `10.81.${process.pid % 250}.1` });
    ({ app, token, db } = bed);
  });

  afterAll(() => bed?.close());

  const { server, finished } = exportCalls(
    () => app,
    () => token,
  );
  const post = (kind: string, form: string | Array<[string, string]>) => {
    const body = typeof form === 'string' ? form : new URLSearchParams(form).toString();
    return server().post(`${API}/${kind}`).set('token', token).type('form').send(body).expect(200);
  };
  const paramsOf = async (id: string) =>
    (await db.query(`SELECT params, row_count FROM export_job WHERE id = $1`, [id])).rows[0] as { params: unknown; row_count: number };

  test('a filter that matches nothing: the job records 0 rows, and the list names kind, months and filters', async () => {
    // A producer's trims under a sub-series code that no sub-series has: no price row can match.
    const [producer] = (await db.query(`SELECT id, name FROM producer ORDER BY id LIMIT 1`)).rows as Array<{ id: number; name: string }>;
    const queued = (
      await post(
        'price',
        `yyyyMm=2026-09 - 2026-10&producerId=${producer.id}&modelSubCode=NOSUCHCODE&titleKeys=producer&titleKeys=subSeriesCode&titleKeys=fuel`,
      )
    ).body.result as ExportJobView;
    const job = await finished(queued.id);
    expect(job).toMatchObject({ status: 'done', rowsWritten: 0, kindText: '价格数据', monthsText: '2026-09 至 2026-10' });
    expect(job.conditions).toEqual([`厂商：${producer.name}`, '子车系代码：NOSUCHCODE', '燃料类型：全部']);
    expect((await paramsOf(job.id)).row_count).toBe(0);
    expect(EXPORT_NO_ROWS).toBe('无数据（0 行）');

    const list = (await server().get(`${API}/jobs`).set('token', token).expect(200)).body.result as ExportJobView[];
    expect(list.find((j) => j.id === job.id)).toEqual(job);
  });

  test('codes and tiers are named by their dictionaries, the bands by the form’s words', async () => {
    const city = (await post('cityRetail', 'yyyyMm=2026-10&tier=1&dicFuel=5&titleKeys=tier&titleKeys=fuel&titleKeys=city')).body.result as ExportJobView;
    const [fuel] = (await db.query(`SELECT value FROM dictionary WHERE type = 'dicFuel' AND key = '5'`)).rows as Array<{ value: string }>;
    expect(city).toMatchObject({ kindText: '城市零售数据', monthsText: '2026-10 至 2026-10' });
    expect(city.conditions).toEqual(['城市：全部', '城市级别：一线及新一线城市', `燃料类型：${fuel.value}`]);
    await finished(city.id);

    const mix = (await post('mix', 'yyyyMm=2026-10&priceLow=10&segment=2.5')).body.result as ExportJobView;
    expect(mix.conditions).toEqual(['价格段：10万 至 40万，每 2.5万']);
    await finished(mix.id);
  });

  test('重新生成: the job’s form posted again to its call queues a new job with equal parameters', async () => {
    const first = (
      await post(
        'mix',
        'yyyyMm=2026-08 - 2026-10&dicFuel=5&dicFuel=6&modelSubCode=ABC&priceLow=8&priceHigh=30&segment=2&titleKeys=fuel&titleKeys=subSeriesCode',
      )
    ).body.result as ExportJobView;
    await finished(first.id);
    const again = (await post(first.kind, first.form)).body.result as ExportJobView;
    expect(again.id).not.toBe(first.id);
    expect(again.kind).toBe(first.kind);
    expect(again.conditions).toEqual(first.conditions);
    await finished(again.id);
    expect((await paramsOf(again.id)).params).toEqual((await paramsOf(first.id)).params);
  });
});
