import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { API_PREFIX, IMPORT_COLUMNS, type DataImportView, type ImportProblem } from '@car/contracts';
import { binaryBody } from '../support/api-app';
import { importCalls, type ImportTestbed, openImportTestbed } from '../support/import-testbed';

const API = `${API_PREFIX}/dataImport`;
const HEADER = IMPORT_COLUMNS.catalog.map((c) => c.header).join(',');

/** A catalog row from its cells by header (the others empty). */
function row(cells: Partial<Record<string, string | number>>): string {
  return IMPORT_COLUMNS.catalog.map((c) => String(cells[c.header] ?? '')).join(',');
}

/** A new trim's attributes. */
const NEW_TRIM = { 年款: 2026, 厂商指导价: 129800, 燃料类型: '纯电动', 车身形式: 'SUV', 变速箱: 5, 驱动形式: '前驱', 车型级别: 3, 座位数: 5, 上市月份: '2026-03' };
/** A new sub-series with its parents: a new series under an existing producer and brand. */
const NEW_SUB = { 厂商: '甲汽车', 品牌: '甲德', 车系: '德锐EV', 子车系代码: 'FX100', 子车系: '德锐EV星', 首字母: 'D', 细分市场: 'A级SUV' };

/**
 * 车型目录 imports (decision 117) on the hand-made sales fixture: sub-series FX051-FX054, trims JLL61-JLL66,
 * producers 甲汽车 / 乙汽车, brands 甲德 / 甲日 / 乙牌. A file with errors at known lines, a missing key
 * column, then a file adding a sub-series with two trims and changing a trim's MSRP and a sub-series'
 * segment: the search calls and the rollups follow, and the same file again changes nothing.
 */
describe('data import: the reference catalog', () => {
  let app: NestExpressApplication;
  let admin: string;
  let db: Client;
  let bed: ImportTestbed;

  beforeAll(async () => {
    bed = await openImportTestbed({ database: `car_import_catalog_${process.pid}`, address: `10.84.${process.pid % 250}.1`, nickname: '目录管理员' });
    ({ app, admin, db } = bed);
  }, 120_000);

  afterAll(() => bed?.close());

  const calls = importCalls(() => app, () => admin);
  const { server, settled } = calls;
  const upload = (content: string): Promise<DataImportView> => calls.upload(content, { kind: 'catalog', from: '2026-03', name: '车型目录.csv' });
  const problems = async (id: string): Promise<Array<Pick<ImportProblem, 'line' | 'column'>>> => (await calls.problems(id)).map(({ line, column }) => ({ line, column }));

  /** Every catalog row, as text: what an import may change. */
  const catalog = async (): Promise<string> =>
    (
      await db.query(
        `SELECT (SELECT string_agg(t::text, ';' ORDER BY id) FROM car t) || (SELECT string_agg(t::text, ';' ORDER BY id) FROM sub_series t)
             || (SELECT string_agg(t::text, ';' ORDER BY id) FROM series t) || (SELECT string_agg(t::text, ';' ORDER BY id) FROM producer_brand t)
             || (SELECT string_agg(t::text, ';' ORDER BY id) FROM producer t) || (SELECT string_agg(t::text, ';' ORDER BY id) FROM brand t) AS v`,
      )
    ).rows[0].v as string;

  test('a file with errors reports them at their lines and writes nothing until its valid rows are confirmed; a missing key column is one problem', async () => {
    const before = await catalog();
    const file = [
      HEADER,
      row({ 子车系代码: 'FX051', 车型代码: 'JLL61', 厂商指导价: 99000 }), // 2 valid
      row({ ...NEW_SUB, 子车系代码: 'FX200', 子车系: '新车A', 细分市场: 'Z级车', 车型代码: 'JLL200', 车型名称: '新车A 2026款', ...NEW_TRIM }), // 3 unknown segment
      row({ 子车系代码: 'FX201', 车型代码: 'JLL201', 车型名称: '孤儿', ...NEW_TRIM }), // 4 sub-series neither in the system nor the file
      row({ 子车系代码: 'FX051', 车型代码: 'JLL61', 座位数: 7 }), // 5 trim code repeats line 2
      row({ 子车系代码: 'FX051', 车型代码: 'JLL62', 燃料类型: '核动力' }), // 6 unknown fuel
      row({ 子车系代码: 'FX051', 车型代码: 'JLL202', 车型名称: '缺属性' }), // 7 new trim without its attributes
      row({ 厂商: '丙汽车', 子车系代码: 'FX052', 车型代码: 'JLL63' }), // 8 unknown producer
      row({ 子车系代码: 'FX052', 子车系: '德锐', 车型代码: 'JLL63' }), // 9 a name another sub-series has
    ].join('\n');
    const checked = await upload(file);
    expect(checked).toMatchObject({ state: 'review', rowsParsed: 8, rowsValid: 1, errors: 7, rowsWritten: 0 });
    expect(await problems(checked.id)).toEqual([
      { line: 3, column: '细分市场' },
      { line: 4, column: '子车系代码' },
      { line: 5, column: '车型代码' },
      { line: 6, column: '燃料类型' },
      { line: 7, column: '车型代码' },
      { line: 8, column: '厂商' },
      { line: 9, column: '子车系' },
    ]);
    expect(await catalog()).toBe(before);
    await server().post(`${API}/cancel`).set('token', admin).send({ id: checked.id }).expect(200);
    expect(await catalog()).toBe(before);

    // The same file, its valid row confirmed: only JLL61's MSRP changes.
    const again = await upload(file);
    expect(again).toMatchObject({ state: 'review', rowsValid: 1, errors: 7 });
    await server().post(`${API}/confirm`).set('token', admin).send({ id: again.id }).expect(200);
    expect(await settled(again.id)).toMatchObject({ state: 'done', rowsWritten: 1 });
    expect((await db.query(`SELECT msrp FROM car WHERE jll_code = 'JLL61'`)).rows).toEqual([{ msrp: 99000 }]);
    const { rows: added } = await db.query(`SELECT count(*)::int AS n FROM car WHERE jll_code IN ('JLL200', 'JLL201', 'JLL202')`);
    expect(added).toEqual([{ n: 0 }]);
    const confirmed = await catalog();

    const noKey = await upload(['厂商,车型代码', '甲汽车,JLL61'].join('\n'));
    expect(noKey).toMatchObject({ state: 'review', errors: 1, rowsValid: 0 });
    expect(await problems(noKey.id)).toEqual([{ line: 1, column: '子车系代码' }]);
    expect(await catalog()).toBe(confirmed);
  });

  test('a new sub-series with its trims and changed attributes reach the search calls and the rollups; the same file again changes nothing', async () => {
    const file = [
      HEADER,
      row({ ...NEW_SUB, 车型代码: 'JLL101', 车型名称: '德锐EV星 2026款 标准续航', ...NEW_TRIM }),
      row({ 子车系代码: 'FX100', 车型代码: 'JLL102', 车型名称: '德锐EV星 2026款 长续航', ...NEW_TRIM, 厂商指导价: 149800, 驱动形式: '四驱' }),
      row({ 子车系代码: 'FX052', 车型代码: 'JLL63', 厂商指导价: '"159,000"' }),
      row({ 子车系代码: 'FX054', 细分市场: 'A级轿车', 车型代码: 'JLL65' }),
    ].join('\r\n');
    const done = await upload(file);
    expect(done).toMatchObject({ state: 'done', rowsParsed: 4, rowsValid: 4, errors: 0 });
    // Eight rows: new, a series, a sub-series and two trims; changed, JLL63's MSRP, FX054's segment, JLL65 and (following its sub-series) JLL66.
    expect(done.rowsWritten).toBe(8);

    const found = await server().get(`${API_PREFIX}/search/getSubModels`).query({ key: '德锐EV' }).set('token', admin).expect(200);
    const sub = (found.body.result as Array<{ id: number; name: string }>).find((s) => s.name === '德锐EV星');
    expect(sub).toBeDefined();
    const { rows: subs } = await db.query(`SELECT s.code, se.name AS series, s.segment_id, s.producer_id, s.brand_id, s.body_type, s.fuel, s.launch_month FROM sub_series s JOIN series se ON se.id = s.series_id WHERE s.id = $1`, [sub!.id]);
    expect(subs).toEqual([{ code: 'FX100', series: '德锐EV', segment_id: 7, producer_id: 11, brand_id: 21, body_type: 4, fuel: 6, launch_month: 202603 }]);
    const { rows: trims } = await db.query(`SELECT jll_code, msrp, drive, producer_brand_id FROM car WHERE sub_series_id = $1 ORDER BY jll_code`, [sub!.id]);
    expect(trims).toEqual([
      { jll_code: 'JLL101', msrp: 129800, drive: 1, producer_brand_id: 31 },
      { jll_code: 'JLL102', msrp: 149800, drive: 3, producer_brand_id: 31 },
    ]);
    const cars = await server().get(`${API_PREFIX}/search/getCars`).query({ modelSubIds: '52' }).set('token', admin).expect(200);
    expect(cars.body.result[0].cars.map((c: { msrp: string }) => c.msrp)).toEqual(['159,000']);
    // The rollups were rebuilt with the new segment of FX054's trims.
    const { rows: rolled } = await db.query(`SELECT DISTINCT segment_id FROM rollup_retail_car WHERE car_id IN (65, 66)`);
    expect(rolled).toEqual([{ segment_id: 3 }]);
    const { rows: trimSegments } = await db.query(`SELECT jll_code, segment_id FROM car WHERE id IN (65, 66) ORDER BY id`);
    expect(trimSegments).toEqual([{ jll_code: 'JLL65', segment_id: 3 }, { jll_code: 'JLL66', segment_id: 3 }]);

    const before = await catalog();
    const again = await upload(file);
    expect(again).toMatchObject({ state: 'done', rowsValid: 4, errors: 0, rowsWritten: 0 });
    expect(await catalog()).toBe(before);
  });

  test('a write failing midway leaves the catalog as it was', async () => {
    const before = await catalog();
    await db.query(`CREATE FUNCTION fail_catalog() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'interrupted'; END $$`);
    await db.query(`CREATE TRIGGER fail_catalog BEFORE INSERT ON car FOR EACH ROW WHEN (NEW.jll_code = 'JLL999') EXECUTE FUNCTION fail_catalog()`);
    try {
      const failed = await upload(
        [
          HEADER,
          row({ 子车系代码: 'FX053', 车型代码: 'JLL64', 厂商指导价: 88000, 厂商属性: '合资', 厂商: '乙汽车' }),
          row({ ...NEW_SUB, 子车系代码: 'FX300', 子车系: '中断车', 车型代码: 'JLL999', 车型名称: '中断车 2026款', ...NEW_TRIM }),
        ].join('\n'),
      );
      expect(failed).toMatchObject({ state: 'failed', rowsWritten: 0 });
      expect(await catalog()).toBe(before);
    } finally {
      await db.query(`DROP TRIGGER fail_catalog ON car; DROP FUNCTION fail_catalog()`);
    }
  });

  test('the catalog template carries its Chinese headers and a trim of the catalog', async () => {
    const res = await server().get(`${API}/template`).query({ kind: 'catalog', format: 'csv' }).set('token', admin).buffer(true).parse(binaryBody).expect(200);
    const [header, example] = (res.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(HEADER);
    expect(example).toContain('JLL61');
  });
});
