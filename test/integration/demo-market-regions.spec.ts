import request from 'supertest';
import {
  addMonths,
  AREA_MARKET,
  COMPANY_BRAND,
  formatMonth,
  MP,
  MP_SESSION_HEADER,
  monthRange,
  parseMonth,
  PRICE,
  PRICE_STRUCTURE,
  SEARCH,
  WHOLE_MARKET,
  yearOf,
  type AreaNode,
  type AreaTreePage,
  type CarDetails,
  type CityNode,
  type IdName,
  type LetterGroup,
  type MpRetailChart,
  type PriceStructureTable,
  type PriceTable,
  type Summary,
  type TablePage,
  type TendencyPage,
} from '@car/contracts';
import { bevPart, fuelKeys, marketMonths, nevShare, yearOf as monthsOfYear, type ApiGetter, type MarketMonth } from '../../bench/src/market-figures';
import {
  BRAND_CLASSES,
  brandClass,
  changeSpread,
  discountRate,
  pathMoves,
  REALISM_LIMITS as LIMITS,
  roundLandings,
  soldEveryMonth,
  tpChanges,
  tpGaps,
  yoyJumps,
  type BrandClass,
  type MonthlyUnits,
  type TpCell,
} from '../../bench/src/realism-stats';
import { NEV_FUELS } from '../../backend/src/reference/data/dictionaries';
import { MAKER_RETAIL, MAKER_YEARS } from '../../backend/src/seed/maker-anchors';
import { ANNUAL_NEV_SHARE } from '../../backend/src/seed/market-model';
import { demoMpSession } from '../support/mp-link';
import { sharedApp, type SharedApp } from '../support/shared-app';

/**
 * Issue 46: the demo data below the nation, read through the API as the pages read it. `npm run bench:realism`
 * (bench/src/realism.cli.ts) measures the same figures with SQL over the rollups; this file asks the endpoints the
 * pages call and holds the answers to the same limits (REALISM_LIMITS, bench/src/realism-stats.ts) with the same
 * pure statistics:
 *
 * - the price trace's regional table (价格追踪 区域价格表: TP by province with its units, twelve months) of the 30
 *   best sellers of the twelve months (the 车系 ranking of 整体市场 month by month);
 * - the cities a best seller sells in: no page lists a sub-series' cities, so each (sub-series, city) is the mobile
 *   page's 车型 chart in that city (移动端销量, thirteen months a call), the nearest the API comes; the largest cities
 *   are 区域市场表现's city rows;
 * - the year-on-year path of the mainstream best sellers, from the monthly 车系 rankings;
 * - discounts by class of brand from 价格指数's brand table (月度价格表 by 品牌: TP, discount and units), the class read
 *   from the filters that name it (品牌类型, 厂商属性, 品牌属性 and 系别). The page has no fuel filter, so a joint venture's
 *   brand row holds its NEV trims too: the API classes a brand, not a trim (the bench classes trims);
 * - 一汽-大众 from 厂商品牌表现 (cards with the fuel filter, 车型明细), each anchored year's maker ranking from its ranking list, and the
 *   calibration from 整体市场's trend with the fuel filter (bench/src/market-figures.ts).
 */

const years = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Runs `work` over `items` with at most `limit` calls in flight, answers in the order of `items`. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      answers[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

describe('the demo market below the nation, read through the API (issue 46)', () => {
  let app: SharedApp;
  let token: string;
  let months: MarketMonth[];
  /** The latest month with retail, the first of the twelve, and the twelve. */
  let latest: number;
  let first: number;
  let window: number[];
  /** The 车系 (sub-series) ranking of each month, 36 of them: id → {name, units}. */
  let rankings: Map<number, Map<number, { name: string; sales: number }>>;

  const get: ApiGetter = async <T>(path: string, query: Record<string, string>) => {
    const response = await request(app.getHttpServer()).get(`/car/api/${path}`).query(query).set('token', token);
    expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 200, code: 1 });
    return response.body.result as T;
  };

  /** A sub-series' national units by month, from the monthly rankings (a month it is not ranked in: 0). */
  const unitsOf = (id: number) => new Map([...rankings].map(([month, ranking]) => [month, ranking.get(id)?.sales ?? 0]));
  const nameOf = (id: number) => [...rankings.values()].find((r) => r.has(id))?.get(id)?.name ?? String(id);
  /** The `count` best sellers over `over`, best first (ties by id). */
  const bestSellers = (over: readonly number[], count: number) => {
    const total = new Map<number, number>();
    for (const m of over) for (const [id, row] of rankings.get(m) ?? []) total.set(id, (total.get(id) ?? 0) + row.sales);
    return [...total]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, count)
      .map(([id, sales]) => ({ id, name: nameOf(id), sales }));
  };

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: `10.93.${process.pid % 250}.1` }));
    months = await marketMonths(get);
    latest = parseMonth(months[months.length - 1].month);
    first = addMonths(latest, -11);
    window = monthRange(first, latest);
    // Three years of monthly rankings: the twelve months, their year-on-year base and the two years a mainstream model is on sale before them.
    const span = monthRange(addMonths(first, -24), latest);
    const pages = await Promise.all(
      span.map((m) => get<TablePage>(WHOLE_MARKET.modelSub.path, { source: '2', time: formatMonth(m), currentPage: '1', pageSize: '500' })),
    );
    rankings = new Map(span.map((m, i) => [m, new Map(pages[i].list.filter((r) => !r.heji).map((r) => [r.id, { name: r.name, sales: r.sales }]))]));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  test(`the price trace's regional table: the ${LIMITS.tpSubSeries} best sellers' TP by province moves by ≤ ${LIMITS.tpChangeP95 * 100} % (p95) and ≤ ${LIMITS.tpChangeMax * 100} % (max) a month, with no empty month between sold ones`, async () => {
    const top = bestSellers(window, LIMITS.tpSubSeries);
    expect(top).toHaveLength(LIMITS.tpSubSeries);
    const tables = await Promise.all(top.map((s) => get<PriceTable>(PRICE.cityTable.path, { modelSubId: String(s.id), type: '2', time: formatMonth(latest) })));
    const cells: TpCell[] = tables.flatMap((table, i) =>
      table.rows
        .filter((row) => row.level === 2)
        .flatMap((row) =>
          table.months.map((month, j) => ({
            subSeriesId: top[i].id,
            provinceId: row.id,
            month: parseMonth(month),
            qty: row.qty[j] ?? 0,
            tp: row.values[j] ?? 0,
          })),
        ),
    );
    expect(tables[0].months).toEqual(window.map(formatMonth));
    const changes = tpChanges(cells, LIMITS.tpMinQty);
    const tp = changeSpread(changes);
    // Thirty sub-series × eleven pairs × the provinces with a hundred units both months.
    expect(tp.n).toBeGreaterThan(1000);
    expect({ p95: tp.p95 <= LIMITS.tpChangeP95, max: tp.max <= LIMITS.tpChangeMax, tp }).toEqual({ p95: true, max: true, tp });
    const gaps = tpGaps(cells).map((g) => `${nameOf(g.subSeriesId)} in ${g.provinceId}: ${g.empty.map(formatMonth).join(', ')}`);
    expect(gaps).toEqual([]);
  }, 120_000);

  test(`the ${LIMITS.citySubSeries} best sellers of the latest month sell in ≥ ${LIMITS.everyMonthCities} cities every month of the twelve (since launch), and Model Y in each of the ${LIMITS.largeCities} largest cities`, async () => {
    const top = bestSellers([latest], LIMITS.citySubSeries);
    const cities = await get<CityNode[]>(SEARCH.cities.path, {});
    const cityName = new Map(cities.map((c) => [Number(c.code), c.name]));

    // The cities by retail of the twelve months, largest first: 区域市场表现's city rows under each region, the year to date plus last year's rest.
    const regions = await get<AreaNode[]>(SEARCH.areas.path, {});
    const cityRows = async (region: number, month: number) => {
      const page = await get<AreaTreePage>(AREA_MARKET.area.path, { area: String(region), level: '1', time: formatMonth(month), pageSize: '500' });
      return page.list.flatMap((province) => province.children ?? []).filter((row) => row.dimensionality === 3);
    };
    const lastDecember = (yearOf(latest) - 1) * 100 + 12;
    const twelveMonths = new Map<number, number>(cities.map((c) => [Number(c.code), 0]));
    await Promise.all(
      regions.map(async (region) => {
        const [now, december] = await Promise.all([cityRows(region.id, latest), cityRows(region.id, lastDecember)]);
        const decemberSum = new Map(december.map((row) => [Number(row.code), row.salesSum]));
        for (const row of now) twelveMonths.set(Number(row.code), row.salesSum + (decemberSum.get(Number(row.code)) ?? 0) - row.tqSalesSum);
      }),
    );
    const bySize = [...twelveMonths].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([city]) => city);
    expect(bySize).toHaveLength(cities.length);
    const large = bySize.slice(0, LIMITS.largeCities);

    const session = await demoMpSession(app);
    /** A sub-series in a city: the mobile page's thirteen bars (移动端销量, 车型), the last twelve the window. */
    const chart = async (subSeries: number, city: number): Promise<MonthlyUnits> => {
      const response = await request(app.getHttpServer())
        .get(`/car/api/${MP.retailChart.path}`)
        .query({ type: '4', id: String(subSeries), cityId: String(city), time: formatMonth(latest) })
        .set(MP_SESSION_HEADER, session);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: 1 });
      const bars = (response.body.result as MpRetailChart).chart.series[0].data;
      expect(bars).toHaveLength(13);
      return new Map(window.map((m, i) => [m, bars[i + 1] ?? 0]));
    };
    /**
     * A sub-series' cities, largest first, a batch at a time, until enough have sold every month (since launch):
     * a sub-series that meets the figure is not asked about its smallest cities; one that does not is asked about all.
     */
    const coverageOf = async (s: { id: number; name: string }) => {
      const national = unitsOf(s.id);
      // A sub-series launched within the window is held to the months since its first sold one.
      const launched = (national.get(addMonths(first, -1)) ?? 0) > 0 ? first : (window.find((m) => (national.get(m) ?? 0) > 0) ?? latest);
      const held = monthRange(launched, latest);
      const byCity = new Map<number, MonthlyUnits>();
      for (let at = 0; at < bySize.length && soldEveryMonth(byCity, held).length < LIMITS.everyMonthCities; at += 8) {
        const batch = bySize.slice(at, at + 8);
        const answers = await Promise.all(batch.map((city) => chart(s.id, city)));
        batch.forEach((city, i) => byCity.set(city, answers[i]));
      }
      const missingLarge = large.filter((city) => !((byCity.get(city)?.get(latest) ?? 0) > 0));
      return { name: s.name, everyMonth: soldEveryMonth(byCity, held).length, missingLarge };
    };
    const coverage = await inBatches(top, 2, coverageOf);
    expect(coverage.filter((c) => c.everyMonth < LIMITS.everyMonthCities).map((c) => `${c.name}: ${c.everyMonth}`)).toEqual([]);
    const modelY = coverage.find((c) => c.name === 'Model Y');
    expect(modelY).toBeDefined();
    expect(modelY!.missingLarge.map((city) => cityName.get(city))).toEqual([]);
  }, 300_000);

  test(`the mainstream best sellers (top ${LIMITS.mainstream}, on sale ≥ 2 years): year on year moves by ≤ ${LIMITS.yoyJumpPoints} points between consecutive months (Jan/Feb pairs left out)`, () => {
    const onSale = monthRange(addMonths(first, -24), latest);
    const steady = bestSellers(window, LIMITS.mainstream).filter((s) => onSale.every((m) => (rankings.get(m)?.get(s.id)?.sales ?? 0) > 0));
    // Most of the fifty have been on sale for years.
    expect(steady.length).toBeGreaterThanOrEqual(30);
    const jumps = steady.flatMap((s) =>
      yoyJumps(unitsOf(s.id), window, LIMITS.yoyJumpPoints).map((j) => `${s.name} ${formatMonth(j.month)}: ${j.before.toFixed(0)} → ${j.after.toFixed(0)} %`),
    );
    expect(jumps).toEqual([]);
  });

  const classRanges = BRAND_CLASSES.filter((c) => Number.isFinite(c.low))
    .map((c) => `${c.class} ${Math.round(c.low * 100)}-${Math.round(c.high * 100)} %`)
    .join(', ');
  test(`discounts by class of brand, latest month: ${classRanges}, foreign luxury the deepest; no brand of ≥ ${LIMITS.brandMinUnits} units outside its class's range`, async () => {
    const time = formatMonth(latest);
    const brandTable = (query: Record<string, string>) => get<PriceTable>(PRICE.detailTable.path, { time, type: '2', ...query });
    const idsOf = (table: PriceTable) => new Set(table.rows.filter((r) => !r.total).map((r) => r.id));
    const [tp, discount, jv, chinese, startups, foreignOwned] = await Promise.all([
      brandTable({ type2: '2' }),
      brandTable({ type2: '0' }),
      brandTable({ type2: '2', composite: '0' }),
      brandTable({ type2: '2', composite: '1' }),
      brandTable({ type2: '2', composite: '2' }),
      brandTable({ type2: '2', producerProperty: '3' }),
    ]);
    const [luxury, family] = await Promise.all([
      get<Array<LetterGroup<IdName>>>(SEARCH.brands.path, { brandProperties: '1' }),
      get<PriceStructureTable>(PRICE_STRUCTURE.totalTable.path, { time, tab: '2', families: '1' }),
    ]);
    const at = tp.months.indexOf(time);
    expect(at).toBe(tp.months.length - 1);
    const brandType = (id: number) => (idsOf(startups).has(id) ? 2 : idsOf(chinese).has(id) ? 1 : idsOf(jv).has(id) ? 0 : -1);
    const luxuryIds = new Set(luxury.flatMap((g) => g.list.map((b) => b.id)));
    const chineseFamily = new Set(family.rows.filter((r) => !r.total).map((r) => r.id));
    const direct = idsOf(foreignOwned);
    const discountOf = new Map(discount.rows.map((r) => [r.id, r.values[at]]));
    const brands = tp.rows
      .filter((r) => !r.total && (r.qty[at] ?? 0) > 0 && r.values[at] !== null && discountOf.get(r.id) != null)
      .map((r) => {
        const qty = r.qty[at];
        const price = r.values[at]!;
        const cls = brandClass(
          {
            brandType: brandType(r.id),
            producerProperty: direct.has(r.id) ? 3 : 0,
            brandProperty: luxuryIds.has(r.id) ? 1 : 2,
            familyId: chineseFamily.has(r.id) ? 1 : 0,
            // The brand table has no fuel filter: a foreign mainstream brand's row (NEV trims with it) is classed as its engines.
            fuel: 0,
          },
          NEV_FUELS,
        );
        return { name: r.name, cls, qty, tpAmount: price * qty, msrpAmount: (price + discountOf.get(r.id)!) * qty };
      });
    const classRate = (cls: BrandClass) => {
      const of = brands.filter((b) => b.cls === cls);
      return discountRate(
        of.reduce((n, b) => n + b.tpAmount, 0),
        of.reduce((n, b) => n + b.msrpAmount, 0),
      );
    };
    const bounded = BRAND_CLASSES.filter((c) => Number.isFinite(c.low));
    const rates = Object.fromEntries(BRAND_CLASSES.map((c) => [c.class, Number(classRate(c.class).toFixed(4))]));
    for (const c of bounded) {
      expect({ class: c.class, rates, within: rates[c.class] >= c.low && rates[c.class] <= c.high }).toEqual({ class: c.class, rates, within: true });
    }
    expect(rates.luxuryImport).toBeGreaterThan(Math.max(...bounded.map((c) => rates[c.class])));
    const outside = brands
      .filter((b) => b.qty >= LIMITS.brandMinUnits)
      .filter((b) => {
        const range = bounded.find((c) => c.class === b.cls);
        const rate = discountRate(b.tpAmount, b.msrpAmount);
        return range !== undefined && (rate < range.low || rate > range.high);
      })
      .map((b) => `${b.name} (${b.cls}) ${(discountRate(b.tpAmount, b.msrpAmount) * 100).toFixed(1)} %`);
    expect(outside).toEqual([]);
    // Every class has brands in it: the classing read something from each filter.
    expect(BRAND_CLASSES.map((c) => brands.some((b) => b.cls === c.class))).toEqual(BRAND_CLASSES.map(() => true));
  }, 120_000);

  test(`${LIMITS.ownMaker}: BEV under ${LIMITS.bevShare * 100} % of its retail every year, ${LIMITS.ownBestSellers.join(' / ')} its best sellers of the last complete year, its ID. models 10,000-99,999 each`, async () => {
    const groups = await get<Array<LetterGroup<IdName>>>(SEARCH.producers.path, { key: LIMITS.ownMaker });
    const maker = groups.flatMap((g) => g.list).find((p) => p.name === LIMITS.ownMaker);
    expect(maker).toBeDefined();
    const keys = await fuelKeys(get);
    const lastFull = yearOf(latest) - (latest % 100 === 12 ? 0 : 1);
    const firstYear = yearOf(parseMonth(months[0].month));
    const byYear = await Promise.all(
      years(firstYear, yearOf(latest)).map(async (year) => {
        const time = year === yearOf(latest) ? formatMonth(latest) : `${year}-12`;
        const query = { type: '0', foreignId: String(maker!.id), source: '2', time };
        const [all, bev] = await Promise.all([
          get<Summary>(COMPANY_BRAND.whole.path, query),
          get<Summary>(COMPANY_BRAND.whole.path, { ...query, fuels: keys.bev.join(',') }),
        ]);
        return { year, total: all.ljQty, share: all.ljQty > 0 ? bev.ljQty / all.ljQty : 0 };
      }),
    );
    expect(byYear.filter((y) => y.total > 0).length).toBeGreaterThanOrEqual(5);
    expect(byYear.filter((y) => y.share >= LIMITS.bevShare)).toEqual([]);

    const details = await get<CarDetails>(COMPANY_BRAND.carDetails.path, { type: '0', foreignId: String(maker!.id), accumulate: '1', time: `${lastFull}-12` });
    const models = details.details.flatMap((d) => d.models.filter((m) => !m.subtotal)).sort((a, b) => b.sales - a.sales || a.id - b.id);
    expect(
      models
        .slice(0, 3)
        .map((m) => m.name)
        .sort(),
    ).toEqual([...LIMITS.ownBestSellers].sort());
    const ids = models.filter((m) => m.name.startsWith('ID.'));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((m) => m.sales < LIMITS.idModels[0] || m.sales >= LIMITS.idModels[1]).map((m) => `${m.name} ${m.sales}`)).toEqual([]);
  });

  test.each(MAKER_YEARS.map((year) => [year, MAKER_RETAIL[year].length]))(
    `the %i maker ranking of 厂商品牌表现: its top %i are CPCA's, in order, each within ± ${LIMITS.makerTolerance * 100} %`,
    async (year) => {
      const published = MAKER_RETAIL[year];
      const ranking = await get<TendencyPage>(COMPANY_BRAND.list.path, {
        type: '0',
        accumulate: '1',
        time: `${year}-12`,
        currentPage: '1',
        pageSize: String(published.length),
      });
      const top = ranking.list.map((row) => ({ name: row.name, units: row.salesSum }));
      expect(top.map((m) => m.name)).toEqual(published.map((m) => m.name));
      const off = published
        .map((m, i) => ({ ...m, units: top[i].units }))
        .filter((m) => Math.abs(m.units / m.retail - 1) > LIMITS.makerTolerance)
        .map((m) => `${m.name} ${m.units} against ${m.retail}`);
      expect(off).toEqual([]);
    },
  );

  test(`calibration: each complete year's NEV share within ${LIMITS.shareTolerance} points of its anchor, few shares on a one-decimal value, and the latest year's BEV part of NEV ranging over 3-8 points without a move over 4`, () => {
    const lastFull = yearOf(latest) - (latest % 100 === 12 ? 0 : 1);
    const complete = years(yearOf(parseMonth(months[0].month)), lastFull).filter((year) => monthsOfYear(months, year).length === 12);
    expect(complete.length).toBeGreaterThanOrEqual(5);
    const yearly = complete.map((year) => ({ year, nevShare: nevShare(monthsOfYear(months, year)), bevPart: bevPart(monthsOfYear(months, year)) }));
    const off = yearly.filter((y) => ANNUAL_NEV_SHARE[y.year] !== undefined && Math.abs(y.nevShare - ANNUAL_NEV_SHARE[y.year]) > LIMITS.shareTolerance);
    expect(off).toEqual([]);
    const landings = roundLandings(
      yearly.flatMap((y) => [y.nevShare / 100, y.bevPart / 100]),
      LIMITS.roundLanding,
    );
    expect(landings).toBeLessThanOrEqual(LIMITS.roundLandingChance);

    const parts = monthsOfYear(months, yearOf(latest)).map((m) => bevPart([m]) / 100);
    const { range, maxStep } = pathMoves(parts);
    expect({ range, inRange: range >= LIMITS.bevPathRange[0] && range <= LIMITS.bevPathRange[1] }).toEqual({ range, inRange: true });
    expect(maxStep).toBeLessThanOrEqual(LIMITS.bevPathStep);
  });
});
