import { AliasTable } from './alias-table';
import type { CitySpec } from '../reference/data/geography.types';
import { Dimensions, SubSeriesRow, TrimRow, addMonths, isNev } from './dimensions';
import { BEV_PART_OF_NEV, FIRST_MONTH, allMonths, marketDiscount, monthlyTargets, monthsBetween } from './market-model';
import { fitMakerScales } from './maker-anchors';
import { Rng } from './rng';

/** How fine the generated facts are; the market totals are the same at every scale. */
export interface ScaleSettings {
  /** Most cities one trim sells in per month (each a "lot" of its units). */
  lotsPerTrimMonth: number;
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

export const SCALES: Record<'tiny' | 'demo' | 'large' | 'large2x' | 'large4x', ScaleSettings> = {
  tiny: { lotsPerTrimMonth: 6, coloursPerCity: 1, priceTierMax: 1, retailCopies: 1 },
  demo: { lotsPerTrimMonth: 28, coloursPerCity: 1, priceTierMax: 2, retailCopies: 1 },
  large: { lotsPerTrimMonth: 360, coloursPerCity: 3, priceTierMax: 2, retailCopies: 1 },
  large2x: { lotsPerTrimMonth: 360, coloursPerCity: 3, priceTierMax: 2, retailCopies: 2 },
  large4x: { lotsPerTrimMonth: 360, coloursPerCity: 3, priceTierMax: 2, retailCopies: 4 },
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

type PriceKind = 'jv-ice' | 'domestic-ice' | 'luxury' | 'nev';
const COLOUR_WEIGHTS = [0.38, 0.2, 0.16, 0.08, 0.07, 0.05, 0.02, 0.04];

/** Wholesale over retail by year: exports swell the association's wholesale from 2022. */
const WHOLESALE_RATIO: Record<number, number> = { 2019: 1.0, 2020: 1.02, 2021: 1.04, 2022: 1.1, 2023: 1.16, 2024: 1.2, 2025: 1.24, 2026: 1.25 };
/** Dealers stock up before the New Year and thin out stock in December. */
const WHOLESALE_MONTH = [1.12, 1.04, 1.02, 1, 1, 1.03, 0.98, 1, 1.02, 1, 1, 0.94];

interface TrimState {
  trim: TrimRow;
  kind: PriceKind;
  colours: AliasTable;
  discountOffset: number;
  /** The month an official price cut took effect, and its factor. */
  cutMonth: number;
  cutFactor: number;
  fleetShare: number;
  companyShare: number;
}

/**
 * Generates every fact month by month: national retail per trim from the month's targets and each
 * sub-series' weight, spread over cities by their weight (new energy leans to big, southern and
 * plate-rationed cities; luxury to tier-1), with wholesale, MSRP, rebate and transaction prices
 * alongside. Deterministic for a seed.
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
  const producerBrandType = new Map(dims.producers.map((p) => [p.id, p.brandType]));
  const trimsBySub = new Map<number, TrimState[]>();
  for (const trim of dims.trims) {
    const list = trimsBySub.get(trim.subSeriesId) ?? [];
    list.push(trimState(trim, producerBrandType.get(trim.producerId) ?? 0, rng.fork(trim.id)));
    trimsBySub.set(trim.subSeriesId, list);
  }
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
    const plan: MonthPlan = { month, target, rng: monthRng, weights: [], sums: { bev: 0, phev: 0, ice: 0 }, bevOdds: 1, onSale: new Map() };
    for (const sub of dims.subSeries) {
      noise[sub.id] = 0.85 * noise[sub.id] + 0.12 * monthRng.normal();
      const trims = (trimsBySub.get(sub.id) ?? []).filter((s) => isOnSale(s.trim, month));
      if (trims.length === 0) continue;
      const weight = sub.spec.peakMonthly * lifecycle(sub, month) * Math.exp(noise[sub.id]);
      const pool = sub.spec.energy === 'BEV' ? 'bev' : isNev(sub.spec.energy) ? 'phev' : 'ice';
      plan.sums[pool] += weight;
      plan.weights.push({ sub, weight, pool });
      plan.onSale.set(sub.id, trims);
    }
    swing = 0.55 * swing + 0.045 * bevSwing.normal();
    plan.bevOdds = BEV_SEASON[(month % 100) - 1] * Math.exp(swing);
    plans.push(plan);
  }
  scaleToMakerAnchors(plans, dims);
  const bevTilt = yearTilts(plans);

  for (const plan of plans) {
    const { month, target, weights, sums, onSale } = plan;
    const bevShare = bevShareOf(plan, bevTilt.get(Math.floor(month / 100)) ?? 1);
    const poolTarget = { bev: target.nev * bevShare, phev: target.nev * (1 - bevShare), ice: target.ice };
    for (const { sub, weight, pool } of weights) {
      const subQty = (poolTarget[pool] * weight) / sums[pool];
      const trims = onSale.get(sub.id) ?? [];
      const newestYear = Math.max(...trims.map((s) => s.trim.modelYear));
      const trimWeights = trims.map((s) => {
        const fresh = s.trim.launchMonth === month ? 0.5 : 1;
        const outgoing = s.trim.modelYear < newestYear ? 0.25 : 1;
        return s.trim.popularity * fresh * outgoing;
      });
      const trimSum = trimWeights.reduce((a, b) => a + b, 0);
      trims.forEach((state, i) => {
        const expected = (subQty * trimWeights[i]) / trimSum;
        emitTrimMonth(state, month, expected, state.trim.modelYear < newestYear, scale, places, plan.rng, sink);
      });
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
  weights: Array<{ sub: SubSeriesRow; weight: number; pool: 'bev' | 'phev' | 'ice' }>;
  sums: { bev: number; phev: number; ice: number };
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
      return {
        month: p.month,
        entries: p.weights.map((w) => ({ subSeriesId: w.sub.id, weight: w.weight, pool: w.pool })),
        poolUnits: { bev: p.target.nev * bevPart, phev: p.target.nev * (1 - bevPart), ice: p.target.ice },
      };
    }),
    owners,
  );
  for (const plan of plans) {
    plan.sums = { bev: 0, phev: 0, ice: 0 };
    for (const entry of plan.weights) {
      entry.weight *= scaleOf(entry.sub.id, plan.month);
      plan.sums[entry.pool] += entry.weight;
    }
  }
}

/**
 * BEV's season against PHEV and EREV: winter holds BEV back (range in the cold, the northern and rural
 * buyers of the New Year season), spring and summer bring the launches.
 */
const BEV_SEASON = [0.9, 0.93, 0.99, 1.01, 1.03, 1.04, 1.03, 1.02, 1.0, 1.0, 0.98, 0.96];

/** BEV's part of the month's NEV units: the BEV makers' weight against the PHEV/EREV makers', leaned by the month and the year. */
function bevShareOf(plan: MonthPlan, tilt: number): number {
  const bev = plan.sums.bev * plan.bevOdds * tilt;
  const total = bev + plan.sums.phev;
  return total > 0 ? bev / total : 0;
}

/**
 * Each year's tilt towards BEV, so that the year's BEV part of NEV is the published one while its months
 * keep the makers' own balance, the season and the swing (bisection on the tilt's logarithm).
 */
function yearTilts(plans: readonly MonthPlan[]): Map<number, number> {
  const tilts = new Map<number, number>();
  const years = [...new Set(plans.map((p) => Math.floor(p.month / 100)))];
  for (const year of years) {
    const months = plans.filter((p) => Math.floor(p.month / 100) === year);
    const nev = months.reduce((a, p) => a + p.target.nev, 0);
    const wanted = BEV_PART_OF_NEV[year] * nev;
    const bevAt = (tilt: number) => months.reduce((a, p) => a + p.target.nev * bevShareOf(p, tilt), 0);
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

/** Ramp-up after launch, run-out before the end, and a slow fade of old nameplates. */
function lifecycle(sub: SubSeriesRow, month: number): number {
  const age = monthsBetween(sub.launchMonth, month);
  let factor = age < 3 ? [0.35, 0.65, 0.85][age] : 1;
  if (sub.endMonth !== null) {
    const left = monthsBetween(month, sub.endMonth);
    if (left < 6) factor *= 0.3 + (0.7 * left) / 6;
  }
  const years = age / 12;
  if (years > 6) factor *= Math.max(0.5, 1 - 0.08 * (years - 6));
  return factor;
}

function trimState(trim: TrimRow, producerBrandType: number, rng: Rng): TrimState {
  const kind: PriceKind = trim.luxury ? 'luxury' : isNev(trim.energy) ? 'nev' : producerBrandType === 0 ? 'jv-ice' : 'domestic-ice';
  const colours = new AliasTable(COLOUR_WEIGHTS.map((w) => w * (0.6 + 0.8 * rng.next())));
  const cutEligible = trim.launchMonth <= 202412 && (kind === 'nev' ? rng.chance(0.35) : rng.chance(0.12));
  const cutMonth = cutEligible ? addMonths(202303, rng.int(0, 21)) : 999999;
  const fleet = trim.bodyType === 1 && trim.msrp < 160000 ? (trim.energy === 'BEV' ? 0.18 : 0.06) : 0.01;
  return {
    trim,
    kind,
    colours,
    discountOffset: rng.normal() * 0.015,
    cutMonth,
    cutFactor: 0.92 + 0.05 * rng.next(),
    fleetShare: fleet,
    companyShare: trim.luxury ? 0.1 : 0.05,
  };
}

function stochasticRound(value: number, rng: Rng): number {
  const floor = Math.floor(value);
  return floor + (rng.next() < value - floor ? 1 : 0);
}

function emitTrimMonth(
  state: TrimState,
  month: number,
  expected: number,
  outgoing: boolean,
  scale: ScaleSettings,
  places: Places,
  rng: Rng,
  sink: FactSink,
): void {
  const trim = state.trim;
  const year = Math.floor(month / 100);
  const msrp = month >= state.cutMonth ? Math.round((trim.msrp * state.cutFactor) / 100) * 100 : trim.msrp;
  sink.msrp(month, trim.id, msrp);
  const warDepth = marketDiscount(month, state.kind) - marketDiscount(FIRST_MONTH, state.kind);
  const rebateRate = { 'jv-ice': 0.03, 'domestic-ice': 0.025, luxury: 0.05, nev: 0.01 }[state.kind] + 0.35 * warDepth;
  sink.rebate(month, trim.id, Math.round((msrp * rebateRate) / 100) * 100);
  const wholesale = Math.round(expected * WHOLESALE_RATIO[year] * WHOLESALE_MONTH[(month % 100) - 1] * (1 + 0.06 * rng.normal()));
  if (wholesale > 0) sink.wholesale(month, trim.id, wholesale);

  const qty = stochasticRound(expected, rng);
  if (qty <= 0) return;
  const table = places.tables[(trim.energy === 'BEV' ? 4 : isNev(trim.energy) ? 2 : 0) + (trim.luxury ? 1 : 0)];
  const lots = Math.min(qty, scale.lotsPerTrimMonth);
  const lotsByCity = new Map<number, number>();
  for (let i = 0; i < lots; i++) {
    const city = table.draw(rng);
    lotsByCity.set(city, (lotsByCity.get(city) ?? 0) + 1);
  }
  const perLot = Math.floor(qty / lots);
  let extra = qty - perLot * lots;
  const age = monthsBetween(trim.launchMonth, month);
  // Deeper with the trim's age, and a step once its successor's model year is on sale (dealers clear the old stock).
  const baseDiscount = marketDiscount(month, state.kind) + state.discountOffset + Math.min(0.04, 0.002 * age) + (outgoing ? OUTGOING_DISCOUNT : 0);
  const ordered = [...lotsByCity.entries()].sort((a, b) => a[0] - b[0]);
  for (const [cityIndex, lotCount] of ordered) {
    const take = Math.min(extra, lotCount);
    extra -= take;
    const cityQty = perLot * lotCount + take;
    if (cityQty <= 0) continue;
    const city = places.cities[cityIndex];
    emitRetail(state, month, city.code, cityQty, scale, rng, sink);
    if (city.tier <= scale.priceTierMax) {
      // A province's dealers price a stable few percent apart; a city's deals differ a little around that.
      const discount = Math.min(0.45, Math.max(0, baseDiscount + places.discountOffset[cityIndex] + 0.004 * rng.normal()));
      sink.price(month, trim.id, city.code, Math.round((msrp * (1 - discount)) / 100) * 100, cityQty);
    }
  }
}

/** The extra discount on a trim once a newer model year of its sub-series is on sale. */
const OUTGOING_DISCOUNT = 0.03;

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
  /** ICE, PHEV/EREV and BEV (0, 2, 4), each mainstream or luxury (+1). */
  tables: AliasTable[];
  discountOffset: Float64Array;
}

/**
 * Six city distributions: ICE, PHEV/EREV or BEV, mainstream or luxury. BEV leans to big cities, the
 * south and east, and cities that ration plates (green plates are exempt); PHEV and EREV lean less to
 * them (Beijing and, since 2023, Shanghai give them no green plate) and more to the north and smaller
 * cities, where charging is scarcer and winters longer. Cold north-eastern winters hold both back.
 * Luxury leans to tier-1 and tier-2 cities. A province's dealers discount a stable -2 … +2 points
 * against the national level (richer coasts a little less).
 */
function buildPlaces(cities: readonly CitySpec[], regionOfProvince: ReadonlyMap<number, number>, rng: Rng): Places {
  const luxuryTier = [0, 1.9, 1.3, 1.0, 0.7, 0.5];
  const bevTier = [0, 1.75, 1.3, 1.0, 0.75, 0.55];
  const phevTier = [0, 1.2, 1.15, 1.0, 0.9, 0.75];
  const bevRegion = [0, 0.9, 0.55, 1.25, 1.0, 1.35, 1.05, 0.8];
  const phevRegion = [0, 1.1, 0.75, 1.1, 1.05, 1.15, 1.0, 0.95];
  const tables: AliasTable[] = [];
  for (const energy of ['ice', 'phev', 'bev'] as const) {
    for (const luxury of [false, true]) {
      tables.push(
        new AliasTable(
          cities.map((c) => {
            let w = c.weight;
            const region = regionOfProvince.get(c.provinceCode) ?? 1;
            if (energy === 'bev') w *= bevTier[c.tier] * bevRegion[region] * (c.purchaseRestricted ? 1.6 : 1);
            else if (energy === 'phev') w *= phevTier[c.tier] * phevRegion[region] * (c.purchaseRestricted ? 0.9 : 1);
            else if (c.purchaseRestricted) w *= 0.8;
            if (luxury) w *= luxuryTier[c.tier];
            return Math.max(w, 0.01);
          }),
        ),
      );
    }
  }
  const byProvince = new Map<number, number>();
  for (const c of cities) {
    if (byProvince.has(c.provinceCode)) continue;
    const own = rng.fork(c.provinceCode);
    byProvince.set(c.provinceCode, Math.max(-0.02, Math.min(0.02, 0.009 * own.normal() - (c.tier === 1 ? 0.004 : 0))));
  }
  return { cities, tables, discountOffset: Float64Array.from(cities, (c) => byProvince.get(c.provinceCode) ?? 0) };
}
