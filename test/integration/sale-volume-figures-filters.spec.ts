import { type Summary } from '@car/contracts';
import { Page, Row, salesFiguresApi } from '../support/sales-figures';

/*
 * The shared filters (segment, fuel, producer property …) narrowing every call's figures consistently, every figure worked out by hand
 * on the hand-made market of test/support/sales-fixture.ts; its hand-worked rows are in test/support/sales-figures.ts.
 */
describe('sales-volume figures on a hand-made market: filters narrow every figure consistently', () => {
  const { ok, ranked } = salesFiguresApi('filters', 4);

  describe('filters narrow every figure consistently', () => {
    test('detailId 3 (A级轿车 = 德锐 + 乙电EV)', async () => {
      // qty 500+300 = 800, tq 100, hb 200+100 = 300, lj 900+600 = 1500, tqLj 300.
      expect(await ok<Summary>('wholeMarket/whole', { detailId: 3 })).toMatchObject({
        qty: 800,
        tb: 100,
        hb: 300,
        ljQty: 1500,
        ljTb: 300,
        yoy: 700,
        yoys: '700.0%',
        mom: 166.7,
        moms: '166.7%',
        yearYoy: 400,
        yearYoys: '400.0%', // 800/100−1, 800/300−1, 1500/300−1
      });
      const producers = await ok<Page>('wholeMarket/producer', { detailId: 3 });
      // 甲汽车 here is 德锐 only: mix 500/800 = 62.5 %, tqMix 100/100 = 100.0 %, yearMix 900/1500 = 60.0 %.
      // 乙汽车 here is 乙电EV only: mix 300/800 = 37.5 %, tqMix 0.0 %, yearMix 600/1500 = 40.0 %.
      expect(producers.list.map((r) => [r.name, r.sales, r.mix, r.tqMix, r.mixChange, r.yearMix])).toEqual([
        ['甲汽车', 500, 62.5, 100, -37.5, 60],
        ['乙汽车', 300, 37.5, 0, 37.5, 40],
      ]);
      const areas = await ok<Page>('wholeMarket/area', { detailId: 3 });
      // 华南 = 62@深圳 + 64@广州 + 64@深圳: 200+100+200 = 500, lj 300+200+500 = 1000 → mix 62.5 %, yearMix 66.7 %.
      // 华北 = 61@北京: 300, lj 500 → mix 37.5 %, yearMix 33.3 %.
      expect(ranked(areas).map((r) => [r.name, r.sales, r.salesSum, r.mix, r.yearMix])).toEqual([
        ['华南', 500, 1000, 62.5, 66.7],
        ['华北', 300, 500, 37.5, 33.3],
      ]);
      const subSeries = await ok<Page>('wholeMarket/modelSub', { detailId: 3 });
      expect(subSeries.list.map((r) => [r.name, r.mix])).toEqual([
        ['德锐', 62.5],
        ['乙电EV', 37.5],
      ]);
      const segments = await ok<Page>('wholeMarket/detail', { detailId: 3 });
      expect(segments.list.map((r) => [r.name, r.sales, r.mix])).toEqual([
        ['A级轿车', 800, 100],
        ['轿车小计', 800, 100],
        ['合计', 800, 100],
      ]);
    });

    test('fuels 6 (BEV = 乙电EV only): no sales a year ago, so every yoy is "-"', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '6' })).toMatchObject({
        qty: 300,
        tb: 0,
        hb: 100,
        ljQty: 600,
        ljTb: 0,
        yoy: null,
        yoys: '-',
        mom: 200,
        moms: '200.0%',
        yearYoy: null,
        yearYoys: '-', // 300/100 − 1
      });
      const producers = await ok<Page>('wholeMarket/producer', { fuels: '6' });
      // Last year's market is empty: tqMix has no meaning ('-'), nor has the share change.
      expect(producers.list).toEqual([
        expect.objectContaining({
          name: '乙汽车',
          sales: 300,
          mix: 100,
          mixs: '100.0%',
          tqMix: null,
          tqMixs: '-',
          mixChange: null,
          yoy: null,
          yoys: '-',
          ljRanking: 1,
          rankingStatus: -2,
        }),
      ]);
      const areas = await ok<Page>('wholeMarket/area', { fuels: '6' });
      expect(ranked(areas).map((r) => [r.name, r.sales, r.mix])).toEqual([['华南', 300, 100]]);
    });

    test('fuels 1 (petrol = 德锐 + 日行SUV + 乙尊)', async () => {
      // qty 500+200+0 = 700, tq 100+200+500 = 800, hb 200+100+100 = 400, lj 900+500+200 = 1600, tqLj 300+500+1000 = 1800.
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '1' })).toMatchObject({
        qty: 700,
        tb: 800,
        hb: 400,
        ljQty: 1600,
        ljTb: 1800,
        yoy: -12.5,
        yoys: '-12.5%',
        mom: 75,
        moms: '75.0%',
        yearYoy: -11.1,
        yearYoys: '-11.1%', // 700/800−1, 700/400−1, 1600/1800−1
      });
      const producers = await ok<Page>('wholeMarket/producer', { fuels: '1' });
      // 甲汽车 700 → 100.0 %, yearMix 1400/1600 = 87.5 %; 乙汽车 (乙尊) 0 → 0.0 %, yearMix 200/1600 = 12.5 %.
      expect(producers.list.map((r) => [r.name, r.sales, r.mix, r.yearMix])).toEqual([
        ['甲汽车', 700, 100, 87.5],
        ['乙汽车', 0, 0, 12.5],
      ]);
      const areas = await ok<Page>('wholeMarket/area', { fuels: '1' });
      // 华北 has no BEV: 400 → 400/700 = 57.1 %; 华南 = 62@深圳 200 + 63@广州 100 = 300 → 42.9 %.
      expect(ranked(areas).map((r) => [r.name, r.sales, r.mix])).toEqual([
        ['华北', 400, 57.1],
        ['华南', 300, 42.9],
      ]);
      // Both fuels are the whole market.
      expect(await ok<Summary>('wholeMarket/whole', { fuels: '1,6' })).toEqual(await ok<Summary>('wholeMarket/whole'));
    });

    test('producerProperty 1 (自主 = 乙汽车) and 2 (合资 = 甲汽车)', async () => {
      expect(await ok<Summary>('wholeMarket/whole', { producerProperty: 1 })).toMatchObject({
        qty: 300,
        tb: 500,
        hb: 200,
        ljQty: 800,
        ljTb: 1000,
        yoy: -40,
        yoys: '-40.0%',
        mom: 50,
        moms: '50.0%',
        yearYoy: -20,
        yearYoys: '-20.0%',
      });
      expect(await ok<Summary>('wholeMarket/whole', { producerProperty: 2 })).toMatchObject({
        qty: 700,
        tb: 300,
        hb: 300,
        ljQty: 1400,
        ljTb: 800,
        yoy: 133.3,
        mom: 133.3,
        yearYoy: 75, // 700/300−1, 700/300−1, 1400/800−1
      });
      const subSeries = await ok<Page>('wholeMarket/modelSub', { producerProperty: 1 });
      // 乙电EV 300 of 300 → 100.0 %, yearMix 600/800 = 75.0 %; 乙尊 0 → 0.0 %, yearMix 200/800 = 25.0 %.
      expect(subSeries.list.map((r) => [r.name, r.sales, r.mix, r.yearMix])).toEqual([
        ['乙电EV', 300, 100, 75],
        ['乙尊', 0, 0, 25],
      ]);
      const provinces = await ok<Page>('wholeMarket/area', { producerProperty: 1, dimensionality: 2 });
      // 北京 = 65: qty 0, tq 300, lj 100+100 = 200; 天津 = 66: qty 0, tq 200, lj 0 (sold only last year: no rank);
      // 广东 = 64: qty 300, lj 600.
      expect(provinces.list.map((r) => [r.name, r.sales, r.tqSales, r.salesSum, r.ljRanking, r.rankingStatus])).toEqual([
        ['北京', 0, 300, 200, 2, -1],
        ['天津', 0, 200, 0, null, -2],
        ['华北小计', 0, 500, 200, null, -2],
        ['广东', 300, 0, 600, 1, -2],
        ['华南小计', 300, 0, 600, null, -2],
        ['合计', 300, 500, 800, null, -2],
      ]);
    });

    const FILTERS: Array<Record<string, string | number>> = [
      {},
      { detailId: 3 },
      { detailId: 7 },
      { fuels: '6' },
      { fuels: '1' },
      { producerProperty: 1 },
      { producerProperty: 2 },
      { detailId: 3, fuels: '1', producerProperty: 2 },
      { time: '2026-01' },
      { source: 1 },
      { source: 1, detailId: 3 },
    ];
    const TABLES: Array<[string, Record<string, number>]> = [
      ['wholeMarket/detail', {}],
      ['wholeMarket/series', {}],
      ['wholeMarket/bound', { pageSize: 500 }],
      ['wholeMarket/producer', { pageSize: 500 }],
      ['wholeMarket/modelSub', { pageSize: 500 }],
      ['wholeMarket/area', { dimensionality: 1 }],
      ['wholeMarket/area', { dimensionality: 2 }],
      ['companyBrand/list', { type: 0, pageSize: 500 }],
      ['companyBrand/list', { type: 1, pageSize: 500, accumulate: 1 }],
    ];

    /** The rows of a table hold the summary's volumes; shares add to 100 %; 合计 and 小计 rows are the sums they say. */
    function expectAddsUp(context: string, page: Page, summary: Summary): void {
      const rows = ranked(page);
      const sum = (key: 'sales' | 'tqSales' | 'salesSum' | 'tqSalesSum') => rows.reduce((s, r) => s + r[key], 0);
      expect({ context, qty: sum('sales'), tb: sum('tqSales'), ljQty: sum('salesSum'), ljTb: sum('tqSalesSum') }).toEqual({
        context,
        qty: summary.qty,
        tb: summary.tb,
        ljQty: summary.ljQty,
        ljTb: summary.ljTb,
      });
      expect({ context, total: page.total }).toEqual({ context, total: rows.length });
      // Shares rounded to one decimal: within 0.05 pt per row of 100.
      const tolerance = 0.05 * rows.length + 1e-9;
      if (summary.qty > 0)
        expect({ context, mixOff: Math.abs(rows.reduce((s, r) => s + (r.mix ?? 0), 0) - 100) <= tolerance }).toEqual({ context, mixOff: true });
      if (summary.ljQty > 0)
        expect({ context, yearMixOff: Math.abs(rows.reduce((s, r) => s + (r.yearMix ?? 0), 0) - 100) <= tolerance }).toEqual({ context, yearMixOff: true });
      const total = page.list.find((r) => r.name === '合计');
      if (total) {
        expect({
          context,
          sales: total.sales,
          tqSales: total.tqSales,
          salesSum: total.salesSum,
          tqSalesSum: total.tqSalesSum,
          yoys: total.yoys,
          yearYoys: total.yearYoys,
        }).toEqual({
          context,
          sales: summary.qty,
          tqSales: summary.tb,
          salesSum: summary.ljQty,
          tqSalesSum: summary.ljTb,
          yoys: summary.yoys,
          yearYoys: summary.yearYoys,
        });
      }
      // Each subtotal is the sum of the rows of its group.
      for (const subtotal of page.list.filter((r) => r.heji && r.name !== '合计')) {
        const members = rows.filter((r) => r.groupName === subtotal.groupName);
        expect({ context, group: subtotal.name, sales: subtotal.sales, salesSum: subtotal.salesSum }).toEqual({
          context,
          group: subtotal.name,
          sales: members.reduce((s, r) => s + r.sales, 0),
          salesSum: members.reduce((s, r) => s + r.salesSum, 0),
        });
      }
    }

    test.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))(
      'whole market %s: the rows of every dimension add up to the narrowed summary, shares to 100 %%',
      async (_label, filter) => {
        const summary = await ok<Summary>('wholeMarket/whole', filter);
        for (const [path, extra] of TABLES) {
          if (filter.source === 1 && path === 'wholeMarket/area') continue;
          expectAddsUp(`${path} ${JSON.stringify({ ...filter, ...extra })}`, await ok<Page>(path, { ...filter, ...extra }), summary);
        }
      },
    );

    const AREAS: Array<Record<string, string | number>> = [
      {},
      { fuels: '6' },
      { area: 1, level: 1 },
      { area: 5, level: 1, fuels: '1' },
      { area: 440000, level: 2 },
      { area: 440000, level: 2, producerProperty: 1 },
      { area: 440300, level: 3 },
      { area: 110000, level: 3, detailId: 3 },
      { area: 120000, level: 2, time: '2026-02' },
    ];
    test.each(AREAS.map((f) => [JSON.stringify(f), f] as const))(
      "area market %s: every table and the area tree add up to the area's cards",
      async (_label, filter) => {
        const summary = await ok<Summary>('areaMarket/whole', filter);
        for (const [path, extra] of [
          ['areaMarket/detail', {}],
          ['areaMarket/series', {}],
          ['areaMarket/bound', { pageSize: 500 }],
          ['areaMarket/producer', { pageSize: 500 }],
        ] as const) {
          expectAddsUp(`${path} ${JSON.stringify({ ...filter, ...extra })}`, await ok<Page>(path, { ...filter, ...extra }), summary);
        }
        type Node = Row & { children?: Node[] };
        const tree = await ok<{ list: Node[]; total: number }>('areaMarket/area', filter);
        expectAddsUp(`areaMarket/area ${JSON.stringify(filter)}`, { list: tree.list, total: tree.total, currentPage: 1, pageSize: tree.list.length }, summary);
        // Each parent holds exactly its children's volumes.
        for (const parent of tree.list.filter((r) => r.children && r.children.length > 0)) {
          const kids = parent.children!;
          expect({
            place: parent.name,
            sales: kids.reduce((s, r) => s + r.sales, 0),
            salesSum: kids.reduce((s, r) => s + r.salesSum, 0),
            tqSales: kids.reduce((s, r) => s + r.tqSales, 0),
          }).toEqual({
            place: parent.name,
            sales: parent.sales,
            salesSum: parent.salesSum,
            tqSales: parent.tqSales,
          });
        }
      },
    );
  });
});
