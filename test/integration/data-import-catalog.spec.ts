import { API_PREFIX, IMPORT_COLUMNS, type DataImportView, type ImportProblem } from '@car/contracts';
import { useImportTestbed } from '../support/import-testbed';

const API = `${API_PREFIX}/dataImport`;
const HEADER = IMPORT_COLUMNS.catalog.map((c) => c.header).join(',');

/** A catalog row from its cells by header (the others empty). */
function row(cells: Partial<Record<string, string | number>>): string {
  return IMPORT_COLUMNS.catalog.map((c) => String(cells[c.header] ?? '')).join(',');
}

/** A new trim's attributes. */
const NEW_TRIM = {
  年款: 2026,
  厂商指导价: 129800,
  燃料类型: '纯电动',
  车身形式: 'SUV',
  变速箱: 5,
  驱动形式: '前驱',
  车型级别: 3,
  座位数: 5,
  上市月份: '2026-03',
};
/** A new sub-series with its parents: a new series under an existing producer and brand. */
const NEW_SUB = { 厂商: '甲汽车', 品牌: '甲德', 车系: '德锐EV', 子车系代码: 'FX100', 子车系: '德锐EV星', 首字母: 'D', 细分市场: 'A级SUV' };

/**
 * 车型目录 imports (decision 117) on the hand-made sales fixture: sub-series FX051-FX054, trims JLL61-JLL66,
 * producers 甲汽车 / 乙汽车, brands 甲德 / 甲日 / 乙牌. A file with errors at known lines, a missing key
 * column, then a file adding a sub-series with two trims and changing a trim's MSRP and a sub-series'
 * segment: the search calls and the rollups follow, and the same file again changes nothing.
 */
describe('data import: the reference catalog', () => {
  const bed = useImportTestbed({ name: 'import_catalog', address: `10.84.${process.pid % 250}.1`, nickname: '目录管理员' });
  const { server, settled } = bed;
  const upload = (content: string): Promise<DataImportView> => bed.upload(content, { kind: 'catalog', from: '2026-03', name: '车型目录.csv' });
  const problems = async (id: string): Promise<Array<Pick<ImportProblem, 'line' | 'column'>>> =>
    (await bed.problems(id)).map(({ line, column }) => ({ line, column }));

  /** Every catalog row, as text: what an import may change. */
  const catalog = async (): Promise<string> =>
    (
      await bed.db.query(
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
      row({ 子车系代码: 'FX052', 子车系: '德锐', 车型代码: 'JLL66' }), // 9 a name another sub-series has
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
    await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(200);
    expect(await catalog()).toBe(before);

    // The same file, its valid row confirmed: only JLL61's MSRP changes.
    const again = await upload(file);
    expect(again).toMatchObject({ state: 'review', rowsValid: 1, errors: 7 });
    await server().post(`${API}/confirm`).set('token', bed.admin).send({ id: again.id }).expect(200);
    expect(await settled(again.id)).toMatchObject({ state: 'done', rowsWritten: 1 });
    expect((await bed.db.query(`SELECT msrp FROM car WHERE jll_code = 'JLL61'`)).rows).toEqual([{ msrp: 99000 }]);
    const { rows: added } = await bed.db.query(`SELECT count(*)::int AS n FROM car WHERE jll_code IN ('JLL200', 'JLL201', 'JLL202')`);
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

    const found = await server().get(`${API_PREFIX}/search/getSubModels`).query({ key: '德锐EV' }).set('token', bed.admin).expect(200);
    const sub = (found.body.result as Array<{ id: number; name: string }>).find((s) => s.name === '德锐EV星');
    expect(sub).toBeDefined();
    const { rows: subs } = await bed.db.query(
      `SELECT s.code, se.name AS series, s.segment_id, s.producer_id, s.brand_id, s.body_type, s.fuel, s.launch_month FROM sub_series s JOIN series se ON se.id = s.series_id WHERE s.id = $1`,
      [sub!.id],
    );
    expect(subs).toEqual([{ code: 'FX100', series: '德锐EV', segment_id: 7, producer_id: 11, brand_id: 21, body_type: 4, fuel: 6, launch_month: 202603 }]);
    const { rows: trims } = await bed.db.query(`SELECT jll_code, msrp, drive, producer_brand_id FROM car WHERE sub_series_id = $1 ORDER BY jll_code`, [
      sub!.id,
    ]);
    expect(trims).toEqual([
      { jll_code: 'JLL101', msrp: 129800, drive: 1, producer_brand_id: 31 },
      { jll_code: 'JLL102', msrp: 149800, drive: 3, producer_brand_id: 31 },
    ]);
    const cars = await server().get(`${API_PREFIX}/search/getCars`).query({ modelSubIds: '52' }).set('token', bed.admin).expect(200);
    expect(cars.body.result[0].cars.map((c: { msrp: string }) => c.msrp)).toEqual(['159,000']);
    // The rollups were rebuilt with the new segment of FX054's trims.
    const { rows: rolled } = await bed.db.query(`SELECT DISTINCT segment_id FROM rollup_retail_car WHERE car_id IN (65, 66)`);
    expect(rolled).toEqual([{ segment_id: 3 }]);
    const { rows: trimSegments } = await bed.db.query(`SELECT jll_code, segment_id FROM car WHERE id IN (65, 66) ORDER BY id`);
    expect(trimSegments).toEqual([
      { jll_code: 'JLL65', segment_id: 3 },
      { jll_code: 'JLL66', segment_id: 3 },
    ]);

    const before = await catalog();
    const again = await upload(file);
    expect(again).toMatchObject({ state: 'done', rowsValid: 4, errors: 0, rowsWritten: 0 });
    expect(await catalog()).toBe(before);
  });

  test('a write failing midway leaves the catalog as it was', async () => {
    const before = await catalog();
    await bed.db.query(`CREATE FUNCTION fail_catalog() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'interrupted'; END $$`);
    await bed.db.query(`CREATE TRIGGER fail_catalog BEFORE INSERT ON car FOR EACH ROW WHEN (NEW.jll_code = 'JLL999') EXECUTE FUNCTION fail_catalog()`);
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
      await bed.db.query(`DROP TRIGGER fail_catalog ON car; DROP FUNCTION fail_catalog()`);
    }
  });

  /** Whether the import queued its rollup rebuild (the publish step's job). */
  const published = async (id: string): Promise<boolean> => (await bed.db.query(`SELECT 1 FROM job_run WHERE id = $1`, [`${id}-publish`])).rowCount === 1;

  test('new producers and brands are created with their attributes; engine, battery and emission standard are written, a new engine joins the dictionary', async () => {
    const maker = {
      厂商: '丙汽车',
      厂商属性: '自主',
      厂商首字母: 'B',
      厂商类型: '新创',
      品牌: '丙牌',
      品牌属性: '主流',
      品牌首字母: 'b',
      品牌系别: '自主',
      品牌集团: '丙集团',
      品牌类型: 2,
    };
    const missing = await upload(
      [HEADER, row({ ...NEW_SUB, 厂商: '丁汽车', 子车系代码: 'FX400', 子车系: '丁车', 车型代码: 'JLL400', 车型名称: '丁车 2026款', ...NEW_TRIM })].join('\n'),
    );
    expect(missing).toMatchObject({ state: 'review', errors: 1, rowsValid: 0 });
    expect((await bed.problems(missing.id)).map((p) => [p.line, p.column, p.message])).toEqual([
      [2, '厂商', '新厂商「丁汽车」须填写厂商属性、厂商首字母、厂商类型（系统中没有该厂商）'],
    ]);
    await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: missing.id }).expect(200);

    const done = await upload(
      [
        HEADER,
        row({
          ...NEW_SUB,
          ...maker,
          车系: '丙系',
          子车系代码: 'FX401',
          子车系: '丙车',
          首字母: 'B',
          车型代码: 'JLL401',
          车型名称: '丙车 2026款 1.2T',
          ...NEW_TRIM,
          燃料类型: '汽油',
          发动机: '1.2T',
          排放标准: '国VI b',
        }),
        row({
          子车系代码: 'FX401',
          车型代码: 'JLL402',
          车型名称: '丙车 2026款 插混',
          ...NEW_TRIM,
          燃料类型: '插电式混合动力',
          发动机: '1.5T',
          电池容量: '18.3',
          排放标准: 1,
        }),
        row({ 子车系代码: 'FX053', 车型代码: 'JLL64', 发动机: '无', 电池容量: '80.5', 排放标准: '无' }),
      ].join('\n'),
    );
    // The fixture's engine dictionary is empty: both engines are new, each warned of once.
    expect(done).toMatchObject({ state: 'done', errors: 0, warnings: 2, rowsValid: 3 });
    expect((await bed.problems(done.id)).map((p) => [p.line, p.column, p.level, p.message])).toEqual([
      [2, '发动机', 'warning', '发动机「1.2T」不在发动机字典中：将作为新发动机加入'],
      [3, '发动机', 'warning', '发动机「1.5T」不在发动机字典中：将作为新发动机加入'],
    ]);
    const { rows: makers } = await bed.db.query(
      `SELECT p.name AS producer, p.initial AS pi, p.property AS pp, p.jll_type AS pt, b.name AS brand, b.initial AS bi, b.property AS bp, b.family_id AS bf, g.name AS grp, b.jll_type AS bt
         FROM sub_series s JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id JOIN brand_group g ON g.id = b.group_id WHERE s.code = 'FX401'`,
    );
    expect(makers).toEqual([{ producer: '丙汽车', pi: 'B', pp: 1, pt: 2, brand: '丙牌', bi: 'B', bp: 2, bf: 1, grp: '丙集团', bt: 2 }]);
    const { rows: trims } = await bed.db.query(
      `SELECT jll_code, engine, battery_kwh::text AS battery, emission_standard FROM car WHERE jll_code IN ('JLL401', 'JLL402', 'JLL64') ORDER BY jll_code`,
    );
    expect(trims).toEqual([
      { jll_code: 'JLL401', engine: '1.2T', battery: null, emission_standard: 1 },
      { jll_code: 'JLL402', engine: '1.5T', battery: '18.3', emission_standard: 1 },
      { jll_code: 'JLL64', engine: null, battery: '80.5', emission_standard: null },
    ]);
    const engines = await server().get(`${API_PREFIX}/search/dictionary`).query({ type: 'dicEngine' }).set('token', bed.admin).expect(200);
    expect((engines.body.result as Array<{ key: string }>).map((e) => e.key)).toContain('1.2T');
    // New trims have no sales and JLL64's engine is no rollup attribute: nothing to rebuild.
    expect(done.months).toEqual([]);
    expect(await published(done.id)).toBe(false);

    const bad = await upload([HEADER, row({ 子车系代码: 'FX053', 车型代码: 'JLL64', 发动机: '强劲', 电池容量: '-3', 排放标准: '国IX' })].join('\n'));
    expect((await problems(bad.id)).map((p) => p.column)).toEqual(['发动机', '排放标准', '电池容量']);
    await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: bad.id }).expect(200);
  });

  test('停产月份: an empty cell in a file with the column puts the trim back on sale (with a warning); a file without the column keeps it', async () => {
    const keep = await upload(['子车系代码,车型代码,车型名称', 'FX054,JLL66,乙尊 2024款 2.0T 标准版'].join('\n'));
    expect(keep).toMatchObject({ state: 'done', warnings: 0, rowsWritten: 1 });
    expect((await bed.db.query(`SELECT name, end_month FROM car WHERE jll_code = 'JLL66'`)).rows).toEqual([
      { name: '乙尊 2024款 2.0T 标准版', end_month: 202512 },
    ]);

    const reopen = await upload(['子车系代码,车型代码,停产月份', 'FX054,JLL66,'].join('\n'));
    expect(reopen).toMatchObject({ state: 'done', warnings: 1, rowsWritten: 1 });
    expect((await bed.problems(reopen.id)).map((p) => p.message)).toEqual(['停产月份为空：车型「JLL66」将改为在售（原停产月份 2025-12）']);
    expect((await bed.db.query(`SELECT end_month FROM car WHERE jll_code = 'JLL66'`)).rows).toEqual([{ end_month: null }]);

    const end = await upload(['子车系代码,车型代码,停产月份', 'FX054,JLL66,2025-12'].join('\n'));
    expect(end).toMatchObject({ state: 'done', warnings: 0, rowsWritten: 1 });
    expect((await bed.db.query(`SELECT end_month FROM car WHERE jll_code = 'JLL66'`)).rows).toEqual([{ end_month: 202512 }]);
  });

  test('a changed trim rebuilds only the months it sold in; a change no rollup reads and an unchanged file queue nothing', async () => {
    // JLL62 sold in 2026-01 to 2026-03 only: its MSRP is the band rollup's price when a month has no msrp_month row.
    const changed = await upload(['子车系代码,车型代码,厂商指导价', 'FX051,JLL62,175000'].join('\n'));
    expect(changed).toMatchObject({ state: 'done', rowsWritten: 1, months: ['2026-01', '2026-02', '2026-03'] });
    expect(await published(changed.id)).toBe(true);
    const { rows: band } = await bed.db.query(`SELECT DISTINCT msrp_floor FROM rollup_retail_car_band WHERE car_id = 62`);
    expect(band).toEqual([{ msrp_floor: 175000 }]);

    const again = await upload(['子车系代码,车型代码,厂商指导价', 'FX051,JLL62,175000'].join('\n'));
    expect(again).toMatchObject({ state: 'done', rowsWritten: 0, months: [] });
    expect(await published(again.id)).toBe(false);

    const renamed = await upload(['子车系代码,车型代码,车型名称', 'FX051,JLL62,德锐 2026款 1.5T 尊贵型'].join('\n'));
    expect(renamed).toMatchObject({ state: 'done', rowsWritten: 1, months: [] });
    expect(await published(renamed.id)).toBe(false);

    // A brand's type is a rollup attribute of all its trims: 甲日's only trim JLL63 sold in every month but 2025-02's gap is filled by 天津.
    const brandType = await upload(['子车系代码,车型代码,品牌,品牌类型', 'FX052,JLL63,甲日,2'].join('\n'));
    expect(brandType.months).toHaveLength(15);
    expect((await bed.db.query(`SELECT DISTINCT jll_type FROM rollup_retail_car WHERE car_id = 63`)).rows).toEqual([{ jll_type: 2 }]);
  });

  test('the catalog template carries its Chinese headers and a trim of the catalog', async () => {
    const [header, example] = (await bed.template('catalog', 'csv'))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(header).toBe(HEADER);
    expect(example).toContain('JLL61');
  });
});
