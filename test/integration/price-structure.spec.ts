import ExcelJS from 'exceljs';
import request from 'supertest';
import { API_PREFIX, type ChartResult, type MenuGroup, type PriceStructureTable } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { priceStructureApi } from '../support/price-structure-api';
import { sheetTable } from '../support/workbook-table';

/*
 * 整体市场价格结构 and 细分市场价格结构 on the literal market of sales-fixture.ts and price-fixture.ts,
 * every figure worked out by hand. The period is January to March 2026 (3 months); bands 14万-20万 by
 * 1万, ascending: 0 14万以下, 1 14-15万, 2 15-16万, 3 16-17万, 4 17-18万, 5 18-19万, 6 19-20万, 7 20万以上.
 *
 * Sales by band, each trim-month in the band of its national TP (2026-01 has no prices: the launch MSRP;
 * test/integration/price-volume.spec.ts works the same bands out), January to March 2026 by trim:
 *   0: 61 400 (Feb 100, Mar 300) · 2: 61 100 (Jan) + 64 300 (Mar) · 3: 62 300 (Feb 100, Mar 200) + 64 100 (Feb)
 *   4: 62 100 (Jan) · 5: 64 200 (Jan) · 6: 63 200 (Mar) · 7: 63 300 (Jan 200, Feb 100) + 65 200 (Jan, Feb) → 2,200.
 *   A year earlier (launch MSRPs): 2: 61 300 · 7: 63 500 + 65 600 + 66 400 → 1,800.
 * Families: 德系 (brand 甲德: 61, 62) 900, 自主 (乙牌: 64, 65) 800, 日系 (甲日: 63) 500; producers 甲汽车 (61-63)
 * 1,400, 乙汽车 (64, 65) 800. Segments January to March: A级轿车 (61, 62, 64) 1,500, A级SUV 500, B级轿车 200.
 *
 * Prices of the bands (price facts, February and March, each trim-month banded by its own TP):
 *   0: 61 Feb 100 @135,000 + Mar 300 @133,333.33 → TP 53,500,000 / 400 = 133,750; MSRP 150,000; discount 16,250; 10.8 %
 *   2: 64 Mar 300 @154,000, MSRP 175,000 → discount 21,000; 12.0 %
 *   3: 62 Feb 100 @165,000, 64 Feb 100 @160,000, 62 Mar 200 @160,000 → TP 64,500,000 / 400 = 161,250;
 *      MSRP (17,000,000 + 18,000,000 + 34,000,000) / 400 = 172,500; discount 11,250; 6.5 %
 *   6: 63 Mar 200 @195,000, MSRP 220,000 → discount 25,000; 11.4 %
 *   合计: TP (46,000,000 + 157,200,000) / 1,300 = 156,308; MSRP (50,000,000 + 175,500,000) / 1,300 = 173,462;
 *      discount 17,154; 9.9 %
 */

const BANDS = { priceLow: '14', priceHigh: '20', segment: '1', orderBy: '0' };
const LABELS = ['14万以下', '14-15万', '15-16万', '16-17万', '17-18万', '18-19万', '19-20万', '20万以上'];
const SUMS = [400, 0, 400, 400, 100, 200, 200, 500];

describe('the price-structure pages on the hand-made market', () => {
  const { call, get, app, token } = priceStructureApi('structure', 89);

  test('the menus list both pages under 价格分析', async () => {
    const response = await request(app().getHttpServer()).get(`${API_PREFIX}/security/menus`).set('token', token());
    const price = (response.body.result as MenuGroup[]).find((g) => g.name === '价格分析');
    expect(price?.subMenuItems.map((i) => [i.name, i.path])).toEqual(
      expect.arrayContaining([
        ['整体市场价格结构', '/price/totalmarket'],
        ['细分市场价格结构', '/pricedetailmarket'],
      ]),
    );
  });

  test('the band view: January to date summed (累计) and a year earlier, then the monthly average, then MIX', async () => {
    const summed = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '1', averageMonth: '1' });
    expect(summed.xAxis[0].categories).toEqual(LABELS);
    expect(summed.series.map((s) => [s.name, s.data])).toEqual([
      ['2026年1-3月', SUMS],
      ['2025年1-3月', [0, 0, 300, 0, 0, 0, 0, 1500]],
    ]);
    const average = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '1' });
    expect(average.yAxis[0].title).toBe('月均销量');
    expect(average.series.map((s) => s.data)).toEqual([
      [133, 0, 133, 133, 33, 67, 67, 167],
      [0, 0, 100, 0, 0, 0, 0, 500],
    ]);
    const mix = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '1', data2: '1' });
    expect(mix.series.map((s) => s.data)).toEqual([
      [18.2, 0, 18.2, 18.2, 4.5, 9.1, 9.1, 22.7],
      [0, 0, 16.7, 0, 0, 0, 0, 83.3],
    ]);
  });

  test('descending bands and MSRP bands hold the same total', async () => {
    const descending = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, orderBy: '1', view: '1', averageMonth: '1' });
    expect(descending.xAxis[0].categories).toEqual([...LABELS].reverse());
    expect(descending.series[0].data).toEqual([...SUMS].reverse());
    const msrp = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, data1: '1', view: '1', averageMonth: '1' });
    expect((msrp.series[0].data as number[]).reduce((a, b) => a + b, 0)).toBe(2200);
    expect(msrp.series[0].data).not.toEqual(SUMS);
  });

  test("the time view: each month's bands (月均), or January to each month (累计), over the twelve months to the chosen one", async () => {
    const monthly = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '0' });
    expect(monthly.xAxis[0].categories).toHaveLength(12);
    expect(monthly.xAxis[0].categories[0]).toBe('2025-04');
    const at = (chart: ChartResult, month: string) => chart.series.map((s) => s.data[chart.xAxis[0].categories.indexOf(month)]);
    expect(monthly.series.map((s) => s.name)).toEqual(LABELS);
    // 2025-12 by launch MSRPs: 61 → 15-16万, 64 → 18-19万, 63, 65, 66 → 20万以上; 2026-03 by TP.
    expect(at(monthly, '2025-12')).toEqual([0, 0, 100, 0, 0, 200, 0, 500]);
    expect(at(monthly, '2026-03')).toEqual([300, 0, 300, 200, 0, 0, 200, 0]);
    const cumulative = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '0', averageMonth: '1' });
    expect(at(cumulative, '2026-03')).toEqual(SUMS);
    expect(at(cumulative, '2026-02')).toEqual([100, 0, 100, 200, 100, 200, 0, 500]);
    // The first month shown, 2025-04, counts from January 2025: 61 400 (15-16万); 63 700, 65 800, 66 500 (20万以上).
    expect(at(cumulative, '2025-04')).toEqual([0, 0, 400, 0, 0, 0, 0, 2000]);
    const mix = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '0', data2: '1' });
    expect(at(mix, '2026-03')).toEqual([30, 0, 30, 20, 0, 0, 20, 0]);
  });

  test("the producer view: the largest producers, a column per band; MIX is the band's part of the producer", async () => {
    const sales = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '2', averageMonth: '1' });
    expect(sales.xAxis[0].categories).toEqual(['甲汽车', '乙汽车']);
    expect(sales.series.map((s) => s.data)).toEqual([
      [400, 0],
      [0, 0],
      [100, 300],
      [300, 100],
      [100, 0],
      [0, 200],
      [200, 0],
      [300, 200],
    ]);
    const mix = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '2', data2: '1' });
    expect(mix.series.map((s) => s.data[1])).toEqual([0, 0, 37.5, 12.5, 0, 25, 0, 25]);
  });

  test("价格总览: each band's volume, 同比, MIX and its change, and its weighted prices; 合计 last", async () => {
    const table = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '0', averageMonth: '1' });
    expect(table).toMatchObject({ period: '2026-01~2026-03', months: 3, market: '整体市场' });
    expect(table.columns.map((c) => c.label)).toEqual([
      '累计销量',
      '去年同期累计销量',
      '同比',
      'MIX',
      'MIX变化(百分点)',
      '成交价',
      '厂商指导价',
      '优惠',
      '优惠率',
    ]);
    const rows = Object.fromEntries(table.rows.map((r) => [r.name, r.values]));
    expect(table.rows.map((r) => r.name)).toEqual([...LABELS, '合计']);
    expect(rows['14万以下']).toEqual([400, 0, null, 18.2, 18.2, 133750, 150000, 16250, 10.8]);
    expect(rows['14-15万']).toEqual([0, 0, null, 0, null, null, null, null, null]);
    expect(rows['15-16万']).toEqual([400, 300, 33.3, 18.2, 1.5, 154000, 175000, 21000, 12]);
    expect(rows['16-17万']).toEqual([400, 0, null, 18.2, 18.2, 161250, 172500, 11250, 6.5]);
    expect(rows['19-20万']).toEqual([200, 0, null, 9.1, 9.1, 195000, 220000, 25000, 11.4]);
    expect(rows['20万以上']).toEqual([500, 1500, -66.7, 22.7, -60.6, null, null, null, null]);
    expect(rows['合计']).toEqual([2200, 1800, 22.2, 100, null, 156308, 173462, 17154, 9.9]);
    expect(table.rows[0].texts).toEqual(['400', '0', '-', '18.2%', expect.stringContaining('18.2'), '133,750元', '150,000元', '16,250元', '10.8%']);
    // Every row: discount = MSRP − TP.
    for (const r of table.rows) if (r.values[5] !== null) expect(r.values[7]).toBe((r.values[6] as number) - r.values[5]);
    const average = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '0' });
    expect(average.columns[0].label).toBe('月均销量');
    expect(average.rows.map((r) => r.values[0])).toEqual([133, 0, 133, 133, 33, 67, 67, 167, 733]);
  });

  test('the family tab: the market, then each family by volume, a column per band and 合计; MIX sums each row to 100 %', async () => {
    const sales = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '1', averageMonth: '1' });
    expect(sales.columns.map((c) => c.label)).toEqual([...LABELS, '合计']);
    expect(sales.rows.map((r) => [r.name, r.total, r.values])).toEqual([
      ['整体市场', true, [...SUMS, 2200]],
      ['德系', false, [400, 0, 100, 300, 100, 0, 0, 0, 900]],
      ['自主', false, [0, 0, 300, 100, 0, 200, 0, 200, 800]],
      ['日系', false, [0, 0, 0, 0, 0, 0, 200, 300, 500]],
    ]);
    const mix = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '1', data2: '1' });
    expect(mix.rows[1].values).toEqual([44.4, 0, 11.1, 33.3, 11.1, 0, 0, 0, 100]);
    expect(mix.rows[1].texts[0]).toBe('44.4%');
  });

  test('the producer, brand and producer-brand tabs; the settings narrow the market', async () => {
    const producers = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '3', averageMonth: '1' });
    expect(producers.rows.map((r) => [r.name, r.values[8]])).toEqual([
      ['整体市场', 2200],
      ['甲汽车', 1400],
      ['乙汽车', 800],
    ]);
    const brands = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '2', averageMonth: '1' });
    expect(brands.rows.map((r) => [r.name, r.values[8]])).toEqual([
      ['整体市场', 2200],
      ['甲德', 900],
      ['乙牌', 800],
      ['甲日', 500],
    ]);
    const producerBrands = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '4', averageMonth: '1' });
    expect(producerBrands.rows.map((r) => r.name)).toEqual(['整体市场', '甲汽车-甲德', '乙汽车-乙牌', '甲汽车-甲日']);
    // SUVs only (body style 4): 日行SUV [63]; the 德系 family only; 自主 producers (乙汽车) only.
    const suvs = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '1', averageMonth: '1', bodyShapes: '4' });
    expect(suvs.rows.map((r) => [r.name, r.values[8]])).toEqual([
      ['整体市场', 500],
      ['日系', 500],
    ]);
    const german = await get<ChartResult>('totalMarket/highCharts', { ...BANDS, view: '1', averageMonth: '1', families: '2' });
    expect(german.series[0].data).toEqual([400, 0, 100, 300, 100, 0, 0, 0]);
    const domestic = await get<PriceStructureTable>('totalMarket/table', { ...BANDS, tab: '3', averageMonth: '1', producerProperties: '1' });
    expect(domestic.rows.map((r) => [r.name, r.values[8]])).toEqual([
      ['整体市场', 800],
      ['乙汽车', 800],
    ]);
  });

  test('the segment page: the best-selling segment by default (A级轿车), or the one chosen', async () => {
    const table = await get<PriceStructureTable>('priceDetailMarket/table', { ...BANDS, tab: '1', averageMonth: '1' });
    expect(table.market).toBe('A级轿车');
    expect(table.rows[0]).toMatchObject({ name: 'A级轿车', total: true, values: [400, 0, 400, 400, 100, 200, 0, 0, 1500] });
    const chart = await get<ChartResult>('priceDetailMarket/highCharts', { ...BANDS, view: '1', averageMonth: '1', detailId: '7' });
    expect(chart.series[0].data).toEqual([0, 0, 0, 0, 0, 0, 200, 300]);
    const suv = await get<PriceStructureTable>('priceDetailMarket/table', { ...BANDS, tab: '0', detailId: '7' });
    expect(suv.market).toBe('A级SUV');
  });

  test('the download is the table as a workbook: band rows, numbers and percentages', async () => {
    const response = await call('totalMarket/download', { ...BANDS, tab: '0', averageMonth: '1' })
      .buffer(true)
      .parse(binaryBody);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('整体市场价格结构_整体市场_价格总览_2026-01~2026-03.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body);
    const sheet = sheetTable(book.worksheets[0]);
    expect(sheet.head[0]).toBe('整体市场价格结构');
    expect(sheet.headers.slice(0, 3)).toEqual(['价格段', '累计销量', '去年同期累计销量']);
    expect(sheet.values[0]).toEqual([
      '14万以下',
      400,
      0,
      '-',
      // MIX stored unrounded under the percent format (decision 286): 400 / 2,200, shown 18.2 %.
      400 / 2200,
      // MIX变化 is points (decision 173): 18.2, under a format without '%'.
      18.2,
      133750,
      150000,
      16250,
      expect.closeTo(0.108, 6),
    ]);
    expect(sheet.rows[8].getCell(1).value).toBe('合计');
  });

  test('bad settings are 400s with a Chinese message and a segment that does not exist is refused', async () => {
    const bad = await call('totalMarket/highCharts', { priceLow: '30', priceHigh: '20' });
    expect({ status: bad.status, msg: bad.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('价格下限应小于价格上限') });
    const width = await call('totalMarket/table', { priceLow: '10', priceHigh: '20', segment: '3' });
    expect(width.body.msg).toContain('价格区间应为价格段宽度的整数倍');
    const view = await call('totalMarket/highCharts', { view: '5' });
    expect(view.status).toBe(400);
    const segment = await call('priceDetailMarket/table', { detailId: '99' });
    expect({ status: segment.status, msg: segment.body.msg }).toEqual({ status: 400, msg: '参数 detailId 没有 id 为 99 的细分市场' });
  });
});
