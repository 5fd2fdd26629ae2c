import ExcelJS from 'exceljs';
import request from 'supertest';
import { ENDPOINTS, percentNumber, type Nationwide, type PriceMap, type PriceTable, type PriceWhole } from '@car/contracts';
import { binaryBody, sharedApp, type SharedApp } from '../support/shared-app';
import { createAnalyst } from '../support/users';
import { sheetTable } from '../support/workbook-table';

/**
 * The price calls on the demo data, held to each other: the table's whole-market row equals the cards,
 * the nation-wide average is the volume-weighted mean of the regional rows, and discount = MSRP − TP and
 * rate = discount / MSRP on every card and every row; the discount rate deepens through the 2023-2024
 * price war, as the generator intends; the downloads carry the tables' figures.
 */

const PASSWORD = 'PriceDemo#2026';

describe('price calls on the demo data', () => {
  let app: SharedApp;
  let token: string;

  beforeAll(async () => {
    const account = await createAnalyst('price_demo', PASSWORD, '价格分析师');
    ({ app, token } = await sharedApp({ address: `10.90.${process.pid % 250}.1`, account, password: PASSWORD }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, query: Record<string, string> = {}) => request(app.getHttpServer()).get(`/car/api/price/${path}`).query(query).set('token', token);

  async function result<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await get(path, query);
    expect({ path, status: response.status, msg: response.body.msg }).toEqual({ path, status: 200, msg: expect.any(String) });
    return response.body.result as T;
  }

  test('every card: discount = MSRP − TP and rate = discount / MSRP', async () => {
    for (const query of [{}, { detailId: '3' }, { bigArea: '5' }, { composite: '1', producerProperty: '2' }, { time: '2023-06' }] as Array<
      Record<string, string>
    >) {
      const cards = await result<PriceWhole>('marketPriceWhole/whole', query);
      expect(cards.tp).not.toBeNull();
      expect(cards.discount).toBe(cards.msrp! - cards.tp!);
      expect(cards.discountRate).toBe(percentNumber(cards.discount! / cards.msrp!));
    }
  });

  test("the table's whole-market row equals the cards under each measure, and each segment row equals its own cards", async () => {
    const cards = await result<PriceWhole>('marketPriceWhole/whole');
    const last = (t: PriceTable) => t.months.length - 1;
    const tp = await result<PriceTable>('marketPriceWhole/detailTable', { type: '0', type2: '2' });
    const discount = await result<PriceTable>('marketPriceWhole/detailTable', { type: '0', type2: '0' });
    const rate = await result<PriceTable>('marketPriceWhole/detailTable', { type: '0', type2: '1' });
    expect(tp.months[last(tp)]).toBe(cards.time);
    expect([tp.rows[0].values[last(tp)], discount.rows[0].values[last(tp)], rate.rows[0].values[last(tp)]]).toEqual([
      cards.tp,
      cards.discount,
      cards.discountRate,
    ]);
    const segment = tp.rows[1];
    const segmentCards = await result<PriceWhole>('marketPriceWhole/whole', { detailId: String(segment.id) });
    expect(segment.values[last(tp)]).toBe(segmentCards.tp);
  });

  test('on every row of every table, rate = discount / (TP + discount): discount = MSRP − TP, rate = discount / MSRP', async () => {
    for (const type of ['0', '1', '2']) {
      const [tp, discount, rate] = await Promise.all(['2', '0', '1'].map((type2) => result<PriceTable>('marketPriceWhole/detailTable', { type, type2 })));
      expect(tp.rows.length).toBeGreaterThan(1);
      tp.rows.forEach((row, i) => {
        row.values.forEach((price, m) => {
          const d = discount.rows[i].values[m];
          if (price === null) return expect([d, rate.rows[i].values[m]]).toEqual([null, null]);
          expect(rate.rows[i].values[m]).toBe(percentNumber(d! / (price + d!)));
        });
      });
    }
  });

  test('the nation-wide average is the volume-weighted mean of the regional rows; the regional table agrees with 区域表现', async () => {
    const top = (await result<PriceTable>('marketPriceWhole/detailTable', { type: '2' })).rows[1];
    expect(top).toBeDefined();
    const series = await request(app.getHttpServer())
      .get('/car/api/search/getSeries')
      .query({ brandIds: String(top.id) })
      .set('token', token);
    const subSeriesIds: number[] = series.body.result.flatMap((g: { list: Array<{ subList: Array<{ id: number }> }> }) =>
      g.list.flatMap((s) => s.subList.map((x) => x.id)),
    );
    let nationwide: Nationwide | undefined;
    let modelSubId = '';
    // The brand's first sub-series priced this month (some have left the market).
    for (const id of subSeriesIds) {
      modelSubId = String(id);
      nationwide = await result<Nationwide>('cabmodelpricetrace/nationwide', { modelSubId });
      if (nationwide.avgPrice !== null) break;
    }
    expect(nationwide?.avgPrice).not.toBeNull();
    const table = await result<PriceTable>('cabmodelpricetrace/cityTable', { modelSubId, type: '2' });
    const m = table.months.length - 1;
    expect(table.rows[0].values[m]).toBe(nationwide!.avgPrice);
    const regions = table.rows.filter((r) => r.level === 1 && r.qty[m] > 0);
    const weighted = regions.reduce((sum, r) => sum + r.values[m]! * r.qty[m], 0) / regions.reduce((sum, r) => sum + r.qty[m], 0);
    // Regional rows are whole yuan: the mean of rounded figures is within a yuan of the rounded national one.
    expect(Math.abs(weighted - nationwide!.avgPrice!)).toBeLessThanOrEqual(1);
    expect(table.rows[0].qty[m]).toBe(regions.reduce((sum, r) => sum + r.qty[m], 0));
    expect(nationwide!.avgDiscount).toBeGreaterThanOrEqual(0);
    expect(nationwide!.lowPrice!).toBeLessThanOrEqual(nationwide!.avgPrice!);
    expect(nationwide!.highDiscount!).toBeGreaterThanOrEqual(nationwide!.avgDiscount!);
  });

  test('the discount rate deepens through the 2023-2024 price war', async () => {
    const rateAt = async (time: string) => (await result<PriceWhole>('marketPriceWhole/whole', { time })).discountRate!;
    const [start2023, end2023, end2024] = await Promise.all(['2023-01', '2023-12', '2024-12'].map(rateAt));
    expect(end2023).toBeGreaterThan(start2023);
    expect(end2024).toBeGreaterThan(end2023);
  });

  test("the province map carries each province's discount rate of its prices", async () => {
    const map = await result<PriceMap>('marketPriceWhole/map');
    expect(map.provinces.length).toBeGreaterThan(10);
    for (const p of map.provinces) expect(p.discountRateStr).toBe(p.discountRate === null ? '-' : `${p.discountRate.toFixed(1)}%`);
  });

  test('every price call answers malformed values of every parameter with a 400 naming it, never a 5xx', async () => {
    const BAD = ['2147483648', 'abc', '-5', 'a\u0000b', '1,,x', '9'.repeat(400), '1.5', ' ', '-1,-2'];
    const calls = ENDPOINTS.filter((e) => e.path.startsWith('price/'));
    const BAND_FIELDS = ['priceLow', 'priceHigh', 'segment'];
    // Seventeen calls of the pages (the trace's 成交价差, decision 276) and the four pages' 导出PPT (issue 31).
    expect(calls.length).toBe(21);
    for (const call of calls) {
      const shape = (call.params as unknown as { shape: Record<string, unknown> }).shape;
      const base: Record<string, string> = call.path.startsWith('price/cabmodelpricetrace') ? { modelSubId: '1' } : {};
      for (const name of Object.keys(shape)) {
        for (const value of BAD) {
          const response = await get(call.path.slice('price/'.length), { ...base, [name]: value });
          expect({ call: call.path, name, value, status: response.status < 500 }).toEqual({ call: call.path, name, value, status: true });
          // A band bound that is well formed but breaks the band rules is refused naming the rule's parameter (segment for a range that is not whole bands).
          const named = BAND_FIELDS.includes(name) ? `(${BAND_FIELDS.join('|')})` : name;
          if (response.status === 400) expect(response.body.msg).toMatch(new RegExp(`^参数 ${named} `));
        }
      }
    }
  }, 300_000);

  test("the tables download as .xlsx with the months as columns and the API's figures", async () => {
    const table = await result<PriceTable>('marketPriceWhole/detailTable', { type: '1', type2: '1' });
    const response = await get('marketPriceWhole/downloadDetailTable', { type: '1', type2: '1' }).buffer(true).parse(binaryBody).expect(200);
    const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(response.headers['content-disposition'])?.[1] ?? '');
    expect(fileName).toBe(`整体市场价格指数-厂商-${table.months[table.months.length - 1]}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body);
    const sheet = sheetTable(book.worksheets[0]);
    expect(sheet.head[0]).toBe('整体市场价格指数');
    expect(sheet.headers).toEqual(['厂商', ...table.months]);
    expect(sheet.rows.length).toBe(table.rows.length);
    const second = sheet.values[1];
    expect(second[0]).toBe(table.rows[1].name);
    expect(second.slice(1)).toEqual(table.rows[1].values.map((v) => (v === null ? '-' : expect.closeTo(v / 100, 10))));
  });
});
