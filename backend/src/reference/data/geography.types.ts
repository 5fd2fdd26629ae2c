/** A prefecture-level city of the reference geography (regions and provinces are @car/contracts'). */
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
