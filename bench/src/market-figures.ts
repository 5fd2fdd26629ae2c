import {
  PRICE,
  SEARCH,
  WHOLE_MARKET,
  type ChartResult,
  type Endpoint,
  type KeyValue,
  type PriceTable,
  type SubSeriesCars,
  type Summary,
  type TablePage,
} from '@car/contracts';
import { percentile } from './stats';

/**
 * The demo data set held to China's published passenger-car retail (CPCA, ../shared/anchors/cpca-retail.md),
 * measured through the API as a user of the pages would see it: the whole-market trend and cards (with the
 * fuel filter for NEV and BEV), the sub-series ranking, the trims of a sub-series and the price trace's
 * regional table. The calls go through a getter, so the integration spec (supertest on the demo template)
 * and `npm run bench:anchors` (a built app over HTTP, e.g. on the large set) measure the same way.
 * demo-data-realism.spec.ts checks other traits of the same data in SQL.
 */

/** One GET of the API: the endpoint's path (under /car/api) and query → the `result` of an answer that succeeded. */
export type ApiGetter = <T>(path: string, query: Record<string, string>) => Promise<T>;

/** The demo's national retail of one month, in units: all fuels, new energy (BEV + PHEV + EREV) and BEV alone. */
export interface MarketMonth {
  /** 'YYYY-MM'. */
  month: string;
  total: number;
  nev: number;
  bev: number;
}

/** CPCA's annual retail and NEV share (percent); 2024's NEV retail is "≈ 10.9 M", so its share is the release's rounding. */
export const ANNUAL_ANCHORS: ReadonlyArray<{ year: number; total: number; nev: number; nevShare: number }> = [
  { year: 2020, total: 19_300_000, nev: 1_110_000, nevShare: 5.8 },
  { year: 2021, total: 20_146_000, nev: 2_990_000, nevShare: 14.8 },
  { year: 2022, total: 20_540_000, nev: 5_670_000, nevShare: 27.6 },
  { year: 2023, total: 21_699_000, nev: 7_736_000, nevShare: 35.7 },
  { year: 2024, total: 22_894_000, nev: 10_900_000, nevShare: 47.6 },
  { year: 2025, total: 23_779_000, nev: 12_859_000, nevShare: 54.1 },
];

/** The months CPCA published a NEV share for (percent), the ones the test holds within LIMITS.nevSharePoints; Nov 2025 also its NEV retail. */
export const NEV_SHARE_ANCHORS: ReadonlyArray<{ month: string; nevShare: number; nev?: number }> = [
  { month: '2023-12', nevShare: 40.2 },
  { month: '2024-01', nevShare: 32.8 },
  { month: '2024-07', nevShare: 51.1 },
  { month: '2024-12', nevShare: 49.4 },
  { month: '2025-01', nevShare: 41.5 },
  { month: '2025-11', nevShare: 59.8, nev: 1_354_000 },
  { month: '2025-12', nevShare: 60.4 },
];

/** The named months' published totals (units), for the comparison table only. */
export const MONTH_TOTAL_ANCHORS: ReadonlyArray<{ month: string; total: number; note?: string }> = [
  { month: '2023-01', total: 1_290_000, note: 'New Year 21 Jan' },
  { month: '2023-02', total: 1_390_000 },
  { month: '2023-12', total: 2_353_000 },
  { month: '2024-02', total: 1_095_000, note: '−46.2 % on January' },
  { month: '2024-12', total: 2_635_000 },
  { month: '2025-01', total: 1_794_000, note: '−31.9 % on December' },
  { month: '2025-06', total: 2_080_000 },
  { month: '2025-12', total: 2_296_000 },
];

/**
 * The BEV part of NEV retail (percent) CPCA gives: Jan-Nov 2024 58 / 42; for 2025 only June's split
 * (BEV 661 k of 1.11 M, 59.5 %). There is no published 2025 annual split, so June stands for the year:
 * it is mid-year, and the monthly parts of a real year move around their mean by a few points, which is the
 * margin the check allows. Each span is the months the demo's part is summed over.
 */
export const BEV_PART_ANCHORS: ReadonlyArray<{ label: string; from: string; to: string; bevPart: number }> = [
  { label: 'Jan-Nov 2024', from: '2024-01', to: '2024-11', bevPart: 58 },
  { label: '2025 (June 2025 split: 661 k / 450 k)', from: '2025-01', to: '2025-12', bevPart: (661 / (661 + 450)) * 100 },
];

/**
 * Jun 2025 in units: retail 2.08 M, NEV 1.11 M of it, BEV 661 k and PHEV + EREV 450 k (the release's rounding:
 * 661 + 450 = 1,111 k). The comparison table shows the month itself; its NEV share is derived, so no test holds it.
 */
export const JUNE_2025_SPLIT = { month: '2025-06', total: 2_080_000, nev: 1_110_000, bev: 661_000, plugIn: 450_000 };

/** The limits (issue 29). */
export const LIMITS = {
  /** An anchored maker's (2024) or brand's (2023) year against CPCA's ranking, as a fraction. */
  rankingShare: 0.05,
  /** The 2025 monthly BEV part of NEV moves by at least this many points (max − min): it is not one fixed ratio. */
  bevSpreadPoints: 2,
  /** An anchor span's BEV part of NEV, within this many points. */
  bevPartPoints: 3,
  /** An anchor month's NEV share, within this many points. */
  nevSharePoints: 3,
  /** The 95th percentile of a trim's month-on-month TP change in a province. */
  tpChangeP95: 0.05,
  /** No January-to-date total is a round multiple of this: a generator that scales to round targets shows. */
  roundTotal: 10_000,
};

const path = (endpoint: Endpoint) => endpoint.path;

/** The dictionary keys (dicFuel) of BEV and of the plug-in hybrids (PHEV, EREV), found by name as the filter panel lists them. */
export async function fuelKeys(get: ApiGetter): Promise<{ bev: string[]; plugIn: string[] }> {
  const fuels = await get<KeyValue[]>(path(SEARCH.fuels), {});
  const keysOf = (names: string[]) => fuels.filter((f) => names.includes(f.value)).map((f) => String(f.key));
  const bev = keysOf(['纯电动']);
  const plugIn = keysOf(['插电式混合动力', '增程式']);
  if (bev.length !== 1 || plugIn.length !== 2) throw new Error(`dicFuel has no BEV / PHEV / EREV keys: ${JSON.stringify(fuels)}`);
  return { bev, plugIn };
}

/** Monthly national retail over every month with data, from the whole-market trend chart by month over all years. */
async function retailByMonth(get: ApiGetter, fuels: string[]): Promise<Map<string, number>> {
  const query: Record<string, string> = { source: '2', timeDimensionality: '0', count: '0' };
  if (fuels.length > 0) query.fuels = fuels.join(',');
  const chart = await get<ChartResult>(path(WHOLE_MARKET.highCharts), query);
  const months = chart.xAxis[0].categories;
  const volume = chart.series[0].data;
  return new Map(months.map((m, i) => [m, volume[i] ?? 0]));
}

/** Every month's national retail: all fuels, NEV and BEV. */
export async function marketMonths(get: ApiGetter): Promise<MarketMonth[]> {
  const keys = await fuelKeys(get);
  const [total, nev, bev] = await Promise.all([retailByMonth(get, []), retailByMonth(get, [...keys.bev, ...keys.plugIn]), retailByMonth(get, keys.bev)]);
  return [...total].map(([month, qty]) => ({ month, total: qty, nev: nev.get(month) ?? 0, bev: bev.get(month) ?? 0 }));
}

/** The months of `months` in [from, to] ('YYYY-MM' compare as text). */
export function span(months: readonly MarketMonth[], from: string, to: string): MarketMonth[] {
  return months.filter((m) => m.month >= from && m.month <= to);
}

export function yearOf(months: readonly MarketMonth[], year: number): MarketMonth[] {
  return span(months, `${year}-01`, `${year}-12`);
}

function sum(months: readonly MarketMonth[], pick: (m: MarketMonth) => number): number {
  return months.reduce((total, m) => total + pick(m), 0);
}

/** NEV / total over the months, in percent. */
export function nevShare(months: readonly MarketMonth[]): number {
  return (sum(months, (m) => m.nev) / sum(months, (m) => m.total)) * 100;
}

/** BEV / NEV over the months, in percent. */
export function bevPart(months: readonly MarketMonth[]): number {
  return (sum(months, (m) => m.bev) / sum(months, (m) => m.nev)) * 100;
}

export function totalOf(months: readonly MarketMonth[]): number {
  return sum(months, (m) => m.total);
}

/** The monthly BEV parts of a year: their lowest, highest and max − min, in points. */
export function bevPartSpread(months: readonly MarketMonth[], year: number): { min: number; max: number; spread: number } {
  const parts = yearOf(months, year).map((m) => bevPart([m]));
  const min = Math.min(...parts);
  const max = Math.max(...parts);
  return { min, max, spread: max - min };
}

/** January-to-date retail of every month with data, as the whole-market cards show it (本年累计). */
export async function yearToDateTotals(get: ApiGetter, months: readonly string[]): Promise<Array<{ month: string; total: number }>> {
  const totals: Array<{ month: string; total: number }> = [];
  // One at a time: ninety-odd calls, each served from the rollups, and the machine may be shared.
  for (const month of months) {
    const cards = await get<Summary>(path(WHOLE_MARKET.whole), { source: '2', time: month });
    totals.push({ month, total: cards.ljQty });
  }
  return totals;
}

export interface TrimTpChanges {
  /** The month the trims were ranked in (the latest with prices) and the twelve months the regional table spans. */
  months: string[];
  trims: Array<{ id: number; name: string; subSeries: string; volume: number }>;
  /** |TP_m / TP_{m−1} − 1| of every (trim, province, consecutive month) pair where both months have a TP. */
  changes: number[];
  p95: number;
}

/**
 * The month-on-month TP change of trims by province: the `count` best-selling trims of the latest month
 * (a trim's volume = its sub-series' retail × its share, 车型 mix, of it; ties by id, so the sample is the
 * same on every run), each trim's regional price table (价格追踪 区域价格表, TP by province over the last
 * twelve months), and the 95th percentile of the changes.
 */
export async function trimTpChanges(get: ApiGetter, count = 40): Promise<TrimTpChanges> {
  // Enough sub-series that their trims hold the top `count`: a sub-series has a handful of trims at most.
  const ranking = await get<TablePage>(path(WHOLE_MARKET.modelSub), { source: '2', currentPage: '1', pageSize: String(count) });
  const subSeries = ranking.list.filter((row) => !row.heji && row.sales > 0);
  const cars = await get<SubSeriesCars[]>(path(SEARCH.cars), { modelSubIds: subSeries.map((s) => s.id).join(',') });
  const salesOf = new Map(subSeries.map((s) => [s.id, s.sales]));
  const trims = cars
    .flatMap((s) =>
      s.cars.map((car) => ({
        id: car.id,
        name: car.name,
        subSeriesId: s.id,
        subSeries: s.name,
        volume: ((salesOf.get(s.id) ?? 0) * (Number.parseFloat(car.mix) || 0)) / 100,
      })),
    )
    .sort((a, b) => b.volume - a.volume || a.id - b.id)
    .slice(0, count);
  const changes: number[] = [];
  let months: string[] = [];
  for (const trim of trims) {
    const table = await get<PriceTable>(path(PRICE.cityTable), { modelSubId: String(trim.subSeriesId), carId: String(trim.id), type: '2' });
    months = table.months;
    for (const row of table.rows.filter((r) => r.level === 2)) {
      for (let i = 1; i < row.values.length; i++) {
        const before = row.values[i - 1];
        const now = row.values[i];
        if (before !== null && now !== null && before > 0) changes.push(Math.abs(now / before - 1));
      }
    }
  }
  return {
    months,
    trims: trims.map(({ id, name, subSeries, volume }) => ({ id, name, subSeries, volume: Math.round(volume) })),
    changes,
    p95: percentile(
      [...changes].sort((a, b) => a - b),
      95,
    ),
  };
}

/** The year-to-date totals that are round multiples of LIMITS.roundTotal. */
export function roundTotals(totals: ReadonlyArray<{ month: string; total: number }>): Array<{ month: string; total: number }> {
  return totals.filter((t) => t.total > 0 && t.total % LIMITS.roundTotal === 0);
}

/** A year's retail by brand (the whole-market 品牌 ranking) or by maker (厂商), name → units: each row's December 本年累计. */
export async function rankingYear(get: ApiGetter, ranking: 'brand' | 'producer', year: number): Promise<Map<string, number>> {
  const endpoint = ranking === 'brand' ? WHOLE_MARKET.bound : WHOLE_MARKET.producer;
  const page = await get<TablePage>(path(endpoint), { time: `${year}-12`, source: '2', currentPage: '1', pageSize: '500' });
  return new Map(page.list.map((row) => [row.name, row.salesSum]));
}

/** The catalog makers CPCA counts as one (一汽-大众 with its Audi), summed under the published name. */
export function makerUnits(byProducer: ReadonlyMap<string, number>, producers: readonly string[]): number {
  return producers.reduce((sum, name) => sum + (byProducer.get(name) ?? 0), 0);
}
