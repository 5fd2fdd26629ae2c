import type { Rng } from '../rng';
import type { BodyType, Energy, SegmentId } from '../../reference/data/types';

/** What the configuration sheet of one trim (车型) is derived from. */
export interface TrimTraits {
  /** Trim name, e.g. '2024款 DM-i 110KM 旗舰型'. */
  name: string;
  subSeriesName: string;
  brandName: string;
  luxury: boolean;
  energy: Energy;
  body: BodyType;
  segment: SegmentId;
  /** Manufacturer's suggested retail price in yuan. */
  msrp: number;
  /** 年款, e.g. 2024. */
  modelYear: number;
  /** 'YYYY-MM' the trim went on sale. */
  launchMonth: string;
  /** 0 for the cheapest trim of its model year, 1 for the dearest; trims in between spread evenly. */
  lineupRank: number;
  /** e.g. '1.5T'; null for BEV. */
  engine: string | null;
  /** Usable battery in kWh; null for ICE, DIESEL and HEV. */
  batteryKwh: number | null;
  /** 前驱, 后驱, 四驱. */
  drive: string;
  /** e.g. '7挡双离合', 'CVT无级变速', '电动车单速变速箱'. */
  gearbox: string;
  seats: number;
  /** 国VI b for ICE-bearing trims; null for BEV. */
  emissionStandard: string | null;
}

/**
 * One row of the configuration sheet. `value` returns what the trim shows in that row: a figure with
 * its unit, a text, '●' (standard), '○' (optional, at extra cost) or '-' (not equipped).
 * A row with children is a heading whose own value is usually '' or a summary; children are its sub-rows.
 */
export interface ConfigItemSpec {
  name: string;
  value: (trim: TrimTraits, rng: Rng) => string;
  children?: ConfigItemSpec[];
}

/** A first-level category (一级分类) such as 基本参数, 车身, 主动安全. */
export interface ConfigCategorySpec {
  name: string;
  items: ConfigItemSpec[];
}
