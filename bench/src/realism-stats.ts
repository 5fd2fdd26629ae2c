/**
 * The pure statistics of `npm run bench:realism` (issue 46): how a province's TP moves month to month, the
 * months a sub-series goes missing from a province, how far a city's month-to-month change strays from
 * the sub-series' national one, year-on-year jumps, and the classes of brands whose discounts the market
 * knows. No SQL here: realism-queries.ts reads the rows, realism.cli.ts prints and writes them.
 */
import { addMonths } from '@car/contracts';
import { spread, type Spread } from './stats';

/**
 * Issue 46's "wanted" figures, one definition: `npm run bench:realism` (SQL over the rollups) and
 * test/integration/demo-market-regions.spec.ts (the same figures through the API) both hold the demo data to them.
 */
export const REALISM_LIMITS = {
  /** The price trace's regional table: the best sellers of the 12 months, a cell's units floor, p95 and max of |TP change|. */
  tpSubSeries: 30,
  tpMinQty: 100,
  tpChangeP95: 0.05,
  tpChangeMax: 0.12,
  /** Proposed (bench only): the share of (province × sub-series) cells of the latest month holding one trim. */
  singleTrimShare: 0.2,
  /** The city tables: the latest month's best sellers, the cities each sells in every month, the largest cities. */
  citySubSeries: 20,
  everyMonthCities: 250,
  largeCities: 50,
  /** Proposed (bench only): large cities' changes beyond the national swing plus noise. */
  swingBeyondShare: 0.05,
  /** Mainstream best sellers (on sale ≥ 2 years) and the year-on-year move, in points, between consecutive months. */
  mainstream: 50,
  yoyJumpPoints: 25,
  /** A brand with this many units in the latest month stays within its class's discount range. */
  brandMinUnits: 1000,
  directNevCheapest: 0.08,
  /** The demo analyst's maker: BEV share of its retail every year, its three best sellers, its ID. models' units [low, high). */
  ownMaker: '一汽-大众',
  bevShare: 0.1,
  ownBestSellers: ['速腾', '宝来', '探岳'],
  idModels: [10_000, 100_000],
  /** Each anchored year's maker ranking against MAKER_RETAIL, as a fraction. */
  makerTolerance: 0.02,
  /** Points of a percentage: a share this close to a one-decimal value "lands on" it. */
  roundLanding: 0.003,
  /** How many of the figures may land so by chance (each has a 6 % chance: 0.006 of every 0.1 point). */
  roundLandingChance: 2,
  /** A complete year's NEV share against ANNUAL_NEV_SHARE, in points. */
  shareTolerance: 0.3,
  /** The current year's monthly BEV part of NEV (fractions): its range [low, high] and its largest month-to-month move. */
  bevPathRange: [0.03, 0.08],
  bevPathStep: 0.04,
} as const;

/** One cell of the price trace's regional table: a sub-series' TP in a province in a month, with its units. */
export interface TpCell {
  subSeriesId: number;
  provinceId: number;
  month: number;
  qty: number;
  tp: number;
}

/** One month-to-month change of a (sub-series, province) TP: |TP / TP before − 1|. */
export interface TpChange {
  subSeriesId: number;
  provinceId: number;
  month: number;
  before: number;
  after: number;
  change: number;
}

const key = (subSeriesId: number, placeId: number) => `${subSeriesId}:${placeId}`;

function byCell<T extends { subSeriesId: number; month: number }>(rows: readonly T[], place: (row: T) => number): Map<string, T[]> {
  const cells = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row.subSeriesId, place(row));
    const list = cells.get(k) ?? [];
    list.push(row);
    cells.set(k, list);
  }
  for (const list of cells.values()) list.sort((a, b) => a.month - b.month);
  return cells;
}

/**
 * The month-to-month TP changes of each (sub-series, province) between calendar-consecutive months where
 * the cell holds at least `minQty` units in both (a month with fewer units, or none, breaks the chain).
 */
export function tpChanges(cells: readonly TpCell[], minQty: number): TpChange[] {
  const changes: TpChange[] = [];
  for (const list of byCell(cells, (c) => c.provinceId).values()) {
    for (let i = 1; i < list.length; i += 1) {
      const a = list[i - 1];
      const b = list[i];
      if (addMonths(a.month, 1) !== b.month || a.qty < minQty || b.qty < minQty || a.tp <= 0) continue;
      changes.push({ subSeriesId: b.subSeriesId, provinceId: b.provinceId, month: b.month, before: a.tp, after: b.tp, change: Math.abs(b.tp / a.tp - 1) });
    }
  }
  return changes;
}

export const changeSpread = (changes: readonly TpChange[]): Spread => spread(changes.map((c) => c.change));

/** A (sub-series, province) whose TP is missing in months between two months it has one. */
export interface TpGap {
  subSeriesId: number;
  provinceId: number;
  /** The months with no TP strictly between the first and the last month with one. */
  empty: number[];
}

/** Every (sub-series, province) of `cells` (units > 0 counts as sold) with an empty month between two sold ones. */
export function tpGaps(cells: readonly TpCell[]): TpGap[] {
  const gaps: TpGap[] = [];
  for (const list of byCell(
    cells.filter((c) => c.qty > 0),
    (c) => c.provinceId,
  ).values()) {
    const sold = new Set(list.map((c) => c.month));
    const empty: number[] = [];
    for (let m = list[0].month; m < list[list.length - 1].month; m = addMonths(m, 1)) if (!sold.has(m)) empty.push(m);
    if (empty.length > 0) gaps.push({ subSeriesId: list[0].subSeriesId, provinceId: list[0].provinceId, empty });
  }
  return gaps;
}

/**
 * How far a city's month-to-month change strays from the sub-series' national change: the difference of
 * the two log ratios (units smoothed by ½ so an empty month is a large, finite move), against an allowance
 * of `localPoints` (a city's own market moving, 0.15 = 15 %) plus three standard deviations of Poisson noise
 * on the city's two counts (√(1/a + 1/b) in log terms). `beyond` when the stray exceeds the allowance.
 */
export function swingStray(
  city: { before: number; after: number },
  nation: { before: number; after: number },
  localPoints = 0.15,
): { stray: number; allowed: number; beyond: boolean } {
  const ratio = (before: number, after: number) => Math.log((after + 0.5) / (before + 0.5));
  const stray = Math.abs(ratio(city.before, city.after) - ratio(nation.before, nation.after));
  const allowed = localPoints + 3 * Math.sqrt(1 / (city.before + 0.5) + 1 / (city.after + 0.5));
  return { stray, allowed, beyond: stray > allowed };
}

/** Units of a sub-series by month (a missing month is 0). */
export type MonthlyUnits = ReadonlyMap<number, number>;

/** Year-on-year change in points (+12.3 for +12.3 %), or undefined when the month a year before sold nothing. */
export function yearOnYear(units: MonthlyUnits, month: number): number | undefined {
  const before = units.get(addMonths(month, -12)) ?? 0;
  if (before <= 0) return undefined;
  return ((units.get(month) ?? 0) / before - 1) * 100;
}

/** New Year moves between January and February, and with it the months on either side. */
export const isNewYearPair = (month: number) => [1, 2].includes(month % 100) || [1, 2].includes(addMonths(month, -1) % 100);

export interface YoyJump {
  month: number;
  before: number;
  after: number;
  jump: number;
}

/**
 * The consecutive-month year-on-year jumps of one sub-series larger than `points`, over `months`, leaving out
 * the pairs that touch January or February (the New Year's story).
 */
export function yoyJumps(units: MonthlyUnits, months: readonly number[], points: number): YoyJump[] {
  const jumps: YoyJump[] = [];
  for (const month of months) {
    if (isNewYearPair(month)) continue;
    const before = yearOnYear(units, addMonths(month, -1));
    const after = yearOnYear(units, month);
    if (before === undefined || after === undefined) continue;
    const jump = Math.abs(after - before);
    if (jump > points) jumps.push({ month, before, after, jump });
  }
  return jumps;
}

/** The classes of brands whose discounts the market knows. */
export type BrandClass = 'directNev' | 'chinese' | 'jvIce' | 'luxuryImport' | 'other';

export const BRAND_CLASSES: ReadonlyArray<{ class: BrandClass; label: string; low: number; high: number }> = [
  { class: 'directNev', label: '直营新能源品牌 (新创 makers, 外资独资)', low: 0, high: 0.08 },
  { class: 'chinese', label: '自主品牌', low: 0.05, high: 0.15 },
  { class: 'jvIce', label: '合资燃油 (joint ventures, ICE trims)', low: 0.12, high: 0.25 },
  { class: 'luxuryImport', label: '豪华外资 (luxury foreign brands)', low: Number.NaN, high: Number.NaN },
];

/** A trim's catalogue attributes the classing reads (dictionary keys of the reference tables). */
export interface ClassedTrim {
  /** producer.jll_type: 2 新创, 1 自主, 0 合资. */
  brandType: number;
  /** producer.property (dicProducerProperty): 1 自主, 2 合资, 3 外资独资, 4 进口. */
  producerProperty: number;
  /** brand.property (dicBoundProperty): 1 豪华, 2 主流. */
  brandProperty: number;
  /** brand.family_id (dicBrandSeries): 1 自主, else foreign. */
  familyId: number;
  /** dicFuel key. */
  fuel: number;
}

/**
 * A trim's class, from its maker and brand as the catalogue records them: a 新创 maker or a wholly foreign-owned
 * one (特斯拉中国) sells direct → directNev; a foreign brand marked 豪华 → luxuryImport (made here or imported);
 * a Chinese brand (family 自主) → chinese; a joint venture's or importer's mainstream brand with an engine-only
 * trim (not NEV) → jvIce; their NEV trims → other.
 */
export function brandClass(trim: ClassedTrim, nevFuels: readonly number[]): BrandClass {
  if (trim.brandType === 2 || trim.producerProperty === 3) return 'directNev';
  if (trim.familyId !== 1 && trim.brandProperty === 1) return 'luxuryImport';
  if (trim.familyId === 1) return 'chinese';
  if (!nevFuels.includes(trim.fuel)) return 'jvIce';
  return 'other';
}

/** Weighted discount rate: 1 − Σ TP × units / Σ MSRP × units. */
export const discountRate = (tpAmount: number, msrpAmount: number): number => (msrpAmount > 0 ? 1 - tpAmount / msrpAmount : Number.NaN);

/** How far a share (a fraction) is from the nearest one-decimal percentage, in points: 0.54137 → 0.037. */
export const offRound = (share: number): number => Math.abs(share * 1000 - Math.round(share * 1000)) / 10;

/** How many of the shares (fractions) land within `points` of a one-decimal percentage. */
export const roundLandings = (shares: readonly number[], points: number): number => shares.filter((share) => offRound(share) < points).length;

/** A path of monthly values: its range (max − min) and its largest move between consecutive months. */
export function pathMoves(values: readonly number[]): { range: number; maxStep: number } {
  if (values.length === 0) return { range: Number.NaN, maxStep: Number.NaN };
  const steps = values.slice(1).map((v, i) => Math.abs(v - values[i]));
  return { range: Math.max(...values) - Math.min(...values), maxStep: Math.max(0, ...steps) };
}

/**
 * The places (cities) a sub-series sold in every one of `months`: each place's units by month (a missing
 * month is 0), the months to hold it to (the window, or the months since the sub-series' launch).
 */
export function soldEveryMonth(byPlace: ReadonlyMap<number, MonthlyUnits>, months: readonly number[]): number[] {
  return [...byPlace].filter(([, units]) => months.length > 0 && months.every((m) => (units.get(m) ?? 0) > 0)).map(([place]) => place);
}
