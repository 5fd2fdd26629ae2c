import ExcelJS from 'exceljs';
import request from 'supertest';
import { type ConfigBlock, type ConfigRow, type ConfigTable } from '@car/contracts';
import { WORKBOOK_FONT } from '../../backend/src/workbook/table-workbook';
import { binaryBody } from '../support/shared-app';
import { configFixtureApp } from '../support/config-fixture';
import { sheetTable, valueText } from '../support/workbook-table';

/*
 * The configuration query on the hand-made market of sales-fixture.ts, with the prices of
 * price-fixture.ts and the sheet of config-fixture.ts. The latest month is 2026-03.
 *
 * Sub-series 德锐 [51] (61 2025款 on sale, 62 2026款 on sale), 乙电EV [53] (64), 乙尊 [54] (65 on sale,
 * 66 ended 2025-12 → 停售). First load pre-selects per sub-series the on-sale trims of its newest on-sale
 * model year: 62, 64, 65.
 *
 * Column heads in 2026-03:
 *   62: MSRP 170,000 (msrp_month) → 17.00万; retail 200 (深圳); TP 160,000 over 200 → 16.00万
 *   64: MSRP 175,000 (the March cut) → 17.50万; retail 100 + 200 = 300; TP (150,000×100 + 156,000×200) / 300 = 154,000 → 15.40万
 *   65: MSRP 260,000 (no msrp_month row: the list price) → 26.00万; retail 0 → null; no TP → null
 */

/** A row as label → values in column order, with its sub-rows: the shape the assertions spell out. */
interface Shape {
  desc: string;
  values?: string[];
  data?: Shape[];
}

/** The rows of a table with their values in the columns `codes` (looked up through its headerData). */
function shape(block: Pick<ConfigBlock, 'headerData'>, rows: readonly ConfigRow[], codes: readonly string[]): Shape[] {
  const at = codes.map((code) => block.headerData.indexOf(code) - 1);
  return rows.map((row) => ({
    desc: row.desc,
    values: at.map((i) => row.values[i]),
    ...(row.data.length > 0 ? { data: shape(block, row.data, codes) } : {}),
  }));
}

describe('the configuration query on a hand-made sheet', () => {
  const fixture = configFixtureApp('config', 89);

  function call(path: string, query: Record<string, string> = {}) {
    return request(fixture.app().getHttpServer()).get(`/car/api/carConfig/${path}`).query(query).set('token', fixture.token());
  }

  async function ok<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await call(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: expect.any(String) });
    return response.body.result as T;
  }

  async function refused(query: Record<string, string>, path = 'get'): Promise<string> {
    const response = await call(path, query);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
    return response.body.msg as string;
  }

  describe('searchCar', () => {
    test('matches the sub-series name or its brand name, names starting with the text first', async () => {
      // Both start with 乙 (and their brand 乙牌 contains it); then by initial and name.
      expect(await ok('searchCar', { name: '乙' })).toEqual([
        { id: 54, name: '乙尊' },
        { id: 53, name: '乙电EV' },
      ]);
      // 甲日 is a brand: its sub-series 日行SUV is found by it.
      expect(await ok('searchCar', { name: '甲日' })).toEqual([{ id: 52, name: '日行SUV' }]);
      expect(await ok('searchCar', { name: 'EV' })).toEqual([{ id: 53, name: '乙电EV' }]);
    });

    test('an empty box lists nothing, and wildcards are only text', async () => {
      expect(await ok('searchCar', {})).toEqual([]);
      expect(await ok('searchCar', { name: '%' })).toEqual([]);
      expect(await ok('searchCar', { name: '_' })).toEqual([]);
    });
  });

  test('level1 lists the first-level categories in order', async () => {
    expect(await ok('level1')).toEqual([
      { id: 1, name: '基本信息' },
      { id: 2, name: '车身' },
      { id: 3, name: '舒适配置' },
    ]);
  });

  describe('get', () => {
    test('first load: trims split into 在售 / 停售 by MSRP, the newest on-sale model year checked, option lists from every trim', async () => {
      const table = await ok<ConfigTable>('get', { ids: '51,53,54' });
      expect(table.month).toBe('2026-03');
      expect(table.cars).toEqual([
        {
          id: 51,
          name: '德锐',
          zaishouList: [
            { carJllCode: 'JLL61', carName: '德锐 2025款 1.5T 舒适型', msrp: 15, modelYear: 2025, checked: false },
            { carJllCode: 'JLL62', carName: '德锐 2026款 1.5T 豪华型', msrp: 17, modelYear: 2026, checked: true },
          ],
          tingshouList: [],
        },
        {
          id: 53,
          name: '乙电EV',
          zaishouList: [{ carJllCode: 'JLL64', carName: '乙电EV 2025款 长续航', msrp: 17.5, modelYear: 2025, checked: true }],
          tingshouList: [],
        },
        {
          id: 54,
          name: '乙尊',
          zaishouList: [{ carJllCode: 'JLL65', carName: '乙尊 2024款 2.0T 旗舰型', msrp: 26, modelYear: 2024, checked: true }],
          // 66 ended 2025-12; its MSRP is its list price (no msrp_month row in its last month).
          tingshouList: [{ carJllCode: 'JLL66', carName: '乙尊 2024款 2.0T 标准型', msrp: 23, modelYear: 2024, checked: false }],
        },
      ]);
      expect(table.headerData).toEqual(['desc', 'JLL62', 'JLL64', 'JLL65']);
      expect(table.columns).toEqual([
        {
          carJllCode: 'JLL62',
          carName: '德锐 2026款 1.5T 豪华型',
          subSeriesId: 51,
          subSeriesName: '德锐',
          modelYear: 2026,
          onSale: true,
          msrp: 17,
          retailQty: 200,
          tp: 16,
        },
        {
          carJllCode: 'JLL64',
          carName: '乙电EV 2025款 长续航',
          subSeriesId: 53,
          subSeriesName: '乙电EV',
          modelYear: 2025,
          onSale: true,
          msrp: 17.5,
          retailQty: 300,
          tp: 15.4,
        },
        {
          carJllCode: 'JLL65',
          carName: '乙尊 2024款 2.0T 旗舰型',
          subSeriesId: 54,
          subSeriesName: '乙尊',
          modelYear: 2024,
          onSale: true,
          msrp: 26,
          retailQty: null,
          tp: null,
        },
      ]);
      expect(table.freezes).toEqual([
        { desc: '子车系', values: { JLL62: '德锐', JLL64: '乙电EV', JLL65: '乙尊' } },
        { desc: '厂商指导价(万元)', values: { JLL62: '17.00', JLL64: '17.50', JLL65: '26.00' } },
        { desc: '零售量(辆) 2026-03', values: { JLL62: '200', JLL64: '300', JLL65: '-' } },
        { desc: '加权成交价(万元) 2026-03', values: { JLL62: '16.00', JLL64: '15.40', JLL65: '-' } },
      ]);
      expect(table.niankuan).toEqual([
        { value: '2026', label: '2026款' },
        { value: '2025', label: '2025款' },
        { value: '2024', label: '2024款' },
      ]);
      expect(table.engines).toEqual([
        { value: '1.5T', label: '1.5T' },
        { value: '2.0T', label: '2.0T' },
        { value: '无', label: '无（纯电动）' },
      ]);
      expect(table.energies).toEqual([
        { value: '1', label: '汽油' },
        { value: '6', label: '纯电动' },
      ]);
      expect(table.batteries).toEqual([
        { value: '75', label: '75kWh' },
        { value: '无', label: '无' },
      ]);
    });

    test('one table per category, sub-rows nested under their parents, one value per column', async () => {
      const table = await ok<ConfigTable>('get', { ids: '51,53,54' });
      const codes = ['JLL62', 'JLL64', 'JLL65'];
      expect(table.items.map((b) => [b.id, b.desc, b.headerData])).toEqual([
        [1, '基本信息', ['desc', ...codes]],
        [2, '车身', ['desc', ...codes]],
        [3, '舒适配置', ['desc', ...codes]],
      ]);
      expect(table.items.map((b) => shape(b, b.data, codes))).toEqual([
        [
          { desc: '能源类型', values: ['汽油', '纯电动', '汽油'] },
          { desc: '座位数', values: ['5', '5', '5'] },
        ],
        [{ desc: '车长(mm)', values: ['4,680mm', '4,750mm', '4,950mm'] }],
        [
          {
            desc: '座椅加热',
            values: ['●', '●', '●'],
            data: [
              { desc: '前排', values: ['●', '●', '●'], data: [{ desc: '主驾', values: ['●', '●', '●'] }] },
              { desc: '后排', values: ['-', '-', '●'] },
            ],
          },
          { desc: '冰箱', values: ['-', '-', '-'] },
          { desc: '按摩', values: ['-', '-', '-'], data: [{ desc: '主驾按摩', values: ['-', '-', '●'] }] },
        ],
      ]);
      expect(table.items[2].data[0].data[0].data[0].layer).toBe(3);
    });

    test('the chosen trims are the columns in the order asked; a trim with no stored value shows "-"', async () => {
      const table = await ok<ConfigTable>('get', { ids: '51,53,54', carJllCodes: 'JLL66,JLL61' });
      expect(table.headerData).toEqual(['desc', 'JLL66', 'JLL61']);
      expect(
        table.cars
          .flatMap((c) => [...c.zaishouList, ...c.tingshouList])
          .filter((t) => t.checked)
          .map((t) => t.carJllCode),
      ).toEqual(['JLL61', 'JLL66']);
      const comfort = table.items.find((b) => b.desc === '舒适配置')!;
      expect(shape(comfort, comfort.data, ['JLL66', 'JLL61']).find((r) => r.desc === '冰箱')).toEqual({ desc: '冰箱', values: ['-', '-'] });
      // A discontinued trim: no sales in 2026-03.
      expect(table.columns[0]).toMatchObject({ carJllCode: 'JLL66', onSale: false, msrp: 23, retailQty: null, tp: null });
    });

    test('filters narrow the picker and the columns, keeping the option lists whole', async () => {
      const bev = await ok<ConfigTable>('get', { ids: '51,53,54', energy: '6', carJllCodes: 'JLL62,JLL64' });
      expect(bev.headerData).toEqual(['desc', 'JLL64']);
      expect(bev.cars.map((c) => [c.id, c.zaishouList.length, c.tingshouList.length])).toEqual([
        [51, 0, 0],
        [53, 1, 0],
        [54, 0, 0],
      ]);
      expect(bev.energies.map((o) => o.value)).toEqual(['1', '6']);

      // First load within model year 2024: 乙尊's on-sale 65 only; the others have no 2024 trim.
      expect((await ok<ConfigTable>('get', { ids: '51,53,54', niankuan: '2024' })).headerData).toEqual(['desc', 'JLL65']);
      // Engine 1.5T and no battery: 德锐's trims; 2.0T also brings 乙尊.
      expect((await ok<ConfigTable>('get', { ids: '51,53,54', engin: '1.5T', battery: '无' })).headerData).toEqual(['desc', 'JLL62']);
      expect((await ok<ConfigTable>('get', { ids: '51,54', engin: '1.5T,2.0T', niankuan: '2024,2025', carJllCodes: 'JLL61,JLL65,JLL66' })).headerData).toEqual([
        'desc',
        'JLL61',
        'JLL65',
        'JLL66',
      ]);
      // The battery filter reads 75.0 and 75 alike.
      expect((await ok<ConfigTable>('get', { ids: '53', battery: '75.0' })).headerData).toEqual(['desc', 'JLL64']);
    });

    test('five sub-series at most, at least one, and only known ones', async () => {
      expect(await refused({})).toBe('请选择子车系');
      expect(await refused({ ids: '' })).toBe('请选择子车系');
      expect(await refused({ ids: '51,52,53,54,55,56' })).toBe('参数 ids 最多只能选择5个子车系');
      expect(await refused({ ids: '51,999' })).toBe('参数 ids 没有 id 为 999 的子车系');
      expect(await refused({ ids: '51', carJllCodes: 'JLL64' })).toBe('参数 carJllCodes 中的车型 JLL64 不属于所选子车系');
      // Five known ones are fine, duplicates count once.
      expect((await ok<ConfigTable>('get', { ids: '51,52,53,54,51' })).cars.map((c) => c.id)).toEqual([51, 52, 53, 54]);
    });

    test('malformed parameters are refused by name in Chinese', async () => {
      expect(await refused({ ids: 'abc' })).toBe('参数 ids 应为逗号分隔的正整数');
      expect(await refused({ ids: '51', carJllCodes: "JLL61'--" })).toBe('参数 carJllCodes 应为逗号分隔的车型编码');
      expect(await refused({ ids: '51', niankuan: '26' })).toBe('参数 niankuan 应为逗号分隔的年款（如 2026）');
      expect(await refused({ ids: '51', battery: 'big' })).toBe('参数 battery 应为逗号分隔的电池容量（kWh，如 60.5）或 无');
      expect(await refused({ ids: '51', engin: 'x'.repeat(17) })).toBe('参数 engin 应为逗号分隔的发动机（每个不超过 16 个字符）');
      expect(await refused({ ids: '51', colour: '1' })).toBe('参数 colour 不是可用的参数');
      expect(await refused({ ids: '51', hide: '1' })).toBe('参数 hide 不是可用的参数');
      expect(await refused({ ids: '51', hide: 'yes' }, 'download')).toBe('参数 hide 应为 0 或 1');
      expect(await refused({ name: 'x'.repeat(51) }, 'searchCar')).toBe('参数 name 不能超过 50 个字符');
    });
  });

  describe('download', () => {
    /** The sheet's table from its header row (below the header block, decision 281), each row's cells as text; `at(n)` is the table's row n (1: the header). */
    async function sheet(
      query: Record<string, string>,
    ): Promise<{ disposition: string; rows: string[][]; sheet: ExcelJS.Worksheet; head: string[]; at: (n: number) => ExcelJS.Row }> {
      const response = await call('download', query).buffer(true).parse(binaryBody).expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.body);
      const ws = workbook.worksheets[0];
      const table = sheetTable(ws);
      const rows = [table.headers, ...table.values.map((values) => values.map(valueText))];
      return { disposition: String(response.headers['content-disposition']), rows, sheet: ws, head: table.head, at: (n) => ws.getRow(table.headerRow + n - 1) };
    }

    test('the comparison as grouped rows under a frozen header, sub-rows indented and outlined', async () => {
      const { disposition, rows, sheet: ws, head, at } = await sheet({ ids: '51,53,54' });
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('配置对比_德锐_乙电EV_乙尊.xlsx')}`);
      // The header block (decision 281): the page, its tags as the deck names them, 数据截至; then the table, its head frozen.
      expect(head.slice(0, 2)).toEqual(['配置查询', '子车系：德锐、乙电EV、乙尊 · 车型：3 款 · 显示：全部项']);
      expect(head[2]).toMatch(/^数据截至 /);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 9 });
      expect(rows).toEqual([
        ['配置项', '德锐 2026款 1.5T 豪华型', '乙电EV 2025款 长续航', '乙尊 2024款 2.0T 旗舰型'],
        ['子车系', '德锐', '乙电EV', '乙尊'],
        ['厂商指导价(万元)', '17', '17.5', '26'],
        ['零售量(辆) 2026-03', '200', '300', '-'],
        ['加权成交价(万元) 2026-03', '16', '15.4', '-'],
        ['基本信息'],
        ['能源类型', '汽油', '纯电动', '汽油'],
        ['座位数', '5', '5', '5'],
        ['车身'],
        ['车长(mm)', '4,680mm', '4,750mm', '4,950mm'],
        ['舒适配置'],
        ['座椅加热', '●', '●', '●'],
        ['　前排', '●', '●', '●'],
        ['　　主驾', '●', '●', '●'],
        ['　后排', '-', '-', '●'],
        ['冰箱', '-', '-', '-'],
        ['按摩', '-', '-', '-'],
        ['　主驾按摩', '-', '-', '●'],
      ]);
      expect(at(14).outlineLevel).toBe(2);
      // MSRP, volume and TP are number cells in 万元 with two decimals and in thousands (decision 141).
      expect([3, 4, 5].map((r) => [at(r).getCell(2).type, at(r).getCell(2).numFmt])).toEqual([
        [ExcelJS.ValueType.Number, '#,##0.00'],
        [ExcelJS.ValueType.Number, '#,##0'],
        [ExcelJS.ValueType.Number, '#,##0.00'],
      ]);
      expect(at(8).getCell(2).type).toBe(ExcelJS.ValueType.Number);
      // Every cell of a kind shares one style (decision 295): a category's row bold on its fill across the table, a
      // count in thousands, text and counts in the workbook's face, the frozen rows bold.
      const fill = (row: number, column: number): string | undefined => (at(row).getCell(column).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
      expect([1, 2, 4].map((c) => [at(6).getCell(c).font?.bold, fill(6, c)])).toEqual([
        [true, 'FFE8EEF7'],
        [true, 'FFE8EEF7'],
        [true, 'FFE8EEF7'],
      ]);
      expect([at(8).getCell(2).numFmt, at(8).getCell(2).font?.name, at(7).getCell(2).font?.name]).toEqual(['#,##0', WORKBOOK_FONT, WORKBOOK_FONT]);
      expect([at(7).getCell(2).font?.bold, fill(7, 2), at(3).getCell(2).font?.bold]).toEqual([undefined, undefined, true]);
    });

    test('仅显示差异项 keeps exactly the differing rows, with their parents', async () => {
      const { rows } = await sheet({ ids: '51,53,54', differ: '1' });
      expect(rows.slice(5).map((r) => r[0])).toEqual(['基本信息', '能源类型', '车身', '车长(mm)', '舒适配置', '座椅加热', '　后排', '按摩', '　主驾按摩']);
    });

    test('隐藏未配置项 drops the rows every trim shows as "-", keeping a parent whose sub-row is equipped', async () => {
      const { rows } = await sheet({ ids: '51,53,54', hide: '1' });
      expect(rows.slice(5).map((r) => r[0])).toEqual([
        '基本信息',
        '能源类型',
        '座位数',
        '车身',
        '车长(mm)',
        '舒适配置',
        '座椅加热',
        '　前排',
        '　　主驾',
        '　后排',
        '按摩',
        '　主驾按摩',
      ]);
      // 61 and 66 lack every seat heating sub-row and every massage row.
      const two = await sheet({ ids: '51,54', carJllCodes: 'JLL61,JLL66', hide: '1' });
      expect(two.rows.slice(5).map((r) => r[0])).toEqual(['基本信息', '能源类型', '座位数', '车身', '车长(mm)', '舒适配置', '座椅加热']);
    });

    test('the download refuses what get refuses', async () => {
      expect(await refused({ ids: '1,2,3,4,5,6' }, 'download')).toBe('参数 ids 最多只能选择5个子车系');
    });
  });

  test('the blocks answer the shape of the contract for every trim', async () => {
    const table = await ok<ConfigTable>('get', { ids: '51,53,54', carJllCodes: 'JLL61,JLL62,JLL64,JLL65,JLL66' });
    const count = (rows: readonly ConfigRow[]): number => rows.reduce((n, r) => n + 1 + count(r.data), 0);
    expect(table.items.reduce((n: number, b: ConfigBlock) => n + count(b.data), 0)).toBe(10);
  });
});
