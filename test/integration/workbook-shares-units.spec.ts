import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  API_PREFIX,
  ApiCode,
  type CarDetails,
  DASH,
  figureFormat,
  percentNumber,
  type PriceTable,
  priceTableUnitText,
  type ProportionTable,
  type TendencyPage,
} from '@car/contracts';
import { signedInApp } from '../support/api-app';
import { binaryBody } from '../support/shared-app';
import { type SheetTable, valueText, workbookTable } from '../support/workbook-table';

/*
 * Decision 286 on the demo data. A: the four tables whose shares the services used to round before any writer saw them
 * (厂商品牌表现's car-model details, 车型价格段销量's MIX, 销量占比分析's MIX, 价格结构's MIX) store each share as
 * its unrounded fraction under the percent format, as the rankings do (decision 282): each cell is the part over
 * the whole computed here from the volumes the same workbooks carry, to the last bit. Rounded to the page's 0.1 %
 * (a multiple of 0.001), they were not. The JSON the pages read keeps its one-decimal numbers. B: the month tables of
 * 整体市场价格指数 and 车系价格追踪 write their figures as numbers under the display formats and their unit once, in the
 * header block, as the page writes it once in its title (decision 283).
 */
describe('shares stored unrounded in the workbooks of the details, price-band, proportion and structure tables', () => {
  let app: NestExpressApplication;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = await signedInApp({ address: '203.0.113.186' }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: ApiCode.Success });
    return response.body.result as T;
  }

  async function tableOf(path: string, query: Record<string, string>): Promise<SheetTable> {
    const response = await request(app.getHttpServer()).get(`${API_PREFIX}/${path}`).query(query).set('token', token).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    return workbookTable(response.body as Buffer);
  }

  /** A column's cells (its first `rows`, else all) as numbers (a dash as DASH), each under the percent format where it is a number. */
  function shares(table: SheetTable, header: string, rows?: number): Array<number | typeof DASH> {
    return table
      .column(header)
      .slice(0, rows)
      .map((cell) => {
        if (cell.value === DASH) return DASH;
        expect({ type: typeof cell.value, numFmt: cell.numFmt }).toEqual({ type: 'number', numFmt: figureFormat('percent') });
        return cell.value as number;
      });
  }

  const numberIn = (table: SheetTable, header: string): number[] => table.column(header).map((cell) => Number(cell.value));
  const textIn = (table: SheetTable, header: string): string[] => table.column(header).map((cell) => valueText(cell.value));
  /** Some fraction is no multiple of 0.001: what the page's one decimal would have left. */
  const someUnrounded = (fractions: ReadonlyArray<number | typeof DASH>): boolean =>
    fractions.some((f) => typeof f === 'number' && Math.abs(f * 1000 - Math.round(f * 1000)) > 1e-6);

  test('车型明细: 细分市场占比, 细分市场份额 and 整体市场份额 are each part over its whole, from the sheet’s own volumes', async () => {
    const [top] = (await get<TendencyPage>('saleVolume/companyBrand/list', { type: '0' })).list;
    const query = { type: '0', foreignId: String(top.id) };
    const [details, table] = await Promise.all([
      get<CarDetails>('saleVolume/companyBrand/carDetails', query),
      tableOf('saleVolume/companyBrand/downloadCarDetails', query),
    ]);
    const models = textIn(table, '车型');
    const sales = numberIn(table, '销量');
    // The last rows: the maker's total (its label merged over the first three columns, read back in each), then the market's.
    const market = sales[sales.length - 1];
    const totals = models.indexOf(`${top.name}合计`);
    const makerTotal = sales[totals];
    expect(models[models.length - 1]).toBe('市场合计');
    const [segmentPart, segmentShare, wholeShare] = [shares(table, '细分市场占比', totals), shares(table, '细分市场份额'), shares(table, '整体市场份额')];
    const expected = { segmentPart: [] as unknown[], segmentShare: [] as unknown[], wholeShare: [] as unknown[] };
    let first = 0;
    for (let end = models.indexOf('细分市场合计'); end > 0; end = models.indexOf('细分市场合计', end + 1)) {
      // A segment's block: its sub-series, the maker's 合计 in it, its market's 细分市场合计.
      const segment = sales[end];
      for (let i = first; i <= end; i++) {
        // The segment's part of the maker, merged down the block (each merged cell reads as the first).
        expected.segmentPart.push(sales[end - 1] / makerTotal);
        expected.segmentShare.push(segment > 0 ? sales[i] / segment : DASH);
      }
      first = end + 1;
    }
    expect(first).toBe(totals);
    for (let i = 0; i < sales.length; i++) expected.wholeShare.push(sales[i] / market);
    expect(segmentPart).toEqual(expected.segmentPart);
    expect(segmentShare.slice(0, first)).toEqual(expected.segmentShare);
    expect(wholeShare).toEqual(expected.wholeShare);
    expect(someUnrounded(segmentShare) && someUnrounded(wholeShare)).toBe(true);
    // The page's answer keeps its one-decimal numbers.
    const firstModel = details.details[0].models[0];
    expect([details.details[0].mix, firstModel.detailMix, firstModel.wholeMix]).toEqual([
      percentNumber(segmentPart[0] as number),
      percentNumber(segmentShare[0] as number),
      percentNumber(wholeShare[0] as number),
    ]);
  });

  test('车型价格段销量: each row’s MIX is its sales over the market’s (the bands’ subtotals), both periods; the bands add up to 1', async () => {
    const query = { type: '1' };
    const [volumes, mix] = await Promise.all([
      tableOf('pricevolume/priceQtyDetail/download', query),
      tableOf('pricevolume/priceQtyDetail/download', { ...query, data2: '1' }),
    ]);
    const subtotal = textIn(volumes, '品牌').map((name) => name === '小计');
    expect(textIn(mix, '品牌')).toEqual(textIn(volumes, '品牌'));
    const [current, lastYear] = volumes.headers.filter((h) => h.endsWith(' 销量'));
    for (const header of [current, lastYear]) {
      const sales = numberIn(volumes, header);
      const market = sales.filter((_, i) => subtotal[i]).reduce((a, b) => a + b, 0);
      const fractions = shares(mix, header.replace(/ 销量$/, ' MIX'));
      expect(fractions).toEqual(sales.map((s) => (market > 0 ? s / market : DASH)));
      expect(someUnrounded(fractions)).toBe(true);
      const bands = fractions.filter((_, i) => subtotal[i]) as number[];
      expect(Math.abs(bands.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
    }
  });

  test('销量占比分析: a trim’s MIX is its sales over its segment’s and the market’s, the same whole for every row of the series', async () => {
    const [volumes, mix] = await Promise.all([
      tableOf('pricevolume/modelPrice/downloadSingleTable', { data2: '0' }),
      tableOf('pricevolume/modelPrice/downloadSingleTable', { data2: '2' }),
    ]);
    // The views order their rows by their own figure: rows are matched by their trim.
    const key = (t: SheetTable) => textIn(t, '车型');
    const at = key(volumes);
    const rowOf = key(mix).map((name) => at.indexOf(name));
    expect(rowOf.every((i) => i >= 0)).toBe(true);
    const sales = numberIn(volumes, '销量');
    const tqSales = numberIn(volumes, '去年同期销量');
    const pairs: Array<[string, number[], Array<number | typeof DASH>]> = [
      ['细分市场MIX', sales, shares(mix, '细分市场MIX')],
      ['去年同期细分市场MIX', tqSales, shares(mix, '去年同期细分市场MIX')],
      ['整体市场MIX', sales, shares(mix, '整体市场MIX')],
    ];
    for (const [header, volume, fractions] of pairs) {
      // One series, one segment, one market: fraction × whole = sales for each row, the whole read off the series' subtotal.
      const subtotal = rowOf.findIndex((i) => textIn(volumes, '车型')[i].endsWith(' 小计'));
      const whole = volume[rowOf[subtotal]] / (fractions[subtotal] as number);
      const rows = rowOf.map((i, r) => ({ sold: volume[i], fraction: fractions[r] })).filter((r) => r.sold > 0);
      expect(rows.length).toBeGreaterThan(1);
      for (const { sold, fraction } of rows)
        expect({ header, sold, part: (fraction as number) * whole }).toEqual({ header, sold, part: expect.closeTo(sold, 9) });
      expect(someUnrounded(fractions)).toBe(true);
    }
  });

  test('价格结构: 价格总览’s MIX is each band’s 累计销量 over 合计’s; a producer’s band MIX its band volume over its own', async () => {
    const overview = await tableOf('price/totalMarket/download', { tab: '0', averageMonth: '1' });
    const volume = numberIn(overview, '累计销量');
    const total = volume[textIn(overview, '价格段').indexOf('合计')];
    const mix = shares(overview, 'MIX');
    expect(mix).toEqual(volume.map((v) => v / total));
    expect(someUnrounded(mix)).toBe(true);

    const [byProducer, producerMix] = await Promise.all([
      tableOf('price/totalMarket/download', { tab: '3', averageMonth: '1', data2: '0' }),
      tableOf('price/totalMarket/download', { tab: '3', averageMonth: '1', data2: '1' }),
    ]);
    expect(producerMix.headers).toEqual(byProducer.headers);
    const bands = byProducer.headers.slice(1);
    const own = numberIn(byProducer, '合计');
    const cells = bands.map((band) => shares(producerMix, band));
    bands.forEach((band, b) => expect({ band, mix: cells[b] }).toEqual({ band, mix: numberIn(byProducer, band).map((v, r) => v / own[r]) }));
    expect(someUnrounded(cells.flat())).toBe(true);
  });

  test('the month tables’ workbooks: number cells under the count or percent format, the unit once in the header block', async () => {
    const { modelSubId } = await get<ProportionTable>('pricevolume/modelPrice/singleTable');
    const cases: Array<[string, Record<string, string>, PriceTable['measure'], string]> = [
      ['price/marketPriceWhole/downloadDetailTable', { type2: '2' }, 2, 'price/marketPriceWhole/detailTable'],
      ['price/marketPriceWhole/downloadDetailTable', { type: '1', type2: '1' }, 1, 'price/marketPriceWhole/detailTable'],
      ['price/cabmodelpricetrace/downloadCityTable', { modelSubId: String(modelSubId), type: '0' }, 0, 'price/cabmodelpricetrace/cityTable'],
    ];
    for (const [path, query, measure, tablePath] of cases) {
      const [answer, table] = await Promise.all([get<PriceTable>(tablePath, query), tableOf(path, query)]);
      expect({ path, query, unit: table.head[1].split(' · ').at(-1) }).toEqual({ path, query, unit: priceTableUnitText(measure) });
      expect(table.headers.slice(1)).toEqual(answer.months);
      const format = figureFormat(measure === 1 ? 'percent' : 'count');
      const cells = table.rows.flatMap((row) => answer.months.map((_, m) => row.getCell(m + 2)));
      expect(cells.filter((cell) => cell.value !== DASH && (typeof cell.value !== 'number' || cell.numFmt !== format))).toEqual([]);
      expect(table.values.map((row) => row.slice(1))).toEqual(
        answer.rows.map((r) => r.values.map((v) => (v === null ? DASH : measure === 1 ? expect.closeTo(v / 100, 10) : v))),
      );
    }
  });
});
