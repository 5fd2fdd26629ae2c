import ExcelJS from 'exceljs';
import request from 'supertest';
import { API_PREFIX, ApiCode, type ChartResult, type DimensionTable, ENDPOINTS, type PriceScatter, type ProportionTable } from '@car/contracts';
import { type ApiTarget, binaryBody, sharedApp, type SharedApp } from '../support/shared-app';
import { priceVolumeMarket, type PriceVolumeMarket } from '../support/price-volume-market';
import { sheetTable } from '../support/workbook-table';

/*
 * 价量交叉 on the literal market of sales-fixture.ts and price-fixture.ts, every figure worked out by hand.
 *
 * Retail 2026-03 (national): 61 300, 62 200, 63 200, 64 300 (65, 66 none) = 1,000.
 * Retail 2025-03: 61 100, 63 200, 65 300, 66 200 = 800.
 * Each trim's 2026-03 TP / MSRP: 61 133,333.33 / 150,000; 62 160,000 / 170,000; 63 195,000 / 220,000;
 * 64 154,000 / 175,000. 2025 and 2026-01 have no prices: a trim-month is banded by the trim's launch
 * MSRP (61 150,000, 62 170,000, 63 220,000, 64 180,000, 65 260,000, 66 230,000); 2026-02 TPs: 61
 * 135,000, 62 165,000, 64 160,000; 63 and 65 have none that month (launch MSRP).
 *
 * Bands 14万-20万 by 1万: 0 14万以下, 1 14-15万, 2 15-16万, 3 16-17万, 4 17-18万, 5 18-19万, 6 19-20万, 7 20万以上.
 *   By TP, 2026-03: 61 → 0 (300); 64 at 15.4万 → 2 (300); 62 exactly 16万 → 3 (200, a band includes
 *   its lower bound); 63 → 6 (200). 14-15万 sells nothing. 2025-03: 61 → 2 (100); 63, 65, 66 → 7 (700).
 *   By MSRP, 2026-03: 61 → 2 (300: its TP band is 0), 62 and 64 → 4 (500), 63 → 7 (200).
 *   January-to-date by TP (each month banded by its own price), 2026-01…03:
 *     0: Feb 61 100 + Mar 61 300 = 400; 2: Jan 61 100 + Mar 64 300 = 400; 3: Feb 62 100 + Feb 64 100 + Mar 62 200 = 400;
 *     4: Jan 62 100; 5: Jan 64 200; 6: Mar 63 200; 7: Jan 63 200 + Jan 65 100 + Feb 63 100 + Feb 65 100 = 500 → 2,200.
 *   2025-01…03: 2: 61 300; 7: 63 500 + 65 600 + 66 400 = 1,500 → 1,800.
 */

const BANDS = { priceLow: '14', priceHigh: '20', segment: '1' };

/** A price-volume download as the signed-in analyst: its first sheet. */
async function firstSheet(app: ApiTarget, token: string, path: string, query: Record<string, string>): Promise<ExcelJS.Worksheet> {
  const response = await request(app.getHttpServer()).get(`${API_PREFIX}/pricevolume/${path}`).query(query).set('token', token).buffer(true).parse(binaryBody);
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.body);
  return workbook.worksheets[0];
}
const LABELS = ['14万以下', '14-15万', '15-16万', '16-17万', '17-18万', '18-19万', '19-20万', '20万以上'];

describe('price × volume on the hand-made market', () => {
  const market = priceVolumeMarket('pv', `10.89.${process.pid % 250}.1`);
  let get: PriceVolumeMarket['get'];
  let refuse: PriceVolumeMarket['refuse'];
  let opened: PriceVolumeMarket;

  beforeAll(async () => {
    opened = await market.open();
    ({ get, refuse } = opened);
  }, 120_000);

  afterAll(() => market.close());

  test('TP bands: trims on both sides of a band edge, the open bands, a band with no sales, the same month a year earlier', async () => {
    const chart = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '0' });
    expect(chart.xAxis[0].categories).toEqual(LABELS);
    expect(chart.series.map((s) => s.name)).toEqual(['2026-03', '2025-03', '同比']);
    expect(chart.series[0].data).toEqual([300, 0, 300, 200, 0, 0, 200, 0]);
    expect(chart.series[1].data).toEqual([0, 0, 100, 0, 0, 0, 0, 700]);
    // Each band's growth on the right axis (decision 174): 300 on 100 is +200 %, 0 on 700 is −100 %, nothing a year earlier is no growth.
    expect(chart.series[2]).toEqual({ name: '同比', type: 'line', yAxis: 1, data: [null, null, 200, null, null, null, null, -100] });
    expect(chart.yAxis.map((a) => a.title)).toEqual(['销量', '同比(%)']);
  });

  test('ascending, cheap to expensive, is the default (decision 174); descending lists the same bands from the top', async () => {
    const byDefault = await get<ChartResult>('priceQtyDetail/highCharts', BANDS);
    expect(byDefault.xAxis[0].categories).toEqual(LABELS);
    const chart = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '1' });
    expect(chart.xAxis[0].categories).toEqual([...LABELS].reverse());
    expect(chart.series[0].data).toEqual([0, 200, 0, 0, 200, 300, 0, 300]);
  });

  test('MSRP bands: a trim whose TP and MSRP fall in different bands moves; the total is the same', async () => {
    const chart = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '0', data1: '1' });
    expect(chart.series[0].data).toEqual([0, 0, 300, 0, 500, 0, 0, 200]);
  });

  test("MIX is each band's part of the filtered market: the whole market, then A级轿车 only", async () => {
    const whole = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '0', data2: '1' });
    expect(chart(whole)).toEqual({ current: [30, 0, 30, 20, 0, 0, 20, 0], lastYear: [0, 0, 12.5, 0, 0, 0, 0, 87.5] });
    // A级轿车 (segment 3) is 61, 62, 64: 800 this March (61 300 → band 0, 64 300 → 2, 62 200 → 3); 61's 100 a year earlier.
    const sedans = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '0', data2: '1', detailId: '3' });
    expect(chart(sedans)).toEqual({ current: [37.5, 0, 37.5, 25, 0, 0, 0, 0], lastYear: [0, 0, 100, 0, 0, 0, 0, 0] });
  });

  test("January to date bands each trim-month by its own month's price", async () => {
    const chartResult = await get<ChartResult>('priceQtyDetail/highCharts', { ...BANDS, orderBy: '0', accumulate: '1' });
    expect(chartResult.series.map((s) => s.name)).toEqual(['2026年1-3月', '2025年1-3月', '同比']);
    expect(chart(chartResult)).toEqual({ current: [400, 0, 400, 400, 100, 200, 200, 500], lastYear: [0, 0, 300, 0, 0, 0, 0, 1500] });
  });

  test("the brand table: each band's subtotal merged over its rows, members by sales, MIX of the filtered market", async () => {
    const table = await get<DimensionTable>('priceQtyDetail/table', { ...BANDS, orderBy: '0', type: '1' });
    expect(table.titles.map((t) => t.key)).toEqual(['jgd', 'name', 'xl0', 'yoy']);
    expect(table.titles[2].children.map((c) => c.label)).toEqual(['2026-03', '2025-03']);
    const rows = table.values.map((cells) => [cells[0].data[0], cells[0].merge, cells[1].data[0], cells[2].data[0], cells[2].data[1], cells[3].data[0]]);
    expect(rows).toEqual([
      ['14万以下', 2, '小计', 300, 0, null],
      ['14万以下', 0, '甲德', 300, 0, null],
      ['14-15万', 1, '小计', 0, 0, null],
      ['15-16万', 3, '小计', 300, 100, 200],
      ['15-16万', 0, '乙牌', 300, 0, null],
      ['15-16万', 0, '甲德', 0, 100, -100],
      ['16-17万', 2, '小计', 200, 0, null],
      ['16-17万', 0, '甲德', 200, 0, null],
      ['17-18万', 1, '小计', 0, 0, null],
      ['18-19万', 1, '小计', 0, 0, null],
      ['19-20万', 2, '小计', 200, 0, null],
      ['19-20万', 0, '甲日', 200, 0, null],
      ['20万以上', 3, '小计', 0, 700, -100],
      ['20万以上', 0, '乙牌', 0, 500, -100],
      ['20万以上', 0, '甲日', 0, 200, -100],
    ]);
    // Bars are relative to the largest figure of the table (700).
    expect(table.values[0][2].data.slice(2)).toEqual([42.9, 0]);
    const mix = await get<DimensionTable>('priceQtyDetail/table', { ...BANDS, orderBy: '0', type: '1', data2: '1', foreignIds: '21' });
    expect(mix.titles.map((t) => t.key)).toEqual(['jgd', 'name', 'mix', 'mixYoy']);
    // Only 甲德 [21] beside each subtotal; MIX of the whole market: 300 / 1,000, a year earlier 100 / 800.
    const jiade = mix.values
      .filter((cells) => cells[1].data[0] === '甲德')
      .map((cells) => [cells[0].data[0], cells[2].data[0], cells[2].data[1], cells[3].data[0]]);
    expect(jiade).toEqual([
      ['14万以下', 30, 0, 30],
      ['15-16万', 0, 12.5, -12.5],
      ['16-17万', 20, 0, 20],
    ]);
  });

  test("the sales-proportion single table: 德锐's trims and subtotal, shares of the segment and the market, ranks in the segment", async () => {
    const table = await get<ProportionTable>('modelPrice/singleTable', { modelSubId: '51' });
    expect(table).toMatchObject({ period: '2026-03', modelSubId: 51, modelSubName: '德锐' });
    expect(
      table.rows.map((r) => [
        r.name,
        r.priceStr,
        r.sales,
        r.tqSales,
        r.yoys,
        r.detailMixs,
        r.detailMixStr,
        r.detailMixChanges,
        r.wholeMixs,
        r.wholeMixChanges,
        r.rankingStr,
        r.rankingStatus,
        r.subtotal,
      ]),
    ).toEqual([
      // Segment 3 sold 800 (61 300, 64 300, 62 200) and 100 a year earlier (61); the market 1,000 and 800.
      ['德锐 2025款 1.5T 舒适型', '13.33万', 300, 100, '200.0%', '37.5%', '100.0%', '-62.5', '30.0%', '+17.5', '1', 0, false],
      // 62 sold nothing a year earlier: a real 0.0 % of a segment that sold 100, so its shares rose by their whole size.
      ['德锐 2026款 1.5T 豪华型', '16.00万', 200, 0, '-', '25.0%', '0.0%', '+25.0', '20.0%', '+20.0', '3', -2, false],
      // The series: TP (26,000,000 + 14,000,000 + 32,000,000) / 500 = 144,000; first of the segment's series both years.
      ['德锐 小计', '14.40万', 500, 100, '400.0%', '62.5%', '100.0%', '-37.5', '50.0%', '+37.5', '1', 0, true],
    ]);
    const byMsrp = await get<ProportionTable>('modelPrice/singleTable', { modelSubId: '51', data1: '1', carIds: '62' });
    expect(byMsrp.rows.map((r) => [r.name, r.price])).toEqual([
      ['德锐 2026款 1.5T 豪华型', 170000],
      ['德锐 小计', 158000],
    ]);
  });

  test("view 1 (销量同比) puts last year's sales beside 同比, page and workbook: 德锐's trims 100 and 0, its subtotal 100", async () => {
    const sheet = await firstSheet(opened.app, opened.token, 'modelPrice/downloadSingleTable', { modelSubId: '51', data2: '1' });
    const table = sheetTable(sheet);
    expect(table.headers).toEqual(['车系', '车型', '价格(万元)', '销量', '去年同期销量', '同比', '细分市场排名']);
    const rows = table.rows.map((row) => [row.getCell(2).value, row.getCell(4).value, row.getCell(5).value, row.getCell(6).value]);
    // 2025-03: 61 sold 100, 62 nothing (launched later); 德锐 100. Growth 300/100−1 = 200 %, 500/100−1 = 400 %.
    expect(rows).toEqual([
      ['德锐 2025款 1.5T 舒适型', 300, 100, 2],
      ['德锐 2026款 1.5T 豪华型', 200, 0, '-'],
      ['德锐 小计', 500, 100, 4],
    ]);
  });

  test('the compare table and chart: the own series then the compared one, January to date', async () => {
    const table = await get<ProportionTable>('modelPrice/compareTable', { modelSubId: '51', modelSubIds: '53', accumulate: '1' });
    expect(table.period).toBe('2026-01~2026-03');
    // Jan-Mar 2026: 61 500, 62 400, 64 600 (segment 3: 1,500); 2025: 61 300 (segment 300).
    expect(table.rows.map((r) => [r.name, r.sales, r.tqSales, r.detailMixs, r.subtotal])).toEqual([
      ['德锐 2025款 1.5T 舒适型', 500, 300, '33.3%', false],
      ['德锐 2026款 1.5T 豪华型', 400, 0, '26.7%', false],
      ['德锐 小计', 900, 300, '60.0%', true],
      ['乙电EV 2025款 长续航', 600, 0, '40.0%', false],
      ['乙电EV 小计', 600, 0, '40.0%', true],
    ]);
    const scatter = await get<PriceScatter>('modelPrice/compareCharts', { modelSubId: '51', modelSubIds: '53', data2: '1' });
    expect(scatter.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y, p.sales])])).toEqual([
      [
        '德锐',
        [
          [61, 13.33, 37.5, 300],
          [62, 16, 25, 200],
        ],
      ],
      ['乙电EV', [[64, 15.4, 37.5, 300]]],
      // The segment's trims ranked 1-10 this March (decision 146).
      [
        'A级轿车 第1-10名',
        [
          [61, 13.33, 37.5, 300],
          [64, 15.4, 37.5, 300],
          [62, 16, 25, 200],
        ],
      ],
    ]);
    const single = await get<PriceScatter>('modelPrice/singleChart', { modelSubId: '51', data1: '1' });
    // A year earlier only 61 sold, with no price of its own that month (x null, not drawn).
    expect(single.series.map((s) => [s.name, s.points.map((p) => [p.id, p.x, p.y])])).toEqual([
      [
        '2026-03',
        [
          [61, 15, 300],
          [62, 17, 200],
        ],
      ],
      ['2025-03', [[61, null, 100]]],
    ]);
  });

  test("without 车系, the caller's own producer's or brand's best seller of the month; without either, the market's (decision 277)", async () => {
    // 2026-03 by sub-series: 德锐 [51] 500 (61 300 + 62 200), 乙电EV [53] 300, 日行SUV [52] 200.
    const own = async (query: Record<string, string>) => (await get<ProportionTable>('modelPrice/singleTable', query)).modelSubName;
    expect(await own({})).toBe('德锐');
    expect(await own({ producerId: '11' })).toBe('德锐');
    // 乙汽车 [12]: 乙电EV sells 300, 乙尊 nothing since 2025.
    expect(await own({ producerId: '12' })).toBe('乙电EV');
    // Brand 甲日 [22]: its one series 日行SUV, though 甲汽车's best seller is 德锐.
    expect(await own({ brandId: '22' })).toBe('日行SUV');
    // 车系 chosen: the maker changes nothing; the chart and the compare table open on the same series.
    expect(await own({ modelSubId: '52', producerId: '12' })).toBe('日行SUV');
    const chart = await get<PriceScatter>('modelPrice/singleChart', { producerId: '12' });
    expect(chart.series[0].points.map((p) => p.id)).toEqual([64]);
    expect((await get<ProportionTable>('modelPrice/compareTable', { brandId: '22' })).modelSubId).toBe(52);
  });

  test('bad bands and unknown series are 400s with a Chinese message', async () => {
    expect(await refuse('priceQtyDetail/highCharts', { priceLow: '40', priceHigh: '5' })).toBe('参数 priceLow 价格下限应小于价格上限');
    expect(await refuse('priceQtyDetail/table', { priceLow: '0', priceHigh: '100', segment: '0.1' })).toMatch(/^参数 segment 价格段过多/);
    expect(await refuse('priceQtyDetail/download', { segment: '3' })).toBe('参数 segment 价格区间应为价格段宽度的整数倍');
    expect(await refuse('modelPrice/singleTable', { modelSubId: '999' })).toBe('参数 modelSubId 没有 id 为 999 的子车系');
    expect(await refuse('modelPrice/singleChart', { modelSubId: '51', carIds: '64' })).toBe('参数 carIds 的车型 64 不属于所选车系');
  });
});

function chart(result: ChartResult): { current: (number | null)[]; lastYear: (number | null)[] } {
  return { current: result.series[0].data, lastYear: result.series[1].data };
}

/** The demo market: the bands add up, MIX to 100 %, dimensions to their bands, TP and MSRP to the same total. */
describe('price × volume on the demo data', () => {
  let app: SharedApp;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: '203.0.113.121' }));
  });

  afterAll(async () => {
    await app?.close();
  });

  async function get<T>(path: string, query: Record<string, string>): Promise<T> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token);
    expect({ status: response.status, code: response.body.code, msg: response.body.msg }).toMatchObject({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }
  const sum = (values: readonly (number | null)[]): number => values.reduce<number>((s, v) => s + (v ?? 0), 0);

  test.each([
    [{}, {}],
    [
      { detailId: '9', producerProperties: '1' },
      { detailId: '9', producerProperty: '1' },
    ],
    [{ accumulate: '1' }, {}],
  ])(
    "the bands (open ones included) add up to the market's sales for the same filters %j; MIX to 100 %%; TP and MSRP the same",
    async (filters, salesFilters) => {
      const [tp, msrp, mix, market] = await Promise.all([
        get<ChartResult>('pricevolume/priceQtyDetail/highCharts', filters),
        get<ChartResult>('pricevolume/priceQtyDetail/highCharts', { ...filters, data1: '1' }),
        get<ChartResult>('pricevolume/priceQtyDetail/highCharts', { ...filters, data2: '1' }),
        get<{ qty: number; ljQty: number }>('saleVolume/wholeMarket/whole', salesFilters),
      ]);
      const expected = 'accumulate' in filters ? market.ljQty : market.qty;
      expect(sum(tp.series[0].data)).toBe(expected);
      expect(sum(msrp.series[0].data)).toBe(expected);
      // Each band's MIX is shown to a tenth, so their sum may miss 100 by half a tenth a band at most.
      for (const series of mix.series.slice(0, 2)) expect(Math.abs(sum(series.data) - 100)).toBeLessThanOrEqual(series.data.length * 0.05 + 1e-9);
    },
  );

  test("朗逸's 2026款 trims meet last year's 2025款 namesakes in January 2026, which they replaced (decision 278)", async () => {
    const [langyi] = (await get<Array<{ id: number; name: string }>>('search/getSubModels', { key: '朗逸' })).filter((s) => s.name === '朗逸');
    const table = await get<ProportionTable>('pricevolume/modelPrice/singleTable', { modelSubId: String(langyi.id), time: '2026-01', data2: '1' });
    // January 2025's trims and their sales, from the chart, which draws each year's own trims.
    const chart = await get<PriceScatter>('pricevolume/modelPrice/singleChart', { modelSubId: String(langyi.id), time: '2026-01' });
    const lastYear = new Map(chart.series[1].points.map((p) => [p.name, p.sales]));
    const trims = table.rows.filter((r) => !r.subtotal);
    const met = trims.filter((r) => r.priorName !== undefined);
    // The 2026款 went on sale in 2025-08 and the 2025款 ended in 2025-11: each 2026款 sold nothing in January 2025.
    expect(met.map((r) => [r.name.slice(0, 5), r.priorName!.slice(0, 5)])).toEqual(met.map(() => ['2026款', '2025款']));
    expect(met.length).toBeGreaterThanOrEqual(3);
    for (const row of met) {
      // Same configuration name (进取版, 舒适版 …); the year-ago sales are the predecessor's, the growth against them.
      expect(row.priorName!.split(' ').at(-1)).toBe(row.name.split(' ').at(-1));
      expect(row.tqSales).toBe(lastYear.get(row.priorName!));
      expect(row.yoy).toBeCloseTo((row.sales / row.tqSales - 1) * 100, 0);
      // The predecessor's row, which sold nothing this January, is no longer listed on its own.
      expect(trims.some((r) => r.name === row.priorName)).toBe(false);
    }
    // Nothing counted twice: the trims' year-ago sales still add up to the series'.
    const subtotal = table.rows.find((r) => r.subtotal)!;
    expect(trims.reduce((sum, r) => sum + r.tqSales, 0)).toBe(subtotal.tqSales);
  });

  test("the demo market's shape: 10-15万 is the largest band, 10-20万 carries over 40 % of the volume, 40万以上 a few percent", async () => {
    const chartResult = await get<ChartResult>('pricevolume/priceQtyDetail/highCharts', { orderBy: '0', data2: '1' });
    const mix = new Map(chartResult.xAxis[0].categories.map((c, i) => [c, chartResult.series[0].data[i] ?? 0]));
    expect([...mix.entries()].sort((a, b) => b[1] - a[1])[0][0]).toBe('10-15万');
    expect(mix.get('10-15万')! + mix.get('15-20万')!).toBeGreaterThan(40);
    expect(mix.get('40万以上')).toBeLessThan(5);
  });

  test.each([0, 1, 2, 3, 4])("dimension %i: each band's rows (its top five and 其他 with the hidden rest) add up to the band", async (type) => {
    const table = await get<DimensionTable>('pricevolume/priceQtyDetail/table', { type: String(type) });
    let subtotal = 0;
    let members = 0;
    let folded = 0;
    table.values.forEach((cells, i) => {
      const sales = cells[2].data[0] as number;
      if (cells[1].data[0] === '小计') {
        if (i > 0) expect(members).toBe(subtotal);
        subtotal = sales;
        members = 0;
        return;
      }
      members += sales;
      const hidden = cells[2].hiddenList;
      if (hidden) {
        folded += 1;
        expect(hidden.reduce((s, r) => s + r.sales, 0)).toBe(sales);
        expect(cells[1].data[0]).toBe(`其他（${hidden.length}）`);
      }
    });
    expect(members).toBe(subtotal);
    if (type > 0) expect(folded).toBeGreaterThan(0);
  });

  test('the download lists every member of every band with the same figures', async () => {
    const sheet = await firstSheet(app, token, 'priceQtyDetail/download', { type: '1' });
    const table = await get<DimensionTable>('pricevolume/priceQtyDetail/table', { type: '1' });
    const subtotals = table.values.filter((cells) => cells[1].data[0] === '小计').map((cells) => cells[2].data[0]);
    const sheetSubtotals: number[] = [];
    let memberSum = 0;
    for (const row of sheetTable(sheet).rows) {
      if (row.getCell(2).value === '小计') sheetSubtotals.push(Number(row.getCell(3).value));
      else memberSum += Number(row.getCell(3).value);
    }
    expect(sheetSubtotals).toEqual(subtotals);
    expect(memberSum).toBe(sum(subtotals as number[]));
  });

  const calls = ENDPOINTS.filter((e) => e.path.startsWith('pricevolume/')).map((e) => e.path);
  const MALFORMED: Record<string, string[]> = {
    time: ['2026-13', 'x', '2026-1'],
    detailId: ['2147483648', 'a', '-2'],
    producerProperties: ['1,x', '99999'],
    brandProperties: ['a'],
    priceLow: ['-1', '1e3', '5.55', '10001', 'NaN'],
    priceHigh: ['Infinity', ' '],
    segment: ['0', '-5', '0.01'],
    orderBy: ['2'],
    data1: ['TP'],
    data2: ['9'],
    accumulate: ['true'],
    type: ['5', '-1'],
    foreignIds: ['0', '1,,x', '2147483648'],
    modelSubId: ['0', '2147483648', 'x'],
    modelSubIds: ['1,2,3,4,5,6,7,8,9,10,11', 'x'],
    carIds: ['-1', '1.5'],
    brand: ['0', '1,x'],
    bodyShape: ['x', '99'],
    series: ['0', '-1'],
    tpCity: ['0', 'x', '1'],
    city: ['0', 'x', '1'],
    count: ['0', '11', 'x'],
    rank: ['0', '6'],
    // The decks' own keys (导出PPT, decision 217).
    chart: ['2', 'x'],
    rows: ['2', '-1'],
    singleType: ['2'],
    singleCount: ['0', '11'],
    singleView: ['4'],
    compareRank: ['6'],
    tableAccumulate: ['2'],
  };
  test.each(calls)('%s answers malformed values of every parameter with a 400, never a 5xx', async (path) => {
    for (const [name, values] of Object.entries(MALFORMED)) {
      for (const value of values) {
        const response = await request(app.getHttpServer())
          .get(`${API_PREFIX}/${path}`)
          .query({ [name]: value })
          .set('token', token);
        expect({ name, value, status: response.status }).toEqual({ name, value, status: 400 });
        expect(response.body.msg).toMatch(/^参数 /);
      }
      const repeated = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}?${name}=1&${name}=2`).set('token', token);
      expect({ name, status: repeated.status }).toEqual({ name, status: 400 });
    }
  });
});
