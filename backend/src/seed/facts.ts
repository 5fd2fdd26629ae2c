import { AliasTable } from './alias-table';
import type { CitySpec } from '../reference/data/geography.types';
import { PRODUCER_PROPERTY_OF } from '../reference/data/dictionaries';
import { FAMILIES } from '../reference/data/segments';
import { BrandRow, Dimensions, ProducerRow, SubSeriesRow, TrimRow, addMonths, isNev } from './dimensions';
import { BEV_PART_OF_NEV, FIRST_MONTH, allMonths, marketDiscount, monthlyTargets, monthsBetween, settle, SHARE_LANDING_POINTS } from './market-model';
import { fitMakerScales } from './maker-anchors';
import { Rng } from './rng';

/**
 * How a sub-series' monthly units are spread over cities: in lots, `lots(U) = min(U, cap, max(floor,
 * U · min(1, (U / full)³)))`, laid over the cities by their share (systematic sampling, so a city expecting
 * 40.3 lots gets 40 or 41 and one expecting 0.3 gets one lot three months in ten). A best seller's lots reach
 * every city of its brand's network; a niche model's are few and large. The same rule at every scale, with
 * more lots the larger the scale (decision 290).
 */
export interface CitySpread {
  full: number;
  floor: number;
  cap: number;
  /**
   * A city's units go to every trim on sale (split by the trim mix) where it holds at least this many units
   * per trim, or where prices are recorded; elsewhere they take a stretch of the sub-series' trim wheel.
   */
  unitsPerTrimRow: number;
}

/** How fine the generated facts are; the market totals are the same at every scale. */
export interface ScaleSettings {
  spread: CitySpread;
  /** Retail rows per city cell split by colour (1 = one row per trim × month × city). */
  coloursPerCity: number;
  /** Transaction prices are recorded for cities of this tier and better. */
  priceTierMax: number;
  /**
   * Times each retail row is written (1 but for the scale benchmarks of docs/scale.md): copy i repeats the
   * row under colour code colour + 10·i, a code the dictionary does not name, so the retail facts hold k
   * times the rows and k times the volume over the same trims, cities and months, while prices, wholesale
   * and every rollup's row count stay those of the set it copies. For timing only: its figures are k × the
   * market's.
   */
  retailCopies: number;
}

const DEMO_SPREAD: CitySpread = { full: 14_000, floor: 8, cap: 20_000, unitsPerTrimRow: 40 };
const LARGE_SPREAD: CitySpread = { full: 2_500, floor: 40, cap: 40_000, unitsPerTrimRow: 4 };

export const SCALES: Record<'tiny' | 'demo' | 'large' | 'large2x' | 'large4x', ScaleSettings> = {
  tiny: { spread: { full: 60_000, floor: 2, cap: 120, unitsPerTrimRow: 80 }, coloursPerCity: 1, priceTierMax: 1, retailCopies: 1 },
  demo: { spread: DEMO_SPREAD, coloursPerCity: 1, priceTierMax: 2, retailCopies: 1 },
  large: { spread: LARGE_SPREAD, coloursPerCity: 3, priceTierMax: 2, retailCopies: 1 },
  large2x: { spread: LARGE_SPREAD, coloursPerCity: 3, priceTierMax: 2, retailCopies: 2 },
  large4x: { spread: LARGE_SPREAD, coloursPerCity: 3, priceTierMax: 2, retailCopies: 4 },
};

/** The colour codes of retailCopies' copies are the row's own plus this times the copy's number. */
const COPY_COLOUR_STEP = 10;

/** Where generated rows go: COPY streams when seeding, a hash in the determinism test. */
export interface FactSink {
  retail(month: number, carId: number, cityId: number, useNature: number, ownership: number, colour: number, qty: number): void;
  wholesale(month: number, carId: number, qty: number): void;
  price(month: number, carId: number, cityId: number, tp: number, qty: number): void;
  msrp(month: number, carId: number, msrp: number): void;
  rebate(month: number, carId: number, rebate: number): void;
  /** Called after each month, so a sink can flush. */
  endOfMonth(month: number): Promise<void>;
}

type PriceKind = 'jv-ice' | 'domestic-ice' | 'luxury' | 'nev' | 'direct';
const COLOUR_WEIGHTS = [0.38, 0.2, 0.16, 0.08, 0.07, 0.05, 0.02, 0.04];

/** Wholesale over retail by year: exports swell the association's wholesale from 2022. */
const WHOLESALE_RATIO: Record<number, number> = { 2019: 1.0, 2020: 1.02, 2021: 1.04, 2022: 1.1, 2023: 1.16, 2024: 1.2, 2025: 1.24, 2026: 1.25 };
/** Dealers stock up before the New Year and thin out stock in December. */
const WHOLESALE_MONTH = [1.12, 1.04, 1.02, 1, 1, 1.03, 0.98, 1, 1.02, 1, 1, 0.94];

interface TrimState {
  trim: TrimRow;
  colours: AliasTable;
  /** The trim's own small, stable place around its sub-series' discount. */
  discountOffset: number;
  /** The month an official price cut took effect, and its factor. */
  cutMonth: number;
  cutFactor: number;
  fleetShare: number;
  companyShare: number;
}

/** A sub-series as the generator carries it from month to month. */
interface SubState {
  sub: SubSeriesRow;
  kind: PriceKind;
  trims: TrimState[];
  /** Its share of each city's market (index as `places.cities`), the brand's reach and local standing in. */
  shares: Float64Array;
  /** A stable order of the cities, in which lots are laid and the trim wheel turns (mixes the provinces). */
  order: Int32Array;
  /** The brand's and the sub-series' stable place against the market's discount, and its slow drift. */
  discountOffset: number;
  discountDrift: number;
  /** Its usual monthly units (a moving average), which set the size of its lots. */
  usual: number;
  /**
   * A joint venture's new-energy model under a foreign brand (ID.4, bZ3): sold in the units the catalog
   * gives, not as a share of its pool, which grew tenfold with the Chinese brands' models, not with these.
   */
  fixed: boolean;
}

/**
 * Generates every fact month by month: national retail per sub-series from the month's targets and each
 * sub-series' weight, spread over cities by a size model (the power train's and luxury's lean, the brand's
 * dealer reach, a stable local standing) and over its trims by the month's trim mix, with wholesale, MSRP,
 * rebate and transaction prices alongside. Deterministic for a seed.
 */
export async function generateFacts(
  dims: Dimensions,
  cities: readonly CitySpec[],
  regionOfProvince: ReadonlyMap<number, number>,
  scale: ScaleSettings,
  seed: number,
  sink: FactSink,
  onMonth: (month: number) => void = () => undefined,
): Promise<void> {
  const rng = new Rng(seed ^ 0x5eed);
  const places = buildPlaces(cities, regionOfProvince, rng.fork(0x9e0));
  const subs = subStates(dims, places, rng);
  const noise = new Float64Array(dims.subSeries.length + 1);
  const targets = new Map(monthlyTargets().map((t) => [t.month, t]));
  const plans: MonthPlan[] = [];

  // First every month's sub-series weights (their drift, launches and run-outs), so each year's BEV / PHEV
  // balance can be set before a unit is placed; then the units, month by month.
  const bevSwing = rng.fork(0xbe5);
  let swing = 0;
  for (const month of allMonths()) {
    const target = targets.get(month);
    if (!target) throw new Error(`no market target for ${month}`);
    const monthRng = rng.fork(month);
    const plan: MonthPlan = {
      month,
      target,
      rng: monthRng,
      weights: [],
      sums: { bev: 0, phev: 0, ice: 0 },
      fixedUnits: { bev: 0, phev: 0, ice: 0 },
      bevOdds: 1,
      onSale: new Map(),
    };
    for (const sub of dims.subSeries) {
      // A model's demand drifts slowly (a few percent a month, about 8 % either way over a year): its year on
      // year moves with its story (launch, run-out, the market), not with the draw.
      noise[sub.id] = 0.9 * noise[sub.id] + 0.035 * monthRng.normal();
      const state = subs.get(sub.id);
      const trims = (state?.trims ?? []).filter((s) => isOnSale(s.trim, month));
      if (!state || trims.length === 0) continue;
      const weight = sub.spec.peakMonthly * lifecycle(sub, month) * Math.exp(noise[sub.id]);
      const pool = sub.spec.energy === 'BEV' ? 'bev' : isNev(sub.spec.energy) ? 'phev' : 'ice';
      if (state.fixed) plan.fixedUnits[pool] += weight;
      else plan.sums[pool] += weight;
      plan.weights.push({ sub, weight, pool, fixed: state.fixed });
      plan.onSale.set(sub.id, trims);
    }
    swing = 0.6 * swing + 0.07 * bevSwing.normal();
    plan.bevOdds = BEV_SEASON[(month % 100) - 1] * Math.exp(swing);
    plans.push(plan);
  }
  scaleToMakerAnchors(plans, dims);
  const bevTilt = yearTilts(plans);

  for (const plan of plans) {
    const { month, target, weights, sums, fixedUnits, onSale } = plan;
    const bevShare = bevShareOf(plan, bevTilt.get(Math.floor(month / 100)) ?? 1);
    const poolTarget = { bev: target.nev * bevShare, phev: target.nev * (1 - bevShare), ice: target.ice };
    for (const { sub, weight, pool, fixed } of weights) {
      const subQty = fixed ? weight : (Math.max(0, poolTarget[pool] - fixedUnits[pool]) * weight) / sums[pool];
      const state = subs.get(sub.id);
      if (state) emitSubMonth(state, onSale.get(sub.id) ?? [], month, subQty, scale, places, plan.rng, sink);
    }
    await sink.endOfMonth(month);
    onMonth(month);
  }
}

/** One month before its units are placed: the sub-series on sale with their weights, by power-train pool. */
interface MonthPlan {
  month: number;
  target: { nev: number; ice: number };
  rng: Rng;
  weights: Array<{ sub: SubSeriesRow; weight: number; pool: 'bev' | 'phev' | 'ice'; fixed: boolean }>;
  /** The pools' weights of the sub-series that share a pool (the fixed ones are not among them). */
  sums: { bev: number; phev: number; ice: number };
  /** Units the fixed sub-series take from each pool before the rest share it. */
  fixedUnits: { bev: number; phev: number; ice: number };
  /** The month's lean towards BEV (season and a common swing), before the year's tilt. */
  bevOdds: number;
  onSale: Map<number, TrimState[]>;
}

/** Scales the makers' and brands' weights so the anchored ones land on CPCA's rankings (maker-anchors.ts). */
function scaleToMakerAnchors(plans: MonthPlan[], dims: Dimensions): void {
  const brandName = new Map(dims.brands.map((b) => [b.id, b.name]));
  const producerName = new Map(dims.producers.map((p) => [p.id, p.name]));
  const owners = new Map(dims.subSeries.map((s) => [s.id, { brand: brandName.get(s.brandId) ?? '', producer: producerName.get(s.producerId) ?? '' }]));
  const scaleOf = fitMakerScales(
    plans.map((p) => {
      const bevPart = BEV_PART_OF_NEV[Math.floor(p.month / 100)];
      const pools = { bev: p.target.nev * bevPart, phev: p.target.nev * (1 - bevPart), ice: p.target.ice };
      return {
        month: p.month,
        entries: p.weights.map((w) => ({ subSeriesId: w.sub.id, weight: w.weight, pool: w.pool, fixed: w.fixed })),
        poolUnits: { bev: pools.bev - p.fixedUnits.bev, phev: pools.phev - p.fixedUnits.phev, ice: pools.ice - p.fixedUnits.ice },
      };
    }),
    owners,
  );
  for (const plan of plans) {
    plan.sums = { bev: 0, phev: 0, ice: 0 };
    for (const entry of plan.weights) {
      if (entry.fixed) continue;
      entry.weight *= scaleOf(entry.sub.id, plan.month);
      plan.sums[entry.pool] += entry.weight;
    }
  }
}

/**
 * BEV's season against PHEV and EREV: winter holds BEV back (range in the cold, the northern and rural
 * buyers of the New Year season), spring and summer bring the launches.
 */
const BEV_SEASON = [0.86, 0.9, 0.99, 1.02, 1.05, 1.06, 1.04, 1.02, 1.0, 1.0, 0.97, 0.94];

/** BEV's part of the month's NEV units: the BEV makers' weight against the PHEV/EREV makers', leaned by the month and the year. */
function bevShareOf(plan: MonthPlan, tilt: number): number {
  const bev = (plan.sums.bev + plan.fixedUnits.bev) * plan.bevOdds * tilt;
  const total = bev + plan.sums.phev + plan.fixedUnits.phev;
  return total > 0 ? bev / total : 0;
}

/**
 * Each year's tilt towards BEV (bisection on its logarithm), so that the year's BEV part of NEV lands near
 * the published one while its months keep the makers' own balance, the season and the swing. Near, not on:
 * the makers' own balance (tilt 1) pulls the year's figure up to 0.3 points off the published one
 * (`settle`), so the share is the model's and no round target shows through.
 */
function yearTilts(plans: readonly MonthPlan[]): Map<number, number> {
  const tilts = new Map<number, number>();
  const years = [...new Set(plans.map((p) => Math.floor(p.month / 100)))];
  for (const year of years) {
    const months = plans.filter((p) => Math.floor(p.month / 100) === year);
    const nev = months.reduce((a, p) => a + p.target.nev, 0);
    const bevAt = (tilt: number) => months.reduce((a, p) => a + p.target.nev * bevShareOf(p, tilt), 0);
    const own = bevAt(1) / nev;
    const wanted = (BEV_PART_OF_NEV[year] + settle(own - BEV_PART_OF_NEV[year], SHARE_LANDING_POINTS / 100)) * nev;
    let lo = -6;
    let hi = 6;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (bevAt(Math.exp(mid)) < wanted) lo = mid;
      else hi = mid;
    }
    tilts.set(year, Math.exp((lo + hi) / 2));
  }
  return tilts;
}

function isOnSale(trim: TrimRow, month: number): boolean {
  return trim.launchMonth <= month && (trim.endMonth === null || month <= trim.endMonth);
}

/**
 * Ramp-up after launch and run-out before the end. A nameplate's age alone does not fade it: the long-lived
 * ones (朗逸, 轩逸, 速腾) are renewed generation after generation and stay best sellers.
 */
function lifecycle(sub: SubSeriesRow, month: number): number {
  const age = monthsBetween(sub.launchMonth, month);
  let factor = age < 3 ? [0.35, 0.65, 0.85][age] : 1;
  if (sub.endMonth !== null) {
    const left = monthsBetween(month, sub.endMonth);
    if (left < 6) factor *= 0.3 + (0.7 * left) / 6;
  }
  return factor;
}

/**
 * How a trim is priced, as the market's classes discount (docs/demo-data-vs-anchors.md): the new forces'
 * and Tesla's direct sales near list, foreign luxury deepest, joint ventures' trims deep, Chinese brands
 * between.
 */
function priceKindOf(trim: TrimRow, producer: ProducerRow | undefined, brand: BrandRow | undefined): PriceKind {
  if (isNev(trim.energy) && (producer?.brandType === 2 || producer?.property === PRODUCER_PROPERTY_OF.外资独资)) return 'direct';
  const chinese = brand?.familyId === CHINESE_FAMILY;
  if (brand?.luxury && !chinese) return 'luxury';
  if (chinese) return isNev(trim.energy) ? 'nev' : 'domestic-ice';
  return 'jv-ice';
}

/** The family (系别) of Chinese brands. */
const CHINESE_FAMILY = FAMILIES.find((f) => f.name === '自主')?.id;

function trimState(trim: TrimRow, kind: PriceKind, rng: Rng): TrimState {
  const colours = new AliasTable(COLOUR_WEIGHTS.map((w) => w * (0.6 + 0.8 * rng.next())));
  const cutEligible = trim.launchMonth <= 202412 && (isNev(trim.energy) ? rng.chance(0.35) : rng.chance(0.12));
  const cutMonth = cutEligible ? addMonths(202303, rng.int(0, 21)) : 999999;
  const fleet = trim.bodyType === 1 && trim.msrp < 160000 ? (trim.energy === 'BEV' ? 0.18 : 0.06) : 0.01;
  return {
    trim,
    colours,
    discountOffset: (kind === 'direct' ? 0.002 : 0.005) * rng.normal(),
    cutMonth,
    cutFactor: kind === 'direct' ? 0.9 + 0.05 * rng.next() : 0.92 + 0.05 * rng.next(),
    fleetShare: fleet,
    companyShare: trim.luxury ? 0.1 : 0.05,
  };
}

/** Every sub-series' state: its trims, price class, city shares and discount place. */
function subStates(dims: Dimensions, places: Places, rng: Rng): Map<number, SubState> {
  const producers = new Map(dims.producers.map((p) => [p.id, p]));
  const brands = new Map(dims.brands.map((b) => [b.id, b]));
  const reach = brandReach(dims, places, rng.fork(0xb4a));
  const brandOffset = new Map(dims.brands.map((b) => [b.id, clamp(0.007 * rng.fork(0xd15 + b.id).normal(), 0.012)]));
  const trimsBySub = new Map<number, TrimRow[]>();
  for (const trim of dims.trims) {
    const list = trimsBySub.get(trim.subSeriesId) ?? [];
    list.push(trim);
    trimsBySub.set(trim.subSeriesId, list);
  }
  const states = new Map<number, SubState>();
  for (const sub of dims.subSeries) {
    const own = rng.fork(0x5b000 + sub.id);
    const producer = producers.get(sub.producerId);
    const brand = brands.get(sub.brandId);
    const trims = trimsBySub.get(sub.id) ?? [];
    if (trims.length === 0) continue;
    const kind = priceKindOf(trims[0], producer, brand);
    const table = places.shares[(sub.spec.energy === 'BEV' ? 4 : isNev(sub.spec.energy) ? 2 : 0) + (brand?.luxury ? 1 : 0)];
    const brandShares = reach.get(sub.brandId);
    const shares = new Float64Array(table.length);
    let total = 0;
    for (let c = 0; c < table.length; c++) {
      shares[c] = table[c] * (brandShares ? brandShares[c] : 1);
      total += shares[c];
    }
    for (let c = 0; c < shares.length; c++) shares[c] /= total;
    const order = Int32Array.from(shares.keys());
    for (let i = order.length - 1; i > 0; i--) {
      const j = own.int(0, i);
      [order[i], order[j]] = [order[j], order[i]];
    }
    states.set(sub.id, {
      sub,
      kind,
      trims: trims.map((t) => trimState(t, kind, rng.fork(t.id))),
      shares,
      order,
      discountOffset: (brandOffset.get(sub.brandId) ?? 0) + clamp(0.005 * own.normal(), 0.01),
      discountDrift: 0,
      usual: 0,
      fixed: producer?.property === PRODUCER_PROPERTY_OF.合资 && brand?.familyId !== CHINESE_FAMILY && isNev(sub.spec.energy),
    });
  }
  return states;
}

/**
 * Each brand's weight in each city: its dealer network covers the largest cities, as many as its size
 * warrants (a best-selling brand all 337, a niche one its hundred largest), with a tenth of the demand beyond
 * it (buyers who drive to the next city's dealer), and a stable local standing (home regions, a strong
 * dealer group) of about ±20 %.
 */
function brandReach(dims: Dimensions, places: Places, rng: Rng): Map<number, Float64Array> {
  const peak = new Map<number, number>();
  for (const sub of dims.subSeries) peak.set(sub.brandId, (peak.get(sub.brandId) ?? 0) + sub.spec.peakMonthly);
  const cityCount = places.cities.length;
  const rank = new Int32Array(cityCount);
  [...places.cities.keys()].sort((a, b) => places.cities[b].weight - places.cities[a].weight || a - b).forEach((c, i) => (rank[c] = i));
  const reach = new Map<number, Float64Array>();
  for (const brand of dims.brands) {
    const own = rng.fork(brand.id);
    const covered = Math.max(60, Math.min(cityCount, Math.round(90 + 250 * Math.sqrt((peak.get(brand.id) ?? 0) / 40_000))));
    const weights = new Float64Array(cityCount);
    for (let c = 0; c < cityCount; c++) weights[c] = (rank[c] < covered ? 1 : 0.1) * Math.exp(0.2 * own.normal());
    reach.set(brand.id, weights);
  }
  return reach;
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}

function stochasticRound(value: number, rng: Rng): number {
  const floor = Math.floor(value);
  return floor + (rng.next() < value - floor ? 1 : 0);
}

/** How many lots a month of `units` is laid in (CitySpread). */
function lotsFor(units: number, spread: CitySpread): number {
  return Math.min(units, spread.cap, Math.max(spread.floor, units * Math.min(1, (units / spread.full) ** 3)));
}

/** The extra discount on a trim once a newer model year of its sub-series is on sale. */
const OUTGOING_DISCOUNT = 0.03;

/**
 * One sub-series' month: each trim's MSRP, rebate and wholesale (trimPrices), its retail units laid over the
 * cities (spreadOverCities) and each city's units over the trims, with a transaction price where the city's
 * tier records one (splitOverTrims).
 */
function emitSubMonth(
  state: SubState,
  trims: readonly TrimState[],
  month: number,
  subQty: number,
  scale: ScaleSettings,
  places: Places,
  rng: Rng,
  sink: FactSink,
): void {
  if (trims.length === 0) return;
  const newestYear = Math.max(...trims.map((s) => s.trim.modelYear));
  const mix = trims.map((s) => {
    const fresh = s.trim.launchMonth === month ? 0.5 : 1;
    const outgoing = s.trim.modelYear < newestYear ? 0.25 : 1;
    return s.trim.popularity * fresh * outgoing;
  });
  const mixSum = mix.reduce((a, b) => a + b, 0);
  for (let t = 0; t < mix.length; t++) mix[t] /= mixSum;
  const prices = trimPrices(state, trims, mix, newestYear, month, subQty, rng, sink);

  const units = stochasticRound(subQty, rng);
  if (units <= 0) return;
  // The lot's size follows the sub-series' usual volume, so a month that sells less (the New Year) has fewer
  // lots of the usual size rather than far fewer, larger ones.
  state.usual = state.usual === 0 ? subQty : 0.75 * state.usual + 0.25 * subQty;
  spreadOverCities(state, units, scale.spread, places, rng);
  splitOverTrims(state, trims, mix, prices, month, scale, places, rng, sink);
}

/** A trim's list price and discount in the month. */
interface TrimPrice {
  msrp: number;
  discount: number;
}

/**
 * Each trim's MSRP, rebate and wholesale for the month, and its discount: the sub-series' (its class's
 * market level, its stable place and its drift) with the trim's own offset, age and run-out.
 */
function trimPrices(
  state: SubState,
  trims: readonly TrimState[],
  mix: readonly number[],
  newestYear: number,
  month: number,
  subQty: number,
  rng: Rng,
  sink: FactSink,
): TrimPrice[] {
  const year = Math.floor(month / 100);
  const direct = state.kind === 'direct';
  state.discountDrift = 0.8 * state.discountDrift + 0.003 * rng.normal();
  const market = marketDiscount(month, state.kind);
  const subDiscount = market + state.discountOffset + state.discountDrift;
  const warDepth = market - marketDiscount(FIRST_MONTH, state.kind);
  const rebateRate = REBATE_RATE[state.kind] + 0.35 * warDepth;
  return trims.map((s, t) => {
    const trim = s.trim;
    const msrp = month >= s.cutMonth ? Math.round((trim.msrp * s.cutFactor) / 100) * 100 : trim.msrp;
    sink.msrp(month, trim.id, msrp);
    sink.rebate(month, trim.id, Math.round((msrp * rebateRate) / 100) * 100);
    const wholesale = Math.round(subQty * mix[t] * WHOLESALE_RATIO[year] * WHOLESALE_MONTH[(month % 100) - 1] * (1 + 0.06 * rng.normal()));
    if (wholesale > 0) sink.wholesale(month, trim.id, wholesale);
    // Deeper with the trim's age, and a step once its successor's model year is on sale (dealers clear the
    // old stock); a direct-sales brand sells at list, with little of either.
    const age = monthsBetween(trim.launchMonth, month);
    const ageing = Math.min(0.03, 0.0015 * age) + (trim.modelYear < newestYear ? OUTGOING_DISCOUNT : 0);
    return { msrp, discount: subDiscount + s.discountOffset + (direct ? 0.3 : 1) * ageing };
  });
}

/** The maker's rebate before the price war, by class. */
const REBATE_RATE: Record<PriceKind, number> = { 'jv-ice': 0.03, 'domestic-ice': 0.025, luxury: 0.05, nev: 0.01, direct: 0.005 };

/**
 * Lays a month's units over the cities (into `places.scratchUnits`): lots by systematic sampling in the
 * sub-series' stable city order (a city expecting a lot or more drifts a little month to month on its own),
 * then the units over the lots.
 */
function spreadOverCities(state: SubState, units: number, spread: CitySpread, places: Places, rng: Rng): void {
  const lotSize = Math.max(1, state.usual / lotsFor(state.usual, spread));
  const lots = Math.max(1, Math.min(units, Math.round(units / lotSize)));
  const cityCount = places.cities.length;
  const cityLots = places.scratchLots;
  const cityUnits = places.scratchUnits;
  let at = rng.next();
  let placed = 0;
  for (let i = 0; i < cityCount; i++) {
    const c = state.order[i];
    let expected = lots * state.shares[c];
    if (expected >= 1) expected *= Math.exp(0.03 * rng.normal());
    const before = Math.floor(at);
    at += expected;
    cityLots[c] = Math.floor(at) - before;
    placed += cityLots[c];
  }
  at = rng.next();
  for (let i = 0; i < cityCount; i++) {
    const c = state.order[i];
    const before = Math.floor(at);
    at += placed > 0 ? (units * cityLots[c]) / placed : 0;
    cityUnits[c] = Math.floor(at) - before;
  }
  // Floating point may leave a unit over or short: the city with the most lots takes the difference.
  let largest = 0;
  let given = 0;
  for (let c = 0; c < cityCount; c++) {
    given += cityUnits[c];
    if (cityLots[c] > cityLots[largest]) largest = c;
  }
  cityUnits[largest] += units - given;
}

/**
 * Each city's units (`places.scratchUnits`) over the trims, and the rows. A city that splitsFully gives every
 * trim its share of the mix; the others take consecutive stretches of the trim wheel, in the sub-series'
 * stable city order, so each province sees the national mix and the same trims as last month.
 */
function splitOverTrims(
  state: SubState,
  trims: readonly TrimState[],
  mix: readonly number[],
  prices: readonly TrimPrice[],
  month: number,
  scale: ScaleSettings,
  places: Places,
  rng: Rng,
  sink: FactSink,
): void {
  const cityCount = places.cities.length;
  const cityUnits = places.scratchUnits;
  // A city's split is judged on its usual units (the sub-series' usual volume × its share), so it holds through a weak month.
  const full = (c: number) => splitsFully(places.cities[c], state.usual * state.shares[c], trims.length, scale);
  let wheelUnits = 0;
  for (let c = 0; c < cityCount; c++) if (cityUnits[c] > 0 && !full(c)) wheelUnits += cityUnits[c];
  // The trim wheel: the trims' stretches of the wheel cities' units, in the mix's proportions.
  const bounds = new Float64Array(trims.length);
  let cumulative = 0;
  for (let t = 0; t < trims.length; t++) bounds[t] = wheelUnits * (cumulative += mix[t]);
  let wheelAt = 0;
  for (let i = 0; i < cityCount; i++) {
    const c = state.order[i];
    const cityQty = cityUnits[c];
    if (cityQty <= 0) continue;
    const city = places.cities[c];
    const splits = full(c);
    let split = rng.next();
    let from = wheelAt;
    let assigned = 0;
    for (let t = 0; t < trims.length; t++) {
      let qty: number;
      if (splits) {
        const before = Math.floor(split);
        split += cityQty * mix[t];
        qty = t === trims.length - 1 ? cityQty - assigned : Math.min(cityQty - assigned, Math.floor(split) - before);
        assigned += qty;
      } else {
        // Units at wheelAt + k + ½ (k = 0 … cityQty − 1) that fall in trim t's stretch [bounds[t − 1], bounds[t]).
        const lo = t === 0 ? 0 : bounds[t - 1];
        const hi = t === trims.length - 1 ? Number.POSITIVE_INFINITY : bounds[t];
        const first = Math.max(from, Math.ceil(lo - 0.5));
        const last = Math.min(wheelAt + cityQty, Math.ceil(hi - 0.5));
        qty = Math.max(0, last - first);
        from = Math.max(from, first + qty);
      }
      if (qty <= 0) continue;
      const trim = trims[t];
      emitRetail(trim, month, city.code, qty, scale, rng, sink);
      if (city.tier <= scale.priceTierMax) {
        // A province's dealers price a stable point or so apart; a city's deals differ a little around that.
        const { msrp, discount } = prices[t];
        const cityDiscount = Math.min(0.45, Math.max(0, discount + places.discountOffset[c] + 0.002 * rng.normal()));
        sink.price(month, trim.trim.id, city.code, Math.round((msrp * (1 - cityDiscount)) / 100) * 100, qty);
      }
    }
    if (!splits) wheelAt += cityQty;
  }
}

/**
 * A priced city's usual units from which it splits over every trim (a province's price table reads it): 50, or
 * 10 a trim where the sub-series has fewer than five. A stretch of a short wheel is often one trim, and a province
 * whose cities sit near the end of that trim's stretch would flip between a cheap and a dear TP month by month.
 */
const PRICED_CITY_FULL_SPLIT = 50;
const PRICED_CITY_UNITS_PER_TRIM = 10;

/**
 * Whether a city's units go to every trim rather than a stretch of the wheel: a tier-1 city, a priced city
 * usually holding its full split's units, or any city with units enough (CitySpread.unitsPerTrimRow).
 */
function splitsFully(city: CitySpec, units: number, trims: number, scale: ScaleSettings): boolean {
  const priced = city.tier <= scale.priceTierMax && units >= Math.min(PRICED_CITY_FULL_SPLIT, trims * PRICED_CITY_UNITS_PER_TRIM);
  return city.tier === 1 || priced || units >= trims * scale.spread.unitsPerTrimRow;
}

function emitRetail(state: TrimState, month: number, cityId: number, qty: number, scale: ScaleSettings, rng: Rng, sink: FactSink): void {
  const colourSplit = scale.coloursPerCity;
  const parts = qty >= colourSplit ? colourSplit : 1;
  const shares = parts === 1 ? [1] : parts === 2 ? [0.65, 0.35] : [0.6, 0.25, 0.15];
  const used = new Set<number>();
  let left = qty;
  for (let i = 0; i < parts; i++) {
    let colour = state.colours.draw(rng) + 1;
    while (used.has(colour)) colour = (colour % 8) + 1;
    used.add(colour);
    const partQty = i === parts - 1 ? left : Math.max(1, Math.round(qty * shares[i]));
    left -= partQty;
    if (partQty <= 0) break;
    const useNature = rng.next() < state.fleetShare ? 2 : rng.next() < 0.01 ? 3 : 1;
    const ownership = rng.next() < state.companyShare ? 2 : 1;
    for (let copy = 0; copy < scale.retailCopies; copy++) {
      sink.retail(month, state.trim.id, cityId, useNature, ownership, colour + COPY_COLOUR_STEP * copy, partQty);
    }
  }
}

/** Where units go and how each place prices: six city distributions, and each city's stable discount offset (its province's). */
interface Places {
  cities: readonly CitySpec[];
  /** Each city's share of the market, ICE, PHEV/EREV and BEV (0, 2, 4), each mainstream or luxury (+1). */
  shares: Float64Array[];
  discountOffset: Float64Array;
  /** Working arrays of emitSubMonth, one slot per city. */
  scratchLots: Int32Array;
  scratchUnits: Int32Array;
}

/**
 * Six city distributions: ICE, PHEV/EREV or BEV, mainstream or luxury. BEV leans to big cities, the
 * south and east, and cities that ration plates (green plates are exempt); PHEV and EREV lean less to
 * them (Beijing and, since 2023, Shanghai give them no green plate) and more to the north and smaller
 * cities, where charging is scarcer and winters longer. Cold north-eastern winters hold both back.
 * Luxury leans to tier-1 and tier-2 cities. A province's dealers discount a stable -1 … +1 point
 * against the national level (richer coasts a little less).
 */
function buildPlaces(cities: readonly CitySpec[], regionOfProvince: ReadonlyMap<number, number>, rng: Rng): Places {
  const luxuryTier = [0, 1.9, 1.3, 1.0, 0.7, 0.5];
  const bevTier = [0, 1.75, 1.3, 1.0, 0.75, 0.55];
  const phevTier = [0, 1.2, 1.15, 1.0, 0.9, 0.75];
  const bevRegion = [0, 0.9, 0.55, 1.25, 1.0, 1.35, 1.05, 0.8];
  const phevRegion = [0, 1.1, 0.75, 1.1, 1.05, 1.15, 1.0, 0.95];
  const shares: Float64Array[] = [];
  for (const energy of ['ice', 'phev', 'bev'] as const) {
    for (const luxury of [false, true]) {
      shares.push(
        Float64Array.from(cities, (c) => {
          let w = c.weight;
          const region = regionOfProvince.get(c.provinceCode) ?? 1;
          if (energy === 'bev') w *= bevTier[c.tier] * bevRegion[region] * (c.purchaseRestricted ? 1.6 : 1);
          else if (energy === 'phev') w *= phevTier[c.tier] * phevRegion[region] * (c.purchaseRestricted ? 0.9 : 1);
          else if (c.purchaseRestricted) w *= 0.8;
          if (luxury) w *= luxuryTier[c.tier];
          return Math.max(w, 0.01);
        }),
      );
    }
  }
  const byProvince = new Map<number, number>();
  for (const c of cities) {
    if (byProvince.has(c.provinceCode)) continue;
    const own = rng.fork(c.provinceCode);
    byProvince.set(c.provinceCode, clamp(0.004 * own.normal() - (c.tier === 1 ? 0.002 : 0), 0.01));
  }
  return {
    cities,
    shares,
    discountOffset: Float64Array.from(cities, (c) => byProvince.get(c.provinceCode) ?? 0),
    scratchLots: new Int32Array(cities.length),
    scratchUnits: new Int32Array(cities.length),
  };
}
