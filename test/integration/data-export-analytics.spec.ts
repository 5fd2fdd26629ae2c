import type { NestExpressApplication } from '@nestjs/platform-express';
import type ExcelJS from 'exceljs';
import { Client } from 'pg';
import { API_PREFIX, ApiCode, type ChartResult, type ExportJobView } from '@car/contracts';
import { exportCalls, type ExportTestbed, openExportTestbed } from '../support/export-testbed';
import { sheetTable } from '../support/workbook-table';

const API = `${API_PREFIX}/dataExport`;
const PASSWORD = 'Export@2026b';

/**
 * The price-volume (mix), price and rebate exports end to end on the demo data, jobs in-process: each
 * form posted as the old client posts it, each workbook opened with exceljs and held to the API's own
 * figures for the same filters (the price-band chart) or to the price facts, the extra tags' rule, bad
 * bands, and a formula in the data neutralised.
 */
describe('the price-volume, price and rebate exports', () => {
  let app: NestExpressApplication;
  let token: string;
  let db: Client;
  let bed: ExportTestbed;

  beforeAll(async () => {
    bed = await openExportTestbed({ account: 'export_pv', password: PASSWORD, nickname: '价量导出测试', address: `10.81.${process.pid % 250}.1` });
    ({ app, token, db } = bed);
  });

  afterAll(() => bed?.close());

  const { server, finished, workbookOf } = exportCalls(
    () => app,
    () => token,
  );
  const post = (kind: string, form: string) => server().post(`${API}/${kind}`).set('token', token).type('form').send(form);

  async function exported(kind: string, form: string): Promise<{ job: ExportJobView; sheet: ExcelJS.Worksheet; rows: unknown[][] }> {
    const accepted = await post(kind, form).expect(200);
    expect(accepted.body.code).toBe(ApiCode.Success);
    const job = await finished(accepted.body.result.id);
    expect(job).toMatchObject({ kind, status: 'done', percent: 100, error: null });
    expect(job.rowsWritten).toBe(job.rowsExpected);
    const sheet = (await workbookOf(job)).workbook.worksheets[0];
    // The table below the header block (decision 281), its header frozen.
    const table = sheetTable(sheet);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: table.headerRow });
    const rows = table.values;
    expect(rows).toHaveLength(job.rowsWritten);
    return { job, sheet, rows };
  }

  test('price-volume: month × band × trim rows whose sums per band are the price-band chart’s for the same filters and bands', async () => {
    const form = 'yyyyMm=2026-09 - 2026-10&dicProducerProperty=1&priceLow=10&priceHigh=30&segment=5&titleKeys=producerProperty&titleKeys=fuel';
    const { job, sheet, rows } = await exported('mix', form);
    expect(job.fileName).toMatch(/^价量数据_2026-09至2026-10_\d{8}-\d{4}\.xlsx$/);
    expect(sheet.name).toBe('价量数据');
    expect(sheetTable(sheet).headers).toEqual(['月份', '价格段', '车型', '厂商属性', '燃料类型', '零售量']);
    expect(rows.length).toBeGreaterThan(100);
    const byMonthBand = new Map<string, number>();
    for (const [month, band, , property, , qty] of rows) {
      expect(typeof qty).toBe('number');
      expect(property).toBe('自主');
      const key = `${String(month)}|${String(band)}`;
      byMonthBand.set(key, (byMonthBand.get(key) ?? 0) + (qty as number));
    }
    for (const month of ['2026-09', '2026-10']) {
      const chart = (
        await server()
          .get(`${API_PREFIX}/pricevolume/priceQtyDetail/highCharts`)
          .query({ time: month, producerProperties: '1', priceLow: '10', priceHigh: '30', segment: '5', orderBy: '0' })
          .set('token', token)
          .expect(200)
      ).body.result as ChartResult;
      const categories = chart.xAxis[0].categories;
      expect(categories).toEqual(['10万以下', '10-15万', '15-20万', '20-25万', '25-30万', '30万以上']);
      const fromSheet = categories.map((band) => byMonthBand.get(`${month}|${band}`) ?? 0);
      expect(fromSheet).toEqual(chart.series[0].data);
    }
  });

  test('price-volume defaults to 5万-40万 in bands of 1万; bad bands are refused in Chinese', async () => {
    const { rows } = await exported('mix', 'yyyyMm=2026-10 - 2026-10&modelSubId=1');
    const bands = new Set(rows.map((r) => String(r[1])));
    for (const band of bands) expect(band).toMatch(/^(5万以下|40万以上|\d+-\d+万)$/);
    for (const band of bands) if (/^\d+-\d+万$/.test(band)) expect(Number(band.split('-')[1].replace('万', '')) - Number(band.split('-')[0])).toBe(1);
    const cases: Array<[string, RegExp]> = [
      ['yyyyMm=2026-10 - 2026-10&priceLow=40&priceHigh=5', /价格下限应小于价格上限/],
      ['yyyyMm=2026-10 - 2026-10&segment=3', /价格区间应为价格段宽度的整数倍/],
      ['yyyyMm=2026-10 - 2026-10&priceLow=abc', /^参数 priceLow 应为/],
    ];
    for (const [form, message] of cases) {
      const res = await post('mix', form);
      expect({ form, status: res.status }).toEqual({ form, status: 400 });
      expect(res.body.msg).toMatch(message);
    }
  });

  test('price: TP, MSRP, discount and rate by month × trim, and × city with the city tag; each the weighted figure of the price facts', async () => {
    const [trim] = (await db.query(`SELECT car_id FROM price_fact WHERE month = 202610 AND city_id = 440100 GROUP BY car_id ORDER BY sum(qty) DESC LIMIT 1`))
      .rows as Array<{ car_id: number }>;
    const { job, rows: national } = await exported('price', `yyyyMm=2026-09 - 2026-10&carId=${trim.car_id}&titleKeys=car&titleKeys=brand`);
    expect(job.fileName).toMatch(/^价格数据_/);
    const facts = (
      await db.query(
        `SELECT f.month, sum(f.tp::bigint * f.qty)::float8 / sum(f.qty) AS tp, max(m.msrp) AS msrp FROM price_fact f JOIN msrp_month m ON m.month = f.month AND m.car_id = f.car_id
          WHERE f.car_id = $1 AND f.month BETWEEN 202609 AND 202610 GROUP BY f.month ORDER BY f.month`,
        [trim.car_id],
      )
    ).rows as Array<{ month: number; tp: number; msrp: number }>;
    expect(national.map((r) => r[0])).toEqual(facts.map((f) => `${Math.floor(f.month / 100)}-${String(f.month % 100).padStart(2, '0')}`));
    for (const [i, f] of facts.entries()) {
      const [, , , msrp, tp, discount, rate] = national[i] as number[];
      expect(tp).toBe(Math.round(f.tp));
      expect(msrp).toBe(Math.round(Number(f.msrp)));
      expect(Math.abs(discount - (Number(f.msrp) - f.tp))).toBeLessThanOrEqual(1);
      expect(rate).toBeCloseTo((Number(f.msrp) - f.tp) / Number(f.msrp), 6);
    }

    const { sheet, rows: byCity } = await exported(
      'price',
      `yyyyMm=2026-10 - 2026-10&carId=${trim.car_id}&city=440100&city=110000&titleKeys=car&titleKeys=city`,
    );
    expect(sheetTable(sheet).headers).toEqual(['月份', '车型', '城市', '厂商指导价（元）', '成交价TP（元）', '优惠（元）', '优惠率']);
    const cityFacts = (
      await db.query(
        `SELECT ci.name, f.tp FROM price_fact f JOIN city ci ON ci.id = f.city_id WHERE f.car_id = $1 AND f.month = 202610 AND f.city_id IN (440100, 110000) ORDER BY f.city_id`,
        [trim.car_id],
      )
    ).rows as Array<{ name: string; tp: number }>;
    expect(byCity.map((r) => [r[2], r[4]])).toEqual(cityFacts.map((c) => [c.name, c.tp]));
  });

  test('rebate: the weighted rebate by month × trim equals the rebate facts; the extra tags need the car-model tag', async () => {
    const { rows } = await exported('fandian', 'yyyyMm=2026-10 - 2026-10&dicFuel=1&titleKeys=fuel');
    const [facts] = (
      await db.query(`SELECT count(*)::int AS n, sum(rb.rebate)::float8 AS total FROM rebate_month rb JOIN car c ON c.id = rb.car_id
          WHERE rb.month = 202610 AND c.fuel = 1 AND rb.rebate <> 0 AND EXISTS (SELECT 1 FROM price_fact f WHERE f.month = 202610 AND f.car_id = rb.car_id)`)
    ).rows as Array<{ n: number; total: number }>;
    expect(facts.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(facts.n);
    expect(rows.reduce((sum, r) => sum + (r[4] as number), 0)).toBe(facts.total);
    for (const r of rows) expect(r[2]).toBe('汽油');

    for (const [kind, form] of [
      ['fandian', 'yyyyMm=2026-10 - 2026-10&titleKeys=engine'],
      ['price', 'yyyyMm=2026-10 - 2026-10&city=110000&titleKeys=city'],
    ]) {
      const res = await post(kind, form);
      expect({ kind, status: res.status }).toEqual({ kind, status: 400 });
      expect(res.body.msg).toMatch(/需先选择车型标签$/);
    }
    expect((await post('fandian', 'yyyyMm=2026-10 - 2026-10&city=110000')).body.msg).toBe('参数 city 不是可用的参数');

    // §2.8 offers engine, gearbox and drive on the price-volume export without 车型 (§2.9's rule is not its).
    const { sheet: mixSheet, rows: mixRows } = await exported('mix', 'yyyyMm=2026-10 - 2026-10&dicGearBox=1&titleKeys=gearbox');
    expect(sheetTable(mixSheet).headers).toEqual(['月份', '价格段', '车型', '变速箱', '零售量']);
    expect(mixRows.length).toBeGreaterThan(0);
    const [gearbox] = (await db.query(`SELECT value FROM dictionary WHERE type = 'dicGearBox' AND key = '1'`)).rows as Array<{ value: string }>;
    for (const r of mixRows) expect(r[3]).toBe(gearbox.value);
  });

  test('a value that would be a formula is written as text', async () => {
    const [sub] = (
      await db.query(
        `SELECT s.id, s.code FROM sub_series s JOIN car c ON c.sub_series_id = s.id JOIN rebate_month rb ON rb.car_id = c.id AND rb.month = 202610 LIMIT 1`,
      )
    ).rows;
    await db.query(`UPDATE sub_series SET code = '=SUM(1,1)' WHERE id = $1`, [sub.id]);
    try {
      const { rows } = await exported('fandian', `yyyyMm=2026-10 - 2026-10&modelSubId=${sub.id}&titleKeys=subSeriesCode`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r[2]).toBe(`'=SUM(1,1)`);
    } finally {
      await db.query(`UPDATE sub_series SET code = $2 WHERE id = $1`, [sub.id, sub.code]);
    }
  });
});
