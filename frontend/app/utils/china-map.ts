/**
 * The China map's geography, as pure data and functions (no chart code): which map file shows a node of
 * the area drill (nation → big region → province → city), the seven big regions and their provinces,
 * and how a map's place names meet the API's ('广东' / '广东省', '那曲地区' / '那曲市').
 *
 * The map files are written at build time by `scripts/build-map-geometry.mjs` into
 * `/static/json/map/{mapId}.json`: `cn`, a region id `1`-`7`, or a province's 6-digit code.
 * The region and province table mirrors the API's reference data (backend/src/reference/data/geography.ts,
 * pinned by china-map.spec.ts); 香港, 澳门 and 台湾 are drawn but have no sales in the API.
 */

/** The API's area levels (`level` / `dimensionality`): 0 the nation, 1 big region, 2 province, 3 city. */
export type AreaLevel = 0 | 1 | 2 | 3;

export const NATION_MAP_ID = 'cn';

export interface Region {
  /** The API's region id, 1-7. */
  id: number;
  name: string;
}

export const REGIONS: readonly Region[] = [
  { id: 1, name: '华北' },
  { id: 2, name: '东北' },
  { id: 3, name: '华东' },
  { id: 4, name: '华中' },
  { id: 5, name: '华南' },
  { id: 6, name: '西南' },
  { id: 7, name: '西北' },
];

export interface Province {
  /** 6-digit administrative code. */
  code: number;
  /** Full name: '广东省', '广西壮族自治区'. */
  name: string;
  /** As maps and the API's tables write it: '广东', '广西'. */
  shortName: string;
  regionId: number;
  /** false for 香港, 澳门 and 台湾: on the map, not in the API's geography. */
  inApi: boolean;
}

const p = (code: number, name: string, shortName: string, regionId: number, inApi = true): Province => ({
  code,
  name,
  shortName,
  regionId,
  inApi,
});

export const PROVINCES: readonly Province[] = [
  p(110000, '北京市', '北京', 1),
  p(120000, '天津市', '天津', 1),
  p(130000, '河北省', '河北', 1),
  p(140000, '山西省', '山西', 1),
  p(150000, '内蒙古自治区', '内蒙古', 1),
  p(210000, '辽宁省', '辽宁', 2),
  p(220000, '吉林省', '吉林', 2),
  p(230000, '黑龙江省', '黑龙江', 2),
  p(310000, '上海市', '上海', 3),
  p(320000, '江苏省', '江苏', 3),
  p(330000, '浙江省', '浙江', 3),
  p(340000, '安徽省', '安徽', 3),
  p(350000, '福建省', '福建', 3),
  p(360000, '江西省', '江西', 3),
  p(370000, '山东省', '山东', 3),
  p(410000, '河南省', '河南', 4),
  p(420000, '湖北省', '湖北', 4),
  p(430000, '湖南省', '湖南', 4),
  p(440000, '广东省', '广东', 5),
  p(450000, '广西壮族自治区', '广西', 5),
  p(460000, '海南省', '海南', 5),
  p(500000, '重庆市', '重庆', 6),
  p(510000, '四川省', '四川', 6),
  p(520000, '贵州省', '贵州', 6),
  p(530000, '云南省', '云南', 6),
  p(540000, '西藏自治区', '西藏', 6),
  p(610000, '陕西省', '陕西', 7),
  p(620000, '甘肃省', '甘肃', 7),
  p(630000, '青海省', '青海', 7),
  p(640000, '宁夏回族自治区', '宁夏', 7),
  p(650000, '新疆维吾尔自治区', '新疆', 7),
  // The seven-region convention puts Hong Kong and Macao in 华南 and Taiwan in 华东.
  p(710000, '台湾省', '台湾', 3, false),
  p(810000, '香港特别行政区', '香港', 5, false),
  p(820000, '澳门特别行政区', '澳门', 5, false),
];

/** The API's four municipalities are each one city, coded with the province's code (110000 北京市). */
export const MUNICIPALITY_CODES: readonly number[] = [110000, 120000, 310000, 500000];

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
export function mapIdOf(level: AreaLevel | null | undefined, code?: number | string | null): string {
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
  const stem = trimmed
    .replace(AUTONOMOUS, '')
    .replace(/(?:特别行政区|自治区|省|市|地区|盟|林区)$/, '');
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
