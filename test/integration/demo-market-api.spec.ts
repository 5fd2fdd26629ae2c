import request from 'supertest';
import {
  BEV_PART_ANCHORS,
  bevPart,
  bevPartSpread,
  LIMITS,
  marketMonths,
  NEV_SHARE_ANCHORS,
  nevShare,
  makerUnits,
  rankingYear,
  roundTotals,
  span,
  trimTpChanges,
  yearToDateTotals,
  type ApiGetter,
  type MarketMonth,
} from '../../bench/src/market-figures';
import { BRAND_RETAIL_2023, MAKER_RETAIL, MAKER_YEARS } from '../../backend/src/seed/maker-anchors';
import { sharedApp, type SharedApp } from '../support/shared-app';

/**
 * Issue 29: the demo data, read through the API as the pages read it, against CPCA's published retail
 * (../shared/anchors/cpca-retail.md): the BEV part of NEV moves from month to month and matches the published
 * splits, the NEV share of the named months matches, a trim's transaction price in a province moves by a few
 * percent a month, not by a city mix's noise, and no January-to-date total is a round number. The figures and
 * limits are bench/src/market-figures.ts, which `npm run bench:anchors` also runs on a built app (the large
 * set) to write docs/demo-data-vs-anchors.md. demo-data-realism.spec.ts checks annual totals, New Year dips
 * and regions in SQL; this file does not repeat those.
 *
 * The 2025 BEV part is held to June 2025's split (BEV 661 k of NEV 1.11 M = 59.5 %), the only 2025 split
 * CPCA published; 2024's to the Jan-Nov 2024 split (58 %), summed over the same eleven months.
 */

describe('the demo market, read through the API, against the published CPCA figures', () => {
  let app: SharedApp;
  let token: string;
  let months: MarketMonth[];

  const get: ApiGetter = async <T>(path: string, query: Record<string, string>) => {
    const response = await request(app.getHttpServer()).get(`/car/api/${path}`).query(query).set('token', token);
    expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 200, code: 1 });
    return response.body.result as T;
  };

  beforeAll(async () => {
    ({ app, token } = await sharedApp({ address: `10.92.${process.pid % 250}.1` }));
    months = await marketMonths(get);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  test(`the monthly BEV part of NEV moves through 2025 by at least ${LIMITS.bevSpreadPoints} points, not one fixed ratio`, () => {
    expect(months.filter((m) => m.month.startsWith('2025-'))).toHaveLength(12);
    const { spread } = bevPartSpread(months, 2025);
    expect(spread).toBeGreaterThanOrEqual(LIMITS.bevSpreadPoints);
  });

  test.each(BEV_PART_ANCHORS.map((a) => [a.label, a] as const))(
    `the BEV part of NEV over %s is within ${LIMITS.bevPartPoints} points of CPCA's`,
    (_, anchor) => {
      const demo = bevPart(span(months, anchor.from, anchor.to));
      expect(Math.abs(demo - anchor.bevPart)).toBeLessThanOrEqual(LIMITS.bevPartPoints);
    },
  );

  test.each(NEV_SHARE_ANCHORS.map((a) => [a.month, a] as const))(`the NEV share of %s is within ${LIMITS.nevSharePoints} points of CPCA's`, (month, anchor) => {
    const demo = nevShare(span(months, month, month));
    expect(Math.abs(demo - anchor.nevShare)).toBeLessThanOrEqual(LIMITS.nevSharePoints);
  });

  test(`a top-selling trim's TP in a province changes month on month by at most ${LIMITS.tpChangeP95 * 100} % at the 95th percentile`, async () => {
    const tp = await trimTpChanges(get);
    expect(tp.trims.length).toBeGreaterThanOrEqual(20);
    // Enough pairs that the percentile means something: twelve months × thirty-odd provinces × the trims.
    expect(tp.changes.length).toBeGreaterThan(1000);
    expect(tp.p95).toBeLessThanOrEqual(LIMITS.tpChangeP95);
  }, 120_000);

  test(`no January-to-date total of the whole market, in any month of any year, is a multiple of ${LIMITS.roundTotal.toLocaleString('en-US')}`, async () => {
    const totals = await yearToDateTotals(
      get,
      months.map((m) => m.month),
    );
    expect(totals).toHaveLength(months.length);
    expect(roundTotals(totals)).toEqual([]);
  }, 120_000);

  test(`the anchored brands of 2023 and makers of ${MAKER_YEARS.join(' and ')} land within ${LIMITS.rankingShare * 100} % of CPCA's rankings, in its order`, async () => {
    const brands = await rankingYear(get, 'brand', 2023);
    for (const [brand, published] of Object.entries(BRAND_RETAIL_2023)) {
      expect({ brand, off: Math.abs((brands.get(brand) ?? 0) / published - 1) <= LIMITS.rankingShare }).toEqual({ brand, off: true });
    }
    const makersOf = async (year: number) => {
      const producers = await rankingYear(get, 'producer', year);
      return MAKER_RETAIL[year].map((m) => ({ year, name: m.name, units: makerUnits(producers, m.producers), published: m.retail }));
    };
    const makers = new Map(await Promise.all(MAKER_YEARS.map(async (year) => [year, await makersOf(year)] as const)));
    for (const { year, name, units, published } of [...makers.values()].flat()) {
      expect({ year, name, off: Math.abs(units / published - 1) <= LIMITS.rankingShare }).toEqual({ year, name, off: true });
    }
    // BYD passed Volkswagen in 2023 and leads 2024 by more than twice the next maker.
    expect(brands.get('比亚迪')!).toBeGreaterThan(brands.get('大众')!);
    expect(makers.get(2024)![0].units).toBeGreaterThan(2 * makers.get(2024)![1].units);
  });
});
