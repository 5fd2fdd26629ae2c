/**
 * The configuration sheet (配置表) of a trim, as 汽车之家 / 懂车帝 lay it out: first-level categories
 * (基本信息, 车身, 发动机 …) of rows, some rows with sub-rows. Every row derives its value from the
 * trim's own traits, so the sheet stays consistent with the rest of the demo data:
 *
 * - Figures that several rows share (dimensions, engine output, battery, range, driver-assist
 *   hardware) come from small "facts" functions that depend only on the trim's fields. Things that
 *   belong to the car line rather than to a trim (its length, its cell supplier …) are drawn from a
 *   generator seeded with the sub-series name, so every trim of a line agrees.
 * - Equipment rows compare the trim's richness (price, place in the lineup, luxury brand, model
 *   year, new energy) with what the feature needs. The per-line jitter is fixed too, so within a
 *   lineup a dearer trim carries everything a cheaper one does, as real lineups do.
 * - The passed Rng decides only what is genuinely a per-trim choice: whether a feature the trim just
 *   misses is sold as an option ('○') or not at all ('-').
 *
 * Nothing here reads Math.random or the clock.
 */
import { thousands } from '@car/contracts';
import { Rng, hashString } from '../rng';
import type { ConfigCategorySpec, ConfigItemSpec, TrimTraits } from './config.types';
import { SEGMENTS } from '../../reference/data/segments';
import type { SegmentId } from '../../reference/data/types';

type Trim = TrimTraits;
type Value = ConfigItemSpec['value'];

const STD = '●';
const OPT = '○';
const NONE = '-';

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
const roundTo = (x: number, step: number): number => Math.round(x / step) * step;
/** 119800 -> '119,800'. */
/** A decimal without trailing zeros: 0.50 -> '0.5'. */
const decimal = (x: number, digits: number): string => String(Number(x.toFixed(digits)));

const mm = (n: number): string => `${Math.round(n)}mm`;
const kw = (n: number): string => `${Math.round(n)}kW`;
const ps = (kilowatts: number): string => `${Math.round(kilowatts * 1.36)}Ps`;
const nm = (n: number): string => `${Math.round(n)}N·m`;
const km = (n: number): string => `${Math.round(n)}km`;
const litres = (n: number): string => `${n.toFixed(1)}L`;
const pieces = (n: number): string => (n > 0 ? `${n}个` : NONE);

// ---------------------------------------------------------------------------------------------
// What kind of car the trim is
// ---------------------------------------------------------------------------------------------

const isBev = (t: Trim): boolean => t.energy === 'BEV';
const hasEngine = (t: Trim): boolean => t.energy !== 'BEV';
const isPlugIn = (t: Trim): boolean => t.energy === 'BEV' || t.energy === 'PHEV' || t.energy === 'EREV';
/** Cars driven (at least partly) by an electric motor. */
const hasMotor = (t: Trim): boolean => t.energy !== 'ICE' && t.energy !== 'DIESEL';
/** Electric-first cars whose drive shaft is turned by motors only. */
const motorDriven = (t: Trim): boolean => t.energy === 'BEV' || t.energy === 'EREV';
const isSuv = (t: Trim): boolean => t.body === 'SUV' || (t.segment >= 6 && t.segment <= 9);
const isMpv = (t: Trim): boolean => t.body === 'MPV' || (t.segment >= 10 && t.segment <= 12);
const isSports = (t: Trim): boolean => t.body === '跑车' || t.segment === 13;
const isFourWd = (t: Trim): boolean => t.drive.includes('四驱');
const isRearWd = (t: Trim): boolean => t.drive.includes('后驱');
const isManual = (t: Trim): boolean => /手动|MT/.test(t.gearbox);
const isBydGroup = (t: Trim): boolean => /比亚迪|腾势|方程豹|仰望/.test(t.brandName);
const hasThirdRow = (t: Trim): boolean => t.seats >= 6;

/** 0 for A00, 1 for A0, 2 for A, 3 for B (and sports cars), 4 for C: the step most figures scale with. */
function sizeStep(segment: SegmentId): number {
  switch (segment) {
    case 1:
      return 0;
    case 2:
    case 6:
      return 1;
    case 3:
    case 7:
    case 10:
      return 2;
    case 4:
    case 8:
    case 11:
    case 13:
      return 3;
    default:
      return 4;
  }
}

const ENERGY_LABEL: Record<Trim['energy'], string> = {
  ICE: '汽油',
  DIESEL: '柴油',
  HEV: '油电混合',
  PHEV: '插电式混合动力',
  EREV: '增程式',
  BEV: '纯电动',
};

const BODY_LABEL: Record<Trim['body'], string> = {
  三厢: '三厢车',
  两厢: '两厢车',
  旅行车: '旅行车',
  SUV: 'SUV',
  MPV: 'MPV',
  跑车: '硬顶跑车',
};

// ---------------------------------------------------------------------------------------------
// Figures fixed per car line
// ---------------------------------------------------------------------------------------------

/** A generator seeded with the sub-series and a key: the same draw for every trim of the line. */
const lineRng = (t: Trim, key: string): Rng => new Rng(hashString(`${t.subSeriesName}#${key}`));
const lineUnit = (t: Trim, key: string): number => lineRng(t, key).next();
const lineRange = (t: Trim, key: string, lo: number, hi: number): number => lo + (hi - lo) * lineUnit(t, key);
const lineChance = (t: Trim, key: string, p: number): boolean => lineUnit(t, key) < p;
const linePick = <T>(t: Trim, key: string, items: readonly T[]): T => lineRng(t, key).pick(items);

/** Caches a pure per-trim computation for as long as the trim object lives. */
function perTrim<T>(compute: (t: Trim) => T): (t: Trim) => T {
  const cache = new WeakMap<Trim, { value: T }>();
  return (t) => {
    let hit = cache.get(t);
    if (!hit) {
      hit = { value: compute(t) };
      cache.set(t, hit);
    }
    return hit.value;
  };
}

// ---------------------------------------------------------------------------------------------
// Equipment: richness against need
// ---------------------------------------------------------------------------------------------

/**
 * How well equipped the trim is: about 0.2 for a cheap base model, 0.5 for a mid-range 15-20万 car,
 * 0.8 for a 40万 flagship, above 1 for the dearest. Price counts most (on a log scale), then the
 * place in the lineup, luxury brands, the model year and new energy.
 */
function richness(t: Trim): number {
  const price = clamp(Math.log(t.msrp / 40_000) / Math.log(25), 0, 1.3);
  const year = clamp((t.modelYear - 2021) * 0.03, -0.09, 0.12);
  return price * 0.75 + t.lineupRank * 0.15 + (t.luxury ? 0.06 : 0) + year + (isPlugIn(t) ? 0.04 : 0);
}

interface GateOpts {
  /** Year the feature reached the mainstream: earlier model years need much more, later ones a little less. */
  since?: number;
  /** Cockpit and driver-assist tech, where new-energy cars lead (mainstream brands far more than luxury ones). */
  smart?: boolean;
  /** The row applies only where this holds; '-' elsewhere. */
  when?: (t: Trim) => boolean;
  /** Standard wherever this holds, whatever the richness. */
  given?: (t: Trim) => boolean;
  /** False for features never sold as an extra-cost option. */
  optional?: boolean;
}

/** An equipment feature: the richness it needs, and the key its per-line jitter is drawn with. */
interface Feature extends GateOpts {
  key: string;
  need: number;
}

const feature = (key: string, need: number, opts: GateOpts = {}): Feature => ({ key, need, ...opts });

/** How far the trim clears the feature's need; standard from 0 up. */
function margin(t: Trim, f: Feature): number {
  let m = richness(t) - f.need + (lineUnit(t, f.key) - 0.5) * 0.12;
  if (f.smart && isPlugIn(t)) m += t.luxury ? 0.03 : 0.12;
  if (f.since !== undefined) {
    const years = t.modelYear - f.since;
    m += years < 0 ? years * 0.15 : Math.min(years * 0.03, 0.12);
  }
  return m;
}

/** Whether the trim has the feature as standard: for rows that other rows depend on. */
function has(t: Trim, f: Feature): boolean {
  if (f.when && !f.when(t)) return false;
  return (f.given?.(t) ?? false) || margin(t, f) >= 0;
}

/** Trims just short of a feature may get it as an option. */
const OPTION_BAND = 0.08;

/** '●', '○' or '-' for the trim. */
function equip(t: Trim, rng: Rng, f: Feature): string {
  if (has(t, f)) return STD;
  if (f.when && !f.when(t)) return NONE;
  if (f.optional !== false && margin(t, f) > -OPTION_BAND && rng.chance(t.luxury ? 0.6 : 0.3)) return OPT;
  return NONE;
}

/** One step of a text ladder: the text applies from this need on (and, if given, from this model year). */
type Tier = readonly [need: number, text: string, since?: number];

/** The highest tier the trim clears, '-' if none; one key, so a lineup climbs the ladder in order. */
function byTier(t: Trim, key: string, tiers: readonly Tier[], opts: GateOpts = {}): string {
  if (opts.when && !opts.when(t)) return NONE;
  let text = NONE;
  for (const [need, value, since] of tiers) {
    if (since !== undefined && t.modelYear < since) continue;
    if (margin(t, { key, need, ...opts }) >= 0) text = value;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Row builders
// ---------------------------------------------------------------------------------------------

const row = (name: string, value: Value): ConfigItemSpec => ({ name, value });

/** A heading with sub-rows; its own value is '' unless a summary is given. */
const group = (name: string, children: ConfigItemSpec[], value: Value = () => ''): ConfigItemSpec => ({
  name,
  value,
  children,
});

const featRow = (name: string, f: Feature): ConfigItemSpec => row(name, (t, rng) => equip(t, rng, f));

/** An equipment row: '●' from `need` on, '○' or '-' just below, '-' further down. */
const feat = (name: string, need: number, opts: GateOpts & { key?: string } = {}): ConfigItemSpec =>
  featRow(name, feature(opts.key ?? name, need, opts));

const tierRow = (name: string, tiers: readonly Tier[], opts: GateOpts & { key?: string } = {}): ConfigItemSpec =>
  row(name, (t) => byTier(t, opts.key ?? name, tiers, opts));

// ---------------------------------------------------------------------------------------------
// Body
// ---------------------------------------------------------------------------------------------

/** Length, width, height, wheelbase in mm of a typical car of the segment. */
const BASE_SIZE: Record<SegmentId, readonly [number, number, number, number]> = {
  1: [3300, 1620, 1570, 2250],
  2: [4250, 1740, 1500, 2580],
  3: [4700, 1810, 1470, 2730],
  4: [4920, 1860, 1470, 2870],
  5: [5100, 1910, 1490, 3020],
  6: [4300, 1800, 1610, 2620],
  7: [4560, 1860, 1670, 2720],
  8: [4800, 1910, 1700, 2860],
  9: [5050, 1980, 1770, 3020],
  10: [4750, 1820, 1760, 2800],
  11: [5000, 1880, 1810, 3000],
  12: [5200, 1990, 1860, 3150],
  13: [4550, 1890, 1320, 2650],
};

/** Curb weight in kg of a typical petrol car of the segment. */
const BASE_WEIGHT: Record<SegmentId, number> = {
  1: 900, 2: 1150, 3: 1350, 4: 1550, 5: 1800, 6: 1300, 7: 1500, 8: 1750, 9: 2050, 10: 1600, 11: 1850, 12: 2150, 13: 1600,
};

interface BodyFacts {
  length: number;
  width: number;
  height: number;
  wheelbase: number;
  frontTrack: number;
  rearTrack: number;
  clearance: number;
  doors: number;
  curbKg: number;
  tankL: number | null;
  trunkL: number;
  frunkL: number | null;
  cd: number;
}

const bodyOf = perTrim((t: Trim): BodyFacts => {
  let [length, width, height, wheelbase] = BASE_SIZE[t.segment];
  if (t.body === '两厢' && t.segment !== 1) {
    length -= 230;
    height += 25;
  } else if (t.body === '旅行车') {
    length += 40;
    height += 40;
  } else if (t.body === '跑车' && t.segment !== 13) {
    height -= 90;
    wheelbase -= 50;
  }
  const lengthFactor = 1 + (lineUnit(t, 'length') - 0.5) * 0.08;
  length = Math.round(length * lengthFactor);
  width = Math.round(width * (1 + (lineUnit(t, 'width') - 0.5) * 0.04));
  height = Math.round(height * (1 + (lineUnit(t, 'height') - 0.5) * 0.05));
  wheelbase = Math.round(wheelbase * (1 + (lineUnit(t, 'wheelbase') - 0.5) * 0.05));

  const frontTrack = Math.round(width * 0.855);
  const rearTrack = frontTrack + Math.round(lineRange(t, 'rearTrack', -10, 20));
  const clearance = Math.round(
    isSuv(t) ? lineRange(t, 'clearance', 170, 215) : isSports(t) ? lineRange(t, 'clearance', 105, 125)
      : lineRange(t, 'clearance', 125, 155),
  );
  const doors = isSports(t) ? 2 : t.body === '三厢' ? 4 : t.segment === 1 && lineChance(t, 'doors', 0.4) ? 3 : 5;

  const kwh = t.batteryKwh ?? 0;
  let curbKg = BASE_WEIGHT[t.segment];
  if (t.energy === 'BEV') curbKg += kwh * 5.5 - 80;
  else if (t.energy === 'PHEV' || t.energy === 'EREV') curbKg += kwh * 6 + 80;
  else if (t.energy === 'HEV') curbKg += 60;
  if (isFourWd(t)) curbKg += 90;
  curbKg = roundTo(curbKg * lengthFactor ** 1.2 * lineRange(t, 'weight', 0.96, 1.04), 5);

  const size = sizeStep(t.segment);
  const tankL = !hasEngine(t) ? null
    : Math.round(
      (t.energy === 'ICE' || t.energy === 'DIESEL' ? [35, 45, 50, 60, 70][size] : [30, 40, 45, 52, 62][size]) +
        (isSuv(t) ? 5 : 0) + lineRange(t, 'tank', -3, 5),
    );
  const trunkBase = isMpv(t) ? 300 + size * 40 : isSports(t) ? 240 : isSuv(t) ? [250, 380, 450, 550, 650][size]
    : t.body === '两厢' ? [110, 330, 380, 420, 450][size] : [150, 420, 480, 520, 550][size];
  const trunkL = Math.round(trunkBase * lineRange(t, 'trunk', 0.9, 1.1) - (t.energy === 'PHEV' ? 40 : 0));
  const frunkL = isBev(t) && size >= 2 && lineChance(t, 'frunk', 0.6) ? Math.round(lineRange(t, 'frunkSize', 35, 120)) : null;

  const cdRange: readonly [number, number] = isSports(t) ? [0.28, 0.32] : t.segment === 1 ? [0.3, 0.36]
    : isMpv(t) ? [0.3, 0.34] : isSuv(t) ? (isBev(t) ? [0.25, 0.29] : [0.3, 0.36]) : isBev(t) ? [0.21, 0.25] : [0.26, 0.3];
  const cd = lineRange(t, 'cd', cdRange[0], cdRange[1]);

  return { length, width, height, wheelbase, frontTrack, rearTrack, clearance, doors, curbKg, tankL, trunkL, frunkL, cd };
});

function seatLayout(t: Trim): string {
  const layouts: Record<number, string> = { 2: '1-1', 4: '2-2', 5: '2-3', 6: '2-2-2', 7: isMpv(t) ? '2-2-3' : '2-3-2', 8: '2-3-3' };
  return layouts[t.seats] ?? `${t.seats}座`;
}

/** Seats in row `index` (0 = front), 0 where the layout has no such row. */
function seatsInRow(t: Trim, index: number): number {
  return Number(seatLayout(t).split('-')[index] ?? 0) || 0;
}

// ---------------------------------------------------------------------------------------------
// Engine
// ---------------------------------------------------------------------------------------------

interface EngineFacts {
  liters: number;
  turbo: boolean;
  cc: number;
  cylinders: number;
  arrangement: 'L' | 'V';
  kw: number;
  nm: number;
  powerRpm: number;
  torqueRpm: string;
  code: string;
}

const engineOf = perTrim((t: Trim): EngineFacts | null => {
  if (!hasEngine(t)) return null;
  const spec = t.engine ?? '1.5L';
  const match = /(\d+(?:\.\d+)?)/.exec(spec);
  const liters = match ? parseFloat(match[1]) : 1.5;
  const turbo = t.energy === 'DIESEL' || /T/i.test(spec);
  const key = `engine:${spec}`;

  const perLitre = t.energy === 'DIESEL' ? 68 : t.energy === 'HEV' ? 55 : t.energy === 'PHEV' ? (turbo ? 70 : 54)
    : t.energy === 'EREV' ? (turbo ? 75 : 60) : turbo ? 88 : 62;
  const kwOut = Math.round(liters * perLitre * lineRange(t, `${key}:kw`, 0.92, 1.08) * (t.luxury && turbo ? 1.08 : 1));
  const torquePerKw = t.energy === 'DIESEL' ? 3.0 : turbo ? 2.1 : 1.62;
  const nmOut = roundTo(kwOut * torquePerKw * lineRange(t, `${key}:nm`, 0.95, 1.05), 5);

  const cylinders = liters <= 1.0 ? 3 : liters <= 1.5 ? (turbo && lineChance(t, `${key}:cyl`, 0.3) ? 3 : 4)
    : liters <= 2.5 ? 4 : liters <= 3.6 ? 6 : 8;
  const arrangement = cylinders === 8 || (cylinders === 6 && !(t.luxury && lineChance(t, `${key}:inline6`, 0.5))) ? 'V' : 'L';
  const cc = Math.round(liters * 1000) - 1 - Math.floor(lineRange(t, `${key}:cc`, 0, 24));

  const powerRpm = roundTo(
    t.energy === 'DIESEL' ? lineRange(t, `${key}:rpm`, 3600, 4000) : turbo ? lineRange(t, `${key}:rpm`, 5000, 6000)
      : lineRange(t, `${key}:rpm`, 5800, 6600), 100);
  const torqueRpm = t.energy === 'DIESEL' ? '1750-2500'
    : turbo ? `${roundTo(lineRange(t, `${key}:tlo`, 1500, 2000), 50)}-${roundTo(lineRange(t, `${key}:thi`, 3500, 4500), 100)}`
      : `${roundTo(lineRange(t, `${key}:tlo`, 4000, 4800), 100)}`;

  // Chinese engine codes read prefix, cylinder count, bore in mm, Q (car) / ZQ (turbocharged car).
  const bore = Math.round(Math.cbrt(((cc * 1000) / cylinders) * 4 / (Math.PI * 1.1)));
  const prefix = linePick(t, `${key}:code`, ['BY', 'JL', 'SC', 'GW', 'DK', 'CA', 'HM', 'SQR', 'E']);
  const code = `${prefix}${cylinders}${bore}${turbo ? 'ZQ' : 'Q'}${linePick(t, `${key}:suffix`, ['A', 'B', 'C', 'D', 'F', 'H'])}`;

  return { liters, turbo, cc, cylinders, arrangement, kw: kwOut, nm: nmOut, powerRpm, torqueRpm, code };
});

/** '1.5T 181马力 L4'. */
function engineLabel(t: Trim): string {
  const e = engineOf(t);
  return e ? `${t.engine ?? `${e.liters.toFixed(1)}L`} ${Math.round(e.kw * 1.36)}马力 ${e.arrangement}${e.cylinders}` : NONE;
}

const engineRow = (name: string, show: (e: EngineFacts, t: Trim) => string): ConfigItemSpec =>
  row(name, (t) => {
    const e = engineOf(t);
    return e ? show(e, t) : NONE;
  });

// ---------------------------------------------------------------------------------------------
// Electric motors
// ---------------------------------------------------------------------------------------------

interface MotorFacts {
  frontKw: number;
  rearKw: number;
  totalKw: number;
  frontNm: number;
  rearNm: number;
  type: string;
}

const motorOf = perTrim((t: Trim): MotorFacts | null => {
  if (!hasMotor(t)) return null;
  const size = sizeStep(t.segment);
  let total = t.energy === 'BEV' ? (isSports(t) ? 300 : [40, 75, 140, 190, 230][size] + (isSuv(t) ? 10 : 0))
    : t.energy === 'HEV' ? 60 + size * 12 : t.energy === 'PHEV' ? 100 + size * 20 : 110 + size * 25;
  total *= (0.85 + 0.35 * t.lineupRank) * lineRange(t, 'motorKw', 0.9, 1.12) * (t.luxury ? 1.1 : 1);
  // A second motor adds most on a BEV; hybrids add a smaller rear (or integrated front) unit.
  if (isFourWd(t)) total *= t.energy === 'BEV' ? 1.65 : t.energy === 'HEV' ? 1.25 : 1.45;

  const frontShare = isFourWd(t) ? 0.4 : isRearWd(t) ? 0 : 1;
  const frontKw = Math.round(total * frontShare);
  const rearKw = Math.round(total) - frontKw;
  const torque = (k: number): number => (k > 0 ? roundTo(k * 2 + 40, 5) : 0);
  const pmsm = '永磁/同步';
  const type = isFourWd(t)
    ? `前${t.luxury && isBev(t) && lineChance(t, 'induction', 0.3) ? '感应/异步' : pmsm} 后${pmsm}`
    : pmsm;
  return { frontKw, rearKw, totalKw: frontKw + rearKw, frontNm: torque(frontKw), rearNm: torque(rearKw), type };
});

/** Combined output of engine and motor, for hybrids whose engine also drives the wheels. */
function systemKw(t: Trim): number | null {
  const e = engineOf(t);
  const m = motorOf(t);
  if (!e || !m || (t.energy !== 'HEV' && t.energy !== 'PHEV')) return null;
  return Math.round(m.totalKw + e.kw * 0.55);
}

const motorRow = (name: string, show: (m: MotorFacts, t: Trim) => string): ConfigItemSpec =>
  row(name, (t) => {
    const m = motorOf(t);
    return m ? show(m, t) : NONE;
  });

/** Peak output at the wheels: what 基本信息 shows as 最大功率. */
function peakKw(t: Trim): number {
  return systemKw(t) ?? (motorDriven(t) ? motorOf(t)?.totalKw : engineOf(t)?.kw) ?? 0;
}

function peakNm(t: Trim): number {
  const e = engineOf(t);
  const m = motorOf(t);
  if (t.energy === 'HEV' || t.energy === 'PHEV') return roundTo((e?.nm ?? 0) * 0.6 + (m ? m.frontNm + m.rearNm : 0), 5);
  if (m && motorDriven(t)) return m.frontNm + m.rearNm;
  return e?.nm ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Battery, range and charging
// ---------------------------------------------------------------------------------------------

interface BatteryFacts {
  kwh: number;
  chemistry: string;
  maker: string;
  /** Pack energy density in Wh/kg; null for hybrid batteries. */
  density: number | null;
  /** CLTC pure-electric range; null for HEV. */
  rangeKm: number | null;
  kwhPer100: number | null;
  fastKw: number | null;
  slowKw: number | null;
  volts800: boolean;
}

const HIGH_VOLTAGE = feature('800V高压平台', 0.72, { since: 2024, smart: true, when: (t) => isBev(t) && t.modelYear >= 2023 });
const PHEV_FAST_CHARGE = feature('插混直流快充', 0.35, { since: 2022, when: (t) => (t.batteryKwh ?? 0) >= 18 });

const batteryOf = perTrim((t: Trim): BatteryFacts | null => {
  if (t.energy === 'HEV') {
    return {
      kwh: Math.round(lineRange(t, 'hevKwh', 1.0, 1.8) * 10) / 10,
      chemistry: lineChance(t, 'nimh', 0.3) ? '镍氢电池' : '三元锂电池',
      maker: lineRng(t, 'hevCell').pick(['宁德时代', '丰田/松下', '比亚迪弗迪', '国轩高科']),
      density: null, rangeKm: null, kwhPer100: null, fastKw: null, slowKw: null, volts800: false,
    };
  }
  if (!isPlugIn(t)) return null;
  const kwh = t.batteryKwh ?? (t.energy === 'BEV' ? 60 : t.energy === 'EREV' ? 40 : 18.3);

  const lfp = isBydGroup(t) || lineChance(t, 'lfp', t.msrp < 150_000 ? 0.85 : 0.45);
  const maker = isBydGroup(t) ? '弗迪电池'
    : lineRng(t, 'cell').weighted(['宁德时代', '中创新航', '比亚迪弗迪', '国轩高科', '亿纬锂能', '蜂巢能源', '欣旺达'],
      [45, 12, 10, 8, 8, 7, 7]);
  const density = Math.round((lfp ? lineRange(t, 'density', 138, 160) : lineRange(t, 'density', 168, 195)) +
    (t.modelYear - 2019) * 1.5);

  const size = sizeStep(t.segment);
  const baseEfficiency = t.energy === 'BEV'
    ? (t.segment === 1 ? 9.6 : isMpv(t) ? 6.4 : isSports(t) ? 7.0 : isSuv(t) ? 7.3 : size <= 1 ? 8.6 : 8.1)
    : t.energy === 'EREV' ? 6.2 : 5.8;
  const efficiency = baseEfficiency * lineRange(t, 'efficiency', 0.95, 1.05) * (isFourWd(t) ? 0.96 : 1);
  const rangeKm = roundTo(kwh * efficiency, 5);

  const volts800 = has(t, HIGH_VOLTAGE);
  let fastKw: number | null = null;
  if (t.energy === 'BEV' && !(t.segment === 1 && richness(t) < 0.2)) {
    const cRate = volts800 ? lineRange(t, 'cRate', 3.2, 5)
      : (t.modelYear <= 2021 ? 1.0 : t.modelYear <= 2023 ? 1.4 : t.modelYear === 2024 ? 1.8 : 2.2) *
        (0.7 + 0.5 * clamp(richness(t), 0, 1));
    fastKw = Math.round(clamp(kwh * cRate, 20, 480));
  } else if (t.energy === 'EREV' && kwh >= 25) {
    fastKw = Math.round(kwh * (t.modelYear >= 2024 ? 2.4 : 1.5));
  } else if (t.energy === 'PHEV' && has(t, PHEV_FAST_CHARGE)) {
    fastKw = Math.round(Math.min(kwh * 1.4, 100));
  }
  const slowKw = kwh < 20 && t.energy !== 'EREV' ? 3.3
    : richness(t) > 0.8 && lineChance(t, 'slow11', 0.5) ? 11 : t.energy === 'PHEV' ? 6.6 : 7;

  return { kwh, chemistry: lfp ? '磷酸铁锂电池' : '三元锂电池', maker, density, rangeKm,
    kwhPer100: (100 / efficiency) * 1.02, fastKw, slowKw, volts800 };
});

const batteryRow = (name: string, show: (b: BatteryFacts, t: Trim) => string): ConfigItemSpec =>
  row(name, (t) => {
    const b = batteryOf(t);
    return b ? show(b, t) : NONE;
  });

/** Plug-in rows: '-' for hybrids whose battery cannot be charged from the grid. */
const plugRow = (name: string, show: (b: BatteryFacts, t: Trim) => string): ConfigItemSpec =>
  batteryRow(name, (b, t) => (isPlugIn(t) ? show(b, t) : NONE));

const hours = (h: number): string => `${decimal(h, 2)}小时`;

// ---------------------------------------------------------------------------------------------
// Fuel consumption and performance
// ---------------------------------------------------------------------------------------------

interface FuelFacts {
  /** WLTC combined, L/100km (weighted with the electric range for plug-in hybrids). */
  wltc: number;
  nedc: number;
  /** Consumption with the battery at its lowest charge; null unless plug-in hybrid. */
  depleted: number | null;
}

const fuelOf = perTrim((t: Trim): FuelFacts | null => {
  const e = engineOf(t);
  if (!e) return null;
  const kg = bodyOf(t).curbKg;
  const noise = lineRange(t, `fuel:${t.engine}`, -0.3, 0.3);
  if (t.energy === 'ICE' || t.energy === 'DIESEL') {
    const wltc = (3.6 + e.liters * 1.5 + (kg - 1300) / 400 + (e.turbo ? 0.2 : 0) + noise) * (t.energy === 'DIESEL' ? 0.85 : 1);
    return { wltc, nedc: wltc * 0.88, depleted: null };
  }
  if (t.energy === 'HEV') {
    const wltc = 4.0 + e.liters * 0.5 + (kg - 1400) / 800 + noise;
    return { wltc, nedc: wltc * 0.9, depleted: null };
  }
  // Plug-in: the regulation weighs the depleted figure by 25 km against the electric range.
  const depleted = 3.6 + e.liters * 1.2 + (kg - 1600) / 600 + noise;
  const range = batteryOf(t)?.rangeKm ?? 50;
  return { wltc: (25 * depleted) / (range * 0.8 + 25), nedc: (25 * depleted * 0.9) / (range * 1.05 + 25), depleted };
});

function topSpeed(t: Trim): number {
  const power = peakKw(t);
  if (isBev(t)) {
    if (t.segment === 1) return roundTo(Math.min(150, 100 + power * 0.5), 5);
    const cap = t.luxury ? 250 : isFourWd(t) ? 240 : 200;
    return roundTo(Math.min(cap, 140 + power * 0.3), 5);
  }
  if (hasMotor(t)) return roundTo(Math.min(t.luxury ? 250 : t.energy === 'HEV' ? 200 : 220, 160 + power * 0.15), 5);
  if (isSports(t)) return roundTo(Math.min(320, 200 + power * 0.35), 5);
  return roundTo(Math.min(t.luxury ? 250 : 240, 160 + power * 0.4), 5);
}

/** 0-100 km/h in seconds, from power per tonne; electric drive launches harder. */
function sprint(t: Trim): number {
  const perTonne = peakKw(t) / (bodyOf(t).curbKg / 1000);
  const k = motorDriven(t) ? 660 : t.energy === 'PHEV' ? 800 : t.energy === 'HEV' ? 760 : 800;
  return Math.max(2.5, Math.round((k / perTonne) * 10) / 10);
}

// ---------------------------------------------------------------------------------------------
// Drive train, chassis, wheels
// ---------------------------------------------------------------------------------------------

function driveLabel(t: Trim): string {
  if (isFourWd(t)) return motorDriven(t) ? '双电机四驱' : '前置四驱';
  if (isRearWd(t)) return motorDriven(t) ? '后置后驱' : '前置后驱';
  return '前置前驱';
}

function fourWdKind(t: Trim): string {
  if (!isFourWd(t)) return NONE;
  if (hasMotor(t)) return '电动四驱';
  return t.luxury && sizeStep(t.segment) >= 3 ? '全时四驱' : '适时四驱';
}

function gearboxType(gearbox: string): string {
  if (/单速|固定齿比/.test(gearbox)) return '电动车单速变速箱';
  if (/E-CVT|ECVT/i.test(gearbox)) return 'E-CVT无级变速';
  if (/DHT|混动专用/.test(gearbox)) return '混动专用变速箱(DHT)';
  if (/CVT|无级/.test(gearbox)) return '无级变速箱(CVT)';
  if (/双离合|DCT|DSG/.test(gearbox)) return '双离合变速箱(DCT)';
  if (/手动|MT/.test(gearbox)) return '手动变速箱(MT)';
  if (/手自一体|AT/.test(gearbox)) return '手自一体变速箱(AT)';
  return gearbox;
}

function gearCount(gearbox: string): string {
  if (/单速|固定齿比/.test(gearbox)) return '1个';
  const digits = /(\d+)\s*[挡档速]/.exec(gearbox);
  if (digits) return `${digits[1]}个`;
  return /CVT|无级/i.test(gearbox) ? '无级' : NONE;
}

/** Cheap small cars keep a torsion-beam rear axle. */
const MULTILINK_REAR = feature('多连杆后悬', 0.42, { optional: false, given: (t) => sizeStep(t.segment) >= 3 || t.luxury });
const DOUBLE_WISHBONE = feature('双叉臂前悬', 0.78, { optional: false, when: (t) => sizeStep(t.segment) >= 3 });
const AIR_SUSPENSION = feature('空气悬架', 0.86, { since: 2021, smart: true, optional: false, when: (t) => sizeStep(t.segment) >= 3 });
const ELECTRIC_PARKING = feature('电子驻车', 0.12, { since: 2019, optional: false });

interface WheelFacts {
  rim: number;
  front: string;
  rear: string;
}

const wheelsOf = perTrim((t: Trim): WheelFacts => {
  const size = sizeStep(t.segment);
  const rim = clamp([14, 16, 17, 18, 19][size] + (t.lineupRank >= 0.5 ? 1 : 0) + (isSuv(t) && size >= 2 ? 1 : 0) +
    (isSports(t) || (t.luxury && t.lineupRank >= 0.8) ? 1 : 0), 13, 22);
  const tyre = (widthBump: number): string => {
    const rawWidth = 145 + (rim - 13) * 12 + size * 8 + widthBump;
    const width = clamp(Math.round((rawWidth - 5) / 10) * 10 + 5, 145, 315);
    const diameter = 600 + size * 25 + (isSuv(t) || isMpv(t) ? 50 : 0);
    const aspect = clamp(roundTo(((diameter - rim * 25.4) / (2 * width)) * 100, 5), 30, 70);
    return `${width}/${aspect} R${rim}`;
  };
  const staggered = (isSports(t) || (t.luxury && isRearWd(t))) && lineChance(t, 'staggered', 0.6);
  return { rim, front: tyre(0), rear: tyre(staggered ? 30 : 0) };
});

const RUN_FLAT = feature('缺气保用轮胎', 0.92, { when: (t) => !isBev(t) || t.luxury });

// ---------------------------------------------------------------------------------------------
// Driver assistance: one ladder, so 等级, chips, sensors and NOA rows agree
// ---------------------------------------------------------------------------------------------

const ACC = feature('自适应巡航', 0.42, { since: 2019 });
const L2 = feature('L2辅助驾驶', 0.5, { since: 2021, smart: true });
const HIGHWAY_NOA = feature('高速领航辅助', 0.72, { since: 2022, smart: true });
const CITY_NOA = feature('城市领航辅助', 0.9, { since: 2023, smart: true, when: isPlugIn });
const CRUISE = feature('定速巡航', 0.15);

/** 0 none, 1 adaptive cruise, 2 L2 (ACC + lane centring), 3 highway NOA, 4 city NOA. */
const adasTier = perTrim((t: Trim): number => {
  if (has(t, CITY_NOA) && t.modelYear >= 2023) return 4;
  if (has(t, HIGHWAY_NOA) && t.modelYear >= 2021) return 3;
  if (has(t, L2) && t.modelYear >= 2019) return 2;
  return has(t, ACC) ? 1 : 0;
});

function adasChip(t: Trim): { chip: string; tops: number } | null {
  const tier = adasTier(t);
  const y = t.modelYear;
  if (tier < 2) return null;
  if (tier === 2) {
    return y >= 2025 ? { chip: '地平线征程6E', tops: 80 } : y >= 2022 ? { chip: '地平线征程3', tops: 5 }
      : { chip: 'Mobileye EyeQ4', tops: 2.5 };
  }
  if (tier === 3) {
    return y >= 2025 ? { chip: '地平线征程6M', tops: 128 } : y >= 2023 ? { chip: '地平线征程5', tops: 128 }
      : { chip: 'NVIDIA DRIVE Xavier', tops: 30 };
  }
  return y >= 2025 && lineChance(t, 'thor', 0.4) ? { chip: 'NVIDIA DRIVE Thor-U', tops: 700 }
    : { chip: 'NVIDIA DRIVE Orin-X ×2', tops: 508 };
}

/** Lidar only on some 2023+ new-energy trims with city NOA. */
const lidarCount = (t: Trim): number => (adasTier(t) >= 4 && lineChance(t, 'lidar', 0.75) ? 1 : 0);

const REAR_RADAR = feature('后驻车雷达', 0.02, { optional: false });
const FRONT_RADAR = feature('前驻车雷达', 0.36, { optional: false });
const REAR_CAMERA = feature('倒车影像', 0.14, { since: 2019, optional: false });
const SURROUND_VIEW = feature('360度全景影像', 0.5, { since: 2020, smart: true, optional: false });
const AUTO_PARK = feature('自动泊车入位', 0.68, { since: 2020, smart: true, optional: false });

/** Parking aids with their implications applied (auto parking needs the surround cameras and 12 sensors). */
const parkingOf = perTrim((t: Trim) => {
  const autoPark = has(t, AUTO_PARK) || adasTier(t) >= 3;
  const surround = autoPark || has(t, SURROUND_VIEW);
  const frontRadar = autoPark || has(t, FRONT_RADAR);
  return {
    autoPark,
    surround,
    frontRadar,
    rearRadar: frontRadar || has(t, REAR_RADAR),
    rearCamera: surround || has(t, REAR_CAMERA),
  };
});

function sensorsOf(t: Trim): { cameras: number; ultrasonic: number; radars: number; lidars: number } {
  const tier = adasTier(t);
  const p = parkingOf(t);
  const cameras = (p.surround ? 4 : p.rearCamera ? 1 : 0) + (tier >= 1 ? 1 : 0) + (tier >= 3 ? 5 : 0) + (tier >= 4 ? 1 : 0);
  const ultrasonic = p.autoPark ? 12 : p.frontRadar ? 8 : p.rearRadar ? (lineChance(t, 'rearSensors', 0.5) ? 4 : 3) : 0;
  const radars = tier >= 3 ? (tier === 4 && lineChance(t, 'radars', 0.5) ? 3 : 5)
    : tier === 2 ? (lineChance(t, 'cornerRadar', 0.4) ? 3 : 1) : tier;
  return { cameras, ultrasonic, radars, lidars: lidarCount(t) };
}

/** Standard wherever the driver-assist ladder reaches `tier`. */
const fromTier = (tier: number) => (t: Trim): boolean => adasTier(t) >= tier;
const tierFeat = (name: string, tier: number): ConfigItemSpec => row(name, (t) => (adasTier(t) >= tier ? STD : NONE));

// ---------------------------------------------------------------------------------------------
// Features other rows depend on
// ---------------------------------------------------------------------------------------------

const POWER_TAILGATE = feature('电动后备厢', 0.52, { optional: false, when: (t) => !isSports(t) });
const REMOTE_APP = feature('手机APP远程控制', 0.35, { since: 2019, smart: true, optional: false });
const VOICE = feature('语音识别控制系统', 0.22, { since: 2019, smart: true, optional: false });
const FRONT_SEAT_HEAT = feature('前排座椅加热', 0.45, { optional: false });
const AMBIENT_LIGHT = feature('车内环境氛围灯', 0.42, { since: 2020, smart: true, optional: false });
const WIRELESS_CHARGE = feature('手机无线充电', 0.48, { since: 2019, smart: true, optional: false });
const V2L = feature('对外放电', 0.32, { since: 2021, when: (t) => isPlugIn(t) && t.segment !== 1, optional: false });
const FRIDGE = feature('车载冰箱', 0.84, {
  since: 2021, smart: true, optional: false,
  when: (t) => isMpv(t) || (isSuv(t) && sizeStep(t.segment) >= 3) || t.segment === 5,
});
const SPEAKER_KEY = '扬声器';
const SPEAKER_TIERS: readonly Tier[] = [[-1, '2个'], [0.08, '4个'], [0.3, '6个'], [0.5, '8个'], [0.68, '12个'], [0.84, '18个'], [0.96, '23个']];

// ---------------------------------------------------------------------------------------------
// The sheet
// ---------------------------------------------------------------------------------------------

const basicInfo: ConfigItemSpec[] = [
  row('车型名称', (t) => `${t.subSeriesName} ${t.name}`),
  row('厂商', (t) => t.brandName),
  row('级别', (t) => SEGMENTS.find((s) => s.id === t.segment)?.name ?? NONE),
  row('能源类型', (t) => ENERGY_LABEL[t.energy]),
  row('上市时间', (t) => t.launchMonth.replace('-', '.')),
  row('年款', (t) => `${t.modelYear}款`),
  row('厂商指导价(元)', (t) => thousands(t.msrp)),
  row('环保标准', (t) => (hasEngine(t) ? t.emissionStandard ?? NONE : NONE)),
  row('发动机', engineLabel),
  row('电动机', (t) => {
    const m = motorOf(t);
    return m ? `${Math.round(m.totalKw * 1.36)}马力` : NONE;
  }),
  plugRow('CLTC纯电续航里程', (b) => (b.rangeKm ? km(b.rangeKm) : NONE)),
  row('最大功率', (t) => kw(peakKw(t))),
  row('最大扭矩', (t) => nm(peakNm(t))),
  row('变速箱', (t) => t.gearbox),
  row('长*宽*高', (t) => {
    const b = bodyOf(t);
    return `${b.length}*${b.width}*${b.height}mm`;
  }),
  row('车身结构', (t) => `${bodyOf(t).doors}门${t.seats}座${BODY_LABEL[t.body]}`),
  row('最高车速', (t) => `${topSpeed(t)}km/h`),
  row('官方0-100km/h加速', (t) => `${sprint(t).toFixed(1)}s`),
  row('WLTC综合油耗', (t) => {
    const f = fuelOf(t);
    return f ? litres(f.wltc) : NONE;
  }),
  row('整车质保', (t) =>
    t.luxury ? '3年不限里程' : isPlugIn(t) ? linePick(t, 'warranty', ['5年或15万公里', '6年或15万公里'])
      : linePick(t, 'warranty', ['3年或10万公里', '4年或10万公里', '5年或15万公里'])),
  row('座位数', (t) => `${t.seats}个`),
];

const body: ConfigItemSpec[] = [
  row('长度', (t) => mm(bodyOf(t).length)),
  row('宽度', (t) => mm(bodyOf(t).width)),
  row('高度', (t) => mm(bodyOf(t).height)),
  row('轴距', (t) => mm(bodyOf(t).wheelbase)),
  row('前轮距', (t) => mm(bodyOf(t).frontTrack)),
  row('后轮距', (t) => mm(bodyOf(t).rearTrack)),
  row('满载最小离地间隙', (t) => mm(bodyOf(t).clearance)),
  row('车身结构', (t) => BODY_LABEL[t.body]),
  row('车门开启方式', (t) => (isMpv(t) ? '平开门+侧滑门' : '平开门')),
  row('车门数', (t) => `${bodyOf(t).doors}个`),
  row('座位数', (t) => `${t.seats}个`),
  row('油箱容积', (t) => {
    const tank = bodyOf(t).tankL;
    return tank ? `${tank}L` : NONE;
  }),
  row('后备厢容积', (t) => `${bodyOf(t).trunkL}L`),
  row('前备厢容积', (t) => {
    const frunk = bodyOf(t).frunkL;
    return frunk ? `${frunk}L` : NONE;
  }),
  row('整备质量', (t) => `${bodyOf(t).curbKg}kg`),
  row('满载质量', (t) => `${bodyOf(t).curbKg + t.seats * 75 + 100}kg`),
  row('风阻系数', (t) => `${bodyOf(t).cd.toFixed(2)}Cd`),
];

const engine: ConfigItemSpec[] = [
  engineRow('发动机型号', (e) => e.code),
  engineRow('排量', (e) => `${e.cc}mL`),
  engineRow('进气形式', (e) => (e.turbo ? '涡轮增压' : '自然吸气')),
  engineRow('发动机布局', (_e, t) => (t.luxury && (isRearWd(t) || isFourWd(t)) && !hasMotor(t) ? '纵置' : '横置')),
  engineRow('气缸排列形式', (e) => e.arrangement),
  engineRow('气缸数', (e) => `${e.cylinders}个`),
  engineRow('每缸气门数', () => '4个'),
  engineRow('配气机构', () => 'DOHC'),
  engineRow('最大马力', (e) => ps(e.kw)),
  engineRow('最大功率', (e) => kw(e.kw)),
  engineRow('最大功率转速', (e) => `${e.powerRpm}rpm`),
  engineRow('最大扭矩', (e) => nm(e.nm)),
  engineRow('最大扭矩转速', (e) => `${e.torqueRpm}rpm`),
  engineRow('最大净功率', (e) => kw(e.kw * 0.95)),
  engineRow('燃油标号', (e, t) => (t.energy === 'DIESEL' ? '0号柴油' : e.turbo || t.luxury ? '95号' : '92号')),
  engineRow('供油方式', (e, t) =>
    t.energy === 'DIESEL' ? '高压共轨' : e.turbo ? '直喷' : linePick(t, 'injection', ['多点电喷', '混合喷射', '直喷'])),
  engineRow('缸盖材料', () => '铝合金'),
  engineRow('缸体材料', (_e, t) => (t.msrp < 100_000 && t.modelYear < 2021 ? '铸铁' : '铝合金')),
  engineRow('发动机特有技术', (e, t) =>
    t.energy !== 'ICE' && t.energy !== 'DIESEL' ? '阿特金森循环'
      : e.turbo ? linePick(t, 'engineTech', ['米勒循环', '可变截面涡轮', '集成式排气歧管', '可变气门升程']) : 'VVT可变气门正时'),
  engineRow('排放标准', (_e, t) => t.emissionStandard ?? NONE),
  group('燃油经济性', [
    row('WLTC综合油耗', (t) => {
      const f = fuelOf(t);
      return f ? litres(f.wltc) : NONE;
    }),
    row('NEDC综合油耗', (t) => {
      const f = fuelOf(t);
      return f ? litres(f.nedc) : NONE;
    }),
    row('最低荷电状态油耗', (t) => {
      const depleted = fuelOf(t)?.depleted;
      return depleted ? litres(depleted) : NONE;
    }),
  ]),
];

const motor: ConfigItemSpec[] = [
  motorRow('电机类型', (m) => m.type),
  motorRow('驱动电机数', (m) => (m.frontKw > 0 && m.rearKw > 0 ? '双电机' : '单电机')),
  motorRow('电机布局', (m) => (m.frontKw > 0 && m.rearKw > 0 ? '前置+后置' : m.frontKw > 0 ? '前置' : '后置')),
  motorRow('电动机总功率', (m) => kw(m.totalKw)),
  motorRow('电动机总功率(Ps)', (m) => ps(m.totalKw)),
  motorRow('电动机总扭矩', (m) => nm(m.frontNm + m.rearNm)),
  group('前电动机', [
    motorRow('最大功率', (m) => (m.frontKw > 0 ? kw(m.frontKw) : NONE)),
    motorRow('最大扭矩', (m) => (m.frontKw > 0 ? nm(m.frontNm) : NONE)),
  ]),
  group('后电动机', [
    motorRow('最大功率', (m) => (m.rearKw > 0 ? kw(m.rearKw) : NONE)),
    motorRow('最大扭矩', (m) => (m.rearKw > 0 ? nm(m.rearNm) : NONE)),
  ]),
  row('系统综合功率', (t) => {
    const k = systemKw(t);
    return k ? kw(k) : NONE;
  }),
  row('系统综合扭矩', (t) => (systemKw(t) ? nm(peakNm(t)) : NONE)),
  motorRow('电机冷却方式', (_m, t) => (richness(t) > 0.5 || (t.modelYear >= 2023 && richness(t) > 0.35) ? '油冷' : '水冷')),
  motorRow('电驱集成', (_m, t) =>
    t.energy === 'HEV' ? NONE : byTier(t, 'edrive', [[-1, '三合一'], [0.5, '八合一', 2022]], { smart: true })),
  row('碳化硅(SiC)功率模块', (t) => (batteryOf(t)?.volts800 ? STD : NONE)),
];

const battery: ConfigItemSpec[] = [
  batteryRow('电池类型', (b) => b.chemistry),
  batteryRow('电芯品牌', (b) => b.maker),
  batteryRow('电池能量', (b) => `${decimal(b.kwh, 1)}kWh`),
  batteryRow('电池能量密度', (b) => (b.density ? `${b.density}Wh/kg` : NONE)),
  batteryRow('电池组质保', (_b, t) =>
    t.energy === 'HEV' ? '8年或20万公里' : isBydGroup(t) ? '首任车主不限年限/里程' : t.luxury ? '8年或16万公里' : '8年或15万公里'),
  plugRow('CLTC纯电续航里程', (b) => (b.rangeKm ? km(b.rangeKm) : NONE)),
  plugRow('百公里耗电量', (b) => (b.kwhPer100 ? `${b.kwhPer100.toFixed(1)}kWh` : NONE)),
  plugRow('电能当量燃料消耗量', (b, t) => (isBev(t) && b.kwhPer100 ? `${(b.kwhPer100 / 8.9).toFixed(2)}L` : NONE)),
  plugRow('高压平台', (b) => (b.volts800 ? '800V' : '400V')),
  group('电池充电', [
    group('快充', [
      plugRow('快充功率', (b) => (b.fastKw ? kw(b.fastKw) : NONE)),
      plugRow('快充时间(30%-80%)', (b) => (b.fastKw ? hours((0.5 * b.kwh) / (b.fastKw * 0.9)) : NONE)),
    ], (t) => (batteryOf(t)?.fastKw ? STD : NONE)),
    group('慢充', [
      plugRow('慢充功率', (b) => (b.slowKw ? `${decimal(b.slowKw, 1)}kW` : NONE)),
      plugRow('慢充时间(0-100%)', (b) => (b.slowKw ? `${(b.kwh / (b.slowKw * 0.9)).toFixed(1)}小时` : NONE)),
    ], (t) => (isPlugIn(t) ? STD : NONE)),
    plugRow('充电口位置', (b, t) =>
      b.fastKw ? linePick(t, 'chargePort', ['左后翼子板', '右后翼子板', '右前翼子板', '左前翼子板']) : '右后翼子板'),
  ]),
  group('对外放电', [
    row('对外交流放电功率', (t) => (has(t, V2L) ? (richness(t) > 0.6 ? '6kW' : '3.3kW') : NONE)),
    feat('车对车充电(V2V)', 0.6, { since: 2022, smart: true, when: (t) => has(t, V2L) && isBev(t) }),
  ], (t, rng) => equip(t, rng, V2L)),
  group('电池温度管理', [
    row('低温加热', (t) => (isPlugIn(t) ? STD : NONE)),
    row('液冷散热', (t) => (isPlugIn(t) && !(t.segment === 1 && richness(t) < 0.2) ? STD : NONE)),
    feat('导航联动电池预加热', 0.45, { since: 2022, smart: true, when: (t) => isBev(t) && (batteryOf(t)?.fastKw ?? 0) > 0 }),
  ]),
];

const gearbox: ConfigItemSpec[] = [
  row('简称', (t) => t.gearbox),
  row('挡位个数', (t) => gearCount(t.gearbox)),
  row('变速箱类型', (t) => gearboxType(t.gearbox)),
  feat('换挡拨片', 0.62, { when: (t) => (t.energy === 'ICE' || t.energy === 'DIESEL') && !isManual(t) }),
];

const chassis: ConfigItemSpec[] = [
  row('驱动方式', driveLabel),
  row('四驱形式', fourWdKind),
  row('中央差速器结构', (t) =>
    fourWdKind(t) === '全时四驱' ? linePick(t, 'centerDiff', ['托森式差速器', '多片离合器']) : fourWdKind(t) === '适时四驱' ? '多片离合器' : NONE),
  row('前悬架类型', (t) => (has(t, DOUBLE_WISHBONE) ? '双叉臂式独立悬架' : '麦弗逊式独立悬架')),
  row('后悬架类型', (t) => (has(t, MULTILINK_REAR) ? '多连杆式独立悬架' : '扭力梁式非独立悬架')),
  row('助力类型', () => '电动助力'),
  row('车体结构', () => '承载式'),
  group('可调悬架', [
    feat('可变阻尼悬架(CDC)', 0.7, { since: 2020, smart: true, given: (t) => has(t, AIR_SUSPENSION) }),
    featRow('空气悬架', AIR_SUSPENSION),
    row('悬架高度调节', (t) => (has(t, AIR_SUSPENSION) ? STD : NONE)),
    feat('预瞄悬架', 0.97, { since: 2024, smart: true, when: (t) => has(t, AIR_SUSPENSION) }),
  ]),
  feat('限滑差速器/差速锁', 0.82, { when: (t) => isFourWd(t) && (isSuv(t) || isSports(t)) }),
  feat('后轮转向', 0.93, { since: 2022, smart: true, when: (t) => sizeStep(t.segment) >= 3 }),
];

const wheels: ConfigItemSpec[] = [
  row('前制动器类型', (t) => (t.segment === 1 && richness(t) < 0.3 ? '盘式' : '通风盘式')),
  row('后制动器类型', (t) =>
    sizeStep(t.segment) <= 1 && richness(t) < 0.3 ? '鼓式' : isSports(t) || richness(t) > 0.8 ? '通风盘式' : '盘式'),
  row('驻车制动类型', (t) => (has(t, ELECTRIC_PARKING) ? '电子驻车' : isManual(t) || t.segment > 1 ? '手刹' : '脚刹')),
  row('前轮胎规格', (t) => wheelsOf(t).front),
  row('后轮胎规格', (t) => wheelsOf(t).rear),
  row('备胎规格', (t) =>
    isBev(t) || has(t, RUN_FLAT) ? '无' : isSuv(t) && isFourWd(t) && !hasMotor(t) && richness(t) < 0.6 ? '全尺寸' : '非全尺寸'),
  row('轮圈材质', (t) => (richness(t) < 0.12 ? '钢' : '铝合金')),
  row('轮圈尺寸', (t) => `${wheelsOf(t).rim}英寸`),
  featRow('缺气保用轮胎', RUN_FLAT),
  tierRow('高性能制动卡钳', [[0.75, '四活塞固定卡钳'], [0.95, 'Brembo六活塞固定卡钳']], { when: (t) => isSports(t) || t.luxury }),
];

const activeSafety: ConfigItemSpec[] = [
  feat('ABS防抱死', -1),
  feat('制动力分配(EBD/CBC等)', -1),
  feat('刹车辅助(EBA/BAS/BA等)', 0.02),
  feat('牵引力控制(ASR/TCS/TRC等)', 0.06, { since: 2018 }),
  feat('车身稳定控制(ESC/ESP/DSC等)', 0.06, { since: 2018 }),
  tierRow('胎压监测功能', [[0, '胎压报警', 2019], [0.25, '胎压显示']], { since: 2019 }),
  group('碰撞预警', [
    feat('前方碰撞预警', 0.4, { since: 2020, smart: true, given: fromTier(2) }),
    feat('后方碰撞预警', 0.62, { since: 2021, smart: true, given: fromTier(3) }),
    feat('后方横向来车预警(RCTA)', 0.6, { since: 2020 }),
    feat('前方横向来车预警(FCTA)', 0.78, { since: 2022, smart: true }),
  ]),
  feat('主动刹车/主动安全系统', 0.42, { since: 2020, smart: true, given: fromTier(2) }),
  feat('并线辅助', 0.55, { since: 2019 }),
  feat('车道偏离预警系统', 0.45, { since: 2020, smart: true, given: fromTier(2) }),
  feat('车道保持辅助系统', 0.5, { since: 2020, smart: true, given: fromTier(2) }),
  tierFeat('车道居中保持', 2),
  feat('道路交通标识识别', 0.5, { since: 2020, smart: true }),
  feat('疲劳驾驶提示', 0.4, { since: 2019, given: fromTier(2) }),
  feat('DOW开门预警', 0.55, { since: 2021, smart: true }),
  row('低速行车警告', (t) => (hasMotor(t) && t.energy !== 'HEV' ? STD : NONE)),
  feat('哨兵模式', 0.55, { since: 2021, smart: true, when: isPlugIn, optional: false }),
];

const passiveSafety: ConfigItemSpec[] = [
  group('安全气囊', [
    feat('主驾驶座安全气囊', -1),
    feat('副驾驶座安全气囊', -1),
    feat('前排侧气囊', 0.18, { since: 2019 }),
    feat('后排侧气囊', 0.78),
    feat('前排头部气囊(气帘)', 0.3, { since: 2019 }),
    feat('后排头部气囊(气帘)', 0.3, { since: 2019 }),
    feat('膝部气囊', 0.72),
    feat('前排中间气囊', 0.85, { since: 2022 }),
  ]),
  feat('被动行人保护', 0.5),
  feat('ISOFIX儿童座椅接口', -1),
  tierRow('安全带未系提醒', [[-1, '前排'], [0.3, '全车', 2020]]),
  feat('电动儿童锁', 0.55, { since: 2020, smart: true }),
];

const handling: ConfigItemSpec[] = [
  group('驾驶模式切换', [
    feat('运动', 0.2, { key: '模式:运动', optional: false }),
    feat('经济', 0.2, { key: '模式:运动', optional: false }),
    feat('标准/舒适', 0.2, { key: '模式:运动', optional: false }),
    feat('雪地', 0.5, { key: '模式:雪地', optional: false }),
    feat('越野', 0.45, { key: '模式:越野', optional: false, when: (t) => isSuv(t) && isFourWd(t) }),
  ]),
  feat('发动机启停技术', 0.1, { since: 2018, when: hasEngine, given: (t) => hasMotor(t), optional: false }),
  feat('自动驻车', 0.3, { when: (t) => has(t, ELECTRIC_PARKING), optional: false }),
  feat('上坡辅助', 0.08),
  feat('陡坡缓降', 0.35, { when: isSuv }),
  feat('可变转向比', 0.65),
  row('能量回收系统', (t) => (hasMotor(t) ? STD : NONE)),
  feat('单踏板模式', 0.3, { since: 2021, smart: true, when: motorDriven, optional: false }),
  feat('涉水感应', 0.95, { since: 2023, smart: true, when: isSuv }),
  feat('前/后桥差速锁', 0.9, { when: (t) => isSuv(t) && isFourWd(t) && !isBev(t) }),
  feat('弹射起步', 0.78, { since: 2021, when: (t) => isFourWd(t) || isSports(t) }),
];

const driverAssist: ConfigItemSpec[] = [
  group('辅助驾驶等级', [
    row('辅助驾驶芯片', (t) => adasChip(t)?.chip ?? NONE),
    row('芯片总算力', (t) => {
      const c = adasChip(t);
      return c ? `${c.tops}TOPS` : NONE;
    }),
    feat('自动变道辅助', 0.7, { since: 2021, smart: true, given: fromTier(3), when: fromTier(2) }),
    tierFeat('匝道自动驶出(入)', 3),
    tierFeat('高速领航辅助(NOA)', 3),
    tierFeat('城市领航辅助(NOA)', 4),
    tierFeat('红绿灯识别启停', 4),
  ], (t) => (adasTier(t) >= 2 ? 'L2' : NONE)),
  group('感知硬件', [
    row('摄像头数量', (t) => pieces(sensorsOf(t).cameras)),
    row('超声波雷达数量', (t) => pieces(sensorsOf(t).ultrasonic)),
    row('毫米波雷达数量', (t) => pieces(sensorsOf(t).radars)),
    row('激光雷达数量', (t) => pieces(sensorsOf(t).lidars)),
  ]),
  row('巡航系统', (t) => {
    const tier = adasTier(t);
    return tier >= 2 ? '全速自适应巡航' : tier === 1 ? '自适应巡航' : has(t, CRUISE) ? '定速巡航' : NONE;
  }),
  group('泊车辅助', [
    row('前驻车雷达', (t) => (parkingOf(t).frontRadar ? STD : NONE)),
    row('后驻车雷达', (t) => (parkingOf(t).rearRadar ? STD : NONE)),
    group('驾驶辅助影像', [
      row('倒车影像', (t) => (parkingOf(t).rearCamera ? STD : NONE)),
      row('360度全景影像', (t) => (parkingOf(t).surround ? STD : NONE)),
      feat('透明底盘/540度影像', 0.68, { since: 2021, smart: true, when: (t) => parkingOf(t).surround }),
    ]),
    row('自动泊车入位', (t) => (parkingOf(t).autoPark ? STD : NONE)),
    feat('遥控泊车', 0.82, { since: 2021, smart: true, when: (t) => parkingOf(t).autoPark }),
    feat('循迹倒车', 0.8, { since: 2022, smart: true, when: (t) => parkingOf(t).autoPark }),
    feat('记忆泊车', 0.9, { since: 2023, smart: true, when: (t) => parkingOf(t).autoPark, given: fromTier(4) }),
  ]),
];

const exterior: ConfigItemSpec[] = [
  row('天窗类型', (t) =>
    byTier(t, '天窗', [[0.28, '电动天窗'], [0.45, isPlugIn(t) && t.modelYear >= 2021 ? '全景天幕' : '电动全景天窗']],
      { when: (s) => !isSports(s) })),
  feat('运动外观套件', 0.62),
  group('电动后备厢', [
    feat('感应后备厢', 0.68, { when: (t) => has(t, POWER_TAILGATE) }),
    feat('电动后备厢位置记忆', 0.6, { when: (t) => has(t, POWER_TAILGATE), optional: false }),
  ], (t, rng) => equip(t, rng, POWER_TAILGATE)),
  feat('无框设计车门', 0.7, { when: (t) => (isSports(t) || t.body === '三厢' || t.body === '两厢') && lineChance(t, 'frameless', 0.35) }),
  feat('隐藏电动门把手', 0.45, { since: 2020, smart: true, when: (t) => isPlugIn(t) || isSports(t), optional: false }),
  feat('电动吸合车门', 0.8, { since: 2020 }),
  tierRow('侧滑门形式', [[-1, '手动侧滑门'], [0.45, '电动侧滑门']], { when: isMpv }),
  feat('车顶行李架', 0.2, { when: (t) => isSuv(t) || t.body === '旅行车' }),
  row('发动机电子防盗', (t) => (hasEngine(t) ? STD : NONE)),
  feat('车内中控锁', -1),
  tierRow('钥匙类型', [
    [-1, '遥控钥匙'],
    [0.35, '遥控钥匙 蓝牙钥匙', 2019],
    [0.5, '遥控钥匙 蓝牙钥匙 NFC/RFID钥匙', 2020],
    [0.75, '遥控钥匙 蓝牙钥匙 NFC/RFID钥匙 UWB数字钥匙', 2022],
  ], { smart: true }),
  feat('无钥匙启动系统', 0.2),
  tierRow('无钥匙进入功能', [[0.3, '前排'], [0.6, '全车']]),
  feat('远程启动功能', 0.35, { since: 2019, smart: true }),
  feat('主动闭合式进气格栅', 0.7, { when: hasEngine }),
  feat('电动扰流板', 0.88, { when: (t) => isSports(t) || (isBev(t) && t.body === '三厢') }),
];

const interior: ConfigItemSpec[] = [
  tierRow('方向盘材质', [[-1, '塑料'], [0.2, '皮质'], [0.7, '真皮']]),
  tierRow('方向盘位置调节', [[-1, '手动上下调节'], [0.2, '手动上下+前后调节'], [0.78, '电动上下+前后调节']]),
  feat('多功能方向盘', 0.08),
  feat('方向盘加热', 0.62),
  feat('方向盘记忆', 0.8, { key: '方向盘位置调节', optional: false }),
  row('换挡形式', (t) => {
    if (isManual(t)) return '机械挡杆';
    const floor = isPlugIn(t) ? '旋钮换挡' : '机械挡杆';
    return byTier(t, '换挡形式', [[-1, floor], [0.3, '电子挡杆'], [0.5, '怀挡式电子挡杆', 2020]], { smart: true });
  }),
  tierRow('行车电脑显示屏幕', [[-1, '单色'], [0.15, '彩色']]),
  feat('全液晶仪表盘', 0.3, { since: 2019, smart: true, key: '液晶仪表', optional: false }),
  tierRow('液晶仪表尺寸', [[0.3, '7英寸'], [0.45, '10.25英寸'], [0.62, '12.3英寸']], { since: 2019, smart: true, key: '液晶仪表' }),
  tierRow('HUD抬头数字显示', [[0.7, 'W-HUD'], [0.86, 'AR-HUD', 2022]], { smart: true }),
  feat('内置行车记录仪', 0.55, { since: 2020, smart: true }),
  feat('主动降噪', 0.8),
  group('手机无线充电功能', [
    row('前排', (t) => (has(t, WIRELESS_CHARGE) ? STD : NONE)),
    feat('后排', 0.92, { since: 2022, key: '后排无线充电', when: (t) => has(t, WIRELESS_CHARGE) }),
    row('最大充电功率', (t) => (has(t, WIRELESS_CHARGE) ? (t.modelYear >= 2022 && richness(t) > 0.55 ? '50W' : '15W') : NONE)),
  ], (t) => (has(t, WIRELESS_CHARGE) ? STD : NONE)),
  group('多媒体/充电接口', [
    tierRow('前排USB/Type-C接口数量', [[-1, '1个'], [0.25, '2个'], [0.6, '3个']]),
    tierRow('后排USB/Type-C接口数量', [[0.3, '1个'], [0.45, '2个']]),
    feat('后备厢12V电源接口', 0.45),
  ]),
  feat('车内220V/230V电源', 0.7, { smart: true, given: (t) => has(t, V2L) && richness(t) > 0.5 }),
];

const seats: ConfigItemSpec[] = [
  tierRow('座椅材质', [[-1, '织物'], [0.25, '仿皮'], [0.5, '皮/织物混搭'], [0.62, '真皮'], [0.9, 'Nappa真皮']]),
  feat('运动风格座椅', 0.75, { when: (t) => isSports(t) || lineChance(t, 'sportySeats', 0.3) }),
  row('座椅布局', seatLayout),
  group('主驾驶座椅', [
    tierRow('调节方式', [[-1, '手动调节'], [0.38, '电动调节']], { key: '主驾电动' }),
    feat('前后调节', -1, { key: '主驾前后' }),
    feat('靠背角度调节', -1, { key: '主驾靠背' }),
    feat('高低调节', 0.15, { key: '主驾高低' }),
    feat('腰部支撑调节', 0.55, { key: '主驾腰托' }),
  ]),
  group('副驾驶座椅', [
    tierRow('调节方式', [[-1, '手动调节'], [0.5, '电动调节']], { key: '副驾电动' }),
    feat('高低调节', 0.42, { key: '副驾高低' }),
    feat('腿托调节', 0.85, { since: 2022, smart: true, key: '副驾腿托' }),
  ]),
  group('前排座椅功能', [
    row('加热', (t) => (has(t, FRONT_SEAT_HEAT) ? STD : NONE)),
    feat('通风', 0.65, { key: '前排通风', when: (t) => has(t, FRONT_SEAT_HEAT) }),
    feat('按摩', 0.8, { key: '前排按摩', when: (t) => has(t, FRONT_SEAT_HEAT) }),
    feat('头枕音响', 0.92, { since: 2023, smart: true, key: '头枕音响' }),
  ]),
  tierRow('电动座椅记忆功能', [[0.6, '主驾驶位'], [0.8, '主驾驶位 副驾驶位']]),
  feat('副驾驶位后排可调节按钮', 0.6, { when: (t) => !isSports(t) }),
  tierRow('第二排座椅调节', [[-1, '靠背调节'], [0.35, '前后+靠背调节'], [0.72, '电动前后+靠背调节']], {
    when: (t) => !isSports(t) && t.seats >= 4,
  }),
  group('第二排座椅功能', [
    feat('加热', 0.7, { key: '二排加热', when: (t) => !isSports(t) }),
    feat('通风', 0.86, { key: '二排通风', when: (t) => !isSports(t) }),
    feat('按摩', 0.92, { key: '二排按摩', when: (t) => !isSports(t) }),
  ]),
  row('第二排独立座椅', (t) => (seatsInRow(t, 1) === 2 ? STD : NONE)),
  feat('零重力座椅', 0.95, {
    since: 2023, smart: true,
    when: (t) => has(t, FRONT_SEAT_HEAT) && !isSports(t) && (isMpv(t) || hasThirdRow(t) || sizeStep(t.segment) >= 3),
  }),
  row('第三排座椅', (t) => pieces(seatsInRow(t, 2))),
  tierRow('后排座椅放倒形式', [[-1, '整体放倒'], [0.2, '比例放倒']], { when: (t) => !isSports(t) && !isMpv(t) }),
  feat('后排座椅电动放倒', 0.9, { when: (t) => !isSports(t) }),
  tierRow('前/后中央扶手', [[-1, '前排'], [0.2, '前排 后排']]),
  feat('后排杯架', 0.25),
];

const connectivity: ConfigItemSpec[] = [
  group('中控彩色屏幕', [
    tierRow('中控屏幕尺寸', [
      [-1, '7英寸'], [0.2, '8英寸'], [0.3, '10.1英寸', 2019], [0.45, '12.3英寸', 2020], [0.6, '14.6英寸', 2021],
      [0.75, '15.6英寸', 2022], [0.9, '17英寸', 2023],
    ], { smart: true, key: '中控屏' }),
    tierRow('屏幕类型', [[-1, 'LCD'], [0.9, 'OLED', 2023]], { smart: true, key: '中控屏' }),
    tierRow('副驾娱乐屏尺寸', [[0.84, '12.3英寸', 2022], [0.95, '15.6英寸', 2023]], { smart: true, when: (t) => !isSports(t) }),
    tierRow('后排液晶屏幕', [[0.8, '15.6英寸', 2021], [0.95, '21.4英寸', 2023]], {
      smart: true, when: (t) => isMpv(t) || (isSuv(t) && sizeStep(t.segment) >= 3),
    }),
  ], () => '触控液晶屏'),
  tierRow('车机智能芯片', [
    [0.15, '联发科MT8667'], [0.35, '高通骁龙820A', 2019], [0.48, '高通骁龙8155', 2021], [0.78, '高通骁龙8295', 2024],
  ], { smart: true, key: '车机芯片' }),
  tierRow('车机系统内存', [
    [0.15, '2GB'], [0.35, '4GB', 2019], [0.48, '8GB', 2021], [0.6, '12GB', 2022], [0.78, '16GB', 2024], [0.92, '24GB', 2025],
  ], { smart: true, key: '车机芯片' }),
  group('语音识别控制系统', [
    feat('连续识别', 0.45, { since: 2021, smart: true, when: (t) => has(t, VOICE) }),
    feat('可见即可说', 0.55, { since: 2021, smart: true, when: (t) => has(t, VOICE) }),
    tierRow('多音区识别', [[0.55, '双音区', 2021], [0.75, '四音区', 2022]], { smart: true, when: (t) => has(t, VOICE) }),
    feat('免唤醒词', 0.62, { since: 2022, smart: true, when: (t) => has(t, VOICE) }),
  ], (t) => (has(t, VOICE) ? STD : NONE)),
  feat('卫星导航系统', 0.22, { optional: false }),
  feat('导航路况信息显示', 0.3, { since: 2019, optional: false }),
  feat('AR实景导航', 0.8, { since: 2022, smart: true }),
  feat('道路救援呼叫', 0.4, { smart: true }),
  tierRow('手机互联/映射', [[0.2, 'CarLife'], [0.35, 'CarPlay CarLife'], [0.6, 'CarPlay CarLife HiCar', 2021]], {
    when: (t) => !(isPlugIn(t) && !t.luxury && lineChance(t, 'ownEcosystem', 0.5)),
  }),
  tierRow('车联网', [[0.3, '4G', 2019], [0.75, '5G', 2022]], { smart: true }),
  feat('OTA升级', 0.35, { since: 2020, smart: true, optional: false }),
  group('手机APP远程功能', [
    feat('车门控制', -1, { key: 'APP车门', when: (t) => has(t, REMOTE_APP) }),
    feat('车窗控制', 0.35, { key: 'APP车窗', when: (t) => has(t, REMOTE_APP) }),
    feat('空调控制', -1, { key: 'APP空调', when: (t) => has(t, REMOTE_APP) }),
    row('座椅加热', (t) => (has(t, REMOTE_APP) && has(t, FRONT_SEAT_HEAT) ? STD : NONE)),
    feat('车辆定位/寻车', -1, { key: 'APP定位', when: (t) => has(t, REMOTE_APP) }),
    row('充电管理', (t) => (has(t, REMOTE_APP) && isPlugIn(t) ? STD : NONE)),
  ], (t) => (has(t, REMOTE_APP) ? STD : NONE)),
  feat('面部识别', 0.7, { since: 2021, smart: true }),
  feat('手势控制', 0.86, { since: 2021, smart: true }),
  feat('应用商店', 0.5, { since: 2021, smart: true, optional: false }),
];

const media: ConfigItemSpec[] = [
  row('扬声器品牌', (t) =>
    byTier(t, SPEAKER_KEY, [[0.68, linePick(t, 'audioBrand', t.luxury
      ? ['Bose', '哈曼卡顿', 'Burmester', 'Bowers & Wilkins', '柏林之声', 'Meridian']
      : ['Bose', '丹拿', '雅马哈', '索尼', 'JBL', '哈曼卡顿'])]])),
  tierRow('扬声器数量', SPEAKER_TIERS, { key: SPEAKER_KEY }),
  feat('杜比全景声', 0.86, { since: 2022, smart: true }),
  feat('车载KTV', 0.72, { since: 2022, smart: true, when: isPlugIn, optional: false }),
  feat('后排控制多媒体', 0.8, { when: (t) => !isSports(t) }),
  feat('蓝牙/车载电话', 0.05),
  feat('车外扬声器', 0.9, { since: 2023, smart: true, when: isPlugIn, optional: false }),
];

const lights: ConfigItemSpec[] = [
  tierRow('近光灯光源', [[-1, '卤素'], [0.22, 'LED']], { since: 2018, key: '大灯' }),
  tierRow('远光灯光源', [[-1, '卤素'], [0.3, 'LED']], { since: 2018, key: '大灯' }),
  tierRow('灯光特色功能', [[0.72, '矩阵式'], [0.92, 'DLP投影', 2023]], { smart: true }),
  feat('LED日间行车灯', 0.05, { since: 2018 }),
  feat('自适应远近光', 0.55, { since: 2019 }),
  feat('自动头灯', 0.3),
  feat('转向辅助灯', 0.5),
  feat('转向头灯', 0.75),
  tierRow('前雾灯', [[0.1, '卤素'], [0.4, 'LED']], { when: (t) => !(isBev(t) && t.modelYear >= 2022) }),
  feat('大灯雨雾模式', 0.7),
  feat('大灯高度可调', 0.18),
  feat('大灯延时关闭', 0.25),
  feat('大灯清洗装置', 0.9, { when: (t) => t.luxury || sizeStep(t.segment) >= 4 }),
  group('车内环境氛围灯', [
    tierRow('氛围灯颜色', [[-1, '单色'], [0.55, '多色', 2020], [0.72, '256色', 2021]], {
      smart: true, key: '氛围灯色', when: (t) => has(t, AMBIENT_LIGHT),
    }),
    feat('律动氛围灯', 0.78, { since: 2021, smart: true, when: (t) => has(t, AMBIENT_LIGHT) }),
  ], (t) => (has(t, AMBIENT_LIGHT) ? STD : NONE)),
  feat('贯穿式尾灯', 0.4, { since: 2021, smart: true, key: '贯穿尾灯', optional: false, when: (t) => lineChance(t, 'lightBar', 0.7) }),
];

const glass: ConfigItemSpec[] = [
  feat('前电动车窗', -1),
  row('后电动车窗', (t) => (bodyOf(t).doors >= 4 && t.seats >= 4 ? STD : NONE)),
  tierRow('车窗一键升降功能', [[-1, '主驾驶位'], [0.4, '前排'], [0.6, '全车']], { when: (t) => !(t.segment === 1 && richness(t) < 0.2) }),
  feat('车窗防夹手功能', 0.2),
  tierRow('多层隔音玻璃', [[0.5, '前排'], [0.75, '全车']]),
  group('外后视镜功能', [
    feat('电动调节', -1, { key: '外后视镜调节' }),
    feat('电动折叠', 0.35, { optional: false }),
    feat('后视镜加热', 0.28),
    feat('后视镜记忆', 0.75, { optional: false }),
    feat('倒车自动下翻', 0.7),
    feat('锁车自动折叠', 0.45, { key: '电动折叠', optional: false }),
  ]),
  tierRow('内后视镜功能', [[-1, '手动防眩目'], [0.6, '自动防眩目'], [0.88, '流媒体后视镜', 2021]]),
  feat('后风挡遮阳帘', 0.85, { when: (t) => t.body === '三厢' }),
  feat('后排侧窗遮阳帘', 0.86, { when: (t) => !isSports(t) }),
  feat('后排隐私玻璃', 0.38, { when: (t) => isSuv(t) || isMpv(t) || t.body === '两厢' }),
  tierRow('车内化妆镜', [[-1, '主驾驶位 副驾驶位'], [0.4, '主驾驶位+照明灯 副驾驶位+照明灯']]),
  tierRow('感应雨刷功能', [[0.45, '雨量感应式']]),
  row('后雨刷', (t) => (t.body === '三厢' || isSports(t) ? NONE : STD)),
  feat('电加热前挡风玻璃', 0.9),
  feat('调光天幕', 0.95, { since: 2023, smart: true }),
];

const climate: ConfigItemSpec[] = [
  tierRow('空调温度控制方式', [[-1, '手动空调'], [0.25, '自动空调']]),
  tierRow('温度分区控制', [[0.5, '双温区'], [0.85, '三温区'], [0.95, '四温区', 2022]], {
    key: '温区', when: (t) => t.segment !== 1,
  }),
  feat('后排独立空调', 0.85, { key: '温区', when: (t) => isMpv(t) || hasThirdRow(t) || sizeStep(t.segment) >= 4 }),
  feat('后座出风口', 0.2, { when: (t) => t.segment !== 1 }),
  feat('热泵空调', 0.4, { since: 2021, smart: true, when: isPlugIn, optional: false }),
  feat('车内PM2.5过滤装置', 0.3),
  feat('空气净化器', 0.7),
  feat('负离子发生器', 0.75),
  feat('车内香氛装置', 0.8),
  group('车载冰箱', [
    row('容积', (t) => (has(t, FRIDGE) ? `${Math.round(lineRange(t, 'fridge', 6, 10))}L` : NONE)),
    feat('冷暖功能', 0.8, { key: '冰箱冷暖', when: (t) => has(t, FRIDGE) }),
  ], (t, rng) => equip(t, rng, FRIDGE)),
];

export const CONFIG_CATEGORIES: ConfigCategorySpec[] = [
  { name: '基本信息', items: basicInfo },
  { name: '车身', items: body },
  { name: '发动机', items: engine },
  { name: '电动机', items: motor },
  { name: '电池/充电', items: battery },
  { name: '变速箱', items: gearbox },
  { name: '底盘/转向', items: chassis },
  { name: '车轮/制动', items: wheels },
  { name: '主动安全', items: activeSafety },
  { name: '被动安全', items: passiveSafety },
  { name: '驾驶操控', items: handling },
  { name: '驾驶辅助', items: driverAssist },
  { name: '外观/防盗', items: exterior },
  { name: '内部配置', items: interior },
  { name: '座椅配置', items: seats },
  { name: '智能互联', items: connectivity },
  { name: '影音娱乐', items: media },
  { name: '灯光配置', items: lights },
  { name: '玻璃/后视镜', items: glass },
  { name: '空调/冰箱', items: climate },
];
