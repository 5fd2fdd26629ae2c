import { BRAND_PROPERTY_OF, BODY_OF, FUEL_OF, PRODUCER_PROPERTY_OF } from '../reference/data/dictionaries';
import { FAMILIES } from '../reference/data/segments';
import type { Energy } from '../reference/data/types';
import type { Catalog, SubSeriesSpec } from './catalog/types';
import { FIRST_MONTH, LAST_MONTH, parseMonth } from './market-model';
import { Rng, hashString } from './rng';

export interface ProducerRow {
  id: number;
  name: string;
  initial: string;
  property: number;
  brandType: number;
}
export interface BrandRow {
  id: number;
  name: string;
  initial: string;
  property: number;
  familyId: number;
  groupId: number;
  brandType: number;
  luxury: boolean;
}
export interface ProducerBrandRow {
  id: number;
  name: string;
  initial: string;
  producerId: number;
  brandId: number;
}
export interface SeriesRow {
  id: number;
  name: string;
  initial: string;
  producerBrandId: number;
}
export interface SubSeriesRow {
  id: number;
  code: string;
  name: string;
  initial: string;
  seriesId: number;
  producerBrandId: number;
  producerId: number;
  brandId: number;
  segmentId: number;
  bodyType: number;
  fuel: number;
  launchMonth: number;
  endMonth: number | null;
  spec: SubSeriesSpec;
}
export interface TrimRow {
  id: number;
  jllCode: string;
  name: string;
  subSeriesId: number;
  seriesId: number;
  producerBrandId: number;
  producerId: number;
  brandId: number;
  segmentId: number;
  modelYear: number;
  msrp: number;
  fuel: number;
  engine: string | null;
  batteryKwh: number | null;
  bodyType: number;
  gearbox: number;
  drive: number;
  emissionStandard: number | null;
  modelLevel: number;
  seats: number;
  launchMonth: number;
  endMonth: number | null;
  /** 0 cheapest … 1 dearest of its model year; shapes popularity and equipment. */
  lineupRank: number;
  /** Relative popularity within its sub-series. */
  popularity: number;
  energy: Energy;
  luxury: boolean;
}

export interface Dimensions {
  groups: Array<{ id: number; name: string }>;
  producers: ProducerRow[];
  brands: BrandRow[];
  producerBrands: ProducerBrandRow[];
  series: SeriesRow[];
  subSeries: SubSeriesRow[];
  trims: TrimRow[];
}

const LEVEL_NAMES = ['进取版', '舒适版', '豪华版', '尊贵版', '旗舰版'];
const NEV_LEVEL_NAMES = ['出行版', '领先型', '智享版', '尊贵型', '旗舰型'];

/** Builds every dimension row from the catalog: ids in catalog order, trims per model year. */
export function buildDimensions(catalog: Catalog, seed: number): Dimensions {
  const rng = new Rng(seed);
  const familyId = new Map(FAMILIES.map((f) => [f.name, f.id]));
  const groupIds = new Map<string, number>();
  for (const brand of catalog.brands) if (!groupIds.has(brand.group)) groupIds.set(brand.group, groupIds.size + 1);

  const producers: ProducerRow[] = catalog.producers.map((p, i) => ({
    id: i + 1,
    name: p.name,
    initial: p.initial,
    property: PRODUCER_PROPERTY_OF[p.property],
    brandType: p.brandType,
  }));
  const producerByName = new Map(producers.map((p) => [p.name, p]));
  const brandTypeOfBrand = new Map<string, number>();
  for (const s of catalog.subSeries) {
    const producer = producerByName.get(s.producer);
    if (producer && !brandTypeOfBrand.has(s.brand)) brandTypeOfBrand.set(s.brand, producer.brandType);
  }
  const brands: BrandRow[] = catalog.brands.map((b, i) => ({
    id: i + 1,
    name: b.name,
    initial: b.initial,
    property: BRAND_PROPERTY_OF[b.property],
    familyId: familyId.get(b.family) ?? 7,
    groupId: groupIds.get(b.group) ?? 1,
    brandType: brandTypeOfBrand.get(b.name) ?? (b.family === '自主' ? 1 : 0),
    luxury: b.property === '豪华',
  }));
  const brandByName = new Map(brands.map((b) => [b.name, b]));

  const producerBrands: ProducerBrandRow[] = [];
  const pbKey = new Map<string, ProducerBrandRow>();
  const series: SeriesRow[] = [];
  const seriesKey = new Map<string, SeriesRow>();
  const subSeries: SubSeriesRow[] = [];
  const trims: TrimRow[] = [];

  for (const spec of catalog.subSeries) {
    const producer = producerByName.get(spec.producer);
    const brand = brandByName.get(spec.brand);
    if (!producer || !brand) throw new Error(`catalog: ${spec.name} names an unknown producer or brand`);
    const launch = parseMonth(spec.launch);
    const end = spec.end ? parseMonth(spec.end) : null;
    if ((end !== null && end < FIRST_MONTH) || launch > LAST_MONTH) continue;

    const key = `${producer.id}:${brand.id}`;
    let pb = pbKey.get(key);
    if (!pb) {
      const name = producer.name.endsWith(brand.name) ? producer.name : `${producer.name}-${brand.name}`;
      pb = { id: producerBrands.length + 1, name, initial: producer.initial, producerId: producer.id, brandId: brand.id };
      producerBrands.push(pb);
      pbKey.set(key, pb);
    }
    const sKey = `${pb.id}:${spec.series}`;
    let s = seriesKey.get(sKey);
    if (!s) {
      s = { id: series.length + 1, name: spec.series, initial: spec.initial, producerBrandId: pb.id };
      series.push(s);
      seriesKey.set(sKey, s);
    }
    const sub: SubSeriesRow = {
      id: subSeries.length + 1,
      code: `MS${String(subSeries.length + 1).padStart(5, '0')}`,
      name: spec.name,
      initial: spec.initial,
      seriesId: s.id,
      producerBrandId: pb.id,
      producerId: producer.id,
      brandId: brand.id,
      segmentId: spec.segment,
      bodyType: BODY_OF[spec.body],
      fuel: FUEL_OF[spec.energy],
      launchMonth: launch,
      endMonth: end,
      spec,
    };
    subSeries.push(sub);
    trims.push(...buildTrims(sub, brand, rng.fork(hashString(spec.name)), trims.length + 1));
  }
  return { groups: [...groupIds].map(([name, id]) => ({ id, name })), producers, brands, producerBrands, series, subSeries, trims };
}

/**
 * The trims (车型) of one sub-series: one model year (年款) after another, each on sale from late in the
 * year before until a few months after the next one arrives, with two to five trims spread over the
 * sub-series' price range.
 */
function buildTrims(sub: SubSeriesRow, brand: BrandRow, rng: Rng, firstId: number): TrimRow[] {
  const spec = sub.spec;
  const offset = 7 + rng.int(0, 5); // model years arrive between July and December of the year before
  const firstYear = Math.max(Math.floor(sub.launchMonth / 100), 2018);
  const lastYear = Math.min(sub.endMonth ? Math.floor(sub.endMonth / 100) : 2026, 2026);
  const years: Array<{ year: number; start: number; end: number | null }> = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const start = Math.max(sub.launchMonth, year === firstYear ? sub.launchMonth : (year - 1) * 100 + offset);
    years.push({ year, start, end: null });
  }
  for (let i = 0; i < years.length; i++) {
    const next = years[i + 1];
    years[i].end = next ? addMonths(next.start, 3) : sub.endMonth;
  }
  const visible = years.filter((y) => y.start <= LAST_MONTH && (y.end === null || y.end >= FIRST_MONTH));
  const trims: TrimRow[] = [];
  const count = 2 + (spec.peakMonthly > 12000 ? 2 : spec.peakMonthly > 3000 ? 1 : 0);
  for (const y of visible) {
    const n = Math.max(2, Math.min(5, count + rng.int(-1, 1)));
    const [low, high] = spec.price;
    // New-energy prices fall from 2023; every model year nudges prices a little.
    const drift = isNev(spec.energy) && y.year >= 2023 ? 1 - 0.04 * (y.year - 2022) * rng.next() : 1 + 0.01 * rng.int(-1, 2);
    for (let i = 0; i < n; i++) {
      const rank = n === 1 ? 0.5 : i / (n - 1);
      const price = (low + (high - low) * rank) * 10000 * drift;
      const msrp = Math.max(19800, Math.round(price / 1000) * 1000 - 200);
      const engine = spec.energy === 'BEV' ? null : pickByRank(spec.engines ?? [defaultEngine(spec.energy)], rank);
      const battery = ['BEV', 'PHEV', 'EREV'].includes(spec.energy) ? pickByRank(spec.batteries ?? defaultBatteries(spec.energy), rank) : null;
      const gearbox = gearboxOf(spec.energy, brand, msrp, rank, rng);
      const drive = spec.body === 'SUV' && rank > 0.7 && rng.chance(0.5) ? 3 : spec.energy === 'BEV' && rng.chance(0.25) ? 2 : 1;
      const levels = isNev(spec.energy) ? NEV_LEVEL_NAMES : LEVEL_NAMES;
      const level = levels[Math.min(levels.length - 1, Math.round(rank * (levels.length - 1)))];
      const id = firstId + trims.length;
      trims.push({
        id,
        jllCode: `JLL${String(id).padStart(7, '0')}`,
        name: `${y.year}款 ${trimPowerLabel(spec.energy, engine, battery, gearbox)} ${level}`,
        subSeriesId: sub.id,
        seriesId: sub.seriesId,
        producerBrandId: sub.producerBrandId,
        producerId: sub.producerId,
        brandId: sub.brandId,
        segmentId: sub.segmentId,
        modelYear: y.year,
        msrp,
        fuel: sub.fuel,
        engine,
        batteryKwh: battery,
        bodyType: sub.bodyType,
        gearbox,
        drive,
        emissionStandard: spec.energy === 'BEV' ? null : y.year >= 2021 ? 1 : y.year === 2020 ? 2 : 3,
        modelLevel: modelLevelOf(sub.segmentId, msrp),
        seats: seatsOf(spec, rank),
        launchMonth: y.start,
        endMonth: y.end,
        lineupRank: rank,
        popularity: (1.15 - 0.7 * Math.abs(rank - 0.3)) * (0.7 + 0.6 * rng.next()),
        energy: spec.energy,
        luxury: brand.luxury,
      });
    }
  }
  return trims;
}

export function isNev(energy: Energy): boolean {
  return energy === 'BEV' || energy === 'PHEV' || energy === 'EREV';
}

export function addMonths(month: number, n: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1 + n;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

function pickByRank<T>(items: readonly T[], rank: number): T {
  return items[Math.min(items.length - 1, Math.floor(rank * items.length))];
}

function defaultEngine(energy: Energy): string {
  return energy === 'DIESEL' ? '2.0T' : '1.5L';
}

function defaultBatteries(energy: Energy): number[] {
  return energy === 'BEV' ? [51.0, 66.0, 78.0] : [18.3, 26.6];
}

function gearboxOf(energy: Energy, brand: BrandRow, msrp: number, rank: number, rng: Rng): number {
  if (energy === 'BEV' || energy === 'EREV') return 5;
  if (energy === 'HEV' || energy === 'PHEV') return 3;
  if (msrp < 90000 && rank === 0 && rng.chance(0.6)) return 1;
  if (brand.familyId === 3) return 3; // Japanese makers favour CVTs
  if (brand.familyId === 2 || brand.familyId === 1) return rng.chance(0.6) ? 4 : 2;
  return 2;
}

function trimPowerLabel(energy: Energy, engine: string | null, battery: number | null, gearbox: number): string {
  const box = { 1: '手动', 2: '自动', 3: 'CVT', 4: '双离合', 5: '' }[gearbox] ?? '';
  if (energy === 'BEV') return `${Math.round((battery ?? 60) * 6.8)}km`;
  if (energy === 'PHEV') return `${engine} PHEV ${Math.round((battery ?? 18) * 5.6)}km`;
  if (energy === 'EREV') return `增程 ${Math.round((battery ?? 40) * 5.4)}km`;
  if (energy === 'HEV') return `${engine} 混动`;
  return `${engine} ${box}`.trim();
}

function modelLevelOf(segmentId: number, msrp: number): number {
  if (msrp >= 600000) return 6;
  return ({ 1: 1, 2: 2, 6: 2, 3: 3, 7: 3, 10: 3, 4: 4, 8: 4, 11: 4, 13: 4, 5: 5, 9: 5, 12: 5 } as Record<number, number>)[segmentId] ?? 3;
}

function seatsOf(spec: SubSeriesSpec, rank: number): number {
  if (spec.segment === 1) return 4;
  if (spec.body === 'MPV') return 7;
  if (spec.body === '跑车') return 2;
  if (spec.segment === 9 && rank > 0.5) return 6;
  return 5;
}
