import { ROLLUP_TABLES, ROLLUPS } from './rollups';
import { inDependencyOrder, monthsToDate, rollupInsert, rollupSources, yearToDateMonths } from './rollup.repository';

describe('rebuilding year-to-date rollups', () => {
  const data = [202509, 202510, 202511, 202512, 202601, 202602, 202603];

  test('a changed month also rebuilds the later months of its year, whose January-to-date sums include it', () => {
    expect(yearToDateMonths([202510], data)).toEqual([202510, 202511, 202512]);
    expect(yearToDateMonths([202603], data)).toEqual([202603]);
    expect(yearToDateMonths([202511, 202602], data)).toEqual([202511, 202512, 202602, 202603]);
  });

  test('the sums read every month from January of each rebuilt month', () => {
    expect(monthsToDate([202603])).toEqual([202601, 202602, 202603]);
    expect(monthsToDate([202512, 202602])).toEqual([
      202501, 202502, 202503, 202504, 202505, 202506, 202507, 202508, 202509, 202510, 202511, 202512, 202601, 202602,
    ]);
  });

  test("the insert writes each month's volume and its January-to-date volume per key, attributes joined after", () => {
    const build = ROLLUP_TABLES.find((b) => b.table === 'rollup_retail_province_market')!;
    const sql = rollupInsert(build);
    expect(sql).toContain('INSERT INTO rollup_retail_province_market (month, province_id, segment_id, fuel, producer_property, area_id, qty, qty_ytd)');
    expect(sql).toContain('JOIN unnest($2::int[]) AS t(month)');
    expect(sql).toContain('PARTITION BY m.province_id, m.segment_id, m.fuel, m.producer_property, m.month / 100 ORDER BY m.month');
    expect(sql).toContain('t.month >= r.month AND (r.next_sale IS NULL OR t.month < r.next_sale)');
    expect(sql).toContain('JOIN province pr ON pr.id = k.province_id');
  });

  test('a rollup without year-to-date sums is written month by month from its monthly sums', () => {
    const sql = rollupInsert(ROLLUP_TABLES.find((b) => b.table === 'rollup_retail_city')!);
    expect(sql).not.toContain('qty_ytd');
    expect(sql).not.toContain('$2');
  });

  test('a price rollup writes its value columns (volume, amounts, MSRP, rebate, lowest and highest TP) after the attributes', () => {
    const sql = rollupInsert(ROLLUP_TABLES.find((b) => b.table === 'rollup_price_car')!);
    expect(sql).toContain('body_type, qty, tp_amount, msrp, msrp_amount, rebate_amount, rebate_qty, tp_min, tp_max)');
    expect(sql).toContain('k.qty, k.tp_amount, k.msrp, k.msrp_amount, k.rebate_amount, k.rebate_qty, k.tp_min, k.tp_max');
    expect(sql).toContain('FROM rollup_price_province WHERE month = ANY($1)');
    expect(sql).not.toContain('qty_ytd');
  });

  test('the sales band rollups are written from the same monthly rows, the month one without year-to-date rows', () => {
    const [band, month] = ['rollup_retail_car_band', 'rollup_retail_car_band_month'].map((t) => ROLLUP_TABLES.find((b) => b.table === t)!);
    expect(month.monthly).toBe(band.monthly);
    expect(month.keys).toEqual(band.keys);
    const sql = rollupInsert(month);
    expect(sql).toContain('INSERT INTO rollup_retail_car_band_month (month, car_id, tp_floor, msrp_floor, sub_series_id');
    expect(sql).toContain('AND r.qty <> 0');
    expect(sql).not.toContain('qty_ytd');
    expect(sql).not.toContain('$2');
  });

  test('every rollup the query layer reads is built, with the same year-to-date choice, after what it reads', () => {
    for (const r of ROLLUPS.filter((x) => x.from === x.name)) {
      const build = ROLLUP_TABLES.find((b) => b.table === r.name);
      expect(build?.yearToDate).toBe(r.yearToDate);
    }
    ROLLUP_TABLES.forEach((build, i) => {
      const read = /FROM (rollup_\w+)/.exec(build.monthly)?.[1];
      if (read) expect(ROLLUP_TABLES.slice(0, i).map((b) => b.table)).toContain(read);
    });
  });

  test('the rollups a build reads are the ones its SQL names, a table whose name another extends not among them', () => {
    const sources = (table: string) => rollupSources(ROLLUP_TABLES.find((b) => b.table === table)!);
    expect(sources('rollup_retail_car')).toEqual([]);
    expect(sources('rollup_retail_province')).toEqual(['rollup_retail_city']);
    expect(sources('rollup_retail_car_band')).toEqual(['rollup_retail_car', 'rollup_price_car']);
  });

  test('the rebuild runs two builds at a time, each only once every rollup it reads is built', async () => {
    const built = new Set<string>();
    let running = 0;
    let most = 0;
    await inDependencyOrder(ROLLUP_TABLES, 2, async (build) => {
      for (const source of rollupSources(build)) expect([build.table, built.has(source)]).toEqual([build.table, true]);
      most = Math.max(most, ++running);
      // The facts' builds take longest, as they do in PostgreSQL.
      await new Promise((resolve) => setTimeout(resolve, rollupSources(build).length === 0 ? 20 : 2));
      running--;
      built.add(build.table);
    });
    expect(built.size).toBe(ROLLUP_TABLES.length);
    expect(most).toBe(2);
  });

  test('a build that fails stops the rebuild: its error is the rebuild’s and no further build starts', async () => {
    const started: string[] = [];
    const failing = inDependencyOrder(ROLLUP_TABLES, 2, async (build) => {
      started.push(build.table);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (build.table === 'rollup_retail_city') throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(started).not.toContain('rollup_retail_province');
    expect(started.length).toBeLessThan(ROLLUP_TABLES.length);
  });
});
