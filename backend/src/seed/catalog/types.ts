/**
 * The hand-written market catalog the demo generator starts from: real makes, producers, series and
 * sub-series of the China passenger-car market (public names), with the traits that shape their
 * synthetic figures. Ids are assigned by the generator in file order, so reordering changes ids.
 */
import type { BodyType, Energy, FamilyName, ProducerProperty, BrandProperty, SegmentId } from '../../reference/data/types';

/** brandType: 2 新创 (new-force start-ups), 1 自主 (domestic incumbents), 0 合资 (joint ventures and foreign). */
export type BrandType = 0 | 1 | 2;

export interface ProducerSpec {
  /** 厂商 as the industry writes it, e.g. '一汽-大众', '比亚迪汽车', '特斯拉中国'. */
  name: string;
  /** Upper-case pinyin initial of the name, for the A-Z pick-lists, e.g. 'Y' for 一汽-大众. */
  initial: string;
  property: ProducerProperty;
  brandType: BrandType;
}

export interface BrandSpec {
  /** 品牌, e.g. '大众', '比亚迪', '特斯拉'. */
  name: string;
  initial: string;
  family: FamilyName;
  property: BrandProperty;
  /** 品牌集团, e.g. '大众集团', '吉利控股', '比亚迪'. */
  group: string;
}

export interface SubSeriesSpec {
  /** ProducerSpec.name of the maker. */
  producer: string;
  /** BrandSpec.name. */
  brand: string;
  /** 车系: the model line several sub-series share, e.g. '宋' for 宋PLUS DM-i and 宋PLUS EV. */
  series: string;
  /** 子车系, e.g. '宋PLUS DM-i'. Unique across the catalog. */
  name: string;
  initial: string;
  segment: SegmentId;
  body: BodyType;
  energy: Energy;
  /** MSRP range of the trims, in 万元 (10,000 CNY), e.g. [11.98, 16.98]. */
  price: [number, number];
  /** First month on the China market, 'YYYY-MM'; may be before 2019. */
  launch: string;
  /** Last month sold, 'YYYY-MM', when discontinued before 2026-11. */
  end?: string;
  /** Typical monthly retail at its best in units (public order of magnitude, e.g. 轩逸 ≈ 35000). */
  peakMonthly: number;
  /** Engine displacements offered, e.g. ['1.5L', '1.4T']; omit for BEV. */
  engines?: string[];
  /** Usable battery sizes in kWh for BEV, PHEV and EREV trims. */
  batteries?: number[];
}

export interface Catalog {
  producers: ProducerSpec[];
  brands: BrandSpec[];
  subSeries: SubSeriesSpec[];
}
