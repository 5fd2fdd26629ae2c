/**
 * China's geography as the API and the map name it: the seven big regions (大区) with their ids, and the
 * 31 province-level divisions of the mainland with their 6-digit administrative codes, full and short
 * names. The reference data, the migrations, the API's area levels and the map's build all read these.
 */

/** The levels of an area node (`level` / `dimensionality`): 1 big region, 2 province, 3 city. */
export type AreaLevel = 1 | 2 | 3;

export interface Region {
  /** 1-7, also the region's `code` on the wire. */
  id: number;
  /** 华北, 东北, 华东, 华中, 华南, 西南, 西北 */
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
  /** 6-digit administrative code, e.g. 440000 for 广东省. */
  code: number;
  /** Full name, e.g. '广东省', '广西壮族自治区'. */
  name: string;
  /** As maps and tables write it, e.g. '广东', '广西'. */
  shortName: string;
  regionId: number;
}

export const PROVINCES: readonly Province[] = [
  { code: 110000, name: '北京市', shortName: '北京', regionId: 1 },
  { code: 120000, name: '天津市', shortName: '天津', regionId: 1 },
  { code: 130000, name: '河北省', shortName: '河北', regionId: 1 },
  { code: 140000, name: '山西省', shortName: '山西', regionId: 1 },
  { code: 150000, name: '内蒙古自治区', shortName: '内蒙古', regionId: 1 },
  { code: 210000, name: '辽宁省', shortName: '辽宁', regionId: 2 },
  { code: 220000, name: '吉林省', shortName: '吉林', regionId: 2 },
  { code: 230000, name: '黑龙江省', shortName: '黑龙江', regionId: 2 },
  { code: 310000, name: '上海市', shortName: '上海', regionId: 3 },
  { code: 320000, name: '江苏省', shortName: '江苏', regionId: 3 },
  { code: 330000, name: '浙江省', shortName: '浙江', regionId: 3 },
  { code: 340000, name: '安徽省', shortName: '安徽', regionId: 3 },
  { code: 350000, name: '福建省', shortName: '福建', regionId: 3 },
  { code: 360000, name: '江西省', shortName: '江西', regionId: 3 },
  { code: 370000, name: '山东省', shortName: '山东', regionId: 3 },
  { code: 410000, name: '河南省', shortName: '河南', regionId: 4 },
  { code: 420000, name: '湖北省', shortName: '湖北', regionId: 4 },
  { code: 430000, name: '湖南省', shortName: '湖南', regionId: 4 },
  { code: 440000, name: '广东省', shortName: '广东', regionId: 5 },
  { code: 450000, name: '广西壮族自治区', shortName: '广西', regionId: 5 },
  { code: 460000, name: '海南省', shortName: '海南', regionId: 5 },
  { code: 500000, name: '重庆市', shortName: '重庆', regionId: 6 },
  { code: 510000, name: '四川省', shortName: '四川', regionId: 6 },
  { code: 520000, name: '贵州省', shortName: '贵州', regionId: 6 },
  { code: 530000, name: '云南省', shortName: '云南', regionId: 6 },
  { code: 540000, name: '西藏自治区', shortName: '西藏', regionId: 6 },
  { code: 610000, name: '陕西省', shortName: '陕西', regionId: 7 },
  { code: 620000, name: '甘肃省', shortName: '甘肃', regionId: 7 },
  { code: 630000, name: '青海省', shortName: '青海', regionId: 7 },
  { code: 640000, name: '宁夏回族自治区', shortName: '宁夏', regionId: 7 },
  { code: 650000, name: '新疆维吾尔自治区', shortName: '新疆', regionId: 7 },
];

/**
 * Drawn on the map but outside the API's geography (no sales): the seven-region convention puts Hong
 * Kong and Macao in 华南 and Taiwan in 华东.
 */
export const MAP_ONLY_PROVINCES: readonly Province[] = [
  { code: 710000, name: '台湾省', shortName: '台湾', regionId: 3 },
  { code: 810000, name: '香港特别行政区', shortName: '香港', regionId: 5 },
  { code: 820000, name: '澳门特别行政区', shortName: '澳门', regionId: 5 },
];

/** City tiers 1-5 (decision 4). */
export const TIER_LABELS: Readonly<Record<number, string>> = { 1: '一线及新一线城市', 2: '二线城市', 3: '三线城市', 4: '四线城市', 5: '五线及以下城市' };

/** The order of the table beside a map (the page's and the deck's): highest value first, those without a value last, then by name. */
export function mapTableOrder(a: { name: string; value: number | null }, b: { name: string; value: number | null }): number {
  return (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.name.localeCompare(b.name, 'zh');
}
