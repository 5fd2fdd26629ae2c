/**
 * Geography: the seven big regions, every province-level division of the mainland,
 * and every prefecture-level city with its 6-digit administrative code.
 */
export interface RegionSpec {
  id: number;
  /** 华北, 东北, 华东, 华中, 华南, 西南, 西北 */
  name: string;
}

export interface ProvinceSpec {
  /** 6-digit administrative code, e.g. 440000 for 广东省. */
  code: number;
  /** Full name, e.g. '广东省', '北京市', '广西壮族自治区'. */
  name: string;
  /** Short name as maps and tables show it, e.g. '广东', '北京', '广西'. */
  shortName: string;
  regionId: number;
}

export interface CitySpec {
  /** 6-digit administrative code, e.g. 440100 for 广州市; a municipality is its own single city (110000 北京市). */
  code: number;
  name: string;
  provinceCode: number;
  /** 1 一线/新一线, 2 二线, 3 三线, 4 四线, 5 五线. */
  tier: 1 | 2 | 3 | 4 | 5;
  /** 限行: the city restricts driving by plate number (or non-local plates). */
  drivingRestricted: boolean;
  /** 限购: new plates are rationed by lottery or auction. */
  purchaseRestricted: boolean;
  /** Relative new-car demand: registered population (万) scaled by income; the demo generator normalises it. */
  weight: number;
}
