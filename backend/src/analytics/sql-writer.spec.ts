import { ApiException } from '../common/api-codes';
import { bandCount, bandLabel, PRICE_BAND_DEFAULTS } from './measures';
import { AnalyticsQuery, levelsOf, MeasureRequest } from './query';
import { RAW_FACTS } from './rollups';
import { buildQuery, regionsOfProvinces } from './sql-writer';

/** The volume over a span of months, answered as `as`. */
const volume = (as: string, from: number, to: number): MeasureRequest => ({ measure: 'qty', as, span: { from, to } });
const thisMonth = [volume('qty', 202610, 202610), volume('tq', 202510, 202510)];

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
    const built = buildQuery({ source: 2, dimensions: [], measures: [volume('lj', 202601, 202610), volume('qty', 202610, 202610)] });
    expect(built.sql).toContain('coalesce(sum(qty_ytd) FILTER (WHERE month = $1), 0) AS "lj"');
    expect(built.params).toEqual([202610, 202610, 202610, [202610]]);
    expect(built.sql).not.toContain('GROUP BY');
  });

  test('the comparison spans of a month read three months, not twenty', () => {
    const spans = [
      volume('qty', 202610, 202610),
      volume('tq', 202510, 202510),
      volume('hb', 202609, 202609),
      volume('lj', 202601, 202610),
      volume('tqLj', 202501, 202510),
    ];
    const built = buildQuery({ source: 2, dimensions: ['brand'], measures: spans });
    expect(built.rollup).toBe('rollup_retail_sub_series');
    expect(built.params).toContainEqual([202510, 202609, 202610]);
  });

  test('without year-to-date sums, or grouped by month, a January-to-date span lists every month once', () => {
    const lj = [volume('lj', 202601, 202610)];
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
    const built = buildQuery({ source: 2, dimensions: [], measures: [volume('qty', 202512, 202601)] });
    expect(built.sql).not.toContain('qty_ytd');
    expect(built.params[2]).toEqual([202512, 202601]);
  });

  test('grouped answers leave out groups that sold nothing in any span (year-to-date rows carry keys)', () => {
    const built = buildQuery({ source: 2, dimensions: ['brand'], measures: thisMonth });
    expect(built.sql).toMatch(/WHERE g."qty" <> 0 OR g."tq" <> 0$/);
    expect(buildQuery({ source: 2, dimensions: [], measures: thisMonth }).sql).not.toContain('g."qty" <> 0');
  });

  test("the raw facts can be asked for by name, the benchmark's baseline, but only where they answer", () => {
    const query = { source: 2 as const, dimensions: ['segment' as const], measures: [volume('lj', 202601, 202610)] };
    const built = buildQuery(query, RAW_FACTS[2]);
    expect(built.rollup).toBe('retail_fact');
    expect(built.sql).toContain('FROM retail_fact f');
    expect(built.sql).not.toContain('qty_ytd');
    expect(() => buildQuery(query, RAW_FACTS[1])).toThrow(/cannot answer/);
    expect(() => buildQuery({ source: 1, dimensions: ['province'], measures: thisMonth }, RAW_FACTS[1])).toThrow(/cannot answer/);
  });

  test('time buckets are expressions over the month; dictionary names are joined by a bound type', () => {
    const built = buildQuery({ source: 2, dimensions: ['quarter', 'fuel'], measures: [volume('qty', 202501, 202612)] });
    expect(built.sql).toContain('(month / 100) * 10 + (month % 100 + 2) / 3 AS "quarter"');
    expect(built.sql).toMatch(/LEFT JOIN dictionary n1 ON n1.type = \$\d+ AND n1.key = g."fuel"::text/);
    expect(built.params).toContain('dicFuel');
  });

  test('a measure name that is not a plain identifier is refused before any SQL is written', () => {
    expect(() => buildQuery({ source: 2, dimensions: [], measures: [volume('qty"; DROP TABLE car; --', 202610, 202610)] })).toThrow(/bad measure/);
  });
});

describe("a province filter names its regions too (the province tables' keys lead with the region)", () => {
  test('the regions of the provinces, once each; none with a region filter, an unknown province or no province', () => {
    expect(regionsOfProvinces({ provinceIds: [440000, 450000, 510000] })).toEqual([5, 6]);
    expect(regionsOfProvinces({ provinceIds: { in: [110000] } })).toEqual([1]);
    expect(regionsOfProvinces({ provinceIds: [440000], areaIds: [5] })).toBeNull();
    expect(regionsOfProvinces({ provinceIds: [990000] })).toBeNull();
    expect(regionsOfProvinces({ cityIds: [440100] })).toBeNull();
  });

  test('the province rollup is read with area_id bound beside province_id; the national ones are not', () => {
    const province = buildQuery({ source: 2, dimensions: ['month'], filters: { producerIds: [1], provinceIds: [440000] }, measures: thisMonth });
    expect(province.rollup).toBe('rollup_retail_province');
    expect(province.sql).toMatch(/area_id = ANY\(\$\d+::int\[\]\)/);
    expect(province.params).toContainEqual([5]);
    expect(buildQuery({ source: 2, dimensions: ['month'], filters: { producerIds: [1] }, measures: thisMonth }).sql).not.toContain('area_id');
  });
});

describe('measures declared as data', () => {
  const price = (measures: MeasureRequest[], extra: Partial<AnalyticsQuery> = {}): ReturnType<typeof buildQuery> =>
    buildQuery({ source: 'price', dimensions: ['segment'], month: 202610, measures, ...extra });

  test('a weighted price is Σ amount / Σ volume over its months, null where nothing was priced', () => {
    const built = price([
      { measure: 'tp', as: 'tp' },
      { measure: 'msrp', as: 'msrp' },
    ]);
    expect(built.rollup).toBe('rollup_price_market');
    expect(built.sql).toContain(
      '((sum(tp_amount) FILTER (WHERE month BETWEEN $1 AND $2))::float8 / nullif(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0)) AS "tp"',
    );
    expect(built.sql).toContain(
      '((sum(msrp_amount) FILTER (WHERE month BETWEEN $3 AND $4))::float8 / nullif(sum(qty) FILTER (WHERE month BETWEEN $3 AND $4), 0)) AS "msrp"',
    );
    expect(built.params.slice(0, 4)).toEqual([202610, 202610, 202610, 202610]);
  });

  test('the rebate is weighted by the volume whose rebate is known', () => {
    expect(price([{ measure: 'rebate', as: 'rebate' }]).sql).toContain(
      '(sum(rebate_amount) FILTER (WHERE month BETWEEN $1 AND $2))::float8 / nullif(sum(rebate_qty)',
    );
  });

  test('discount is MSRP − TP and its rate discount / MSRP, each written from the measures it derives from', () => {
    const built = price([
      { measure: 'discount', as: 'discount' },
      { measure: 'discountRate', as: 'rate' },
    ]);
    const tp = '((sum(tp_amount) FILTER (WHERE month BETWEEN $1 AND $2))::float8 / nullif(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0))';
    const msrp = '((sum(msrp_amount) FILTER (WHERE month BETWEEN $1 AND $2))::float8 / nullif(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0))';
    expect(built.sql).toContain(`(${msrp} - ${tp}) AS "discount"`);
    expect(built.sql).toContain(`(${msrp.replaceAll('$1', '$3').replaceAll('$2', '$4')} - ${tp.replaceAll('$1', '$3').replaceAll('$2', '$4')}) / nullif(`);
  });

  test('in whole yuan, each weighted price is rounded half up before the discount and its rate read it', () => {
    const built = price(
      [
        { measure: 'tp', as: 'tp' },
        { measure: 'discount', as: 'discount' },
        { measure: 'discountRate', as: 'rate' },
      ],
      { pricesInWholeYuan: true },
    );
    const whole = (amount: string, from: number, to: number): string =>
      `floor(((sum(${amount}) FILTER (WHERE month BETWEEN $${from} AND $${to}))::float8 / nullif(sum(qty) FILTER (WHERE month BETWEEN $${from} AND $${to}), 0)) + 0.5)`;
    expect(built.sql).toContain(`${whole('tp_amount', 1, 2)} AS "tp"`);
    expect(built.sql).toContain(`(${whole('msrp_amount', 3, 4)} - ${whole('tp_amount', 3, 4)}) AS "discount"`);
    expect(built.sql).toContain(`((${whole('msrp_amount', 5, 6)} - ${whole('tp_amount', 5, 6)}) / nullif(${whole('msrp_amount', 5, 6)}, 0)) AS "rate"`);
  });

  test('the lowest and highest TP are min and max of the city TPs', () => {
    const built = price([
      { measure: 'tpLow', as: 'low' },
      { measure: 'tpHigh', as: 'high' },
    ]);
    expect(built.sql).toContain('min(tp_min) FILTER (WHERE month BETWEEN $1 AND $2) AS "low"');
    expect(built.sql).toContain('max(tp_max) FILTER (WHERE month BETWEEN $3 AND $4) AS "high"');
  });

  test('groups are kept when a nullable measure is known and non-zero', () => {
    expect(price([{ measure: 'tp', as: 'tp' }]).sql).toMatch(/WHERE coalesce\(g."tp", 0\) <> 0$/);
  });

  test('price measures are refused on the sales facts, and the volume on no source', () => {
    expect(() => buildQuery({ source: 2, dimensions: [], month: 202610, measures: [{ measure: 'tp', as: 'tp' }] })).toThrow(/not kept for source 2/);
    expect(price([{ measure: 'qty', as: 'qty' }]).sql).toContain('coalesce(sum(qty) FILTER (WHERE month BETWEEN $1 AND $2), 0) AS "qty"');
  });
});

describe('time shifts of any measure', () => {
  test.each([
    ['current', 202610, [202610, 202610]],
    ['lastYear', 202610, [202510, 202510]],
    ['previousMonth', 202610, [202609, 202609]],
    ['previousMonth', 202601, [202512, 202512]],
    ['january', 202610, [202601, 202601]],
    ['yearToDate', 202610, [202601, 202610]],
    ['lastYearToDate', 202610, [202501, 202510]],
    ['newYearToDate', 202601, [202601, 202602]],
    ['newYearToDate', 202602, [202601, 202602]],
    ['lastYearNewYearToDate', 202601, [202501, 202502]],
    ['beforeNewYear', 202602, [202511, 202512]],
  ] as const)('%s of %d covers %j', (shift, month: number, span) => {
    const built = buildQuery({ source: 'price', dimensions: [], month, measures: [{ measure: 'tp', shift, as: 'x' }] });
    expect(built.params.slice(0, 2)).toEqual(span);
  });

  test('a shifted volume on a year-to-date rollup reads the year-to-date sums, as the spans did', () => {
    const built = buildQuery({ source: 2, dimensions: ['brand'], month: 202610, measures: [{ measure: 'qty', shift: 'lastYearToDate', as: 'tqLj' }] });
    expect(built.sql).toContain('coalesce(sum(qty_ytd) FILTER (WHERE month = $1), 0) AS "tqLj"');
    expect(built.params[0]).toBe(202510);
  });

  test('1-2月合计 of January reads the February year-to-date sums: one month, as a single month does', () => {
    const built = buildQuery({ source: 2, dimensions: ['brand'], month: 202601, measures: [{ measure: 'qty', shift: 'newYearToDate', as: 'qty' }] });
    expect(built.sql).toContain('coalesce(sum(qty_ytd) FILTER (WHERE month = $1), 0) AS "qty"');
    expect(built.params[0]).toBe(202602);
  });

  test("a shift needs the query's month, and a measure has a shift or a span, not both", () => {
    expect(() => buildQuery({ source: 2, dimensions: [], measures: [{ measure: 'qty', shift: 'lastYear', as: 'tq' }] })).toThrow(/needs the query's month/);
    expect(() =>
      buildQuery({ source: 2, dimensions: [], month: 202610, measures: [{ measure: 'qty', shift: 'lastYear', span: { from: 1, to: 2 }, as: 'tq' }] }),
    ).toThrow(/not both/);
  });
});

describe('filters from a closed list of operators, values bound', () => {
  test.each([
    [{ msrp: { between: [100000, 200000] } }, 'msrp BETWEEN $6::int AND $7::int', [100000, 200000]],
    [{ msrp: { gte: 300000 } }, 'msrp >= $6::int', [300000]],
    [{ msrp: { lte: 80000 } }, 'msrp <= $6::int', [80000]],
    [{ brandIds: { in: [3, 4] } }, 'brand_id = ANY($6::int[])', [[3, 4]]],
    [{ brandIds: [3, 4] }, 'brand_id = ANY($6::int[])', [[3, 4]]],
  ] as const)('%j → %s', (filters, sql, values) => {
    const built = buildQuery({
      source: 'price',
      dimensions: [],
      month: 202610,
      filters,
      measures: [
        { measure: 'tp', as: 'tp' },
        { measure: 'qty', as: 'qty' },
      ],
    });
    expect(built.sql).toContain(sql);
    expect(built.params.slice(5)).toEqual(values);
  });

  test("a trim's MSRP is kept only by the price tables", () => {
    expect(() => buildQuery({ source: 2, dimensions: [], month: 202610, filters: { msrp: { gte: 1 } }, measures: [{ measure: 'qty', as: 'qty' }] })).toThrow(
      ApiException,
    );
  });

  test('an empty in-list narrows nothing', () => {
    expect(levelsOf({ dimensions: [], filters: { provinceIds: { in: [] } } })).toEqual(new Set());
  });
});

describe('price bands', () => {
  const bands = { basis: 'tp' as const, low: 50000, high: 400000, width: 50000 };

  test('bucket each trim-month by its weighted price, with an open band below and above', () => {
    const built = buildQuery({ source: 'price', dimensions: ['priceBand'], month: 202610, priceBand: bands, measures: [{ measure: 'qty', as: 'qty' }] });
    expect(built.rollup).toBe('rollup_price_car');
    expect(built.sql).toContain('price_band AS "priceBand"');
    // A row of the trim price rollup is a trim-month already: banded as it is, not summed again.
    expect(built.sql).toMatch(/FROM rollup_price_car AS b WHERE month = ANY\(\$3::int\[\]\)\) AS r GROUP BY 1/);
    expect(built.sql).toContain('CASE WHEN (tp_amount::float8 / nullif(qty, 0)) < $4::int THEN 0');
    expect(built.sql).toContain('>= $5::int THEN $6::int');
    expect(built.params.slice(3)).toEqual([50000, 400000, 8, 50000, 50000]);
  });

  test("by MSRP, and per province when the query groups by province (a trim-month's price there)", () => {
    const built = buildQuery({
      source: 'price',
      dimensions: ['province', 'priceBand'],
      month: 202610,
      priceBand: { ...bands, basis: 'msrp' },
      measures: [{ measure: 'qty', as: 'qty' }],
    });
    expect(built.rollup).toBe('rollup_price_province');
    expect(built.sql).toContain('sum(msrp_amount)::float8 / nullif(sum(qty), 0)');
    expect(built.sql).toContain('GROUP BY month, car_id, province_id');
  });

  test('sales volume banded by price, bounds in whole thousands: the band rollup, no join, January to date from qty_ytd', () => {
    const built = buildQuery({
      source: 2,
      dimensions: ['brand', 'priceBand'],
      filters: { segmentIds: [3] },
      month: 202610,
      priceBand: bands,
      measures: [
        { measure: 'qty', as: 'qty' },
        { measure: 'qty', shift: 'yearToDate', as: 'lj' },
      ],
    });
    expect(built.rollup).toBe('rollup_retail_car_band');
    expect(built.sql).toContain('CASE WHEN tp_floor < $1::int THEN 0 WHEN tp_floor >= $2::int THEN $3::int');
    expect(built.sql).toContain('ELSE (tp_floor - $4::int) / $5::int + 1 END AS "priceBand"');
    expect(built.params.slice(0, 5)).toEqual([50000, 400000, 8, 50000, 50000]);
    // Each row is one trim's volume at one price pair: its year-to-date sum is January to date at that price.
    expect(built.sql).toMatch(/coalesce\(sum\(qty_ytd\) FILTER \(WHERE month = \$\d+\), 0\) AS "lj"/);
    expect(built.sql).toMatch(/FROM rollup_retail_car_band AS r WHERE month = ANY\(\$\d+::int\[\]\) AND segment_id = ANY/);
    expect(built.sql).not.toContain('rollup_price_car');
    expect(built.sql).not.toContain('msrp_month');
    const byMsrp = buildQuery({
      source: 2,
      dimensions: ['priceBand'],
      month: 202610,
      priceBand: { ...bands, basis: 'msrp', width: 25000 },
      measures: [{ measure: 'qty', as: 'qty' }],
    });
    expect(byMsrp.rollup).toBe('rollup_retail_car_band_month');
    expect(byMsrp.sql).toContain('CASE WHEN msrp_floor < $1::int');
  });

  test('a sales band question that reads no January-to-date sum reads the band rollup without year-to-date rows', () => {
    // Grouped by month, each month's own volume (a row's band is that month's price): the months' own rows,
    // not the rows carried through months without sales (two thirds of twelve months at the large scale).
    const monthly = buildQuery({ source: 2, dimensions: ['month', 'priceBand'], month: 202610, priceBand: bands, measures: [volume('qty', 202511, 202610)] });
    expect(monthly.rollup).toBe('rollup_retail_car_band_month');
    expect(monthly.sql).toMatch(/FROM rollup_retail_car_band_month AS r WHERE month = ANY\(\$\d+::int\[\]\)/);
    expect(monthly.sql).not.toContain('qty_ytd');
    // A single month, by MSRP, and a member tab's month.
    expect(
      buildQuery({ source: 2, dimensions: ['priceBand'], month: 202610, priceBand: { ...bands, basis: 'msrp' }, measures: [{ measure: 'qty', as: 'qty' }] })
        .rollup,
    ).toBe('rollup_retail_car_band_month');
    expect(
      buildQuery({
        source: 2,
        dimensions: ['brand', 'priceBand'],
        month: 202610,
        priceBand: bands,
        measures: [
          { measure: 'qty', as: 'qty' },
          { measure: 'qty', shift: 'lastYear', as: 'tq' },
        ],
      }).rollup,
    ).toBe('rollup_retail_car_band_month');
    // January alone is one month of either table: the smaller.
    expect(
      buildQuery({ source: 2, dimensions: ['priceBand'], month: 202601, priceBand: bands, measures: [{ measure: 'qty', shift: 'yearToDate', as: 'lj' }] })
        .rollup,
    ).toBe('rollup_retail_car_band_month');
    // Any January-to-date sum, even beside a month's volume, reads qty_ytd of the year-to-date rollup.
    const toDate = buildQuery({
      source: 2,
      dimensions: ['priceBand'],
      month: 202610,
      priceBand: bands,
      measures: [
        { measure: 'qty', as: 'qty' },
        { measure: 'qty', shift: 'lastYearToDate', as: 'tqLj' },
      ],
    });
    expect(toDate.rollup).toBe('rollup_retail_car_band');
    expect(toDate.sql).toMatch(/coalesce\(sum\(qty_ytd\) FILTER \(WHERE month = \$\d+\), 0\) AS "tqLj"/);
    // Bounds off the thousands still fall back to the trim rollup and the price tables.
    expect(
      buildQuery({
        source: 2,
        dimensions: ['month', 'priceBand'],
        priceBand: { ...bands, low: 55500, high: 405500 },
        measures: [volume('qty', 202601, 202610)],
      }).rollup,
    ).toBe('rollup_retail_car');
  });

  test("a city's TP bands read the band rollup without year-to-date rows, each trim-month priced by the city where it priced it (decision 294)", () => {
    const cityBanded = (priceBand: typeof bands) =>
      buildQuery({
        source: 2,
        dimensions: ['brand', 'priceBand'],
        month: 202610,
        priceBand: { ...priceBand, tpCity: 120000 },
        measures: [
          { measure: 'qty', as: 'qty' },
          { measure: 'qty', shift: 'yearToDate', as: 'lj' },
        ],
      });
    const built = cityBanded(bands);
    expect(built.rollup).toBe('rollup_retail_car_band_month');
    // Every month of the year is summed on its own (its own price), never a year-to-date sum.
    expect(built.sql).not.toContain('qty_ytd');
    expect(built.sql).toContain('coalesce(ct.tp, b.tp_floor)');
    expect(built.sql).toMatch(/SELECT month, car_id, tp FROM price_fact WHERE month = ANY\(\$\d+::int\[\]\) AND city_id = \$\d+::int/);
    expect(built.params).toContain(120000);
    // Bounds off the thousands cannot be read from prices in whole thousands: the trim rollup and the price tables.
    const off = cityBanded({ ...bands, low: 55500, high: 405500 });
    expect(off.rollup).toBe('rollup_retail_car');
    expect(off.sql).toContain('rollup_price_car');
  });

  test('sales volume banded by price: the retail trim rollup, each trim-month priced from the price tables of the same months', () => {
    // Bounds off the thousands (a band edge at 5.55万) cannot be read from prices rounded to thousands.
    const built = buildQuery({
      source: 2,
      dimensions: ['brand', 'priceBand'],
      month: 202610,
      priceBand: { ...bands, low: 55500, high: 405500 },
      measures: [
        { measure: 'qty', as: 'qty' },
        { measure: 'qty', shift: 'yearToDate', as: 'lj' },
      ],
    });
    expect(built.rollup).toBe('rollup_retail_car');
    // January-to-date is summed month by month (each month banded by its own price), never read from qty_ytd.
    expect(built.sql).not.toContain('qty_ytd');
    expect(built.sql).toContain('coalesce(pc.tp_amount::float8 / nullif(pc.qty, 0), coalesce(mm.msrp, c.msrp)::float8)');
    expect(built.sql).toMatch(/FROM rollup_price_car WHERE month = ANY\(\$\d+::int\[\]\)\) pc/);
    expect(built.sql).toContain('GROUP BY b.month, b.car_id, b.brand_id');
    const byMsrp = buildQuery({
      source: 2,
      dimensions: ['priceBand'],
      month: 202610,
      priceBand: { ...bands, basis: 'msrp', width: 50500, high: 403500 },
      measures: [{ measure: 'qty', as: 'qty' }],
    });
    expect(byMsrp.sql).not.toContain('rollup_price_car');
    expect(byMsrp.sql).toContain('CASE WHEN coalesce(mm.msrp, c.msrp)::float8 <');
    expect(() =>
      buildQuery({
        source: 2,
        dimensions: ['priceBand'],
        month: 202610,
        priceBand: bands,
        filters: { msrp: { gte: 1 } },
        measures: [{ measure: 'qty', as: 'qty' }],
      }),
    ).toThrow(/price source/);
  });

  test('labels: 5万以下, 5-10万 … 35-40万, 40万以上; a width of 2.5万 reads 7.5-10万', () => {
    expect([0, 1, 2, 7, 8].map((k) => bandLabel(bands, k))).toEqual(['5万以下', '5-10万', '10-15万', '35-40万', '40万以上']);
    expect(bandLabel({ ...bands, width: 25000 }, 2)).toBe('7.5-10万');
    expect(bandLabel(PRICE_BAND_DEFAULTS, 1)).toBe('5-10万');
  });

  test('bounds that do not divide into whole bands are refused', () => {
    expect(() => bandCount({ ...bands, width: 30000 })).toThrow(/multiple of width/);
    expect(() => bandCount({ ...bands, low: 400000 })).toThrow();
    expect(() => buildQuery({ source: 'price', dimensions: ['priceBand'], month: 202610, measures: [{ measure: 'qty', as: 'qty' }] })).toThrow(
      /needs the query's priceBand/,
    );
  });
});

describe('windows, order, top-N and paging in SQL', () => {
  const base = {
    source: 2 as const,
    dimensions: ['brand' as const],
    month: 202610,
    measures: [
      { measure: 'qty' as const, as: 'qty' },
      { measure: 'qty' as const, shift: 'yearToDate' as const, as: 'lj' },
    ],
  };

  test('shares, totals, maxima, competition ranks and the row count are window functions over the whole answer', () => {
    const built = buildQuery({
      ...base,
      windows: [
        { fn: 'share', of: 'qty', as: 'mix' },
        { fn: 'total', of: 'lj', as: 'ljMarket' },
        { fn: 'max', of: 'qty', as: 'qtyMax' },
        { fn: 'rank', of: 'lj', as: 'ljRank' },
        { fn: 'count', as: 'rowCount' },
      ],
    });
    expect(built.sql).toContain('(g."qty"::float8 / nullif(sum(g."qty") OVER (), 0)) AS "mix"');
    expect(built.sql).toContain('sum(g."lj") OVER () AS "ljMarket"');
    expect(built.sql).toContain('max(g."qty") OVER () AS "qtyMax"');
    expect(built.sql).toContain('rank() OVER (ORDER BY g."lj" DESC NULLS LAST) AS "ljRank"');
    expect(built.sql).toContain('count(*) OVER () AS "rowCount"');
  });

  test('sort keys: a growth and a share change as the page shows them (tenths of a percent, null for a dash), a rank null for nothing sold', () => {
    const built = buildQuery({
      ...base,
      measures: [...base.measures, { measure: 'qty', shift: 'lastYear', as: 'tq' }],
      windows: [
        { fn: 'growth', of: 'qty', over: 'tq', as: 'yoyKey' },
        { fn: 'shareChange', of: 'qty', over: 'tq', as: 'mixChangeKey' },
        { fn: 'rank', of: 'lj', as: 'ljRank', nullWhenZero: true },
      ],
      order: [{ by: 'yoyKey', direction: 'asc' }],
    });
    const yoy = 'round(((g."qty"::float8 / nullif(g."tq", 0) - 1) * 1000)::numeric)';
    expect(built.sql).toContain(`(CASE WHEN abs(${yoy}) > 0 AND abs(${yoy}) < 10000 THEN ${yoy} END) AS "yoyKey"`);
    expect(built.sql).toContain('(g."qty"::float8 / nullif(sum(g."qty") OVER (), 0) - g."tq"::float8 / nullif(sum(g."tq") OVER (), 0))');
    expect(built.sql).toContain('(CASE WHEN coalesce(g."lj", 0) <> 0 THEN rank() OVER (ORDER BY g."lj" DESC NULLS LAST) END) AS "ljRank"');
    expect(built.sql).toContain('ORDER BY a."yoyKey" ASC NULLS LAST');
    expect(() => buildQuery({ ...base, windows: [{ fn: 'growth', of: 'qty', over: 'segment', as: 'x' }] })).toThrow(/not a measure/);
  });

  test('a window within each value of a dimension is partitioned by it', () => {
    const built = buildQuery({ ...base, dimensions: ['segment', 'brand'], windows: [{ fn: 'rank', of: 'qty', as: 'inSegment', partitionBy: ['segment'] }] });
    expect(built.sql).toContain('rank() OVER (PARTITION BY g."segment" ORDER BY g."qty" DESC NULLS LAST) AS "inSegment"');
  });

  test('order, limit and offset wrap the answer, so windows see every row and paging only cuts', () => {
    const built = buildQuery({
      ...base,
      windows: [{ fn: 'count', as: 'rowCount' }],
      order: [
        { by: 'qty', direction: 'desc' },
        { by: 'brand', direction: 'asc' },
      ],
      limit: 10,
      offset: 20,
    });
    expect(built.sql).toMatch(
      /^SELECT a\.\* FROM \(SELECT g\.\*.*count\(\*\) OVER \(\) AS "rowCount".*\) a ORDER BY a\."qty" DESC NULLS LAST, a\."brand" ASC NULLS LAST LIMIT \$\d+::int OFFSET \$\d+::int$/s,
    );
    expect(built.params.slice(-2)).toEqual([10, 20]);
  });

  test("top-N per group numbers rows within each group in the query's order and keeps the first N", () => {
    const built = buildQuery({ ...base, dimensions: ['segment', 'brand'], order: [{ by: 'qty', direction: 'desc' }], topPerGroup: { by: ['segment'], n: 3 } });
    expect(built.sql).toContain('row_number() OVER (PARTITION BY t."segment" ORDER BY t."qty" DESC NULLS LAST) AS "rowInGroup"');
    expect(built.sql).toMatch(/WHERE a\."rowInGroup" <= \$\d+::int ORDER BY a\."qty" DESC NULLS LAST$/);
    expect(built.params.at(-1)).toBe(3);
  });

  test("only the query's own names can be ordered by or windowed over", () => {
    expect(() => buildQuery({ ...base, order: [{ by: 'qty; DROP TABLE car', direction: 'desc' }] })).toThrow(/not a dimension, measure or window/);
    expect(() => buildQuery({ ...base, order: [{ by: 'qty', direction: 'sideways' as 'asc' }] })).toThrow(/direction/);
    expect(() => buildQuery({ ...base, windows: [{ fn: 'share', of: 'segment', as: 'x' }] })).toThrow(/not a measure/);
    expect(() => buildQuery({ ...base, windows: [{ fn: 'rank', of: 'qty', as: 'r', partitionBy: ['segment'] }] })).toThrow(/not a dimension/);
    expect(() => buildQuery({ ...base, topPerGroup: { by: ['brand'], n: 1 } })).toThrow(/needs an order/);
    expect(() => buildQuery({ ...base, windows: [{ fn: 'count', as: 'qty' }] })).toThrow(/used twice/);
  });

  test("a list's rows are kept when they sold in the measures it names", () => {
    const built = buildQuery({ ...base, measures: [...base.measures, { measure: 'qty', shift: 'previousMonth', as: 'hb' }], keepWhenAny: ['qty', 'lj'] });
    expect(built.sql).toMatch(/WHERE g."qty" <> 0 OR g."lj" <> 0$/);
  });

  test('within: windows over every row, then only the listed rows, named after the cut', () => {
    const built = buildQuery({
      source: 2,
      dimensions: ['car', 'subSeries', 'segment'],
      filters: { segmentIds: [3, 7] },
      month: 202610,
      measures: [{ measure: 'qty', as: 'qty' }],
      windows: [{ fn: 'rank', of: 'qty', partitionBy: ['segment'], as: 'rank' }],
      within: { subSeries: [51, 53] },
      order: [{ by: 'qty', direction: 'desc' }],
    });
    expect(built.sql).toContain('SELECT g.*, rank() OVER (PARTITION BY g."segment" ORDER BY g."qty" DESC NULLS LAST) AS "rank" FROM (SELECT car_id AS "car"');
    expect(built.sql).toMatch(
      /GROUP BY 1, 2, 3\) g WHERE g."qty" <> 0\) w LEFT JOIN car n0 ON n0.id = w."car" LEFT JOIN sub_series n1 ON n1.id = w."subSeries" LEFT JOIN segment n2 ON n2.id = w."segment" WHERE w."subSeries" = ANY\(\$(\d+)::int\[\]\)/,
    );
    const keep = Number(/w."subSeries" = ANY\(\$(\d+)/.exec(built.sql)?.[1]);
    expect(built.params[keep - 1]).toEqual([51, 53]);
    expect(built.sql).toMatch(/\) a ORDER BY a."qty" DESC NULLS LAST$/);
    expect(() => buildQuery({ source: 2, dimensions: ['car'], month: 202610, measures: [{ measure: 'qty', as: 'qty' }], within: { brand: [1] } })).toThrow(
      /not a dimension/,
    );
  });
});
