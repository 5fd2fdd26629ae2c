import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { API_PREFIX, type DataImportView, type ImportProblem, type Summary } from '@car/contracts';
import { binaryBody, signIn } from '../support/shared-app';
import { useImportTestbed } from '../support/import-testbed';
import { ANALYST } from '../support/sales-fixture';
import { sheetTable } from '../support/workbook-table';

const API = `${API_PREFIX}/dataImport`;
const HEADER = '月份,城市代码,车型代码,使用性质,所有权,颜色,销量';

/**
 * 数据导入 end to end on the hand-made sales fixture (a database of its own, jobs in-process): files with
 * every kind of problem, re-imports of a month, a write that fails midway, the sales API's figures after an
 * import, GBK and XLSX files, and the administrator-only guard. Trims are JLL61…JLL66, cities 110000,
 * 120000, 440100 and 440300; the fixture's months run to 2026-03, so 2026-04 is a new month.
 */
describe('data import', () => {
  const bed = useImportTestbed({ name: 'import', address: `10.83.${process.pid % 250}.1`, nickname: '导入管理员' });
  const { server, settled } = bed;
  let analyst: string;

  beforeAll(async () => {
    analyst = await signIn(bed.app, ANALYST.account, ANALYST.password, `10.83.${process.pid % 250}.2`);
  });
  const upload = (content: string | Buffer, options: { kind?: string; from?: string; to?: string; name?: string } = {}): Promise<DataImportView> =>
    bed.upload(content, { kind: options.kind ?? 'retail', from: options.from ?? '2026-04', to: options.to, name: options.name ?? '零售.csv' });
  const problems = async (id: string): Promise<Array<Pick<ImportProblem, 'line' | 'column' | 'level'>>> =>
    (await bed.problems(id)).map(({ line, column, level }) => ({ line, column, level }));

  async function retailRows(month: number): Promise<string[]> {
    const { rows } = await bed.db.query(
      `SELECT concat_ws(',', car_id, city_id, use_nature, ownership, colour, qty) AS row FROM retail_fact WHERE month = $1 ORDER BY 1`,
      [month],
    );
    return rows.map((r: { row: string }) => r.row);
  }

  async function retailFlag(month: number): Promise<boolean | null> {
    const { rows } = await bed.db.query(`SELECT has_retail FROM data_month WHERE month = $1`, [month]);
    return rows[0]?.has_retail ?? null;
  }

  const otherMonths = async (): Promise<string> =>
    (await bed.db.query(`SELECT count(*)::text || '/' || sum(qty)::text AS v FROM retail_fact WHERE month <> 202604`)).rows[0].v as string;

  test('a file with every kind of error reports exactly those lines and writes nothing until the valid rows are confirmed', async () => {
    const file = [
      HEADER,
      '2026-04,110000,JLL61,1,1,1,10', // 2 valid
      '2026-04,999999,JLL61,1,1,1,5', // 3 unknown city
      '2026-04,110000,NOPE,1,1,1,5', // 4 unknown trim
      '2026-05,110000,JLL61,1,1,1,5', // 5 month outside the declared range
      '2026-04,110000,JLL63,1,1,1,-3', // 6 negative quantity
      '2026-04,110000,JLL63,1,1,1,abc', // 7 not a number
      '2026-04,110000,JLL61,1,1,1,7', // 8 duplicate of line 2
      '2026-04,440100,JLL64,营运,个人,白色,20', // 9 valid, dictionary names instead of codes
      '2026-04,440100,JLL64,1,1,紫色,4', // 10 unknown colour
    ].join('\n');
    const before = await otherMonths();
    const checked = await upload(file);
    expect(checked).toMatchObject({ state: 'review', rowsParsed: 9, rowsValid: 2, errors: 7, warnings: 0, rowsWritten: 0, months: ['2026-04'] });
    expect(await problems(checked.id)).toEqual([
      { line: 3, column: '城市代码', level: 'error' },
      { line: 4, column: '车型代码', level: 'error' },
      { line: 5, column: '月份', level: 'error' },
      { line: 6, column: '销量', level: 'error' },
      { line: 7, column: '销量', level: 'error' },
      { line: 8, column: '', level: 'error' },
      { line: 10, column: '颜色', level: 'error' },
    ]);
    expect(await retailRows(202604)).toEqual([]);
    expect(await retailFlag(202604)).toBeNull();

    const report = await server().get(`${API}/report`).query({ id: checked.id }).set('token', bed.admin).buffer(true).parse(binaryBody).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.body);
    // Below the header block (decision 281): the import, its file and its counts.
    const problemSheet = sheetTable(workbook.worksheets[0]);
    expect(problemSheet.head[0]).toBe('零售量导入问题报告');
    expect(problemSheet.column('行号').map((cell) => cell.value)).toEqual([3, 4, 5, 6, 7, 8, 10]);

    const confirmed = await server().post(`${API}/confirm`).set('token', bed.admin).send({ id: checked.id }).expect(200);
    // In-process, the write may already have started or ended when the answer is made.
    expect(['writing', 'publishing', 'done']).toContain(confirmed.body.result.state);
    expect(await settled(checked.id)).toMatchObject({ state: 'done', rowsWritten: 2 });
    expect(await retailRows(202604)).toEqual(['61,110000,1,1,1,10', '64,440100,2,1,1,20']);
    expect(await retailFlag(202604)).toBe(true);
    expect(await otherMonths()).toBe(before);
    await server().post(`${API}/confirm`).set('token', bed.admin).send({ id: checked.id }).expect(400);
  });

  test('a header without a needed column is refused on line 1, and a cancelled import writes nothing', async () => {
    const checked = await upload('月份,城市代码,车型代码,使用性质,所有权,销量\n2026-04,110000,JLL61,1,1,10\n', { from: '2026-04' });
    expect(checked).toMatchObject({ state: 'review', rowsValid: 0, errors: 1 });
    expect(await problems(checked.id)).toEqual([{ line: 1, column: '颜色', level: 'error' }]);
    await server().post(`${API}/confirm`).set('token', bed.admin).send({ id: checked.id }).expect(400);
    const withError = await upload(`${HEADER}\n2026-04,110000,JLL62,1,1,1,9\n2026-04,110000,JLL62,1,1,1,x\n`);
    const rows = await retailRows(202604);
    const cancelled = await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: withError.id }).expect(200);
    expect(cancelled.body.result.state).toBe('cancelled');
    expect(await retailRows(202604)).toEqual(rows);
  });

  test('an import left checking or writing by a process that died can be cancelled; one a job is working on cannot', async () => {
    const checked = await upload(`${HEADER}\n2026-04,110000,JLL62,1,1,1,9\n2026-04,110000,JLL62,1,1,1,x\n`);
    expect(checked.state).toBe('review');
    const rows = await retailRows(202604);
    // What a worker killed mid-write leaves behind: the import writing, its staged rows, and no job at work.
    await bed.db.query(`UPDATE data_import SET state = 'writing' WHERE id = $1`, [checked.id]);
    const lock = `data_import:${checked.id}`;
    await bed.db.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [lock]);
    try {
      const refused = await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(400);
      expect(refused.body.msg).toBe('导入正在执行，暂不能取消：请稍后再试');
    } finally {
      await bed.db.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lock]);
    }
    const cancelled = await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(200);
    expect(cancelled.body.result).toMatchObject({ state: 'cancelled', stateText: '已取消' });
    const stage = `import_stage_${checked.id.replace(/-/g, '')}`;
    expect((await bed.db.query(`SELECT to_regclass($1) AS t`, [stage])).rows[0].t).toBeNull();
    expect(await retailRows(202604)).toEqual(rows);

    await bed.db.query(`UPDATE data_import SET state = 'validating' WHERE id = $1`, [checked.id]);
    expect((await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(200)).body.result.state).toBe('cancelled');
    const done = await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(400);
    expect(done.body.msg).toBe('只有待确认、排队中或中断的导入可以取消');
  });

  test("after an import the sales API shows the month with the file's sums; the same file again changes nothing, another replaces the month", async () => {
    const first = [
      HEADER,
      '2026-04,110000,JLL61,1,1,1,100',
      '2026-04,120000,JLL61,1,1,2,50',
      '2026-04,440300,JLL65,1,2,1,30',
      '2026-04,440100,JLL64,1,1,1,20',
    ].join('\r\n');
    const before = await otherMonths();
    expect(await upload(first)).toMatchObject({ state: 'done', rowsWritten: 4 });
    const whole = async (): Promise<Summary> =>
      (await server().get(`${API_PREFIX}/saleVolume/wholeMarket/whole`).query({ time: '2026-04' }).set('token', analyst).expect(200)).body.result as Summary;
    expect((await whole()).qty).toBe(200);
    const rows = await retailRows(202604);

    expect(await upload(first)).toMatchObject({ state: 'done', rowsWritten: 4 });
    expect(await retailRows(202604)).toEqual(rows);
    expect((await whole()).qty).toBe(200);

    expect(await upload([HEADER, '2026-04,110000,JLL63,1,1,1,7', '2026-04,440100,JLL64,1,1,1,5'].join('\n'))).toMatchObject({ state: 'done', rowsWritten: 2 });
    expect(await retailRows(202604)).toEqual(['63,110000,1,1,1,7', '64,440100,1,1,1,5']);
    expect((await whole()).qty).toBe(12);
    expect(await otherMonths()).toBe(before);
  });

  test('an import that fails midway through its write leaves the month as it was', async () => {
    await upload([HEADER, '2026-04,110000,JLL61,1,1,1,40'].join('\n'));
    let failedStage: string;
    const rows = await retailRows(202604);
    // The write's INSERT fails at the last row, after the month's DELETE: the transaction must undo both.
    await bed.db.query(`CREATE FUNCTION fail_at_777() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'interrupted'; END $$`);
    await bed.db.query(`CREATE TRIGGER fail_at_777 BEFORE INSERT ON retail_fact FOR EACH ROW WHEN (NEW.qty = 777) EXECUTE FUNCTION fail_at_777()`);
    try {
      const lines = [HEADER];
      for (const city of [110000, 120000, 440100, 440300])
        for (const car of [61, 63, 64, 65]) lines.push(`2026-04,${city},JLL${car},1,1,1,${city === 440300 && car === 65 ? 777 : 3}`);
      const failed = await upload(lines.join('\n'));
      failedStage = `import_stage_${failed.id.replace(/-/g, '')}`;
      expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('原有数据未改变') });
    } finally {
      await bed.db.query(`DROP TRIGGER fail_at_777 ON retail_fact; DROP FUNCTION fail_at_777()`);
    }
    expect(await retailRows(202604)).toEqual(rows);
    expect(await retailFlag(202604)).toBe(true);
    const { rows: stages } = await bed.db.query(`SELECT tablename FROM pg_tables WHERE tablename = $1`, [failedStage]);
    expect(stages).toEqual([]);
  });

  test('a GBK file as Chinese spreadsheet tools save it, and an XLSX workbook, import alike', async () => {
    const gbk = iconv.encode([HEADER, '2026-04,110000,JLL61,非营运,单位,黑色,8'].join('\r\n'), 'gbk');
    expect(await upload(gbk, { name: '零售GBK.csv' })).toMatchObject({ state: 'done', rowsWritten: 1, fileName: '零售GBK.csv' });
    expect(await retailRows(202604)).toEqual(['61,110000,1,2,2,8']);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('数据');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['2026-04', 110000, 'JLL62', 1, 1, 1, 6]);
    sheet.addRow([new Date(Date.UTC(2026, 3, 1)), '440300', 'JLL66', 2, 2, 3, 4]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await upload(xlsx, { name: '零售.xlsx' })).toMatchObject({ state: 'done', rowsWritten: 2 });
    expect(await retailRows(202604)).toEqual(['62,110000,1,1,1,6', '66,440300,2,2,3,4']);
  });

  test('a file past what the process may hold is refused with its reason, before it is held: a CSV record, a cell, an XLSX whose shared strings inflate past 16 MB', async () => {
    const rows = await retailRows(202604);
    // One quoted field of 1.5 M characters (an unclosed quote reads the same): csv-parse stops at 1 Mi.
    const record = await upload(`${HEADER}\n2026-04,110000,JLL61,1,1,1,5\n2026-04,"${'x'.repeat(1_500_000)}",JLL61,1,1,1,5\n`);
    expect(record).toMatchObject({ state: 'failed', error: '第 3 行过长：一行不能超过 1,048,576 个字符（请检查是否有未闭合的引号）' });
    const cell = await upload(`${HEADER}\n2026-04,110000,JLL61,1,1,1,5,"${'备'.repeat(40_000)}"\n`);
    expect(cell).toMatchObject({ state: 'failed', error: '文件中有单元格过长：一个单元格不能超过 32,767 个字符' });

    // A real workbook whose shared strings part is padded to 24 MB of strings: about 50 KB deflated.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('零售量');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['2026-04', '110000', 'JLL62', '1', '1', '1', 6]);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    const padding = '<si><t>填充</t></si>'.repeat((24 * 1024 * 1024) / 20);
    zip.file('xl/sharedStrings.xml', strings.replace('</sst>', `${padding}</sst>`));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(bomb, { name: '零售.xlsx' });
    expect(refused).toMatchObject({ state: 'failed', error: 'XLSX 文件的共享字符串解压后超过 16 MB：请删除多余内容或另存为 CSV 后上传' });
    // A zip that is not a workbook's package at all.
    const junk = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]), { name: '零售.xlsx' });
    expect(junk).toMatchObject({ state: 'failed', error: 'XLSX 文件已损坏或不是有效的工作簿：请用 Excel 另存为 .xlsx 后重新上传' });
    expect(await retailRows(202604)).toEqual(rows);
    for (const { id } of [record, cell, refused, junk])
      expect((await bed.db.query(`SELECT to_regclass($1) AS t`, [`import_stage_${id.replace(/-/g, '')}`])).rows[0].t).toBeNull();
  });

  test('a transaction price far from the MSRP is a warning, not an error; other kinds write their own table', async () => {
    // JLL61's MSRP is 150000: 60000 is more than 50 % below it.
    const file = ['月份,车型代码,城市代码,成交价,销量', '2026-04,JLL61,110000,140000,10', '2026-04,JLL61,120000,60000,2'].join('\n');
    const price = await upload(file, { kind: 'price' });
    expect(price).toMatchObject({ state: 'done', errors: 0, warnings: 1, rowsWritten: 2 });
    expect(await problems(price.id)).toEqual([{ line: 3, column: '成交价', level: 'warning' }]);
    expect((await bed.db.query(`SELECT has_price FROM data_month WHERE month = 202604`)).rows[0].has_price).toBe(true);
    expect(await upload('月份,车型代码,销量\n2026-04,JLL61,33\n', { kind: 'wholesale' })).toMatchObject({ state: 'done', rowsWritten: 1 });
    expect((await bed.db.query(`SELECT qty FROM wholesale_fact WHERE month = 202604`)).rows).toEqual([{ qty: 33 }]);
  });

  test('the templates carry the Chinese headers', async () => {
    expect((await bed.template('retail', 'csv')).toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bed.template('price')) as unknown as ArrayBuffer);
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['月份', '车型代码', '城市代码', '成交价', '销量']);
  });

  test('an analyst reaches none of the import calls (403)', async () => {
    const calls = [
      server().get(`${API}/jobs`),
      server().get(`${API}/template`).query({ kind: 'retail' }),
      server()
        .post(`${API}/upload`)
        .field('kind', 'retail')
        .field('from', '2026-04')
        .field('to', '2026-04')
        .attach('file', Buffer.from(`${HEADER}\n`), 'a.csv'),
      server().post(`${API}/confirm`).send({ id: '00000000-0000-4000-8000-000000000000' }),
    ];
    for (const call of calls) expect((await call.set('token', analyst)).status).toBe(403);
    const { rows } = await bed.db.query(`SELECT count(*)::int AS n FROM data_import i JOIN app_user u ON u.id = i.user_id WHERE u.account = $1`, [
      ANALYST.account,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
