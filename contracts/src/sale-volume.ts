import { z } from 'zod';
import { ACCUMULATE_OPTIONS, DEFAULT_PAGE_SIZE, MAX_COMPARED, MAX_PAGE, MAX_PAGE_SIZE, YEAR_COUNT } from './constants';
import type { AreaLevel } from './geography';
import { checkMembers, COMPETITOR_SET_NAME_MAX } from './competitor-set-rules';
import { blankIsAbsent, givenName, idList, intText, monthText, optional, strictQuery } from './params';
import { checkNewYear, newYearParam } from './new-year';
import { inCalendar, refersTo, type ReferenceKind } from './references';
import { downloadTypeOf, SALES_DIMENSIONS, salesDimensionOfDownloadType, type SalesDimensionKey } from './sales-dimensions';
import { dataTagsParam, rankingSortShape, sortParam, WHOLE_TABLE_SORT_COLUMNS } from './table-sort';

/**
 * The sales-volume calls (spec 000 §3, §7; decisions 22-36): their parameters and the objects
 * they answer. Numbers that are percents carry one decimal (12.3 = 12.3 %) or are null where the display
 * is '-'; every s- or Str-suffixed field is the display form of the field it names. Wire names are the
 * spec's: tq = the same period a year earlier (同期), hb = the month before (环比), lj / Sum = January to
 * date (累计), mix = share of the filtered market (份额).
 */

// ---------- parameters ----------

/**
 * The shared filters (names and defaults kept): time (latest month), source (2 retail), detailId
 * (segment, −1 all), producerProperty (−1 all), fuels (comma list).
 */
export const saleVolumeFilterShape = {
  time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), (q) => (q.source === 1 ? 'wholesale' : 'retail')),
  source: z.preprocess(blankIsAbsent, z.enum(['1', '2'], { message: '应为 1（批发量）或 2（零售量）' }).default('2')).transform(Number),
  detailId: refersTo(
    z.preprocess(blankIsAbsent, intText().pipe(z.number().min(-1, '应为 -1 或细分市场 id').max(999_999_999, '应为 -1 或细分市场 id')).default(-1)),
    'segment',
  ),
  producerProperty: refersTo(
    z.preprocess(blankIsAbsent, intText().pipe(z.number().min(-1, '应为 -1 或厂商属性').max(9999, '应为 -1 或厂商属性')).default(-1)),
    'producerProperty',
  ),
  fuels: refersTo(
    z.preprocess(blankIsAbsent, idList.optional()).transform((v) => v ?? []),
    'fuel',
  ),
  /** 1-2月合计 (decision 197): only with a January or February `time`. */
  newYear: newYearParam,
};

/** A sales call's parameters with the 1-2月合计 rule (checkNewYear) across them. */
function salesQuery<S extends z.ZodRawShape>(shape: S) {
  return strictQuery(shape).superRefine((q, ctx) => {
    checkNewYear(q as { newYear: boolean; time?: string }, ctx);
  });
}

export const saleVolumeFilterSchema = salesQuery(saleVolumeFilterShape);

export const pagingShape = {
  currentPage: z.preprocess(blankIsAbsent, intText().pipe(z.number().min(1, '应不小于 1').max(MAX_PAGE, '过大')).default(1)),
  pageSize: z.preprocess(
    blankIsAbsent,
    intText()
      .pipe(z.number().min(1, '应不小于 1').max(MAX_PAGE_SIZE, `最大为 ${MAX_PAGE_SIZE}`))
      .default(DEFAULT_PAGE_SIZE),
  ),
};

const granularity = z.preprocess(blankIsAbsent, z.enum(['0', '1', '2'], { message: '应为 0（月）、1（季）或 2（年）' }).default('0')).transform(Number);

/** A year count between min and max (0 = every year where allowed). */
function yearCount(range: { min: number; max: number; default: number }) {
  const message = `应为 ${range.min}-${range.max}`;
  return z.preprocess(blankIsAbsent, intText().pipe(z.number().min(range.min, message).max(range.max, message)).default(range.default));
}

/** timeDimensionality: 0 month, 1 quarter, 2 year; count: years shown (0 = all years). */
export const chartShape = { timeDimensionality: granularity, count: yearCount(YEAR_COUNT.wholeMarket) };

export type SaleVolumeFilterDto = z.output<typeof saleVolumeFilterSchema>;
export type PagingDto = { currentPage: number; pageSize: number };

export const wholeMarketTableSchema = salesQuery({ ...saleVolumeFilterShape, ...pagingShape });
/** The tables that page (brand, producer, car series): `sort` orders them in SQL, so load more continues the order. */
export const wholeMarketRankingSchema = salesQuery({ ...saleVolumeFilterShape, ...pagingShape, ...rankingSortShape });

/**
 * 竞品组 on the 车系 table (issue 49 §3, decision 300): the set's members in the address — 本品 and rivals by the set's
 * rule — so the answer depends on the request alone (the answer cache keeps it) and the page names the set it read;
 * its name only heads the workbook and the deck.
 */
export const setFilterShape = {
  setOwn: refersTo(optional(idList), 'subSeries'),
  setRivals: refersTo(optional(idList), 'subSeries'),
  setName: optional(givenName('竞品组名称', COMPETITOR_SET_NAME_MAX)),
};
export type SetFilter = { own: number[]; rivals: number[]; name?: string };

/** The columns a 竞品组 adds to the 车系 table, after its name: on the page, in its workbook and in its deck. */
export const SET_COLUMN_LABELS = { role: '本品/竞品', mix: '组内份额', ranking: '组内排名' } as const;
/** The header tag of a table narrowed to a 竞品组 (page, workbook and deck): its name, else how many sub-series it has. */
export function setTag(set: { name?: string; own: readonly unknown[]; rivals: readonly unknown[] }): { label: string; value: string } {
  return { label: '竞品组', value: set.name ?? `${set.own.length + set.rivals.length} 个车系` };
}

/** A row's role in the set, as the set columns write it. */
export const setRoleText = (own: boolean | undefined): string => (own ? '本品' : '竞品');

/** The members of a call's set filter (its 本品 first), or none. */
export function setFilterOf(q: { setOwn?: number[]; setRivals?: number[]; setName?: string }): SetFilter | undefined {
  return q.setOwn ? { own: q.setOwn, rivals: q.setRivals ?? [], ...(q.setName ? { name: q.setName } : {}) } : undefined;
}

/**
 * A set filter is 本品 and rivals by the set's rule, 本品 always given; only the 车系 table (a download's or deck's
 * type 5) takes one (a query without `type`, as 归因分析's, is not asked). A refusal names the parameter given.
 */
export function checkSetFilter(q: { setOwn?: number[]; setRivals?: number[]; setName?: string; type?: number }, ctx: z.RefinementCtx): void {
  const given = (['setOwn', 'setRivals', 'setName'] as const).find((name) => q[name] !== undefined);
  if (given === undefined) return;
  const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: [given], message });
  if (q.type !== undefined && salesDimensionOfDownloadType(q.type) !== 'carSeries') return refuse('竞品组只用于车系表（type 5）');
  if (q.setOwn === undefined) return refuse('应与 setOwn（竞品组的本品子车系）一同给出');
  checkMembers({ own: q.setOwn, rivals: q.setRivals ?? [] }, ctx, { own: 'setOwn', rivals: 'setRivals' });
}

/** The 车系 table (wholeMarket/modelSub): a ranking page, or the members of a 竞品组 with their share and rank within it. */
export const wholeMarketSubSeriesSchema = salesQuery({ ...saleVolumeFilterShape, ...pagingShape, ...rankingSortShape, ...setFilterShape }).superRefine(
  checkSetFilter,
);
export const wholeMarketAreaSchema = salesQuery({
  ...saleVolumeFilterShape,
  ...pagingShape,
  dimensionality: z.preprocess(blankIsAbsent, z.enum(['1', '2'], { message: '应为 1（大区）或 2（省份）' }).default('1')).transform(Number),
});
export const wholeMarketChartSchema = salesQuery({ ...saleVolumeFilterShape, ...chartShape });

/** A download's `type`: the table's dimension code less one (SALES_DIMENSIONS), among the tables a page has. */
function downloadType(tables: readonly SalesDimensionKey[]) {
  const types = tables.map((t) => String(downloadTypeOf(SALES_DIMENSIONS[t].code)));
  return z.enum(types as [string, ...string[]], { message: `应为 0-${types.length - 1}` }).transform(Number);
}

/** download type: 0 segment, 1 family, 2 brand, 3 area, 4 producer, 5 car series. */
export const wholeMarketDownloadSchema = salesQuery({
  ...wholeMarketAreaSchema.shape,
  ...setFilterShape,
  type: downloadType(['segment', 'family', 'brand', 'area', 'producer', 'carSeries']),
}).superRefine(checkSetFilter);

/**
 * A deck's ranking table as the page shows it (decisions 210, 211): its 数据列 (`tags`, as the page's URL) and
 * its order (`sort`: a whole table's by its name too, a paged table's by its figures, sorted in SQL).
 */
export const deckTableShape = { tags: dataTagsParam, sort: sortParam(WHOLE_TABLE_SORT_COLUMNS) };

/** The tables that page (brand, producer, car series) sort in SQL by their figures: a name sorts the whole tables only, as on the page. */
function checkDeckSort(q: { type: number; sort?: { column: string } }, ctx: z.RefinementCtx): void {
  const paged = ['brand', 'producer', 'carSeries'].includes(salesDimensionOfDownloadType(q.type));
  if (paged && q.sort?.column === 'name') ctx.addIssue({ code: 'custom', path: ['sort'], message: '分页的排行表按数据列排序，不能按名称' });
}

/**
 * 导出PPT of 整体市场表现 (issue 31, decision 210): the page's filters, its chart's granularity and years, and
 * its table as the page asks for it (type as the download's, the area level, the rows shown, their columns and order).
 */
export const wholeMarketDeckSchema = salesQuery({
  ...wholeMarketAreaSchema.shape,
  ...deckTableShape,
  ...chartShape,
  ...setFilterShape,
  type: downloadType(['segment', 'family', 'brand', 'area', 'producer', 'carSeries']),
})
  .superRefine(checkDeckSort)
  .superRefine(checkSetFilter);

// --- area market ---

/** The chosen node of the area tree: a region id (1-7), or a province or city by its 6-digit code. */
export interface AreaChoice {
  id: number;
  level: AreaLevel;
}

const AREA_MESSAGE = '应为 -1（全国）、大区编号或 6 位行政区划代码';
const areaId = z.preprocess(
  blankIsAbsent,
  intText()
    .pipe(z.number().min(-1, AREA_MESSAGE).max(999999, AREA_MESSAGE))
    .refine((v) => v !== 0, AREA_MESSAGE)
    .optional(),
);
const levelText = z.preprocess(
  blankIsAbsent,
  z
    .enum(['1', '2', '3'], { message: '应为 1（大区）、2（省份）或 3（城市）' })
    .transform((v) => Number(v) as AreaLevel)
    .optional(),
);

/**
 * `area` (absent or −1 = the nation) and its `level`. The spec's filter names are read as theirs:
 * `dimensionality` is the level and `dimensionalityId` the node (spec 000 §7). A node without a level is
 * at level 1 (a big region), the spec's default.
 */
const AREA_KIND: Record<AreaLevel, ReferenceKind> = { 1: 'region', 2: 'province', 3: 'city' };
const areaNode = refersTo(areaId, (q) => {
  const area = q.area as AreaChoice | null | undefined;
  return area ? AREA_KIND[area.level] : undefined;
});
const areaShape = { area: areaNode, dimensionalityId: areaNode, level: levelText, dimensionality: levelText };

type AreaFields = { area?: number; dimensionalityId?: number; level?: AreaLevel; dimensionality?: AreaLevel };

export function withArea<S extends z.ZodRawShape>(shape: S) {
  return strictQuery({ ...shape, ...areaShape }).transform((q, ctx) => {
    if (!checkNewYear(q as { newYear: boolean; time?: string }, ctx)) return z.NEVER;
    const { area, dimensionalityId, level, dimensionality, ...rest } = q as typeof q & AreaFields;
    if (level !== undefined && dimensionality !== undefined && level !== dimensionality) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: '与 dimensionality 不一致' });
      return z.NEVER;
    }
    if (area !== undefined && dimensionalityId !== undefined && area !== dimensionalityId) {
      ctx.addIssue({ code: 'custom', path: ['area'], message: '与 dimensionalityId 不一致' });
      return z.NEVER;
    }
    const node = area ?? dimensionalityId;
    if (node === undefined || node === -1) return { ...rest, area: null as AreaChoice | null };
    return { ...rest, area: { id: node, level: level ?? dimensionality ?? 1 } };
  });
}

export const areaMarketFilterSchema = withArea(saleVolumeFilterShape);
export const areaMarketTableSchema = withArea({ ...saleVolumeFilterShape, ...pagingShape });
/** The area page's paged tables (brand, producer), sorted in SQL by `sort`. */
export const areaMarketRankingSchema = withArea({ ...saleVolumeFilterShape, ...pagingShape, ...rankingSortShape });
/** The area page's year select: 1-10 years, 2 by default (spec 000 §9). */
export const areaMarketChartSchema = withArea({ ...saleVolumeFilterShape, timeDimensionality: granularity, count: yearCount(YEAR_COUNT.areaMarket) });
/** download type: 0 segment, 1 family, 2 brand, 3 area, 4 producer. */
export const areaMarketDownloadSchema = withArea({
  ...saleVolumeFilterShape,
  type: downloadType(['segment', 'family', 'brand', 'area', 'producer']),
});

/**
 * 导出PPT of 区域市场表现 (decision 211): the page's filters and node, its chart's granularity and years, and its
 * table as the page asks for it (type as the download's, the rows shown, their columns and order).
 */
export const areaMarketDeckSchema = withArea({
  ...saleVolumeFilterShape,
  ...pagingShape,
  ...deckTableShape,
  timeDimensionality: granularity,
  count: yearCount(YEAR_COUNT.areaMarket),
  type: downloadType(['segment', 'family', 'brand', 'area', 'producer']),
}).superRefine(checkDeckSort);

export type AreaMarketFilterDto = z.output<typeof areaMarketFilterSchema>;
export type AreaMarketTableDto = z.output<typeof areaMarketTableSchema>;
export type AreaMarketChartDto = z.output<typeof areaMarketChartSchema>;
export type AreaMarketDownloadDto = z.output<typeof areaMarketDownloadSchema>;

// --- producer / brand ---

/** Whom a producer/brand call is about: the spec's type 0 is a producer, any other value a brand. */
export type MakerKind = 'producer' | 'brand';

export function makerKindOf(type: number): MakerKind {
  return type === 0 ? 'producer' : 'brand';
}

const makerType = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ message: '应为整数（0 厂商，其他为品牌）' })
    .int('应为整数（0 厂商，其他为品牌）')
    .default(0)
    .transform((type): MakerKind => makerKindOf(type)),
);

const MAKER_ID_MESSAGE = '应为厂商或品牌 id';
const makerId = z.coerce.number({ message: MAKER_ID_MESSAGE }).int(MAKER_ID_MESSAGE).min(1, MAKER_ID_MESSAGE).max(999_999_999, MAKER_ID_MESSAGE);

/** foreignIds: the producers or brands compared with foreignId, a comma list of at most 10. */
const comparedIds = refersTo(
  z
    .preprocess(blankIsAbsent, idList.optional())
    .transform((ids) => ids ?? [])
    .refine((ids) => ids.length <= MAX_COMPARED, `最多 ${MAX_COMPARED} 个`),
  // compareType 1 producers, 2 brands, 0 the time view (foreignIds ignored); absent, the type of foreignId.
  (q) => (q.compareType === 1 ? 'producer' : q.compareType === 2 ? 'brand' : q.compareType === undefined ? (q.type as MakerKind) : undefined),
);
/** foreignId: a producer (type 0) or a brand. */
const makerOfType = <T extends z.ZodType>(schema: T) => refersTo(schema, (q) => q.type as MakerKind);

/** compareType: 0 by time (foreignIds ignored), 1 with producers, 2 with brands (count ignored). */
const compareType = z.preprocess(
  blankIsAbsent,
  z
    .enum(['0', '1', '2'], { message: '应为 0（按时间）、1（对比厂商）或 2（对比品牌）' })
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
);

const accumulate = z.preprocess(
  blankIsAbsent,
  z
    .enum(ACCUMULATE_OPTIONS.map((o) => String(o.value)) as ['0', '1'], { message: '应为 0（当月）或 1（本年累计）' })
    .default('0')
    .transform((v) => Number(v) as 0 | 1),
);

/** rank: a rank band 1-5 (places 1-10 … 41-50); when given it is page `rank` of size 10. */
const rankBand = z.preprocess(
  blankIsAbsent,
  z
    .enum(['1', '2', '3', '4', '5'], { message: '应为 1-5（第 1-10 名 … 第 41-50 名）' })
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
);

/**
 * The shared filters plus whom: type and foreignId (an empty foreignId means none picked yet), and the
 * market's `area` + `level` (spec 000 §3 companybrandsearchForm: absent or −1 the nation; retail only).
 */
const companyBrandFilterShape = { ...saleVolumeFilterShape, type: makerType, foreignId: makerOfType(z.preprocess(blankIsAbsent, makerId.optional())) };
export const companyBrandFilterSchema = withArea(companyBrandFilterShape);

/** The sales-tendency list and its download: producers or brands ranked, paged or by rank band. */
export const companyBrandListSchema = withArea({ ...companyBrandFilterShape, accumulate, rank: rankBand, ...pagingShape });
/** The list and its download in the analyst's order: `sort` orders every producer or brand in SQL before paging. */
export const companyBrandRankingSchema = withArea({ ...companyBrandFilterShape, accumulate, rank: rankBand, ...pagingShape, ...rankingSortShape });

/** The Top select of a comparison (spec 000 §9 "Top select 1-5"): compare with the market's N best sellers. */
export const TOP_COMPARED = { min: 0, max: 5, options: [1, 2, 3, 4, 5] } as const;
const TOP_MESSAGE = `对比时应为 ${TOP_COMPARED.min}-${TOP_COMPARED.max}（Top N）`;

/**
 * count: by time (compareType 0 or absent) the years shown, 0-10, default 1; in a comparison (1 or 2) the
 * Top N, 0-5, default 0 (spec 000 §4: choosing a comparison resets the count to 0).
 */
const makerCount = z.preprocess(blankIsAbsent, intText().pipe(z.number().min(0, '应为 0-10').max(10, '应为 0-10')).optional());

function countByMode<T extends { compareType?: number; count?: number }>(q: T, ctx: z.RefinementCtx): Omit<T, 'count'> & { count: number } {
  const comparing = q.compareType === 1 || q.compareType === 2;
  if (comparing && q.count !== undefined && q.count > TOP_COMPARED.max) {
    ctx.addIssue({ code: 'custom', path: ['count'], message: TOP_MESSAGE });
    return z.NEVER;
  }
  return { ...q, count: q.count ?? (comparing ? 0 : YEAR_COUNT.companyBrand.default) };
}

/** highCharts: granularity and year count (0-10; the page offers 1-10) or a comparison with its Top N. */
export const companyBrandChartSchema = withArea({
  ...companyBrandFilterShape,
  timeDimensionality: granularity,
  count: makerCount,
  foreignIds: comparedIds,
  compareType,
}).transform(countByMode);

/** carDetails and its download: the producer or brand (required), month or January-to-date, compared ones (picked and Top N). */
export const companyBrandCarDetailsSchema = withArea({
  ...companyBrandFilterShape,
  foreignId: makerOfType(makerId),
  accumulate,
  foreignIds: comparedIds,
  compareType,
  count: makerCount,
}).transform(countByMode);

/**
 * The car-model detail table's sortable columns (decision 171): the model's name and its figures, by their wire names;
 * detailLines (car-details.ts) sorts by them.
 */
export const DETAIL_SORT_COLUMNS = ['name', 'sales', 'tqSales', 'yoy', 'detailMix', 'detailMixChange', 'ranking'] as const;
export type DetailSortColumn = (typeof DETAIL_SORT_COLUMNS)[number];

/**
 * 导出PPT of 厂商品牌表现 (decision 211), either view as the page's URL has it. With `id`, one producer or brand:
 * its trend (timeDimensionality, compareType, count, foreignIds as highCharts) and car-model details
 * (accumulate). Without, the overview: the ranking as a band chart (`view` chart, `rank`) or a list (pageSize,
 * sort, tags), by the month or January-to-date (`listAccumulate`), and the details of the row `foreignId` (none:
 * the first row). `detailSort` orders the details' models as the page's table.
 */
export const companyBrandDeckSchema = withArea({
  ...companyBrandFilterShape,
  id: makerOfType(z.preprocess(blankIsAbsent, makerId.optional())),
  view: z.preprocess(blankIsAbsent, z.enum(['list', 'chart'], { message: '应为 list（列表）或 chart（图）' }).default('list')),
  rank: rankBand,
  listAccumulate: accumulate,
  ...pagingShape,
  ...rankingSortShape,
  tags: dataTagsParam,
  accumulate,
  detailSort: sortParam(DETAIL_SORT_COLUMNS),
  timeDimensionality: granularity,
  count: makerCount,
  foreignIds: comparedIds,
  compareType,
}).transform(countByMode);

export type CompanyBrandFilterDto = z.output<typeof companyBrandFilterSchema>;
export type CompanyBrandListDto = z.output<typeof companyBrandListSchema> & { sort?: z.output<typeof companyBrandRankingSchema>['sort'] };
export type CompanyBrandChartDto = z.output<typeof companyBrandChartSchema>;
export type CompanyBrandCarDetailsDto = z.output<typeof companyBrandCarDetailsSchema>;

// ---------- results ----------

const percent = z.number().nullable();
const rankingStatus = z.union([z.literal(-2), z.literal(-1), z.literal(0), z.literal(1)]);

/** The five cards: this month, its growths, January to date and its growth. */
export const summarySchema = z.object({
  qty: z.number(),
  qtyStr: z.string(),
  /** 同期: the same month a year earlier. */
  tb: z.number(),
  /** 环比基期: the month before. */
  hb: z.number(),
  ljQty: z.number(),
  ljQtyStr: z.string(),
  /** Last year's January-to-date. */
  ljTb: z.number(),
  yoy: percent,
  yoys: z.string(),
  mom: percent,
  moms: z.string(),
  yearYoy: percent,
  yearYoys: z.string(),
  /** The month answered for, 'YYYY-MM'. */
  time: z.string(),
});
export type Summary = z.infer<typeof summarySchema>;

const tableRowShape = {
  id: z.number(),
  name: z.string(),
  sales: z.number(),
  salesStr: z.string(),
  salesWidth: z.number(),
  tqSales: z.number(),
  tqSalesStr: z.string(),
  salesSum: z.number(),
  salesSumStr: z.string(),
  salesSumWidth: z.number(),
  tqSalesSum: z.number(),
  tqSalesSumStr: z.string(),
  mom: percent,
  moms: z.string(),
  yoy: percent,
  yoys: z.string(),
  mix: percent,
  mixs: z.string(),
  tqMix: percent,
  tqMixs: z.string(),
  /** 份额变化 in percentage points. */
  mixChange: percent,
  mixChanges: z.string(),
  yearYoy: percent,
  yearYoys: z.string(),
  yearMix: percent,
  yearMixs: z.string(),
  tqYearMix: percent,
  tqYearMixs: z.string(),
  yearMixChange: percent,
  yearMixChanges: z.string(),
  /** 累计排名: rank by January-to-date sales within the table's dimension. */
  ljRanking: z.number().nullable(),
  /** Against last year's January-to-date rank: 1 up, −1 down, 0 flat, −2 none. */
  rankingStatus,
  /** The group this row belongs to (segment category, big region) in merged tables. */
  groupName: z.string().nullable(),
  rowMerge: z.boolean(),
  rowMergeNum: z.number(),
  columnMerge: z.boolean(),
  columnMergeNum: z.number(),
  color: z.string().nullable(),
  /** A subtotal (小计) or total (合计) row. */
  heji: z.boolean(),
  hasChildren: z.boolean(),
  /**
   * The 车系 table narrowed to a 竞品组 (decision 300): whether the row is 本品, its 组内份额 (this month's volume over
   * the members' shown in the table) and 组内排名 (by this month's volume, none without sales).
   */
  setOwn: z.boolean().optional(),
  setMix: percent.optional(),
  setMixs: z.string().optional(),
  setRanking: z.number().nullable().optional(),
};

/** A row of a ranking table. */
export interface TableRow extends z.infer<z.ZodObject<typeof tableRowShape>> {
  children?: TableRow[];
}
export const tableRowSchema: z.ZodType<TableRow> = z.object({
  ...tableRowShape,
  get children() {
    return z.array(tableRowSchema).optional();
  },
});

/** A table answer: `total` counts the rows of the whole table before paging, subtotals excluded. */
function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number().int(), currentPage: z.number().int(), pageSize: z.number().int() });
}
export const tablePageSchema = pageOf(tableRowSchema);
export type TablePage = z.infer<typeof tablePageSchema>;

/**
 * A row of the area tree and of the map: a region, province or city with every table metric; drills
 * by `code` (the region id, or the 6-digit code) and `dimensionality` (1 region, 2 province, 3 city).
 */
export interface AreaTreeRow extends Omit<TableRow, 'children'> {
  code: string;
  dimensionality: AreaLevel;
  children?: AreaTreeRow[];
}
export const areaTreeRowSchema: z.ZodType<AreaTreeRow> = z.object({
  ...tableRowShape,
  code: z.string(),
  dimensionality: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  get children() {
    return z.array(areaTreeRowSchema).optional();
  },
});
export const areaTreePageSchema = pageOf(areaTreeRowSchema);
export type AreaTreePage = z.infer<typeof areaTreePageSchema>;

export const chartSeriesSchema = z.object({
  name: z.string(),
  type: z.enum(['column', 'line', 'spline']),
  data: z.array(z.number().nullable()),
  /** Which y axis: 0 volume, 1 percent. */
  yAxis: z.number().int().optional(),
  /** The car a series belongs to where a chart compares several (the price trace: each one's TP, MSRP and discount). */
  group: z.string().optional(),
  /** The same periods a year earlier (the sales trend's 显示去年同期), where the chart offers them. */
  lastYear: z.array(z.number().nullable()).optional(),
});
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

/** The chart answer (highCharts, list2chart): categories, axis titles and series. */
export const chartResultSchema = z.object({
  xAxis: z.array(z.object({ categories: z.array(z.string()) })),
  yAxis: z.array(z.object({ title: z.string() })),
  series: z.array(chartSeriesSchema),
});
export type ChartResult = z.infer<typeof chartResultSchema>;

/** A row of the sales-tendency ranking list: the table row plus the spec's Str forms and its place. */
export const tendencyRowSchema = z.object({
  ...tableRowShape,
  /** Place in the list: by this month's sales, or by January-to-date with accumulate 1. */
  ranking: z.number(),
  rankingStr: z.string(),
  momStr: z.string(),
  yoyStr: z.string(),
  mixStr: z.string(),
  tqMixStr: z.string(),
  mixChangeStr: z.string(),
  ljRankingStr: z.string(),
  yearYoyStr: z.string(),
  yearMixStr: z.string(),
  tqYearMixStr: z.string(),
  yearMixChangeStr: z.string(),
});
export type TendencyRow = z.infer<typeof tendencyRowSchema>;
/** `total`: producers or brands with any sales in the compared periods, before paging. */
export const tendencyPageSchema = pageOf(tendencyRowSchema);
export type TendencyPage = z.infer<typeof tendencyPageSchema>;

/**
 * A row of the car-model detail table: a sub-series (子车系) of the producer/brand, or a subtotal.
 * Shares are of the whole filtered market (wholeMix) and of the row's segment in it (detailMix).
 */
export const modelRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sales: z.number(),
  salesStr: z.string(),
  tqSales: z.number(),
  tqSalesStr: z.string(),
  yoy: percent,
  yoyStr: z.string(),
  detailMix: percent,
  detailMixStr: z.string(),
  /** detailMix − last year's, in percentage points. */
  detailMixChange: percent,
  detailMixChangeStr: z.string(),
  wholeMix: percent,
  wholeMixStr: z.string(),
  wholeMixChange: percent,
  wholeMixChangeStr: z.string(),
  /** Rank within the segment of the whole market (a subtotal: its producer/brand's, or segment's, rank). */
  ranking: z.number().nullable(),
  rankingStr: z.string(),
  rankingStatus,
  subtotal: z.boolean(),
});
export type ModelRow = z.infer<typeof modelRowSchema>;

/** One segment (细分市场) of a producer/brand: its models and two subtotals. */
export const segmentDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Bar of the segment's volume, relative to the producer/brand's largest segment (0-100). */
  width: z.number(),
  /** The segment's part of the producer/brand's volume. */
  mix: percent,
  mixStr: z.string(),
  tqWidth: z.number(),
  tqMix: percent,
  tqMixStr: z.string(),
  models: z.array(modelRowSchema),
  /** 合计: the producer/brand's total in this segment. */
  heJi1: modelRowSchema,
  /** 细分市场合计: the segment's total in the whole market. */
  heJi2: modelRowSchema,
});
export type SegmentDetail = z.infer<typeof segmentDetailSchema>;

/** A producer/brand's car-model details: its segments and its total over them. */
export const makerDetailsSchema = z.object({ id: z.number(), name: z.string(), details: z.array(segmentDetailSchema), wholeHeJi1: modelRowSchema });
export type MakerDetails = z.infer<typeof makerDetailsSchema>;

export const carDetailsSchema = makerDetailsSchema.extend({
  /** 0 producer, 1 brand. */
  type: z.union([z.literal(0), z.literal(1)]),
  accumulate: z.union([z.literal(0), z.literal(1)]),
  /** The period shown ('2026-10', or '2026-01~2026-10' January-to-date) and the one compared with. */
  time: z.string(),
  tqTime: z.string(),
  /** 市场合计: the whole filtered market. */
  wholeHeJi2: modelRowSchema,
  /** The total row of this producer/brand and then of each compared one, in order. */
  hejis: z.array(modelRowSchema),
  /** The same details for each id of foreignIds. */
  compareHeJiList: z.array(makerDetailsSchema),
});
export type CarDetails = z.infer<typeof carDetailsSchema>;
