import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  API_PREFIX,
  ApiCode,
  type ConfigTable,
  DASH,
  FIGURE_RULES,
  figureFormat,
  type FigureKind,
  type PriceStructureTable,
  type ProportionTable,
} from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { sheetTable, valueText } from '../support/workbook-table';

/*
 * Issue 26 #1 and #2 on the demo data. Every named download is opened with exceljs: a figure column holds
 * number cells with the display rule's format (decision 141), '-' exactly where the page shows a dash, and
 * each number reads under its format as the page's text. The configuration comparison's 基本信息 rows that
 * name the trim agree with the catalogue (decision 142): 宝来 is 一汽-大众's, 朗逸 上汽大众's.
 */
describe('workbook figures and the configuration sheet on the demo data', () => {
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.126' }));
  });

  afterAll(async () => {
    await app?.close();
  });

  async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toMatchObject({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }

  async function sheetOf(path: string, query: Record<string, string> = {}): Promise<ExcelJS.Worksheet> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body);
    return book.worksheets[0];
  }

  /** The table's header, found below the header block (decision 281). */
  function headers(sheet: ExcelJS.Worksheet): string[] {
    return sheetTable(sheet).headers;
  }

  /** What the page shows of a cell of `kind` (the number read back under the rule, a percent from its fraction). */
  function readBack(kind: FigureKind, cell: ExcelJS.Cell): string {
    if (cell.value === DASH) return DASH;
    expect({ type: typeof cell.value, numFmt: cell.numFmt }).toEqual({ type: 'number', numFmt: figureFormat(kind) });
    const value = cell.value as number;
    return FIGURE_RULES[kind].text(FIGURE_RULES[kind].percent ? value * 100 : value);
  }

  /** The data cells of a column, read back: every cell a formatted number or '-'. */
  function column(sheet: ExcelJS.Worksheet, header: string, kind: FigureKind): string[] {
    return sheetTable(sheet)
      .column(header)
      .map((cell) => readBack(kind, cell));
  }

  /** The raw numbers of a column (no dash). */
  function numbers(sheet: ExcelJS.Worksheet, header: string): number[] {
    return sheetTable(sheet)
      .column(header)
      .flatMap((cell) => (typeof cell.value === 'number' ? [cell.value] : []));
  }

  test('priceQtyDetail/download: sales and growth, then MIX and its change, are number cells; a fall is a negative number', async () => {
    const sales = await sheetOf('pricevolume/priceQtyDetail/download', { type: '1' });
    const salesHeaders = headers(sales);
    for (const header of salesHeaders.filter((h) => h.endsWith(' 销量'))) expect(column(sales, header, 'count').length).toBeGreaterThan(10);
    const growth = column(sales, '同比', 'growth');
    expect(growth.some((t) => t.startsWith('-') && t !== DASH)).toBe(true);
    expect(numbers(sales, '同比').some((n) => n < 0)).toBe(true);

    const mix = await sheetOf('pricevolume/priceQtyDetail/download', { type: '1', data2: '1' });
    for (const header of headers(mix).filter((h) => h.endsWith(' MIX'))) column(mix, header, 'percent');
    // A MIX change is points: the cell holds 1.9, not 0.019, under a format without '%' (decision 173).
    expect(column(mix, 'MIX变化(百分点)', 'points').every((t) => !t.includes('%'))).toBe(true);
    expect(numbers(mix, 'MIX变化(百分点)').some((n) => n < 0)).toBe(true);
    expect(numbers(mix, 'MIX变化(百分点)').some((n) => Math.abs(n) >= 0.1)).toBe(true);
  });

  test('a ranking’s shares are stored unrounded under the percent format: the producers’ 份额 add up to 100 % exactly (decision 282)', async () => {
    const sheet = await sheetOf('saleVolume/wholeMarket/download', { type: '4' });
    const table = sheetTable(sheet);
    const names = table.column('厂商').map((cell) => cell.value);
    for (const header of ['份额', '累计份额']) {
      const cells = table.column(header).filter((_, i) => names[i] !== '合计');
      expect(cells.length).toBeGreaterThan(10);
      expect(new Set(cells.map((cell) => cell.numFmt))).toEqual(new Set([figureFormat('percent')]));
      const shares = cells.map((cell) => cell.value as number);
      // Rounded to the page's 0.1 %, they would be multiples of 0.001 and add up to 100 % give or take the rounding.
      expect(shares.filter((share) => Math.abs(share * 1000 - Math.round(share * 1000)) > 1e-6).length).toBeGreaterThan(0);
      expect(Math.abs(shares.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
    }
  });

  test.each([0, 1, 2, 3])('downloadSingleTable view %i: every figure a number cell reading as the page shows it', async (view) => {
    const query = { data2: String(view) };
    const [table, sheet] = await Promise.all([
      get<ProportionTable>('pricevolume/modelPrice/singleTable', query),
      sheetOf('pricevolume/modelPrice/downloadSingleTable', query),
    ]);
    expect(sheetTable(sheet).rows.length).toBe(table.rows.length);
    expect(column(sheet, '价格(万元)', 'tenThousand').map((t) => (t === DASH ? t : `${t}万`))).toEqual(table.rows.map((r) => r.priceStr));
    const expected: Record<number, Array<[string, FigureKind, (r: ProportionTable['rows'][number]) => string]>> = {
      0: [
        ['销量', 'count', (r) => r.salesStr],
        ['去年同期销量', 'count', (r) => r.tqSalesStr],
        ['细分市场排名', 'count', (r) => FIGURE_RULES.count.text(r.ranking)],
      ],
      1: [
        ['销量', 'count', (r) => r.salesStr],
        ['去年同期销量', 'count', (r) => r.tqSalesStr],
        ['同比', 'growth', (r) => r.yoys],
        ['细分市场排名', 'count', (r) => FIGURE_RULES.count.text(r.ranking)],
      ],
      2: [
        ['细分市场MIX', 'percent', (r) => r.detailMixs],
        ['去年同期细分市场MIX', 'percent', (r) => r.detailMixStr],
        ['整体市场MIX', 'percent', (r) => r.wholeMixs],
      ],
      3: [
        ['细分市场MIX变化(百分点)', 'points', (r) => r.detailMixChanges],
        ['整体市场MIX变化(百分点)', 'points', (r) => r.wholeMixChanges],
      ],
    };
    for (const [header, kind, text] of expected[view]) expect(column(sheet, header, kind)).toEqual(table.rows.map(text));
  });

  test("downloadCompareTable: the compared series' rows as number cells, growths by the dash rule", async () => {
    const own = await get<ProportionTable>('pricevolume/modelPrice/singleTable', {});
    const others = await get<Array<{ id: number; name: string }>>('carConfig/searchCar', { name: '朗逸' });
    const query = { data2: '1', modelSubIds: String(others.find((s) => s.id !== own.modelSubId)!.id), accumulate: '1' };
    const [table, sheet] = await Promise.all([
      get<ProportionTable>('pricevolume/modelPrice/compareTable', query),
      sheetOf('pricevolume/modelPrice/downloadCompareTable', query),
    ]);
    expect(new Set(table.rows.map((r) => r.seriesName)).size).toBeGreaterThan(1);
    expect(column(sheet, '销量', 'count')).toEqual(table.rows.map((r) => r.salesStr));
    expect(column(sheet, '同比', 'growth')).toEqual(table.rows.map((r) => r.yoys));
  });

  test('totalMarket/download: volumes, prices, MIX and every change are number cells; "-" where the page shows one', async () => {
    const query = { tab: '0' };
    const [table, sheet] = await Promise.all([get<PriceStructureTable>('price/totalMarket/table', query), sheetOf('price/totalMarket/download', query)]);
    expect(table.columns.some((c) => c.kind === 'growth')).toBe(true);
    table.columns.forEach((c, i) => {
      const kind: FigureKind = c.kind === 'yuan' ? 'count' : c.kind;
      const shown = column(sheet, c.label, kind);
      expect(shown).toEqual(table.rows.map((r) => (c.kind === 'yuan' ? r.texts[i].replace(/元$/, '') : r.texts[i])));
    });
  });

  describe('the configuration comparison of 宝来 and 朗逸', () => {
    let ids: string;
    let catalogue: Map<string, Record<string, string>>;

    beforeAll(async () => {
      const found = await Promise.all(['宝来', '朗逸'].map((name) => get<Array<{ id: number; name: string }>>('carConfig/searchCar', { name })));
      ids = ['宝来', '朗逸'].map((name, i) => found[i].find((s) => s.name === name)!.id).join(',');
      // The catalogue's own words for each trim, straight from its tables.
      const rows: Array<Record<string, string>> = await app.get(DataSource).query(
        `SELECT c.jll_code AS code, p.name AS "厂商", b.name AS "品牌", se.name AS "车系", g.name AS "级别",
                (c.launch_month / 100)::text || '.' || lpad((c.launch_month % 100)::text, 2, '0') AS "上市时间", c.model_year::text || '款' AS "年款"
         FROM car c JOIN producer p ON p.id = c.producer_id JOIN brand b ON b.id = c.brand_id JOIN series se ON se.id = c.series_id
         JOIN segment g ON g.id = c.segment_id JOIN sub_series s ON s.id = c.sub_series_id WHERE s.name IN ('宝来', '朗逸')`,
      );
      catalogue = new Map(rows.map((r) => [r.code, r]));
    });

    test('基本信息: 厂商 is the producer (一汽-大众, 上汽大众), and every row naming the trim agrees with the catalogue', async () => {
      const table = await get<ConfigTable>('carConfig/get', { ids });
      const basic = table.items.find((b) => b.desc === '基本信息')!;
      const codes = basic.headerData.slice(1);
      const row = (desc: string): string[] => basic.data.find((r) => r.desc === desc)!.values;
      const producers = table.columns.map((c) => (c.subSeriesName === '宝来' ? '一汽-大众' : '上汽大众'));
      expect(row('厂商')).toEqual(producers);
      const checked = ['厂商', '品牌', '车系', '级别', '上市时间', '年款'].filter((desc) => basic.data.some((r) => r.desc === desc));
      expect(checked).toEqual(expect.arrayContaining(['厂商', '级别', '上市时间']));
      for (const desc of checked) expect({ desc, values: row(desc) }).toEqual({ desc, values: codes.map((code) => catalogue.get(code)![desc]) });
    });

    test('its download: the same 厂商 row, and MSRP, volume and TP as number cells', async () => {
      const [table, sheet] = await Promise.all([get<ConfigTable>('carConfig/get', { ids }), sheetOf('carConfig/download', { ids })]);
      // The rows under the header row (below the header block, decision 281), found by their label.
      const sheetRows = sheetTable(sheet).rows;
      const rowOf = (label: string): ExcelJS.Row =>
        sheetRows.find((row) => {
          const text = valueText(row.getCell(1).value);
          return text === label || text.startsWith(`${label} `);
        })!;
      expect((rowOf('厂商').values as unknown[]).slice(2)).toEqual(table.columns.map((c) => (c.subSeriesName === '宝来' ? '一汽-大众' : '上汽大众')));
      const heads: Array<[string, FigureKind, (c: ConfigTable['columns'][number]) => number | null]> = [
        ['厂商指导价(万元)', 'tenThousand', (c) => c.msrp],
        ['零售量(辆)', 'count', (c) => c.retailQty],
        ['加权成交价(万元)', 'tenThousand', (c) => c.tp],
      ];
      for (const [label, kind, value] of heads) {
        const cells = table.columns.map((_, i) => rowOf(label).getCell(i + 2));
        expect(cells.map((cell) => readBack(kind, cell))).toEqual(table.columns.map((c) => FIGURE_RULES[kind].text(value(c))));
        expect(cells.filter((cell) => typeof cell.value === 'number').length).toBeGreaterThan(0);
      }
      // The sheet's own whole numbers (厂商指导价(元) 119,800) are numbers too; values with units stay text.
      const yuan = rowOf('厂商指导价(元)').getCell(2);
      expect({ type: typeof yuan.value, numFmt: yuan.numFmt }).toEqual({ type: 'number', numFmt: figureFormat('count') });
    });
  });
});
