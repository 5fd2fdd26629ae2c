import ExcelJS from 'exceljs';
import { API_PREFIX, type ConfigRow, type ConfigTable, type DataImportView, type ImportProblem } from '@car/contracts';
import { CONFIG_LAYER } from '../support/config-fixture';
import { useImportTestbed } from '../support/import-testbed';

const API = `${API_PREFIX}/dataImport`;

/**
 * 配置表 imports (decision 119) on the hand-made market of sales-fixture.ts with the sheet of config-fixture.ts:
 * categories 基本信息 [1], 车身 [2], 舒适配置 [3]; items such as 座椅加热 > 前排 > 主驾 [303]; trims 61, 62, 64,
 * 65, 66 have sheets, 63 (日行SUV, sub-series 52) none. A file with errors at known lines and columns writes
 * nothing; a clean file writes its non-empty cells, the 配置查询 comparison shows them at once, and the same
 * file again changes nothing.
 */
describe('data import: the configuration sheets', () => {
  const bed = useImportTestbed({ name: 'import_config', address: `10.85.${process.pid % 250}.1`, nickname: '配置管理员', layers: [CONFIG_LAYER] });
  const { server } = bed;
  const upload = (lines: string[]): Promise<DataImportView> => bed.upload(lines.join('\r\n'), { kind: 'config', from: '2026-03', name: '配置表.csv' });
  const problems = async (id: string): Promise<Array<Pick<ImportProblem, 'line' | 'column'>>> =>
    (await bed.problems(id)).map(({ line, column }) => ({ line, column }));
  const values = async (): Promise<string> =>
    (await bed.db.query(`SELECT string_agg(car_id || ':' || item_id || '=' || value, ';' ORDER BY car_id, item_id) AS v FROM config_value`)).rows[0]
      .v as string;

  /** What the 配置查询 comparison shows for the trims, by row label (sub-rows as 'parent > child'). */
  async function compared(ids: string, codes: readonly string[]): Promise<Record<string, string[]>> {
    const res = await server()
      .get(`${API_PREFIX}/carConfig/get`)
      .query({ ids, carJllCodes: codes.join(',') })
      .set('token', bed.admin)
      .expect(200);
    const table = res.body.result as ConfigTable;
    const shown: Record<string, string[]> = {};
    for (const block of table.items) {
      const at = codes.map((code) => block.headerData.indexOf(code) - 1);
      const walk = (rows: readonly ConfigRow[], prefix: string): void => {
        for (const row of rows) {
          shown[`${prefix}${row.desc}`] = at.map((i) => row.values[i]);
          walk(row.data, `${prefix}${row.desc} > `);
        }
      };
      walk(block.data, '');
    }
    return shown;
  }

  test('a file with errors reports them at their lines and columns and writes nothing; an unknown trim code in the header is a problem on line 1', async () => {
    const before = await values();
    const checked = await upload([
      '配置类别,配置项,JLL61,JLL62',
      '车身,车长(mm),"4,690mm",', // 2 valid
      '外观,车长(mm),●,●', // 3 unknown category
      '舒适配置,座椅加热 > 后座,●,●', // 4 unknown item (no such sub-row)
      '车身,车长(mm),-,-', // 5 the item of line 2 again
      `舒适配置,冰箱,●,${'长'.repeat(129)}`, // 6 a value too long for JLL62
      ',座位数,5,5', // 7 no category
    ]);
    expect(checked).toMatchObject({ state: 'review', rowsParsed: 6, rowsValid: 1, errors: 5, rowsWritten: 0 });
    expect(await problems(checked.id)).toEqual([
      { line: 3, column: '配置类别' },
      { line: 4, column: '配置项' },
      { line: 5, column: '配置项' },
      { line: 6, column: 'JLL62' },
      { line: 7, column: '配置类别' },
    ]);
    expect((await bed.problems(checked.id)).find((p) => p.line === 5)?.message).toBe('与第 2 行重复：同一配置项只能有一行');
    expect(await values()).toBe(before);
    await server().post(`${API}/cancel`).set('token', bed.admin).send({ id: checked.id }).expect(200);

    const header = await upload(['配置类别,配置项,JLL61,JLL999,JLL61', '车身,车长(mm),1,2,3']);
    expect(header).toMatchObject({ state: 'review', errors: 2, rowsValid: 0 });
    expect(await bed.problems(header.id)).toEqual([
      { line: 1, column: 'JLL61', level: 'error', message: '车型代码「JLL61」与第 3 列重复：每个车型只能有一列' },
      { line: 1, column: 'JLL999', level: 'error', message: '未知的车型代码「JLL999」：除配置类别、配置项外，每列的表头应为车型代码' },
    ]);
    expect(await values()).toBe(before);
  });

  test('a clean file writes its non-empty cells and the comparison shows them; the same file again changes nothing', async () => {
    // Read once before: what the API keeps of the sheets until data changes (decision 288) must not outlive the import.
    const shownBefore = await compared('51', ['JLL61', 'JLL62']);
    expect(shownBefore['车长(mm)']).toEqual(['4,680mm', '4,680mm']);
    const file = [
      '配置类别,配置项,JLL61,JLL63',
      '舒适配置,座椅加热 > 前排 > 主驾,●,●', // 61: '-' → '●'; 63: new
      '车身,车长(mm),"4,700mm",', // 61 changes; 63 left empty: nothing written
      '基本信息,能源类型,汽油,汽油', // 61 the same; 63 new
      '舒适配置,座椅加热>前排,●,○', // the path without spaces: 61 '-' → '●', 63 new
    ];
    const done = await upload(file);
    expect(done).toMatchObject({ state: 'done', rowsParsed: 4, rowsValid: 4, errors: 0, rowsWritten: 6 });
    const { rows } = await bed.db.query(`SELECT item_id, value FROM config_value WHERE car_id = 63 ORDER BY item_id`);
    expect(rows).toEqual([
      { item_id: 101, value: '汽油' },
      { item_id: 302, value: '○' },
      { item_id: 303, value: '●' },
    ]);

    // 德锐 [51]: JLL61 changed, JLL62 as it was.
    const deRui = await compared('51', ['JLL61', 'JLL62']);
    expect(deRui['车长(mm)']).toEqual(['4,700mm', '4,680mm']);
    expect(deRui['座椅加热 > 前排']).toEqual(['●', '●']);
    expect(deRui['座椅加热 > 前排 > 主驾']).toEqual(['●', '●']);
    expect(deRui['能源类型']).toEqual(['汽油', '汽油']);
    // 日行SUV [52]: a trim without a sheet before now shows its imported rows.
    const riXing = await compared('52', ['JLL63']);
    expect([riXing['能源类型'], riXing['座椅加热 > 前排'], riXing['座椅加热 > 前排 > 主驾']]).toEqual([['汽油'], ['○'], ['●']]);

    const before = await values();
    const again = await upload(file);
    expect(again).toMatchObject({ state: 'done', rowsValid: 4, errors: 0, rowsWritten: 0 });
    expect(await values()).toBe(before);
  });

  test('the template lists every item by category and path, with a trim code and its values, and its notes on a second sheet', async () => {
    const lines = (await bed.template('config', 'csv'))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('配置类别,配置项,JLL61');
    expect(lines.slice(1)).toHaveLength(10);
    expect(lines).toContain('舒适配置,座椅加热 > 前排 > 主驾,●');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bed.template('config', 'xlsx')) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['数据', '填写说明']);
    expect(workbook.worksheets[1].getRow(4).values).toEqual([undefined, 'JLL61', expect.stringContaining('表头为车型代码')]);
  });
});
