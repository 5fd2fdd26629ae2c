/**
 * The producer/brand page's result objects (000 §3). Numbers are percents with one decimal (12.3 = 12.3 %)
 * or null where the display is '-'; every Str field is the display form of the field it names.
 */
import type { TableRow } from './sale-volume.types';

/** Whom a producer/brand call is about: the spec's type 0 is a producer, any other value a brand. */
export type MakerKind = 'producer' | 'brand';

export interface Maker {
  kind: MakerKind;
  id: number;
  name: string;
}

/**
 * A row of the sales-tendency ranking list: the ranking-table row (whose s-suffixed fields stay) plus
 * the spec's Str forms and the row's place in the list.
 */
export interface TendencyRow extends TableRow {
  /** Place in the list: by this month's sales, or by January-to-date with accumulate 1. */
  ranking: number;
  rankingStr: string;
  momStr: string;
  yoyStr: string;
  mixStr: string;
  tqMixStr: string;
  mixChangeStr: string;
  ljRankingStr: string;
  yearYoyStr: string;
  yearMixStr: string;
  tqYearMixStr: string;
  yearMixChangeStr: string;
}

export interface TendencyPage {
  list: TendencyRow[];
  /** Producers or brands with any sales in the compared periods, before paging. */
  total: number;
  currentPage: number;
  pageSize: number;
}

/**
 * A row of the car-model detail table: a sub-series (子车系) of the producer/brand, or a subtotal.
 * Shares are of the whole filtered market (wholeMix) and of the row's segment in it (detailMix).
 */
export interface ModelRow {
  id: number;
  name: string;
  sales: number;
  salesStr: string;
  /** 同期: the same period a year earlier. */
  tqSales: number;
  tqSalesStr: string;
  yoy: number | null;
  yoyStr: string;
  detailMix: number | null;
  detailMixStr: string;
  /** detailMix − last year's, in percentage points. */
  detailMixChange: number | null;
  detailMixChangeStr: string;
  wholeMix: number | null;
  wholeMixStr: string;
  wholeMixChange: number | null;
  wholeMixChangeStr: string;
  /** Rank within the segment of the whole market (a subtotal: its producer/brand's, or segment's, rank). */
  ranking: number | null;
  rankingStr: string;
  /** Against the same period's rank a year earlier: 1 up, −1 down, 0 flat, −2 no arrow. */
  rankingStatus: -2 | -1 | 0 | 1;
  subtotal: boolean;
}

/** One segment (细分市场) of a producer/brand: merged rows of its models and two subtotals. */
export interface SegmentDetail {
  id: number;
  name: string;
  /** Bar of the segment's volume, relative to the producer/brand's largest segment (0-100). */
  width: number;
  /** The segment's part of the producer/brand's volume. */
  mix: number | null;
  mixStr: string;
  tqWidth: number;
  tqMix: number | null;
  tqMixStr: string;
  models: ModelRow[];
  /** 合计: the producer/brand's total in this segment. */
  heJi1: ModelRow;
  /** 细分市场合计: the segment's total in the whole market. */
  heJi2: ModelRow;
}

/** A producer/brand's car-model details: its segments and its total over them. */
export interface MakerDetails {
  id: number;
  name: string;
  details: SegmentDetail[];
  wholeHeJi1: ModelRow;
}

export interface CarDetails extends MakerDetails {
  /** 0 producer, 1 brand. */
  type: 0 | 1;
  accumulate: 0 | 1;
  /** The period shown ('2026-10', or '2026-01~2026-10' January-to-date) and the one compared with. */
  time: string;
  tqTime: string;
  /** 市场合计: the whole filtered market. */
  wholeHeJi2: ModelRow;
  /** The total row of this producer/brand and then of each compared one, in order. */
  hejis: ModelRow[];
  /** The same details for each id of foreignIds. */
  compareHeJiList: MakerDetails[];
}
