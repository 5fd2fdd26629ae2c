import { NEV_FUELS } from '../../backend/src/reference/data/dictionaries';
import { sectionOf, withSection } from './doc-section';
import {
  brandClass,
  changeSpread,
  discountRate,
  isNewYearPair,
  offRound,
  pathMoves,
  roundLandings,
  soldEveryMonth,
  swingStray,
  tpChanges,
  tpGaps,
  yearOnYear,
  yoyJumps,
  type ClassedTrim,
} from './realism-stats';
import { percentile, spread } from './stats';

const cell = (month: number, qty: number, tp: number, provinceId = 110000, subSeriesId = 7) => ({ subSeriesId, provinceId, month, qty, tp });

describe('percentiles of the TP changes', () => {
  test('nearest rank: the 95th of twenty samples is the 19th, the median of four the 2nd', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(twenty, 95)).toBe(19);
    expect(spread([4, 1, 3, 2])).toEqual({ n: 4, p50: 2, p95: 4, max: 4 });
    expect(spread([]).p95).toBeNaN();
  });
});

describe('tpChanges: a province TP month to month', () => {
  test('consecutive months with enough units in both give |after / before − 1|', () => {
    const changes = tpChanges([cell(202601, 150, 200_000), cell(202602, 120, 190_000), cell(202603, 130, 209_000)], 100);
    expect(changes.map((c) => [c.month, Number(c.change.toFixed(3))])).toEqual([
      [202602, 0.05],
      [202603, 0.1],
    ]);
    expect(changeSpread(changes)).toMatchObject({ n: 2, max: changes[1].change });
  });

  test('a month with fewer units than the floor, or a missing month, breaks the chain; cells are not mixed', () => {
    const changes = tpChanges(
      [
        cell(202512, 150, 100_000),
        cell(202601, 150, 110_000),
        cell(202602, 99, 300_000),
        cell(202603, 150, 100_000),
        cell(202605, 150, 200_000),
        cell(202601, 150, 50_000, 120000),
      ],
      100,
    );
    expect(changes.map((c) => c.month)).toEqual([202601]);
  });
});

describe('tpGaps: empty months between two sold months', () => {
  test('names the empty months of a cell, counts a zero-unit month as empty, and ignores cells that only start or stop', () => {
    const gaps = tpGaps([cell(202601, 10, 1), cell(202602, 0, 0), cell(202604, 10, 1), cell(202603, 5, 1, 120000), cell(202604, 5, 1, 120000)]);
    expect(gaps).toEqual([{ subSeriesId: 7, provinceId: 110000, empty: [202602, 202603] }]);
  });
});

describe('swingStray: a city against the national swing', () => {
  test('a city that moves with the nation is within the allowance', () => {
    expect(swingStray({ before: 1000, after: 1200 }, { before: 100_000, after: 120_000 }).beyond).toBe(false);
  });

  test("a large city's month going to nothing while the nation holds is beyond it", () => {
    const r = swingStray({ before: 1551, after: 0 }, { before: 40_000, after: 41_000 });
    expect(r.beyond).toBe(true);
    expect(r.stray).toBeGreaterThan(7);
  });

  test('small counts get room for noise: 3 → 6 units is within, 300 → 600 is not', () => {
    const nation = { before: 10_000, after: 10_000 };
    expect(swingStray({ before: 3, after: 6 }, nation).beyond).toBe(false);
    expect(swingStray({ before: 300, after: 600 }, nation).beyond).toBe(true);
  });
});

describe('year-on-year jumps', () => {
  const units = new Map<number, number>([
    [202505, 100],
    [202506, 100],
    [202507, 100],
    [202601, 100],
    [202602, 100],
    [202605, 120],
    [202606, 180],
    [202607, 170],
  ]);

  test('year on year in points, undefined without a base', () => {
    expect(yearOnYear(units, 202605)).toBeCloseTo(20);
    expect(yearOnYear(units, 202608)).toBeUndefined();
  });

  test('a move of more than the limit between consecutive months is a jump; New Year pairs are left out', () => {
    expect(yoyJumps(units, [202606, 202607], 25).map((j) => [j.month, Math.round(j.jump)])).toEqual([[202606, 60]]);
    expect([202601, 202602, 202603, 202604].map(isNewYearPair)).toEqual([true, true, true, false]);
  });
});

describe('brandClass: the issue’s classes from the catalogue', () => {
  const trim = (t: Partial<ClassedTrim>): ClassedTrim => ({ brandType: 0, producerProperty: 2, brandProperty: 2, familyId: 2, fuel: 1, ...t });

  test.each([
    ['特斯拉 (外资独资, foreign luxury)', trim({ producerProperty: 3, brandProperty: 1, familyId: 4, fuel: 6 }), 'directNev'],
    ['问界 (新创 maker, Chinese luxury)', trim({ brandType: 2, producerProperty: 1, brandProperty: 1, familyId: 1, fuel: 5 }), 'directNev'],
    ['宝马 made by a joint venture', trim({ brandProperty: 1 }), 'luxuryImport'],
    ['雷克萨斯 imported', trim({ producerProperty: 4, brandProperty: 1, familyId: 3 }), 'luxuryImport'],
    ['比亚迪', trim({ brandType: 1, producerProperty: 1, familyId: 1, fuel: 4 }), 'chinese'],
    ['大众 petrol', trim({}), 'jvIce'],
    ['大众 hybrid (油电混合 is no NEV)', trim({ fuel: 3 }), 'jvIce'],
    ['大众 ID. (BEV)', trim({ fuel: 6 }), 'other'],
  ])('%s', (_name, t, expected) => {
    expect(brandClass(t, NEV_FUELS)).toBe(expected);
  });

  test('the discount rate is weighted by the amounts', () => {
    expect(discountRate(900, 1000)).toBeCloseTo(0.1);
    expect(discountRate(0, 0)).toBeNaN();
  });
});

describe('the realism section of the anchors document', () => {
  const heading = '## Below';
  test('is appended, then replaced in place (a $ in its text taken as written), and kept apart from the sections around it', () => {
    const doc = '# Title\n\n## Anchors\n\nfigures\n';
    const once = withSection(doc, heading, `${heading}\n\nold $1\n`);
    expect(once).toBe('# Title\n\n## Anchors\n\nfigures\n\n## Below\n\nold $1\n');
    const twice = withSection(`${once}\n## After\n\nkept\n`, heading, `${heading}\n\nnew $&\n`);
    expect(twice).toBe('# Title\n\n## Anchors\n\nfigures\n\n## Below\n\nnew $&\n\n## After\n\nkept\n');
    expect(sectionOf(twice, heading)).toBe('## Below\n\nnew $&\n');
    expect(sectionOf(doc, heading)).toBe('');
  });
});

describe('offRound and roundLandings: a share landing on a one-decimal percentage', () => {
  test('points from the nearest one-decimal value; only those closer than the limit count', () => {
    expect(offRound(0.541)).toBeCloseTo(0, 9);
    expect(offRound(0.54137)).toBeCloseTo(0.037, 9);
    expect(offRound(0.58049)).toBeCloseTo(0.049, 9);
    expect(roundLandings([0.476, 0.47601, 0.4762, 0.5], 0.003)).toBe(3);
  });
});

describe('pathMoves: the range of a monthly path and its largest step', () => {
  test('range is max − min, the step the largest move between neighbours', () => {
    expect(pathMoves([0.6, 0.62, 0.57, 0.58])).toEqual({ range: expect.closeTo(0.05, 9), maxStep: expect.closeTo(0.05, 9) });
    expect(pathMoves([0.6])).toEqual({ range: 0, maxStep: 0 });
    expect(pathMoves([]).range).toBeNaN();
  });
});

describe('soldEveryMonth: the places a sub-series sold in every month', () => {
  test('a place with a missing or empty month is out; months outside the list do not count', () => {
    const byPlace = new Map([
      [
        1,
        new Map([
          [202601, 3],
          [202602, 1],
          [202603, 2],
        ]),
      ],
      [
        2,
        new Map([
          [202601, 3],
          [202603, 2],
        ]),
      ],
      [
        3,
        new Map([
          [202601, 0],
          [202602, 4],
          [202603, 1],
        ]),
      ],
    ]);
    expect(soldEveryMonth(byPlace, [202601, 202602, 202603])).toEqual([1]);
    expect(soldEveryMonth(byPlace, [202602, 202603])).toEqual([1, 3]);
    expect(soldEveryMonth(byPlace, [])).toEqual([]);
  });
});
