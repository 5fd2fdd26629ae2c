import ExcelJS from 'exceljs';
import { Client } from 'pg';
import request from 'supertest';
import { type AreaTreeRow, type Summary, type TableRow } from '@car/contracts';
import { binaryBody, sharedApp, type SharedApp } from '../support/shared-app';
import { testEnv } from '../support/test-env';
import { sheetTable } from '../support/workbook-table';

const API = '/car/api/saleVolume/areaMarket';
const WHOLESALE_HAS_NO_AREA = '批发量数据没有地区维度，请选择零售量（数据来源 2）';

type Row = TableRow;
type TreeRow = AreaTreeRow;
type Page<T = Row> = { list: T[]; total: number; currentPage: number; pageSize: number };

type Query = Record<string, string>;

const sum = (rows: Row[], field: 'sales' | 'tqSales' | 'salesSum' | 'tqSalesSum' | 'mix' | 'yearMix'): number =>
  rows.reduce((total, r) => total + (r[field] ?? 0), 0);

/** A node's rows hold the same volumes as the node itself. */
function expectAddsUpTo(rows: Row[], whole: { qty: number; tb: number; ljQty: number; ljTb: number }): void {
  expect({ sales: sum(rows, 'sales'), tqSales: sum(rows, 'tqSales'), salesSum: sum(rows, 'salesSum'), tqSalesSum: sum(rows, 'tqSalesSum') }).toEqual({
    sales: whole.qty,
    tqSales: whole.tb,
    salesSum: whole.ljQty,
    tqSalesSum: whole.ljTb,
  });
}

/**
 * Shares within one node: each row's share is its sales over the rows' total (one decimal), so they add
 * up to 100 % but for rounding (±0.2, or ±0.05 a row where there are more rows than that covers).
 */
function expectSharesMakeWhole(rows: Row[]): void {
  const market = { mix: sum(rows, 'sales'), yearMix: sum(rows, 'salesSum') };
  for (const row of rows) {
    expect(row.mix).toBeCloseTo((row.sales / market.mix) * 100, 1);
    expect(row.yearMix).toBeCloseTo((row.salesSum / market.yearMix) * 100, 1);
  }
  const tolerance = Math.max(0.2, rows.length * 0.05);
  expect(Math.abs(sum(rows, 'mix') - 100)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(sum(rows, 'yearMix') - 100)).toBeLessThanOrEqual(tolerance);
}

const asTotals = (row: Row) => ({ qty: row.sales, tb: row.tqSales, ljQty: row.salesSum, ljTb: row.tqSalesSum });

describe('the area-market calls', () => {
  const env = testEnv();
  let app: SharedApp;
  let db: Client;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: `10.78.${process.pid % 250}.1` }));
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  function get(path: string, query: Query = {}) {
    return request(app.getHttpServer()).get(`${API}/${path}`).query(query).set('token', token);
  }

  async function result<T>(path: string, query: Query = {}): Promise<T> {
    const response = await get(path, query);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({ status: 200, code: 1, msg: '成功' });
    return response.body.result as T;
  }

  async function badRequest(path: string, query: Query): Promise<string> {
    const response = await get(path, query);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
    return response.body.msg as string;
  }

  const tree = async (query: Query = {}): Promise<TreeRow[]> => (await result<Page<TreeRow>>('area', query)).list;
  const GUANGDONG = { area: '440000', level: '2' };

  describe('access', () => {
    test('a call without a token is a 401 with code -1009', async () => {
      const response = await request(app.getHttpServer()).get(`${API}/whole`).expect(401);
      expect(response.body.code).toBe(-1009);
    });
  });

  describe('the area tree at the nation', () => {
    test('lists the 7 regions, each with its provinces, and every province once', async () => {
      const regions = await tree();
      expect(regions.map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const provinces = regions.flatMap((r) => r.children ?? []);
      const expected = (await db.query('SELECT id FROM province ORDER BY id')).rows.map((r) => String(r.id));
      expect(provinces.map((p) => p.code).sort()).toEqual(expected);
      for (const region of regions) {
        expect(region).toMatchObject({ code: String(region.id), dimensionality: 1, hasChildren: true });
        for (const province of region.children ?? []) {
          expect(province).toMatchObject({ dimensionality: 2, hasChildren: false });
          expect(province.code).toMatch(/^\d{2}0000$/);
        }
      }
    });

    test('the region rows add up to the nation summary', async () => {
      const [regions, nation] = await Promise.all([tree(), result<Summary>('whole')]);
      expect(nation.qty).toBeGreaterThan(0);
      expectAddsUpTo(regions, nation);
    });

    test("each region's provinces add up to the region", async () => {
      for (const region of await tree()) expectAddsUpTo(region.children ?? [], asTotals(region));
    });

    test('shares within the nation add up to 100 % for the regions and for the provinces', async () => {
      const regions = await tree();
      expectSharesMakeWhole(regions);
      expectSharesMakeWhole(regions.flatMap((r) => r.children ?? []));
    });

    test('every row carries what the map reads', async () => {
      for (const row of (await tree()).flatMap((r) => [r, ...(r.children ?? [])])) {
        expect(row.name).toEqual(expect.any(String));
        expect(row.salesStr).toBe(row.sales.toLocaleString('en-US'));
        expect(row.salesSumStr).toBe(row.salesSum.toLocaleString('en-US'));
        expect(row.yoys).toMatch(/^(-|-?\d+\.\d%)$/);
        expect(row.yearYoys).toMatch(/^(-|-?\d+\.\d%)$/);
      }
    });

    test('the summary of 广东 equals the 广东 row of the nation tree', async () => {
      const guangdong = (await tree()).flatMap((r) => r.children ?? []).find((p) => p.code === '440000');
      expect(guangdong?.name).toBe('广东');
      const summary = await result<Summary>('whole', GUANGDONG);
      expect(asTotals(guangdong!)).toEqual({ qty: summary.qty, tb: summary.tb, ljQty: summary.ljQty, ljTb: summary.ljTb });
      expect({ yoys: guangdong!.yoys, yearYoys: guangdong!.yearYoys }).toEqual({ yoys: summary.yoys, yearYoys: summary.yearYoys });
    });
  });

  describe('drilling down', () => {
    test('a region lists its provinces with their cities, shares within the region', async () => {
      const [provinces, region] = await Promise.all([tree({ area: '5', level: '1' }), result<Summary>('whole', { area: '5', level: '1' })]);
      expect(provinces.map((p) => p.code).sort()).toEqual(['440000', '450000', '460000']);
      expectAddsUpTo(provinces, region);
      expectSharesMakeWhole(provinces);
      expectSharesMakeWhole(provinces.flatMap((p) => p.children ?? []));
      for (const province of provinces) {
        expect(province).toMatchObject({ dimensionality: 2, hasChildren: true });
        expectAddsUpTo(province.children ?? [], asTotals(province));
        for (const city of province.children ?? []) expect(city).toMatchObject({ dimensionality: 3, code: String(city.id) });
      }
    });

    test("a province's cities add up to the province, shares within the province", async () => {
      const [cities, province] = await Promise.all([tree(GUANGDONG), result<Summary>('whole', GUANGDONG)]);
      const expected = (await db.query('SELECT id FROM city WHERE province_id = 440000 ORDER BY id')).rows.map((r) => String(r.id));
      expect(cities.map((c) => c.code).sort()).toEqual(expected);
      expectAddsUpTo(cities, province);
      expectSharesMakeWhole(cities);
      for (const city of cities) expect(city).toMatchObject({ dimensionality: 3, hasChildren: false });
      expect(cities.find((c) => c.code === '440100')?.name).toBe('广州市');
    });

    test('a city is its own single row, equal to its summary', async () => {
      const [rows, summary] = await Promise.all([tree({ area: '440100', level: '3' }), result<Summary>('whole', { area: '440100', level: '3' })]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ code: '440100', name: '广州市', dimensionality: 3, mix: 100 });
      expectAddsUpTo(rows, summary);
    });

    test('北京 drills from 华北 to the province and on to its one city of the same code', async () => {
      const north = await tree({ area: '1', level: '1' });
      const beijing = north.find((p) => p.code === '110000');
      expect(beijing).toMatchObject({ name: '北京', dimensionality: 2, hasChildren: true });
      expect(beijing!.children!.map((c) => ({ code: c.code, dimensionality: c.dimensionality }))).toEqual([{ code: '110000', dimensionality: 3 }]);
      expect(asTotals(beijing!.children![0])).toEqual(asTotals(beijing!));

      const asProvince = await tree({ area: '110000', level: '2' });
      const asCity = await tree({ area: '110000', level: '3' });
      expect(asProvince.map((c) => [c.code, c.name, c.dimensionality])).toEqual([['110000', '北京市', 3]]);
      expect(asCity).toEqual(asProvince);
      expect(asTotals(asCity[0])).toEqual(asTotals(beijing!));
      const [provinceSummary, citySummary] = await Promise.all([
        result<Summary>('whole', { area: '110000', level: '2' }),
        result<Summary>('whole', { area: '110000', level: '3' }),
      ]);
      expect(citySummary).toEqual(provinceSummary);
      expect(provinceSummary.qty).toBe(beijing!.sales);
    });

    test('dimensionality is read as the level', async () => {
      expect(await tree({ area: '440000', dimensionality: '2' })).toEqual(await tree(GUANGDONG));
    });
  });

  describe('the ranking tables of a chosen area', () => {
    test('segments come grouped with subtotals, and the 合计 row is the area', async () => {
      const [page, summary] = await Promise.all([result<Page>('detail', GUANGDONG), result<Summary>('whole', GUANGDONG)]);
      const total = page.list[page.list.length - 1];
      expect(total).toMatchObject({ name: '合计', heji: true, sales: summary.qty, salesSum: summary.ljQty });
      const segments = page.list.filter((r) => !r.heji);
      expect(segments.length).toBe(page.total);
      expectAddsUpTo(segments, summary);
      expectSharesMakeWhole(segments);
      expect(page.list.some((r) => r.heji && r.name.endsWith('小计'))).toBe(true);
    });

    test('families add up to the area with a 合计 row', async () => {
      const [page, summary] = await Promise.all([result<Page>('series', GUANGDONG), result<Summary>('whole', GUANGDONG)]);
      expect(page.list[page.list.length - 1]).toMatchObject({ name: '合计', sales: summary.qty });
      const families = page.list.filter((r) => !r.heji);
      expectAddsUpTo(families, summary);
      expectSharesMakeWhole(families);
    });

    test.each(['bound', 'producer'])('%s pages, and all its rows add up to the area', async (path) => {
      const first = await result<Page>(path, { ...GUANGDONG, currentPage: '1', pageSize: '10' });
      expect(first.list).toHaveLength(10);
      expect(first.total).toBeGreaterThan(10);
      const second = await result<Page>(path, { ...GUANGDONG, currentPage: '2', pageSize: '10' });
      expect(second.list[0].sales).toBeLessThanOrEqual(first.list[9].sales);
      const all = await result<Page>(path, { ...GUANGDONG, pageSize: '500' });
      expect(all.list).toHaveLength(all.total);
      expectAddsUpTo(all.list, await result<Summary>('whole', GUANGDONG));
      expectSharesMakeWhole(all.list);
    });

    test('the trend of an area shows 近2年 by default: the summary month and the 24 before it (decision 270)', async () => {
      const [chart, summary] = await Promise.all([
        result<{ xAxis: Array<{ categories: string[] }>; series: Array<{ data: Array<number | null> }> }>('highCharts', GUANGDONG),
        result<Summary>('whole', GUANGDONG),
      ]);
      const categories = chart.xAxis[0].categories;
      const [year, month] = summary.time.split('-').map(Number);
      expect(categories[0]).toBe(`${year - 2}-${String(month).padStart(2, '0')}`);
      expect(categories).toHaveLength(25);
      expect(chart.series[0].data[categories.length - 1]).toBe(summary.qty);
    });
  });

  describe('data sources', () => {
    test('wholesale figures work at the nation', async () => {
      expect((await result<Summary>('whole', { source: '1' })).qty).toBeGreaterThan(0);
      expect((await result<Page>('bound', { source: '1' })).total).toBeGreaterThan(0);
    });

    test.each([
      ['whole', { source: '1', ...GUANGDONG }],
      ['detail', { source: '1', area: '5', level: '1' }],
      ['highCharts', { source: '1', area: '440100', level: '3' }],
      ['area', { source: '1' }],
      ['download', { source: '1', type: '3' }],
    ])('wholesale with an area (or the area table) is a 400: %s', async (path, query) => {
      expect(await badRequest(path, query)).toBe(WHOLESALE_HAS_NO_AREA);
    });
  });

  describe('validation', () => {
    test.each([
      // Without a level the node is a big region (the spec's default level 1): 440000 is none.
      [{ area: '440000' }, /^参数 area .*大区/],
      [{ area: '440000', dimensionalityId: '450000', level: '2' }, /^参数 area .*dimensionalityId/],
      [{ company: '1' }, /^参数 company 不是可用的参数$/],
      [{ brand: '1' }, /^参数 brand 不是可用的参数$/],
      [{ area: '440000', level: '1' }, /^参数 area .*大区/],
      [{ area: '8', level: '1' }, /^参数 area .*大区/],
      [{ area: '440100', level: '2' }, /^参数 area .*省份/],
      [{ area: '440000', level: '3' }, /^参数 area .*城市/],
      [{ area: '999999', level: '3' }, /^参数 area /],
      [{ area: 'abc', level: '2' }, /^参数 area /],
      [{ area: '0', level: '2' }, /^参数 area /],
      [{ area: '1 OR 1=1', level: '1' }, /^参数 area /],
      [{ area: '440000', level: '4' }, /^参数 level /],
      [{ area: '440000', level: '2', dimensionality: '3' }, /^参数 level /],
      [{ time: '2026-13' }, /^参数 time /],
      [{ time: '1990-01' }, /^参数 time /],
      [{ source: '3' }, /^参数 source /],
      [{ fuels: '1;DROP TABLE city' }, /^参数 fuels /],
    ])('%j is a 400 naming the field', async (query, message) => {
      expect(await badRequest('whole', query)).toMatch(message);
    });

    test.each([
      ['highCharts', { count: '0' }, /^参数 count /],
      ['highCharts', { count: '11' }, /^参数 count /],
      ['highCharts', { timeDimensionality: '3' }, /^参数 timeDimensionality /],
      ['bound', { pageSize: '1000000' }, /^参数 pageSize /],
      ['bound', { currentPage: 'x' }, /^参数 currentPage /],
      ['download', { type: '5' }, /^参数 type /],
      ['download', {}, /^参数 type /],
    ])('%s %j is a 400 naming the field', async (path, query, message) => {
      expect(await badRequest(path, query)).toMatch(message);
    });

    test("the spec's filter names dimensionality and dimensionalityId choose the node, never ignored", async () => {
      const guangdong = await result<Summary>('whole', GUANGDONG);
      const nation = await result<Summary>('whole');
      expect(await result<Summary>('whole', { dimensionality: '2', dimensionalityId: '440000' })).toEqual(guangdong);
      expect(guangdong.qty).toBeLessThan(nation.qty);
    });

    test('a node without a level is a big region, the spec default level 1', async () => {
      expect(await result<Summary>('whole', { area: '5' })).toEqual(await result<Summary>('whole', { area: '5', level: '1' }));
    });

    test('-1 or an empty area is the nation', async () => {
      const nation = await result<Summary>('whole');
      expect(await result<Summary>('whole', { area: '-1', level: '1' })).toEqual(nation);
      expect(await result<Summary>('whole', { area: '', level: '' })).toEqual(nation);
    });
  });

  describe('downloads', () => {
    async function download(query: Query): Promise<{ body: Buffer; disposition: string; sheet: ExcelJS.Worksheet }> {
      const response = await get('download', query).buffer(true).parse(binaryBody).expect(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const body = response.body as Buffer;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      return { body, disposition: response.headers['content-disposition'], sheet: workbook.worksheets[0] };
    }

    test('the brand table of 广东 is an .xlsx named 区域市场表现-广东-品牌-<month>', async () => {
      const { time } = await result<Summary>('whole', GUANGDONG);
      const { body, disposition, sheet } = await download({ ...GUANGDONG, type: '2' });
      expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`区域市场表现-广东-品牌-${time}.xlsx`)}`);
      const brands = await result<Page>('bound', { ...GUANGDONG, pageSize: '500' });
      const table = sheetTable(sheet);
      expect(table.headers[0]).toBe('品牌');
      expect(table.rows.length).toBe(brands.total);
      expect(table.rows[0].getCell(1).value).toBe(brands.list[0].name);
      expect(table.rows[0].getCell(2).value).toBe(brands.list[0].sales);
    });

    test('the area table of the nation is the tree flattened: region, province, then each region as 小计', async () => {
      const regions = await tree();
      const { disposition, sheet } = await download({ type: '3' });
      expect(disposition).toContain(encodeURIComponent('区域市场表现-全国-区域-'));
      const table = sheetTable(sheet);
      expect(table.headers.slice(0, 2)).toEqual(['大区', '省份']);
      const provinces = regions.flatMap((r) => r.children ?? []);
      expect(table.rows.length).toBe(provinces.length + regions.length);
      const first = regions[0];
      const subtotal = table.rows[(first.children ?? []).length];
      expect(table.rows[0].getCell(1).value).toBe(first.name);
      expect(table.rows[0].getCell(2).value).toBe(first.children![0].name);
      expect(subtotal.getCell(2).value).toBe(`${first.name}小计`);
      expect(subtotal.getCell(3).value).toBe(first.sales);
    });

    test.each([
      ['0', '细分市场'],
      ['1', '系别'],
      ['4', '厂商'],
    ])('type %s of a city downloads its %s table', async (type, label) => {
      const { body, disposition } = await download({ area: '440100', level: '3', type });
      expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(disposition).toContain(encodeURIComponent(`区域市场表现-广州市-${label}-`));
    });
  });
});
