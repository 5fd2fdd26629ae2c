import { type TableRow } from '@car/contracts';
import type { AnalyticsRow } from '../analytics/analytics.service';
import { detailsMarket, makerDetails, marketTotal, modelRow, places, tendencyPage } from './company-brand.rows';
import { UNMERGED } from './sale-volume.service';

function tableRow(id: number, sales: number, salesSum: number, extra: Partial<TableRow> = {}): TableRow {
  return {
    id,
    name: `m${id}`,
    sales,
    salesStr: String(sales),
    salesWidth: 0,
    tqSales: 0,
    tqSalesStr: '0',
    salesSum,
    salesSumStr: String(salesSum),
    salesSumWidth: 0,
    tqSalesSum: 0,
    tqSalesSumStr: '0',
    mom: null,
    moms: '-',
    yoy: 12.5,
    yoys: '12.5%',
    mix: 10,
    mixs: '10.0%',
    tqMix: null,
    tqMixs: '-',
    mixChange: null,
    mixChanges: '-',
    yearYoy: null,
    yearYoys: '-',
    yearMix: 5,
    yearMixs: '5.0%',
    tqYearMix: null,
    tqYearMixs: '-',
    yearMixChange: null,
    yearMixChanges: '-',
    ljRanking: 2,
    rankingStatus: -2,
    ...UNMERGED,
    color: null,
    heji: false,
    hasChildren: false,
    ...extra,
  };
}

/** A sub-series' sums in the car-details query's shape. */
function sub(segment: number, subSeries: number, producer: number, brand: number, cur: number, prev: number): AnalyticsRow {
  return {
    key: { segment, subSeries, producer, brand },
    name: { segment: `seg${segment}`, subSeries: `sub${subSeries}`, producer: `p${producer}`, brand: `b${brand}` },
    values: { cur, prev },
  };
}

describe('the sales-tendency list', () => {
  // Its order (by the month or January-to-date, the other then id breaking ties) and the cut of a page
  // are the query layer's, in SQL: sql-writer.spec.ts and test/integration/company-brand.spec.ts.
  test('every metric has its Str display form', () => {
    const [row] = tendencyPage([tableRow(7, 10, 20, { ljRanking: null })], 1, 1, 10).list;
    expect(row).toMatchObject({ rankingStr: '1', yoyStr: '12.5%', mixStr: '10.0%', tqMixStr: '-', momStr: '-', ljRankingStr: '-', yearMixStr: '5.0%' });
  });

  test('band 2 is places 11-20 of the whole list', () => {
    const band = Array.from({ length: 10 }, (_, i) => tableRow(i + 11, 990 - i, 0));
    const page = tendencyPage(band, 25, 2, 10);
    expect(page.list.map((r) => r.ranking)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(page).toMatchObject({ total: 25, currentPage: 2, pageSize: 10 });
    expect(tendencyPage(band.slice(0, 5), 25, 3, 10).list.map((r) => r.rankingStr)).toEqual(['21', '22', '23', '24', '25']);
  });
});

describe('the car-model details', () => {
  // Segment 1: producer 1 sells sub-series 10 and 11, producer 2 sells 12. Segment 2: producer 1 sells 20, producer 2 sells 21.
  const market = detailsMarket([
    sub(1, 10, 1, 100, 300, 200),
    sub(1, 11, 1, 100, 100, 0),
    sub(1, 12, 2, 200, 600, 800),
    sub(2, 20, 1, 101, 100, 100),
    sub(2, 21, 2, 200, 900, 900),
    sub(2, 22, 3, 300, 0, 0),
  ]);
  const mine = makerDetails(market, { kind: 'producer', id: 1, name: '甲' });

  test('segments come largest first, with their part of the producer and a bar against the largest', () => {
    expect(mine.details.map((d) => [d.name, d.mix, d.width, d.tqMix, d.tqWidth])).toEqual([
      ['seg1', 80, 100, 66.7, 100],
      ['seg2', 20, 25, 33.3, 50],
    ]);
  });

  test('model sales add up to the segment subtotal, and subtotals to the producer total', () => {
    for (const d of mine.details) expect(d.models.reduce((s, m) => s + m.sales, 0)).toBe(d.heJi1.sales);
    expect(mine.details.reduce((s, d) => s + d.heJi1.sales, 0)).toBe(mine.wholeHeJi1.sales);
    expect(mine.wholeHeJi1).toMatchObject({ name: '甲合计', sales: 500, tqSales: 300, wholeMix: 25, subtotal: true });
  });

  test('a model carries its share of the segment and of the market, and its place in the segment', () => {
    const [first, second] = mine.details[0].models;
    expect(first).toMatchObject({
      name: 'sub10',
      sales: 300,
      yoy: 50,
      yoyStr: '50.0%',
      detailMix: 30,
      detailMixChange: 10,
      wholeMix: 15,
      ranking: 2,
      rankingStatus: 0,
    });
    // Sub-series 11 sold nothing a year ago: no yoy, no arrow.
    expect(second).toMatchObject({ yoy: null, yoyStr: '-', ranking: 3, rankingStr: '3', rankingStatus: -2 });
  });

  test('heJi1 is the producer in the segment, heJi2 the segment in the market', () => {
    const seg1 = mine.details[0];
    expect(seg1.heJi1).toMatchObject({ name: '合计', sales: 400, tqSales: 200, detailMix: 40, ranking: 2, rankingStatus: 0, subtotal: true });
    expect(seg1.heJi2).toMatchObject({ name: '细分市场合计', sales: 1000, tqSales: 1000, detailMix: 100, detailMixChange: null, wholeMix: 50, subtotal: true });
    expect(marketTotal(market)).toMatchObject({ sales: 2000, wholeMix: 100, ranking: null, rankingStatus: -2 });
  });

  test('a brand is found by its own key', () => {
    const brand = makerDetails(market, { kind: 'brand', id: 200, name: '乙' });
    expect(brand.wholeHeJi1.sales).toBe(1500);
    expect(brand.wholeHeJi1.ranking).toBe(1);
  });

  test('rows that sold nothing in either period are left out', () => {
    const third = makerDetails(market, { kind: 'producer', id: 3, name: '丙' });
    expect(third.details).toEqual([]);
    expect(third.wholeHeJi1).toMatchObject({ sales: 0, ranking: null, rankingStr: '-' });
  });

  test('places are competition ranks; a rank that improved is an up arrow', () => {
    const p = places(
      new Map([
        [1, { cur: 10, prev: 1 }],
        [2, { cur: 10, prev: 5 }],
        [3, { cur: 1, prev: 0 }],
      ]),
    );
    expect([...p]).toEqual([
      [1, { rank: 1, previous: 2 }],
      [2, { rank: 1, previous: 1 }],
      [3, { rank: 3, previous: null }],
    ]);
    expect(modelRow(1, 'x', { cur: 10, prev: 1 }, { cur: 20, prev: 10 }, { cur: 40, prev: 20 }, p.get(1) ?? null, false).rankingStatus).toBe(1);
  });
});
