import { ApiException } from '../common/api-codes';
import { buildQuery, chooseRollup, levelsOf } from './query-builder';

const thisMonth = { qty: { from: 202610, to: 202610 }, tq: { from: 202510, to: 202510 } };

describe('the query layer chooses the smallest rollup that answers', () => {
  test.each([
    [['segment'], {}, 'rollup_retail_car'],
    [['producer', 'fuel'], { segmentIds: [3] }, 'rollup_retail_car'],
    [['car'], { subSeriesIds: [5] }, 'rollup_retail_car'],
    [['province'], {}, 'rollup_retail_province'],
    [['area', 'segment'], { fuels: [6] }, 'rollup_retail_province'],
    [['segment'], { provinceIds: [440000] }, 'rollup_retail_province'],
    [['city'], { provinceIds: [440000] }, 'rollup_retail_city'],
    [['tier'], {}, 'rollup_retail_city'],
    [['car'], { provinceIds: [440000] }, 'retail_fact'],
    [['car', 'city'], {}, 'retail_fact'],
  ] as const)('%j with filters %j → %s', (dimensions, filters, expected) => {
    expect(buildQuery({ source: 2, dimensions: [...dimensions], filters, measures: thisMonth }).rollup).toBe(expected);
  });

  test('wholesale (data source 1) is answered from the wholesale rollup, and has no geography', () => {
    expect(buildQuery({ source: 1, dimensions: ['brand'], measures: thisMonth }).rollup).toBe('rollup_wholesale_car');
    expect(() => chooseRollup(1, levelsOf({ dimensions: ['province'] }))).toThrow(ApiException);
    expect(() => chooseRollup(1, levelsOf({ dimensions: ['segment'], filters: { cityIds: [110000] } }))).toThrow(/批发量/);
  });

  test('empty filter lists do not narrow the query or its rollup', () => {
    expect(levelsOf({ dimensions: ['segment'], filters: { provinceIds: [] } })).toEqual(new Set(['product']));
  });
});

describe('the SQL it writes', () => {
  test('sums each named span with FILTER, reads only the months it needs, and binds every value', () => {
    const built = buildQuery({ source: 2, dimensions: ['segment'], filters: { fuels: [4, 5, 6], producerProperties: [2] }, measures: thisMonth });
    expect(built.sql).toContain('FROM rollup_retail_car AS r');
    expect(built.sql).toContain('coalesce(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0) AS "qty"');
    expect(built.sql).toContain('coalesce(sum(qty) FILTER (WHERE month BETWEEN $3 AND $4), 0) AS "tq"');
    expect(built.sql).toContain('month = ANY($5::int[])');
    expect(built.sql).toContain('fuel = ANY($6::int[])');
    expect(built.sql).toContain('producer_property = ANY($7::int[])');
    expect(built.sql).toContain('GROUP BY 1');
    expect(built.sql).toContain('LEFT JOIN segment n0 ON n0.id = g."segment"');
    expect(built.params).toEqual([202610, 202610, 202510, 202510, [202510, 202610], [4, 5, 6], [2]]);
  });

  test('year-to-date spans list every month once', () => {
    const built = buildQuery({ source: 2, dimensions: [], measures: { lj: { from: 202601, to: 202610 }, qty: { from: 202610, to: 202610 } } });
    expect(built.params[4]).toEqual([202601, 202602, 202603, 202604, 202605, 202606, 202607, 202608, 202609, 202610]);
    expect(built.sql).not.toContain('GROUP BY');
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
