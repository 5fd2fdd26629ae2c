/**
 * The China map's geography, as pure data and functions (no chart code): which map file shows a node of
 * the area drill (nation → big region → province → city), the seven big regions and their provinces,
 * and how a map's place names meet the API's ('广东' / '广东省', '那曲地区' / '那曲市').
 *
 * The map files are written at build time by `scripts/build-map-geometry.mjs` into
 * `/static/json/map/{mapId}.json`: `cn`, a region id `1`-`7`, or a province's 6-digit code.
 * Regions and provinces are the contract's (@car/contracts, geography.ts), as the API's reference data
 * and the map build read them; 香港, 澳门 and 台湾 are drawn but have no sales in the API.
 */
import { MAP_ONLY_PROVINCES, PROVINCES as API_PROVINCES, REGIONS, type AreaLevel, type Province, type Region } from '@car/contracts';

/** Every province the map draws: the API's 31 and the three drawn without sales (`inApi` false). */
export const PROVINCES: ReadonlyArray<Province & { inApi: boolean }> = [
  ...API_PROVINCES.map((province) => ({ ...province, inApi: true })),
  ...MAP_ONLY_PROVINCES.map((province) => ({ ...province, inApi: false })),
];

/** A map's level: 0 the nation, then the API's area levels 1 big region, 2 province, 3 city. */
export type MapLevel = 0 | AreaLevel;

export const NATION_MAP_ID = 'cn';

const toCode = (code: number | string | null | undefined): number | null => {
  if (code === null || code === undefined || code === '') return null;
  const n = Number(code);
  return Number.isInteger(n) ? n : null;
};

export function regionById(id: number | string | null | undefined): Region | undefined {
  const n = toCode(id);
  return REGIONS.find((r) => r.id === n);
}

/** The province of a province code, a city code (440100 → 广东) or a name in any of its forms. */
export function provinceOf(codeOrName: number | string | null | undefined): Province | undefined {
  const code = toCode(codeOrName);
  if (code !== null && code >= 100000) {
    const provinceCode = Math.floor(code / 10000) * 10000;
    return PROVINCES.find((pr) => pr.code === provinceCode);
  }
  if (typeof codeOrName !== 'string') return undefined;
  const name = normalizeAreaName(codeOrName);
  return PROVINCES.find((pr) => pr.shortName === name);
}

/** The big region a province (by code, city code or name) belongs to. */
export function regionOfProvince(codeOrName: number | string | null | undefined): Region | undefined {
  const province = provinceOf(codeOrName);
  return province ? regionById(province.regionId) : undefined;
}

export function provincesOfRegion(regionId: number | string): Province[] {
  const id = toCode(regionId);
  return PROVINCES.filter((pr) => pr.regionId === id);
}

/**
 * The map that shows a node of the area drill: the nation ('cn'), a region ('3'), a province ('440000');
 * a city is shown on its province's map. A node that does not exist shows the nation.
 */
export function mapIdOf(level: MapLevel | null | undefined, code?: number | string | null): string {
  const n = toCode(code);
  if (!level || n === null || n === -1) return NATION_MAP_ID;
  if (level === 1) return regionById(n) ? String(n) : NATION_MAP_ID;
  const province = provinceOf(n);
  return province ? String(province.code) : NATION_MAP_ID;
}

/** The level of a map's features: provinces on the nation's and a region's map, cities on a province's. */
export function featureLevelOf(mapId: string): 2 | 3 {
  return mapId === NATION_MAP_ID || regionById(mapId) ? 2 : 3;
}

/** A map file's title: 全国, 华南, 广东省. */
export function mapTitleOf(mapId: string): string {
  if (mapId === NATION_MAP_ID) return '全国';
  return regionById(mapId)?.name ?? provinceOf(mapId)?.name ?? mapId;
}

/** Ethnic names in autonomous prefectures and counties, as in '延边朝鲜族自治州', '巴音郭楞蒙古自治州'. */
const AUTONOMOUS =
  /(?:(?:朝鲜|土家|苗|布依|侗|藏|羌|彝|哈尼|壮|傣|景颇|白|傈僳|回|蒙古|柯尔克孜|哈萨克|维吾尔|黎|纳西|瑶|满|仡佬|水|畲|土|撒拉|保安|东乡|裕固|锡伯|达斡尔|鄂温克|鄂伦春)族?)+自治[州县旗]$/;

/**
 * The short form both sides agree on: '广东省' and '广东' → '广东', '内蒙古自治区' → '内蒙古',
 * '延边朝鲜族自治州' → '延边', '那曲地区' and '那曲市' → '那曲', '锡林郭勒盟' → '锡林郭勒'.
 * Districts and counties keep their suffix ('朝阳区'), so they never meet a city of the same stem.
 */
export function normalizeAreaName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, '');
  const province = PROVINCES.find((pr) => pr.name === trimmed || pr.shortName === trimmed);
  if (province) return province.shortName;
  const stem = trimmed.replace(AUTONOMOUS, '').replace(/(?:特别行政区|自治区|省|市|地区|盟|林区)$/, '');
  return stem.length >= 2 ? stem : trimmed;
}

export function sameAreaName(a: string, b: string): boolean {
  return normalizeAreaName(a) === normalizeAreaName(b);
}

/** A map file's feature properties. */
export interface MapFeatureProperties {
  name: string;
  /** 6-digit code as a string ('440000', '440100'), null where the map knows none (台湾's counties). */
  code: string | null;
  /** The South China Sea inset of the nation's map: drawn in its own frame, never coloured. */
  inset?: true;
}

export interface MapFeature {
  type: 'Feature';
  properties: MapFeatureProperties;
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

export function mapUrlOf(mapId: string): string {
  return `/static/json/map/${encodeURIComponent(mapId)}.json`;
}

/**
 * The row of each feature, by code when the row has one that a feature carries, else by normalised name
 * (the API's '广东' meets the map's '广东'; a city row '那曲市' meets '那曲地区'). Each row colours one feature.
 */
export function matchRows<R extends { name: string; code?: number | string | null }>(
  features: readonly Pick<MapFeatureProperties, 'name' | 'code'>[],
  rows: readonly R[],
): (R | undefined)[] {
  const result: (R | undefined)[] = features.map(() => undefined);
  const taken = new Set<R>();
  const byCode = new Map<string, number>();
  features.forEach((f, i) => {
    if (f.code !== null) byCode.set(String(Number(f.code)), i);
  });
  for (const row of rows) {
    const code = toCode(row.code);
    const index = code === null ? undefined : byCode.get(String(code));
    if (index !== undefined && result[index] === undefined) {
      result[index] = row;
      taken.add(row);
    }
  }
  const byName = new Map<string, number>();
  features.forEach((f, i) => {
    if (result[i] === undefined) byName.set(normalizeAreaName(f.name), i);
  });
  for (const row of rows) {
    if (taken.has(row)) continue;
    const index = byName.get(normalizeAreaName(row.name));
    if (index !== undefined && result[index] === undefined) result[index] = row;
  }
  return result;
}

/**
 * The colour classes of a map (decision 175): quantiles of the values the map shows, so the provinces
 * spread over the ramp whatever the figures' range (a fixed 0-20 % scale made every eastern province the
 * same dark blue). Each class holds about the same number of units; a class's range is its lowest and
 * highest value; equal values never straddle two classes, so with few distinct values there are fewer.
 */
export interface MapClass {
  from: number;
  to: number;
  color: string;
}

/** Light teal to deep blue, the map's five classes; the light end stays distinct from the grey of 无数据. */
export const MAP_CLASS_COLORS = ['#d4efeb', '#8fd1c9', '#4aa9bd', '#2372a8', '#123f7d'] as const;
/** A unit without a value (no sales, no price, or outside the API: 台湾, 香港, 澳门). */
export const MAP_NO_DATA_COLOR = '#e6e8eb';
export const MAP_NO_DATA_LABEL = '无数据';

export function quantileClasses(values: ReadonlyArray<number | null | undefined>, colors: readonly string[] = MAP_CLASS_COLORS): MapClass[] {
  const sorted = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  const count = colors.length;
  const classes: Array<{ from: number; to: number }> = [];
  let start = 0;
  for (let k = 1; k <= count && start < sorted.length; k++) {
    let end = Math.max(start + 1, Math.round((k * sorted.length) / count));
    // Values equal to the class's last stay with it.
    while (end < sorted.length && sorted[end] === sorted[end - 1]) end++;
    if (k === count) end = sorted.length;
    classes.push({ from: sorted[start], to: sorted[end - 1] });
    start = end;
  }
  // Fewer classes than colours: spread them over the ramp, its ends kept.
  return classes.map((c, i) => ({
    ...c,
    color: colors[classes.length === 1 ? colors.length - 1 : Math.round((i * (colors.length - 1)) / (classes.length - 1))],
  }));
}

/** The colour of a value among a map's classes; no value is 无数据's grey. */
export function classColor(value: number | null | undefined, classes: readonly MapClass[]): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || classes.length === 0) return MAP_NO_DATA_COLOR;
  return (classes.find((c) => value <= c.to) ?? classes[classes.length - 1]).color;
}

/** A legend entry's text: '12.3%-15.0%', or the one value of a class that holds one. */
export function classRangeText(c: Pick<MapClass, 'from' | 'to'>, text: (value: number) => string): string {
  const from = text(c.from);
  const to = text(c.to);
  return from === to ? from : `${from} - ${to}`;
}

/** A unit's hover label: '广东：优惠率 12.3%', or '台湾：无数据'. */
export function mapHoverText(name: string, valueText: string | null): string {
  return `${name}：${valueText ?? MAP_NO_DATA_LABEL}`;
}
