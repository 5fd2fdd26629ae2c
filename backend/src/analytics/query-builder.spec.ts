import { ApiException } from '../common/api-codes';
import { RAW_FACTS, ROLLUPS } from './model';
import { buildQuery, chooseRollup, levelsOf } from './query-builder';

const thisMonth = { qty: { from: 202610, to: 202610 }, tq: { from: 202510, to: 202510 } };

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
    [['car'], { provinceIds: [440000] }, 'retail_fact'],
    [['car', 'city'], {}, 'retail_fact'],
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

describe('the SQL it writes', () => {
  test('sums each named span with FILTER, reads only the months it needs, and binds every value', () => {
    const built = buildQuery({ source: 2, dimensions: ['segment'], filters: { fuels: [4, 5, 6], producerProperties: [2] }, measures: thisMonth });
    expect(built.sql).toContain('FROM rollup_retail_market AS r');
    expect(built.sql).toContain('coalesce(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0) AS "qty"');
    expect(built.sql).toContain('coalesce(sum(qty) FILTER (WHERE month BETWEEN $3 AND $4), 0) AS "tq"');
    expect(built.sql).toContain('month = ANY($5::int[])');
    expect(built.sql).toContain('fuel = ANY($6::int[])');
    expect(built.sql).toContain('producer_property = ANY($7::int[])');
    expect(built.sql).toContain('GROUP BY 1');
    expect(built.sql).toContain('LEFT JOIN segment n0 ON n0.id = g."segment"');
    expect(built.params).toEqual([202610, 202610, 202510, 202510, [202510, 202610], [4, 5, 6], [2]]);
  });

  test('a January-to-date span reads the year-to-date sums of its last month', () => {
    const built = buildQuery({ source: 2, dimensions: [], measures: { lj: { from: 202601, to: 202610 }, qty: { from: 202610, to: 202610 } } });
    expect(built.sql).toContain('coalesce(sum(qty_ytd) FILTER (WHERE month = $1), 0) AS "lj"');
    expect(built.params).toEqual([202610, 202610, 202610, [202610]]);
    expect(built.sql).not.toContain('GROUP BY');
  });

  test('the comparison spans of a month read three months, not twenty', () => {
    const spans = { qty: { from: 202610, to: 202610 }, tq: { from: 202510, to: 202510 }, hb: { from: 202609, to: 202609 }, lj: { from: 202601, to: 202610 }, tqLj: { from: 202501, to: 202510 } };
    const built = buildQuery({ source: 2, dimensions: ['brand'], measures: spans });
    expect(built.rollup).toBe('rollup_retail_sub_series');
    expect(built.params).toContainEqual([202510, 202609, 202610]);
  });

  test('without year-to-date sums, or grouped by month, a January-to-date span lists every month once', () => {
    const lj = { lj: { from: 202601, to: 202610 } };
    const raw = buildQuery({ source: 2, dimensions: ['city'], filters: { subSeriesIds: [5] }, measures: lj });
    expect(raw.rollup).toBe('rollup_retail_city');
    expect(raw.sql).toContain('sum(qty) FILTER (WHERE month BETWEEN $1 AND $2)');
    expect(raw.params[2]).toEqual([202601, 202602, 202603, 202604, 202605, 202606, 202607, 202608, 202609, 202610]);
    const monthly = buildQuery({ source: 2, dimensions: ['month'], measures: lj });
    expect(monthly.rollup).toBe('rollup_retail_market');
    expect(monthly.sql).not.toContain('qty_ytd');
    expect(monthly.params[2]).toHaveLength(10);
  });

  test('a span across a new year is summed month by month even where year-to-date sums exist', () => {
    const built = buildQuery({ source: 2, dimensions: [], measures: { qty: { from: 202512, to: 202601 } } });
    expect(built.sql).not.toContain('qty_ytd');
    expect(built.params[2]).toEqual([202512, 202601]);
  });

  test('grouped answers leave out groups that sold nothing in any span (year-to-date rows carry keys)', () => {
    const built = buildQuery({ source: 2, dimensions: ['brand'], measures: thisMonth });
    expect(built.sql).toMatch(/WHERE g."qty" <> 0 OR g."tq" <> 0$/);
    expect(buildQuery({ source: 2, dimensions: [], measures: thisMonth }).sql).not.toContain('g."qty" <> 0');
  });

  test('the raw facts can be asked for by name, the benchmark\'s baseline, but only where they answer', () => {
    const query = { source: 2 as const, dimensions: ['segment' as const], measures: { lj: { from: 202601, to: 202610 } } };
    const built = buildQuery(query, RAW_FACTS[2]);
    expect(built.rollup).toBe('retail_fact');
    expect(built.sql).toContain('FROM retail_fact f');
    expect(built.sql).not.toContain('qty_ytd');
    expect(() => buildQuery(query, RAW_FACTS[1])).toThrow(/cannot answer/);
    expect(() => buildQuery({ source: 1, dimensions: ['province'], measures: thisMonth }, RAW_FACTS[1])).toThrow(/cannot answer/);
  });

  test('time buckets are expressions over the month; dictionary names are joined by a bound type', () => {
    const built = buildQuery({ source: 2, dimensions: ['quarter', 'fuel'], measures: { qty: { from: 202501, to: 202612 } } });
    expect(built.sql).toContain('(month / 100) * 10 + (month % 100 + 2) / 3 AS "quarter"');
    expect(built.sql).toMatch(/LEFT JOIN dictionary n1 ON n1.type = \$\d+ AND n1.key = g."fuel"::text/);
    expect(built.params).toContain('dicFuel');
  });

  test('a measure name that is not a plain identifier is refused before any SQL is written', () => {
    expect(() => buildQuery({ source: 2, dimensions: [], measures: { 'qty"; DROP TABLE car; --': { from: 202610, to: 202610 } } })).toThrow(/bad measure/);
  });
});

describe('the rollups declared in the model', () => {
  test('every rollup keeps the market attributes, and product rollups keep what a product query filters on', () => {
    for (const r of ROLLUPS) expect(r.levels.has('market')).toBe(true);
  });

  test('for each source, a rollup listed later never has fewer levels than an earlier one it would shadow', () => {
    ROLLUPS.forEach((r, i) => {
      for (const earlier of ROLLUPS.slice(0, i)) {
        if (earlier.source !== r.source) continue;
        // An earlier rollup that has every level of a later one would always win: the later would be dead.
        expect([...r.levels].every((l) => earlier.levels.has(l)) && earlier.levels.size >= r.levels.size).toBe(false);
      }
    });
  });
});
