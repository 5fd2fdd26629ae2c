import { pointsHeader } from './display';

/**
 * The spec's codes and business constants, written once for the API, the pages and the workbooks
 * (spec 000 §4, §9; decisions 22-35).
 */

/** 数据来源: 1 wholesale (industry association), 2 retail (insurance registrations). */
export type DataSource = 1 | 2;
export const DATA_SOURCES: ReadonlyArray<{ value: DataSource; label: string }> = [
  { value: 2, label: '零售量' },
  { value: 1, label: '批发量' },
];

/** Chart granularity (timeDimensionality, the spec's msy): 0 month, 1 quarter, 2 year. */
export type Granularity = 0 | 1 | 2;
export const GRANULARITIES: ReadonlyArray<{ value: Granularity; label: string }> = [
  { value: 0, label: '月' },
  { value: 1, label: '季' },
  { value: 2, label: '年' },
];

/** The data-tag columns 2-15 of the ranking tables, in the spec's order, and their headers (page and workbook; a point change's with its unit). */
export const TAG_COLUMNS = [
  { tag: 2, label: '当月销量' },
  { tag: 3, label: '去年同期销量' },
  { tag: 4, label: '环比' },
  { tag: 5, label: '同比' },
  { tag: 6, label: '份额' },
  { tag: 7, label: '去年同期份额' },
  { tag: 8, label: pointsHeader('份额变化') },
  { tag: 9, label: '累计排名' },
  { tag: 10, label: '本年累计销量' },
  { tag: 11, label: '去年累计销量' },
  { tag: 12, label: '累计同比' },
  { tag: 13, label: '累计份额' },
  { tag: 14, label: '去年累计份额' },
  { tag: 15, label: pointsHeader('累计份额变化') },
] as const;
export type Tag = (typeof TAG_COLUMNS)[number]['tag'];
export const DEFAULT_TAGS: readonly Tag[] = [2, 4, 5, 6, 8, 9, 10, 12, 13, 15];

/** Load more: each click asks page 1 with 10 more rows (spec 000 §4). */
export const PAGE_STEP = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
export const MAX_PAGE = 10_000;

/** The spec's type on the producer/brand calls: 0 producer (厂商); any other value is a brand (品牌). */
export type MakerType = 0 | 1;
export const MAKER_TYPES: ReadonlyArray<{ value: MakerType; label: string }> = [
  { value: 0, label: '厂商' },
  { value: 1, label: '品牌' },
];

/** accumulate: 0 the chosen month, 1 January to the chosen month. */
export type Accumulate = 0 | 1;
export const ACCUMULATE_OPTIONS: ReadonlyArray<{ value: Accumulate; label: string }> = [
  { value: 0, label: '当月' },
  { value: 1, label: '本年累计' },
];

/** Rank bands of ten, 1-10 … 41-50 (the API's `rank`, 1-5). */
export const RANK_BAND_COUNT = 5;
export const RANK_BANDS: ReadonlyArray<{ value: number; label: string }> = Array.from({ length: RANK_BAND_COUNT }, (_, i) => ({
  value: i + 1,
  label: `${i * 10 + 1}-${i * 10 + 10}`,
}));

/** Comparison modes of the producer/brand trend chart: 0 by year, 1 with producers, 2 with brands. */
export type CompareType = 0 | 1 | 2;
export const COMPARE_MODES: ReadonlyArray<{ value: CompareType; label: string }> = [
  { value: 0, label: '按时间' },
  { value: 1, label: '对比厂商' },
  { value: 2, label: '对比品牌' },
];
/** At most this many producers or brands in one comparison (foreignIds). */
export const MAX_COMPARED = 10;

/** Year selects (spec 000 §9): whole market 0-5 (0 = all years), default 1; area 1-10, default 2; producer/brand 1-10, default 1. */
export const YEAR_COUNT = {
  wholeMarket: { min: 0, max: 10, default: 1, options: [1, 2, 3, 4, 5, 0] },
  areaMarket: { min: 1, max: 10, default: 2, options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  companyBrand: { min: 0, max: 10, default: 1, options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
} as const;

/** jllType: 2 new force (新创), 1 domestic (自主), 0 joint venture (合资). */
export const JLL_LABELS: Readonly<Record<number, string>> = { 2: '新创', 1: '自主', 0: '合资' };
