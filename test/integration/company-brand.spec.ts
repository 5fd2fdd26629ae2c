import ExcelJS from 'exceljs';
import request from 'supertest';
import { type CarDetails, type ChartResult, type Summary, type TendencyPage } from '@car/contracts';
import { binaryBody } from '../support/shared-app';
import { signedInApi } from '../support/signed-in-api';
import { sheetTable } from '../support/workbook-table';

const API = '/car/api/saleVolume/companyBrand';
const sum = (values: Array<number | null>): number => values.reduce<number>((s, v) => s + (v ?? 0), 0);

describe('the producer/brand calls', () => {
  const { get, result, app } = signedInApi({ address: `10.79.${process.pid % 250}.1`, base: API });

  /** Every producer (type 0) or brand (1) of the list in one page. */
  const everyone = (type: string, extra: Record<string, string> = {}) => result<TendencyPage>('list', { type, pageSize: '500', ...extra });

  test('every call needs a session', async () => {
    for (const path of ['whole', 'list', 'list2chart', 'highCharts', 'carDetails?foreignId=1', 'download', 'downloadCarDetails?foreignId=1']) {
      const response = await request(app().getHttpServer()).get(`${API}/${path}`).expect(401);
      expect(response.body.code).toBe(-1009);
    }
  });

  describe('the ranking list', () => {
    test.each([['0'], ['1']])('type %s: the shares of every row add up to 100 %', async (type) => {
      const page = await everyone(type);
      expect(page.total).toBe(page.list.length);
      expect(page.list.length).toBeGreaterThan(50);
      // Shares are shown to a tenth: their sum may miss 100 by half a tenth a row at most (the exact rule is checked below).
      expect(Math.abs(sum(page.list.map((r) => r.mix)) - 100)).toBeLessThanOrEqual(page.list.length * 0.05);
      // Each share is its volume over the sum of every row's, so the other columns add up to 100 % before rounding too.
      const total = {
        sales: sum(page.list.map((r) => r.sales)),
        salesSum: sum(page.list.map((r) => r.salesSum)),
        tqSales: sum(page.list.map((r) => r.tqSales)),
      };
      const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
      for (const r of page.list) {
        expect([r.mix, r.yearMix, r.tqMix]).toEqual([percent(r.sales, total.sales), percent(r.salesSum, total.salesSum), percent(r.tqSales, total.tqSales)]);
      }
    });

    test('the rows add up to the market, ranked by the month with accumulate 0 and by January-to-date with 1', async () => {
      const market = await result<Summary>('whole');
      const byMonth = await everyone('0');
      expect(sum(byMonth.list.map((r) => r.sales))).toBe(market.qty);
      expect(sum(byMonth.list.map((r) => r.salesSum))).toBe(market.ljQty);
      const sales = byMonth.list.map((r) => r.sales);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
      expect(byMonth.list.map((r) => r.ranking)).toEqual(byMonth.list.map((_, i) => i + 1));
      const byYear = await everyone('0', { accumulate: '1' });
      const sums = byYear.list.map((r) => r.salesSum);
      expect(sums).toEqual([...sums].sort((a, b) => b - a));
    });

    test('a row carries every tendency field with its Str form', async () => {
      const [top] = (await result<TendencyPage>('list', { type: '0' })).list;
      expect(top).toMatchObject({
        ranking: 1,
        rankingStr: '1',
        salesStr: expect.stringMatching(/^[\d,]+$/),
        yoyStr: top.yoys,
        mixStr: top.mixs,
        yearMixChangeStr: top.yearMixChanges,
      });
      for (const key of [
        'id',
        'name',
        'salesStr',
        'tqSalesStr',
        'mom',
        'yoy',
        'mix',
        'tqMix',
        'mixChange',
        'ljRanking',
        'salesSumStr',
        'tqSalesSumStr',
        'yearYoy',
        'yearMix',
        'tqYearMix',
        'yearMixChange',
      ]) {
        expect(top).toHaveProperty(key);
      }
      for (const key of [
        'momStr',
        'yoyStr',
        'mixStr',
        'tqMixStr',
        'mixChangeStr',
        'ljRankingStr',
        'yearYoyStr',
        'yearMixStr',
        'tqYearMixStr',
        'yearMixChangeStr',
      ]) {
        expect(typeof (top as unknown as Record<string, unknown>)[key]).toBe('string');
      }
    });

    test('band 2 starts at rank 11, by rank or by page 2 of 10', async () => {
      const all = await everyone('1');
      const band = await result<TendencyPage>('list', { type: '1', rank: '2' });
      expect(band.list.map((r) => r.ranking)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      expect(band.list.map((r) => r.id)).toEqual(all.list.slice(10, 20).map((r) => r.id));
      expect(await result('list', { type: '1', currentPage: '2', pageSize: '10' })).toEqual(band);
      expect((await result<TendencyPage>('list', { type: '1', rank: '5' })).list[0].ranking).toBe(41);
    });

    test('type 2 (or any other value than 0) is treated as brand', async () => {
      const brands = await result<TendencyPage>('list', { type: '1' });
      expect(await result('list', { type: '2' })).toEqual(brands);
      expect(await result('list', { type: '7' })).toEqual(brands);
      expect(brands.list.map((r) => r.id)).not.toEqual((await result<TendencyPage>('list', { type: '0' })).list.map((r) => r.id));
    });

    test('list2chart draws the same band: names on x, the sales bars and the yoy line', async () => {
      for (const accumulate of ['0', '1']) {
        const band = await result<TendencyPage>('list', { type: '0', rank: '3', accumulate });
        const chart = await result<ChartResult>('list2chart', { type: '0', rank: '3', accumulate });
        expect(chart.xAxis[0].categories).toEqual(band.list.map((r) => r.name));
        expect(chart.series.map((s) => [s.name, s.type])).toEqual([
          ['销量', 'column'],
          ['同比', 'spline'],
        ]);
        expect(chart.series[0].data).toEqual(band.list.map((r) => (accumulate === '1' ? r.salesSum : r.sales)));
        expect(chart.series[1].data).toEqual(band.list.map((r) => (accumulate === '1' ? r.yearYoy : r.yoy)));
      }
    });
  });

  describe('the cards', () => {
    test("a producer's whole equals its row in the list; a brand's too", async () => {
      for (const type of ['0', '1']) {
        const row = (await result<TendencyPage>('list', { type, rank: '1' })).list[2];
        const whole = await result<Summary>('whole', { type, foreignId: String(row.id) });
        expect(whole).toMatchObject({
          qty: row.sales,
          tb: row.tqSales,
          ljQty: row.salesSum,
          ljTb: row.tqSalesSum,
          yoy: row.yoy,
          yoys: row.yoys,
          mom: row.mom,
          yearYoy: row.yearYoy,
        });
      }
    });

    test('without foreignId the cards are the whole market', async () => {
      const market = await result<Summary>('whole');
      expect(await result('whole', { foreignId: '' })).toEqual(market);
      expect(market).toEqual(await result('whole', { type: '1' }));
    });
  });

  describe('the car-model details', () => {
    test.each([['0'], ['1']])("accumulate %s: models add up to heJi1 per segment, segments to the producer's total", async (accumulate) => {
      const [top] = (await result<TendencyPage>('list', { type: '0' })).list;
      const details = await result<CarDetails>('carDetails', { type: '0', foreignId: String(top.id), accumulate });
      const whole = await result<Summary>('whole', { type: '0', foreignId: String(top.id) });
      expect(details).toMatchObject({ type: 0, accumulate: Number(accumulate), id: top.id, name: top.name });
      expect(details.details.length).toBeGreaterThan(0);
      for (const segment of details.details) {
        expect(segment.models.length).toBeGreaterThan(0);
        expect(sum(segment.models.map((m) => m.sales))).toBe(segment.heJi1.sales);
        expect(sum(segment.models.map((m) => m.tqSales))).toBe(segment.heJi1.tqSales);
        expect(segment.heJi2.sales).toBeGreaterThanOrEqual(segment.heJi1.sales);
        expect(segment.heJi1.subtotal && segment.heJi2.subtotal).toBe(true);
        for (const model of segment.models) {
          expect(model.subtotal).toBe(false);
          expect([-2, -1, 0, 1]).toContain(model.rankingStatus);
          if (model.sales > 0) expect(model.ranking).toBeGreaterThanOrEqual(1);
        }
      }
      expect(sum(details.details.map((d) => d.heJi1.sales))).toBe(details.wholeHeJi1.sales);
      expect(details.wholeHeJi1.sales).toBe(accumulate === '1' ? whole.ljQty : whole.qty);
      expect(details.wholeHeJi2.sales).toBe(accumulate === '1' ? (await result<Summary>('whole')).ljQty : (await result<Summary>('whole')).qty);
      expect(Math.abs(sum(details.details.map((d) => d.mix)) - 100)).toBeLessThanOrEqual(0.5);
      expect(Math.max(...details.details.map((d) => d.width))).toBe(100);
      expect(details.time).toBe(accumulate === '1' ? '2026-01~2026-10' : '2026-10');
      expect(details.tqTime).toBe(accumulate === '1' ? '2025-01~2025-10' : '2025-10');
    });

    test('the segment market total agrees with the whole market of that segment', async () => {
      const [top] = (await result<TendencyPage>('list', { type: '1' })).list;
      const details = await result<CarDetails>('carDetails', { type: '1', foreignId: String(top.id) });
      const segment = details.details[0];
      const market = await result<Summary>('whole', { detailId: String(segment.id) });
      expect(segment.heJi2.sales).toBe(market.qty);
      expect(segment.heJi2.detailMix).toBe(100);
    });

    test('compared producers get the same details, and a total each in hejis', async () => {
      const [a, b, c] = (await result<TendencyPage>('list', { type: '0' })).list;
      const details = await result<CarDetails>('carDetails', { type: '0', foreignId: String(a.id), foreignIds: `${b.id},${c.id},${a.id}` });
      expect(details.compareHeJiList.map((e) => [e.id, e.name])).toEqual([
        [b.id, b.name],
        [c.id, c.name],
      ]);
      expect(details.hejis.map((h) => h.sales)).toEqual([a.sales, b.sales, c.sales]);
      for (const entry of details.compareHeJiList) {
        expect(sum(entry.details.flatMap((d) => d.models.map((m) => m.sales)))).toBe(entry.wholeHeJi1.sales);
      }
    });
  });

  describe('the trend chart', () => {
    test('time mode: one line per year for the count latest years, the last ending at the chosen month', async () => {
      const [top] = (await result<TendencyPage>('list', { type: '0' })).list;
      const chart = await result<ChartResult>('highCharts', { type: '0', foreignId: String(top.id), count: '3' });
      expect(chart.xAxis[0].categories).toHaveLength(12);
      expect(chart.series.map((s) => s.name)).toEqual(['2024年', '2025年', '2026年']);
      const thisYear = chart.series[2].data;
      expect(thisYear.slice(10)).toEqual([null, null]);
      expect(thisYear[9]).toBe(top.sales);
      expect(sum(thisYear)).toBe(top.salesSum);
      const quarters = await result<ChartResult>('highCharts', { type: '0', foreignId: String(top.id), count: '1', timeDimensionality: '1' });
      expect(quarters.xAxis[0].categories).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
      expect(sum(quarters.series[0].data)).toBe(top.salesSum);
    });

    test('comparison mode: one line per producer over the latest year', async () => {
      const [a, b, c] = (await result<TendencyPage>('list', { type: '0' })).list;
      const chart = await result<ChartResult>('highCharts', {
        type: '0',
        foreignId: String(a.id),
        compareType: '1',
        count: '0',
        foreignIds: `${b.id},${c.id}`,
      });
      expect(chart.series.map((s) => s.name)).toEqual([a.name, b.name, c.name]);
      expect(chart.series.map((s) => s.data[9])).toEqual([a.sales, b.sales, c.sales]);
      // Without compareType, foreignIds given means a comparison of the same type.
      expect(await result('highCharts', { type: '0', foreignId: String(a.id), foreignIds: `${b.id},${c.id}` })).toEqual(chart);
      // compareType 0 is time mode: foreignIds are ignored.
      expect(
        (await result<ChartResult>('highCharts', { type: '0', foreignId: String(a.id), compareType: '0', foreignIds: String(b.id) })).series.map((s) => s.name),
      ).toEqual(['2026年']);
    });

    test('without foreignId the chart is the market', async () => {
      const chart = await result<ChartResult>('highCharts', { count: '1' });
      expect(chart.series.map((s) => [s.name, s.type])).toEqual([
        ['销量', 'column'],
        ['同比', 'spline'],
      ]);
      expect(chart.series[0].data[chart.series[0].data.length - 1]).toBe((await result<Summary>('whole')).qty);
    });
  });

  describe('downloads', () => {
    async function workbook(path: string, query: Record<string, string>) {
      const response = await get(path, query).buffer(true).parse(binaryBody).expect(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const body = response.body as Buffer;
      expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(response.headers['content-disposition'])?.[1] ?? '');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(body as unknown as ArrayBuffer);
      return { fileName, sheet: book.worksheets[0] };
    }

    test('the ranking list downloads as .xlsx with Chinese headers and name, one row per producer', async () => {
      const { fileName, sheet } = await workbook('download', { type: '0' });
      expect(fileName).toBe('厂商品牌表现-厂商排名-2026-10.xlsx');
      const table = sheetTable(sheet);
      expect(table.headers).toEqual(expect.arrayContaining(['排名', '厂商', '当月销量', '同比', '份额', '累计排名']));
      expect(table.rows.length).toBe((await everyone('0')).total);
      // The header block (decision 281): the page, its tags with the ranking, 数据截至.
      expect(table.head[0]).toBe('厂商品牌表现');
      expect(table.head[1]).toMatch(/^时间：2026年10月 · .* · 区域：全国 · 排名：厂商$/);
      const brands = await workbook('download', { type: '2', accumulate: '1' });
      expect(brands.fileName).toBe('厂商品牌表现-品牌排名-2026-01~2026-10.xlsx');
    });

    test('the car-model details download with merged segment rows and subtotals', async () => {
      const [top] = (await result<TendencyPage>('list', { type: '0' })).list;
      const details = await result<CarDetails>('carDetails', { type: '0', foreignId: String(top.id) });
      const { fileName, sheet } = await workbook('downloadCarDetails', { type: '0', foreignId: String(top.id), accumulate: '0' });
      expect(fileName).toBe(`厂商品牌表现-${top.name}-车型明细-2026-10.xlsx`);
      const table = sheetTable(sheet);
      expect(table.headers).toEqual(expect.arrayContaining(['细分市场', '车型', '销量', '同比', '细分市场份额', '份额变化(百分点)', '细分市场排名']));
      const rows = details.details.reduce((n, d) => n + d.models.length + 2, 0) + 2;
      expect(table.rows.length).toBe(rows);
      expect(table.rows[0].getCell(1).value).toBe(details.details[0].name);
      expect(table.rows[1].getCell(1).isMerged).toBe(true);
      expect(table.rows[rows - 1].getCell(1).value).toBe('市场合计');
      expect(table.head[0]).toBe(`${top.name} - 厂商品牌表现`);
      // One style per column and weight (decision 295): the merged segment cell centred vertically on its own copy, the
      // rows below it not; a subtotal bold, a model row not; shares as percentages.
      const first = details.details[0].models.length;
      expect([table.rows[0].getCell(1).alignment?.vertical, table.rows[1].getCell(3).alignment?.vertical]).toEqual(['middle', undefined]);
      expect([table.rows[0].getCell(3).font?.bold, table.rows[first].getCell(3).font?.bold]).toEqual([undefined, true]);
      expect(table.rows[0].getCell(2).numFmt).toContain('%');
    });

    test('the car-model details download adds each compared producer total before the market total', async () => {
      const [top, second] = (await result<TendencyPage>('list', { type: '0' })).list;
      const query = { type: '0', foreignId: String(top.id), compareType: '1', foreignIds: String(second.id), accumulate: '0' };
      const details = await result<CarDetails>('carDetails', query);
      const { sheet } = await workbook('downloadCarDetails', query);
      const rows = details.details.reduce((n, d) => n + d.models.length + 2, 0) + 3;
      const table = sheetTable(sheet);
      expect(table.rows.length).toBe(rows);
      expect(table.rows[rows - 2].getCell(1).value).toBe(details.compareHeJiList[0].wholeHeJi1.name);
      expect(table.rows[rows - 1].getCell(1).value).toBe('市场合计');
    });
  });

  describe('validation', () => {
    test.each([
      ['list', { type: 'abc' }, '参数 type 应为整数（0 厂商，其他为品牌）'],
      ['list', { rank: '6' }, '参数 rank 应为 1-5（第 1-10 名 … 第 41-50 名）'],
      ['list', { pageSize: '1000000' }, '参数 pageSize 最大为 500'],
      ['list', { accumulate: 'x' }, '参数 accumulate 应为 0（当月）或 1（本年累计）'],
      ['whole', { foreignId: '1;DROP TABLE producer' }, '参数 foreignId 应为厂商或品牌 id'],
      ['whole', { time: '2031-01' }, '参数 time 没有 2031-01 的零售数据，应在 2019-01 至 2026-10 之间'],
      ['whole', { type: '0', foreignId: '999999' }, '参数 foreignId 没有 id 为 999999 的厂商'],
      ['carDetails', {}, '参数 foreignId 应为厂商或品牌 id'],
      ['carDetails', { foreignId: '1', foreignIds: '1,2,3,4,5,6,7,8,9,10,11' }, '参数 foreignIds 最多 10 个'],
      ['carDetails', { foreignId: '1', type: '1', foreignIds: '999998' }, '参数 foreignIds 没有 id 为 999998 的品牌'],
      ['highCharts', { count: '11' }, '参数 count 应为 0-10'],
      ['highCharts', { compareType: '5' }, '参数 compareType 应为 0（按时间）、1（对比厂商）或 2（对比品牌）'],
      ['downloadCarDetails', { foreignId: 'x' }, '参数 foreignId 应为厂商或品牌 id'],
    ])('%s %j is a 400 naming the field', async (path, query, msg) => {
      const response = await get(path, query).expect(400);
      expect(response.body).toEqual({ code: -1400, msg, result: null });
    });
  });
});
