import { ApiException } from '../common/api-codes';
import type { MeasureRequest } from './query';
import { levelsOf } from './query';
import { chooseRollup } from './rollup-chooser';
import { ROLLUP_TABLES, ROLLUPS } from './rollups';
import { buildQuery } from './sql-writer';

/** This month's volume and the same month a year earlier. */
const thisMonth: MeasureRequest[] = ['qty', 'tq'].map((as, i) => ({ measure: 'qty', as, span: { from: 202610 - 100 * i, to: 202610 - 100 * i } }));

describe('the query layer chooses the smallest rollup that answers', () => {
  test.each([
    // The shared filters alone (segment, fuel, producer property): the market rollups, without product detail.
    [['segment'], {}, 'rollup_retail_market'],
    [['fuel'], { segmentIds: [3], producerProperties: [2] }, 'rollup_retail_market'],
    [['producer', 'fuel'], { segmentIds: [3] }, 'rollup_retail_sub_series'],
    [['family'], {}, 'rollup_retail_sub_series'],
    [['subSeries'], { producerIds: [1], brandIds: [64] }, 'rollup_retail_sub_series'],
    [['car'], { subSeriesIds: [5] }, 'rollup_retail_car'],
    [['segment'], { carIds: [7] }, 'rollup_retail_car'],
    [['province'], {}, 'rollup_retail_province_market'],
    [['area', 'segment'], { fuels: [6] }, 'rollup_retail_province_market'],
    [['segment'], { provinceIds: [440000] }, 'rollup_retail_province_market'],
    [['brand'], { areaIds: [5] }, 'rollup_retail_province'],
    [['city'], { provinceIds: [440000] }, 'rollup_retail_city_market'],
    [['tier'], {}, 'rollup_retail_city_market'],
    [['producer'], { cityIds: [440100] }, 'rollup_retail_city'],
    // A city's or a province's trims: the city × trim rollup, not the facts (decision 294).
    [['car'], { provinceIds: [440000] }, 'rollup_retail_city_car'],
    [['car', 'city'], {}, 'rollup_retail_city_car'],
    [['car', 'segment'], { cityIds: [510100] }, 'rollup_retail_city_car'],
  ] as const)('%j with filters %j → %s', (dimensions, filters, expected) => {
    expect(buildQuery({ source: 2, dimensions: [...dimensions], filters, measures: thisMonth }).rollup).toBe(expected);
  });

  test('wholesale (data source 1) is answered from the wholesale rollup, and has no geography', () => {
    expect(buildQuery({ source: 1, dimensions: ['brand'], measures: thisMonth }).rollup).toBe('rollup_wholesale_sub_series');
    expect(buildQuery({ source: 1, dimensions: ['car'], measures: thisMonth }).rollup).toBe('rollup_wholesale_car');
    expect(buildQuery({ source: 1, dimensions: ['month'], filters: { fuels: [6] }, measures: thisMonth }).rollup).toBe('rollup_wholesale_market');
    expect(() => chooseRollup(1, levelsOf({ dimensions: ['province'] }))).toThrow(ApiException);
    expect(() => chooseRollup(1, levelsOf({ dimensions: ['segment'], filters: { cityIds: [110000] } }))).toThrow(/批发量/);
  });

  test('empty filter lists do not narrow the query or its rollup', () => {
    expect(levelsOf({ dimensions: ['segment'], filters: { provinceIds: [] } })).toEqual(new Set(['market']));
  });
});

describe('the rollups declared in the model', () => {
  test('every rollup keeps the market attributes but the city × brand type one, and product rollups keep the brand type', () => {
    for (const r of ROLLUPS) expect(r.levels.has('market') || r.name === 'rollup_retail_city_jll').toBe(true);
    for (const r of ROLLUPS) if (r.levels.has('product')) expect(r.levels.has('brandType')).toBe(true);
  });

  test("the dashboard's city table by brand type reads the city × brand type rollup; with a shared filter it cannot", () => {
    const built = buildQuery({
      source: 2,
      dimensions: ['city'],
      filters: { brandTypes: [1] },
      month: 202610,
      measures: [{ measure: 'qty', shift: 'yearToDate', as: 'qty' }],
    });
    expect(built.rollup).toBe('rollup_retail_city_jll');
    expect(built.sql).toContain('qty_ytd');
    expect(
      buildQuery({ source: 2, dimensions: ['city'], filters: { brandTypes: [1], fuels: [6] }, month: 202610, measures: [{ measure: 'qty', as: 'qty' }] })
        .rollup,
    ).toBe('rollup_retail_city');
    expect(buildQuery({ source: 2, dimensions: ['city'], filters: {}, month: 202610, measures: [{ measure: 'qty', as: 'qty' }] }).rollup).toBe(
      'rollup_retail_city_market',
    );
  });

  test('for each source, a rollup ranked later never has fewer levels than an earlier one it would shadow', () => {
    // The chooser tries a source's tables by size rank, so that is the order in which one shadows another.
    const ranked = [...ROLLUPS].sort((a, b) => a.sizeRank - b.sizeRank);
    ranked.forEach((r, i) => {
      for (const earlier of ranked.slice(0, i)) {
        if (earlier.source !== r.source) continue;
        // An earlier rollup that has every level of a later one would always win: the later would be dead —
        // unless only the later keeps year-to-date sums, which a January-to-date question takes.
        if (r.yearToDate && !earlier.yearToDate) continue;
        expect([...r.levels].every((l) => earlier.levels.has(l)) && earlier.levels.size >= r.levels.size).toBe(false);
      }
    });
  });
});

describe('the price rollups', () => {
  test.each([
    [['segment'], {}, 'rollup_price_market'],
    [['month'], { brandTypes: [1], producerProperties: [2] }, 'rollup_price_market'],
    [['producer'], { segmentIds: [7] }, 'rollup_price_maker'],
    [['brand'], { familyIds: [1], brandProperties: [2] }, 'rollup_price_maker'],
    [['subSeries'], { producerIds: [1] }, 'rollup_price_car'],
    [['segment'], { bodyTypes: [2] }, 'rollup_price_car'],
    [['car'], { msrp: { between: [100000, 200000] } }, 'rollup_price_car'],
    [['brand'], { provinceIds: [440000] }, 'rollup_price_province_maker'],
    [['month', 'producer'], { areaIds: [5], segmentIds: [7] }, 'rollup_price_province_maker'],
    [['subSeries'], { provinceIds: [440000] }, 'rollup_price_province'],
    [['area'], {}, 'rollup_price_province_market'],
    [['month', 'province'], { segmentIds: [3], brandTypes: [1] }, 'rollup_price_province_market'],
    [['month'], { areaIds: [2], producerProperties: [1] }, 'rollup_price_province_market'],
    [['area'], { subSeriesIds: [51] }, 'rollup_price_province'],
    [['city'], {}, 'price_fact'],
    [['segment'], { tiers: [1] }, 'price_fact'],
  ] as const)('%j with filters %j → %s', (dimensions, filters, expected) => {
    expect(buildQuery({ source: 'price', dimensions: [...dimensions], filters, month: 202610, measures: [{ measure: 'tp', as: 'tp' }] }).rollup).toBe(expected);
  });
});

describe('each rollup is declared once, with its size rank', () => {
  test('two tables of a source never share a rank, and the raw facts come after every rollup', () => {
    for (const source of [1, 2, 'price'] as const) {
      const ranks = ROLLUP_TABLES.filter((t) => t.source === source).map((t) => t.sizeRank);
      expect(new Set(ranks).size).toBe(ranks.length);
    }
    for (const r of ROLLUPS) if (r.from !== r.name) expect(r.sizeRank).toBe(Number.POSITIVE_INFINITY);
  });

  test('the chooser reads the rollups in the order of their size rank, whatever the order of the declarations', () => {
    const ranked = ROLLUPS.map((r) => r.sizeRank);
    expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
    expect(
      ROLLUPS.filter((r) => r.from === r.name)
        .map((r) => r.name)
        .sort(),
    ).toEqual(ROLLUP_TABLES.map((t) => t.table).sort());
  });
});
