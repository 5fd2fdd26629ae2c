import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { type CarDetails, type ChartResult, type Summary, type TendencyPage } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { signedInApi } from '../support/signed-in-api';
import { testEnv } from '../support/test-env';
import { sheetTable } from '../support/workbook-table';

/**
 * 厂商品牌表现 inside a region, province or city (spec 000 §3 companybrandsearchForm: area), and the Top
 * select of a comparison (§9 "Top select 1-5"): every figure against SQL over the retail facts.
 */
const API = '/car/api/saleVolume/companyBrand';
const GUANGDONG = { area: '440000', level: '2' };
const GUANGZHOU = { area: '440100', level: '3' };
const HUANAN = { area: '5', level: '1' };

describe('the producer/brand calls inside an area', () => {
  const env = testEnv();
  const { get, result } = signedInApi({ address: `10.81.${process.pid % 250}.1`, base: API });
  let db: Client;
  let month: number;

  beforeAll(async () => {
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    month = Number((await db.query(`SELECT max(month) AS m FROM retail_fact`)).rows[0].m);
  });

  afterAll(async () => {
    await db?.end();
  });

  /** Where a place's retail facts are: a region, a province or a city. */
  function placeSql(where: { area: string; level: string }): string {
    const column = where.level === '1' ? 'pr.area_id' : where.level === '2' ? 'ci.province_id' : 'ci.id';
    return `${column} = ${Number(where.area)}`;
  }

  /** Retail volume per brand (or producer) in a place and month, sold that month, best first (then January-to-date, then id). */
  async function ranked(kind: 'brand' | 'producer', where: { area: string; level: string }): Promise<Array<{ id: number; qty: number }>> {
    const { rows } = await db.query(
      `SELECT c.${kind}_id AS id, sum(f.qty) FILTER (WHERE f.month = $1)::int AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id
         JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id
        WHERE f.month BETWEEN $2 AND $1 AND ${placeSql(where)} GROUP BY 1 HAVING sum(f.qty) FILTER (WHERE f.month = $1) > 0 ORDER BY 2 DESC, sum(f.qty) DESC, 1`,
      [month, Math.floor(month / 100) * 100 + 1],
    );
    return rows as Array<{ id: number; qty: number }>;
  }

  async function volume(where: { area: string; level: string }, extra = 'TRUE', m = month): Promise<number> {
    const { rows } = await db.query(
      `SELECT coalesce(sum(f.qty), 0)::int AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id
         JOIN city ci ON ci.id = f.city_id JOIN province pr ON pr.id = ci.province_id
        WHERE f.month = $1 AND ${placeSql(where)} AND ${extra}`,
      [m],
    );
    return Number(rows[0].qty);
  }

  test('the cards of the market and of one brand are the retail volume inside the province or city', async () => {
    const market = await result<Summary>('whole', GUANGDONG);
    expect(market.qty).toBe(await volume(GUANGDONG));
    expect(market.qty).toBeLessThan((await result<Summary>('whole')).qty);
    const [top] = await ranked('brand', GUANGZHOU);
    const mine = await result<Summary>('whole', { ...GUANGZHOU, type: '1', foreignId: String(top.id) });
    expect(mine.qty).toBe(top.qty);
    expect(mine.tb).toBe(await volume(GUANGZHOU, `c.brand_id = ${top.id}`, month - 100));
  });

  test('the ranking is the order of the SQL inside the region, and its download has the same rows', async () => {
    const expected = await ranked('producer', HUANAN);
    const page = await result<TendencyPage>('list', { ...HUANAN, type: '0', pageSize: '500' });
    // Producers sold there this month, in order (the list goes on with those sold only earlier or a year ago).
    expect(page.list.filter((r) => r.sales > 0).map((r) => [r.id, r.sales])).toEqual(expected.map((r) => [r.id, r.qty]));
    expect(page.total).toBe(page.list.length);

    const response = await get('download', { ...HUANAN, type: '0' })
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body);
    const names = sheetTable(book.worksheets[0]).rows.map((row) => row.getCell(2).text);
    expect(names).toEqual(page.list.map((r) => r.name));
  });

  test("a brand's car-model details inside a city: each sub-series' volume and the city's market total", async () => {
    const [top] = await ranked('brand', GUANGZHOU);
    const details = await result<CarDetails>('carDetails', { ...GUANGZHOU, type: '1', foreignId: String(top.id) });
    expect(details.wholeHeJi1.sales).toBe(top.qty);
    expect(details.wholeHeJi2.sales).toBe(await volume(GUANGZHOU));
    const { rows } = await db.query(
      `SELECT s.name, sum(f.qty)::int AS qty FROM retail_fact f JOIN car c ON c.id = f.car_id JOIN sub_series s ON s.id = c.sub_series_id
        WHERE f.month = $1 AND f.city_id = 440100 AND c.brand_id = $2 GROUP BY 1 HAVING sum(f.qty) > 0`,
      [month, top.id],
    );
    const shown = new Map(details.details.flatMap((d) => d.models).map((m) => [m.name, m.sales]));
    for (const r of rows as Array<{ name: string; qty: number }>) expect([r.name, shown.get(r.name)]).toEqual([r.name, r.qty]);

    const file = await get('downloadCarDetails', { ...GUANGZHOU, type: '1', foreignId: String(top.id) })
      .buffer(true)
      .parse(binaryBody);
    expect(file.status).toBe(200);
  });

  test('the trend of one producer inside a province is its monthly retail there', async () => {
    const [top] = await ranked('producer', GUANGDONG);
    const chart = await result<ChartResult>('highCharts', { ...GUANGDONG, type: '0', foreignId: String(top.id), count: '1' });
    const thisYear = chart.series[chart.series.length - 1].data;
    expect(thisYear[(month % 100) - 1]).toBe(top.qty);
  });

  test('Top N of a comparison: the N best-selling brands of the area other than the brand itself, after the picked ones', async () => {
    const brands = await ranked('brand', GUANGDONG);
    const [main, second, third, fourth, fifth] = brands;
    const names = new Map(
      (
        (await db.query(`SELECT id, name FROM brand WHERE id = ANY($1)`, [brands.slice(0, 6).map((b) => b.id)])).rows as Array<{ id: number; name: string }>
      ).map((r) => [r.id, r.name]),
    );
    const chart = await result<ChartResult>('highCharts', { ...GUANGDONG, type: '1', foreignId: String(main.id), compareType: '2', count: '3' });
    expect(chart.series.map((s) => s.name)).toEqual([main, second, third, fourth].map((b) => names.get(b.id)));
    // A picked brand comes first and is not counted twice.
    const picked = await result<ChartResult>('highCharts', {
      ...GUANGDONG,
      type: '1',
      foreignId: String(main.id),
      compareType: '2',
      foreignIds: String(third.id),
      count: '3',
    });
    expect(picked.series.map((s) => s.name)).toEqual([main, third, second, fourth, fifth].map((b) => names.get(b.id)));
    const details = await result<CarDetails>('carDetails', { ...GUANGDONG, type: '1', foreignId: String(main.id), compareType: '2', count: '2' });
    expect(details.compareHeJiList.map((c) => [c.id, c.wholeHeJi1.sales])).toEqual([second, third].map((b) => [b.id, b.qty]));
    // Without count, a comparison has no Top N.
    const none = await result<ChartResult>('highCharts', { ...GUANGDONG, type: '1', foreignId: String(main.id), compareType: '2' });
    expect(none.series.map((s) => s.name)).toEqual([names.get(main.id)]);
  });

  test('bad input: wholesale has no area, unknown places and a Top over 5 are refused with a Chinese message', async () => {
    const refused = async (path: string, query: Record<string, string>) => {
      const response = await get(path, query);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: -1400 });
      return response.body.msg as string;
    };
    expect(await refused('whole', { ...GUANGDONG, source: '1' })).toBe('批发量数据没有地区维度，请选择零售量（数据来源 2）');
    expect(await refused('list', { area: '990000', level: '2' })).toMatch(/990000/);
    expect(await refused('highCharts', { type: '0', foreignId: '1', compareType: '1', count: '6' })).toMatch(/^参数 count 对比时应为 0-5/);
  });
});
