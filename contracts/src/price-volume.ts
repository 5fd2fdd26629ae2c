import { z } from 'zod';
import { MAX_COMPARED, RANK_BAND_COUNT } from './constants';
import { pointsHeader } from './display';
import { blankIsAbsent, idList, intText, keyList, monthText, optional, positiveId, strictQuery } from './params';
import { inCalendar, refersTo, type ReferenceKind } from './references';
import { sortParam, sortRows, type SortOrder } from './table-sort';

/**
 * 价量交叉 (spec 001 §2.3-2.5, §3, §7 "Price-volume", §9; docs/query-layer.md): the price-band
 * sales page (/pricevolume/cabmodelprice, `priceQtyDetail/*`) and the sales-proportion analysis
 * (/pricevolume/pricedimension, `modelPrice/*`). Prices on the wire are in 万 (10,000 yuan) as the
 * spec's forms have them; percents are one-decimal numbers (12.3 = 12.3 %), null where shown as '-'.
 */

// ---------- codes and defaults ----------

/** The spec's price-band defaults (§9): market overall, 5万 to 40万 in bands of 5万, TP, single month; bands cheap to expensive (ascending, decision 174; the spec had descending). */
export const PRICE_VOLUME_DEFAULTS = { detailId: -1, priceLow: 5, priceHigh: 40, segment: 5, orderBy: 0, data1: 0, accumulate: 0, data2: 0, type: 0 } as const;
/** At most this many closed bands between priceLow and priceHigh (plus the two open ones). */
export const MAX_PRICE_BANDS = 50;
/** The highest bound in 万 a form may ask for. */
export const MAX_PRICE_WAN = 1000;

/** data1: the price a trim-month is banded or placed by. */
export const PRICE_BASES = [
  { value: 0, label: 'TP' },
  { value: 1, label: 'MSRP' },
] as const;
/** data2 on the price-band page and the charts: 0 sales volume, 1 MIX (share of the filtered market). */
export const SALES_OR_MIX = [
  { value: 0, label: '销量' },
  { value: 1, label: 'MIX' },
] as const;
/** orderBy (the form's priceRangeSort): the order of the bands. */
export const BAND_ORDERS = [
  { value: 0, label: '升序' },
  { value: 1, label: '降序' },
] as const;
/** The price-band table's rows (a page-only `rows` key): 1 each band's subtotal only (the default), 0 every member under its band (decision 174). */
export const BAND_TABLE_ROWS = [
  { value: 1, label: '价格段小计' },
  { value: 0, label: '明细' },
] as const;
export type BandTableRows = (typeof BAND_TABLE_ROWS)[number]['value'];
export const DEFAULT_BAND_TABLE_ROWS: BandTableRows = 1;
/** The member column's text on a band's subtotal row. */
export const BAND_SUBTOTAL_NAME = '小计';
/** accumulate on these pages: 0 the chosen month, 1 January to it. */
export const MONTH_OR_CUMULATIVE = [
  { value: 0, label: '单月' },
  { value: 1, label: '累计' },
] as const;
/** The detail table's dimension codes (§9): 0 series-group (系别), 1 brand, 2 producer, 3 producer-brand, 4 series (车系). */
export const PRICE_DIMENSIONS = [
  { value: 0, label: '系别' },
  { value: 1, label: '品牌' },
  { value: 2, label: '厂商' },
  { value: 3, label: '厂商品牌' },
  { value: 4, label: '车系' },
] as const;
export type PriceDimension = 0 | 1 | 2 | 3 | 4;
/** Member rows a band shows in the detail table before the rest go into one 其他 row with hidden detail. */
export const BAND_TOP_ROWS = 5;
/** The four views of the sales-proportion tables (their data2). */
export const PROPORTION_VIEWS = [
  { value: 0, label: '销量' },
  { value: 1, label: '销量同比' },
  { value: 2, label: 'MIX' },
  { value: 3, label: 'MIX变化' },
] as const;
/** Chart kinds of the sales-proportion charts (their type). */
export const PROPORTION_CHART_TYPES = [
  { value: 0, label: '气泡图' },
  { value: 1, label: '散点图' },
] as const;

// ---------- parameters ----------

/** A 0/1 (or 0-n) code sent as text, with its default. */
export function code<T extends number>(values: readonly T[], fallback: T, message: string) {
  return z.preprocess(
    blankIsAbsent,
    z
      .enum(values.map(String) as [string, ...string[]], { message })
      .default(String(fallback))
      .transform((v) => Number(v) as T),
  );
}

const WAN_MESSAGE = `应为 0-${MAX_PRICE_WAN} 之间的数（万元，最多一位小数）`;
/** A price in 万 with at most one decimal, kept in tenths of 万 so band arithmetic is exact. */
export const wan = (fallback: number) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string(WAN_MESSAGE)
      .regex(/^\d{1,4}(\.\d)?$/, WAN_MESSAGE)
      .default(String(fallback))
      .transform(Number)
      .refine((v) => v <= MAX_PRICE_WAN, WAN_MESSAGE),
  );

const SEGMENT_ID_MESSAGE = '应为 -1 或细分市场 id';

/** The band settings every band call takes (万, one decimal), the price a trim-month is banded by (data1) and sales or MIX (data2). */
export const bandSettingsShape = {
  priceLow: wan(PRICE_VOLUME_DEFAULTS.priceLow),
  priceHigh: wan(PRICE_VOLUME_DEFAULTS.priceHigh),
  segment: wan(PRICE_VOLUME_DEFAULTS.segment),
  orderBy: code([0, 1], PRICE_VOLUME_DEFAULTS.orderBy, '应为 0（升序）或 1（降序）'),
  data1: code([0, 1], 0, '应为 0（TP）或 1（MSRP）'),
  data2: code([0, 1], 0, '应为 0（销量）或 1（MIX）'),
};

/** Band settings as a form or the URL holds them: bounds and width in 万, as text or numbers. */
export interface BandSettingsText {
  priceLow: string | number;
  priceHigh: string | number;
  segment: string | number;
}

/** The band settings' group summary in a filter panel (价格段设置, 数据口径): '5-40万 / 5万'. */
export function bandSettingsSummary(s: BandSettingsText): string {
  return `${s.priceLow}-${s.priceHigh}万 / ${s.segment}万`;
}

/** The band settings as a page's header tag (价格区间): '5-40万，每段5万'. */
export function bandRangeText(s: BandSettingsText): string {
  return `${s.priceLow}-${s.priceHigh}万，每段${s.segment}万`;
}

/**
 * The price-band page's filters (§3 car-model price form and cabmodelpricesearchForm, §7 priceQtyDetail):
 * besides the market, producer and brand properties, the brands picked (`brand`), 车身形式 (`bodyShape`,
 * dicBodyShape keys), 系别 (`series`, family ids) and the TP city (`tpCity`: a trim-month is banded by its
 * TP weighted over that city's sales, decision 147).
 */
const priceQtyShape = {
  time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'retail'),
  detailId: refersTo(
    z.preprocess(blankIsAbsent, intText().pipe(z.number().min(-1, SEGMENT_ID_MESSAGE).max(999_999_999, SEGMENT_ID_MESSAGE)).default(-1)),
    'segment',
  ),
  producerProperties: refersTo(optional(keyList), 'producerProperty'),
  brandProperties: refersTo(optional(keyList), 'brandProperty'),
  brand: refersTo(optional(idList), 'brand'),
  bodyShape: refersTo(optional(keyList), 'bodyShape'),
  series: refersTo(optional(idList), 'family'),
  tpCity: refersTo(optional(positiveId('应为城市 id')), 'city'),
  ...bandSettingsShape,
  accumulate: code([0, 1], 0, '应为 0（单月）或 1（累计）'),
};

/** Bands must be whole: low < high, (high − low) a multiple of the width, at most MAX_PRICE_BANDS of them. */
export function checkBands<T extends { priceLow: number; priceHigh: number; segment: number }>(q: T, ctx: z.RefinementCtx): void {
  const low = Math.round(q.priceLow * 10);
  const high = Math.round(q.priceHigh * 10);
  const width = Math.round(q.segment * 10);
  if (low >= high) ctx.addIssue({ code: 'custom', path: ['priceLow'], message: '价格下限应小于价格上限' });
  else if (width <= 0) ctx.addIssue({ code: 'custom', path: ['segment'], message: '价格段宽度应大于 0' });
  else if ((high - low) % width !== 0) ctx.addIssue({ code: 'custom', path: ['segment'], message: '价格区间应为价格段宽度的整数倍' });
  else if ((high - low) / width > MAX_PRICE_BANDS)
    ctx.addIssue({ code: 'custom', path: ['segment'], message: `价格段过多（最多 ${MAX_PRICE_BANDS} 段），请加大价格段宽度` });
}

export const priceQtyChartSchema = strictQuery(priceQtyShape).superRefine(checkBands);

/** The members foreignIds names, by the table's dimension (type). */
const MEMBER_KIND: Record<PriceDimension, ReferenceKind> = { 0: 'family', 1: 'brand', 2: 'producer', 3: 'producerBrand', 4: 'subSeries' };
const foreignIds = refersTo(
  z.preprocess(blankIsAbsent, idList.optional()).transform((ids) => ids ?? []),
  (q) => MEMBER_KIND[q.type as PriceDimension],
);

/** The detail table and its download: the dimension (type) and the members picked for it (foreignIds). */
const priceQtyTableShape = {
  ...priceQtyShape,
  type: code([0, 1, 2, 3, 4] as PriceDimension[], 0, '应为 0（系别）、1（品牌）、2（厂商）、3（厂商品牌）或 4（车系）'),
  foreignIds,
};
export const priceQtyTableSchema = strictQuery(priceQtyTableShape).superRefine(checkBands);

/**
 * 导出PPT of 车型价格段销量 (issue 31, decision 217): the page's URL — its filters, the chart's sales / MIX
 * (`chart`), the table's sales / MIX (`data2`), dimension (`type`), picked members (`foreignIds`) and its
 * rows view (`rows`, decision 174: 1 each band's subtotal, 0 every member).
 */
export const priceQtyDeckSchema = strictQuery({
  ...priceQtyTableShape,
  chart: code<0 | 1>([0, 1], 0, '应为 0（销量）或 1（MIX）'),
  rows: code(
    BAND_TABLE_ROWS.map((r) => r.value),
    DEFAULT_BAND_TABLE_ROWS,
    '应为 1（价格段小计）或 0（明细）',
  ),
}).superRefine(checkBands);

export type PriceQtyChartDto = z.output<typeof priceQtyChartSchema>;
export type PriceQtyTableDto = z.output<typeof priceQtyTableSchema>;
export type PriceQtyDeckDto = z.output<typeof priceQtyDeckSchema>;

/**
 * The sales-proportion filters (§3 price-dimension form and pricedimensionsearchForm): the month, the own
 * series and its trims, TP or MSRP, and a city (`city`: sales, shares, ranks and prices of that city only,
 * decision 147).
 */
const modelPriceShape = {
  time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'retail'),
  /** The page's 车系 is a sub-series (子车系). */
  modelSubId: refersTo(optional(positiveId('应为车系 id')), 'subSeries'),
  carIds: refersTo(
    z.preprocess(blankIsAbsent, idList.optional()).transform((ids) => ids ?? []),
    'car',
  ),
  data1: code([0, 1], 0, '应为 0（TP）或 1（MSRP）'),
  city: refersTo(optional(positiveId('应为城市 id')), 'city'),
  /**
   * Without `modelSubId`, the series shown is this producer's (else this brand's) best seller of the month: the page
   * sends the signed-in user's own maker, so an analyst opens on their own series (issue 45 §2, decision 277).
   * Without either, the market's best seller. Ignored when `modelSubId` is given.
   */
  producerId: refersTo(optional(positiveId('应为厂商 id')), 'producer'),
  brandId: refersTo(optional(positiveId('应为品牌 id')), 'brand'),
};

/** 时间段对比's year count (spec 001 §9: 1 to 10): the period and as many years before it, one series each. */
export const PROPORTION_YEAR_COUNT = { min: 1, max: 10, default: 1, options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } as const;
/** 车型对比's rank band (spec 001 §9, RANK_BANDS 1-10 … 41-50): the own segment's trims ranked in it, one more series; default 1-10. */
export const PROPORTION_RANK_DEFAULT = 1;

const comparedSeries = refersTo(
  z
    .preprocess(blankIsAbsent, idList.optional())
    .transform((ids) => ids ?? [])
    .refine((ids) => ids.length <= MAX_COMPARED, `最多 ${MAX_COMPARED} 个`),
  'subSeries',
);
const chartType = code([0, 1], 0, '应为 0（气泡图）或 1（散点图）');
const view = code([0, 1, 2, 3], 0, '应为 0（销量）、1（销量同比）、2（MIX）或 3（MIX变化）');
const monthOrCumulative = code([0, 1], 0, '应为 0（单月）或 1（累计）');
const salesOrMix = code([0, 1], 0, '应为 0（销量）或 1（MIX）');

const YEAR_COUNT_MESSAGE = `应为 ${PROPORTION_YEAR_COUNT.min}-${PROPORTION_YEAR_COUNT.max}（年数）`;
const yearCount = z.preprocess(
  blankIsAbsent,
  intText(YEAR_COUNT_MESSAGE)
    .pipe(z.number().min(PROPORTION_YEAR_COUNT.min, YEAR_COUNT_MESSAGE).max(PROPORTION_YEAR_COUNT.max, YEAR_COUNT_MESSAGE))
    .default(PROPORTION_YEAR_COUNT.default),
);
const rankBand = code(
  Array.from({ length: RANK_BAND_COUNT }, (_, i) => i + 1),
  PROPORTION_RANK_DEFAULT,
  `应为 1-${RANK_BAND_COUNT}（第 1-10 名 … 第 ${RANK_BAND_COUNT * 10 - 9}-${RANK_BAND_COUNT * 10} 名）`,
);

export const modelPriceSingleChartSchema = strictQuery({ ...modelPriceShape, type: chartType, data2: salesOrMix, count: yearCount });
export const modelPriceCompareChartSchema = strictQuery({
  ...modelPriceShape,
  type: chartType,
  data2: salesOrMix,
  modelSubIds: comparedSeries,
  accumulate: monthOrCumulative,
  rank: rankBand,
});
export const modelPriceSingleTableSchema = strictQuery({ ...modelPriceShape, data2: view });
export const modelPriceCompareTableSchema = strictQuery({ ...modelPriceShape, data2: view, modelSubIds: comparedSeries, accumulate: monthOrCumulative });

export type ModelPriceSingleChartDto = z.output<typeof modelPriceSingleChartSchema>;
export type ModelPriceCompareChartDto = z.output<typeof modelPriceCompareChartSchema>;
export type ModelPriceSingleTableDto = z.output<typeof modelPriceSingleTableSchema>;
export type ModelPriceCompareTableDto = z.output<typeof modelPriceCompareTableSchema>;

// ---------- results ----------

const percent = z.number().nullable();

/** One member of a band hidden behind its 其他 row: the detail dialog's row. */
export const bandDetailRowSchema = z.object({
  name: z.string(),
  sales: z.number(),
  tqSales: z.number(),
  /** 同比, null where dashed. */
  yoy: percent,
  /** MIX: the member's part of the filtered market this period and a year earlier. */
  mix: percent,
  tqMix: percent,
  /** MIX change in points, null where dashed. */
  mixYoy: percent,
});
export type BandDetailRow = z.infer<typeof bandDetailRowSchema>;

/**
 * One cell of the detail table. `data` by key: jgd [band label], name [member name], xl0 [sales,
 * last-year sales, bar width %, last-year bar width %], yoy [percent], mix [MIX, last-year MIX, bar
 * width %, last-year bar width %], mixYoy [points]. `merge`: the rows a band cell spans (0 under it,
 * 1 for any other cell). `hiddenList`: the members a 其他 row sums, for the detail dialog.
 */
export const dimensionCellSchema = z.object({
  key: z.string(),
  data: z.array(z.union([z.string(), z.number(), z.null()])),
  merge: z.number().int(),
  hiddenList: z.array(bandDetailRowSchema).optional(),
});
export type DimensionCell = z.infer<typeof dimensionCellSchema>;

export interface DimensionTitle {
  label: string;
  key: string;
  children: DimensionTitle[];
}
export const dimensionTitleSchema: z.ZodType<DimensionTitle> = z.lazy(() =>
  z.object({ label: z.string(), key: z.string(), children: z.array(dimensionTitleSchema) }),
);

export const dimensionTableSchema = z.object({
  titles: z.array(dimensionTitleSchema),
  values: z.array(z.array(dimensionCellSchema)),
});
export type DimensionTable = z.infer<typeof dimensionTableSchema>;

/** One point of a bubble or scatter chart: a trim or a series, its price (万), its figure (sales or MIX %), its volume (the bubble). */
export const pricePointSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Weighted TP or MSRP in 万, two decimals; null where no price is known (the point is not drawn). */
  x: z.number().nullable(),
  y: z.number().nullable(),
  sales: z.number(),
});
export const priceScatterSchema = z.object({
  xTitle: z.string(),
  yTitle: z.string(),
  series: z.array(z.object({ name: z.string(), points: z.array(pricePointSchema) })),
});
export type PriceScatter = z.infer<typeof priceScatterSchema>;
export type PricePoint = z.infer<typeof pricePointSchema>;

/**
 * The sales row of the sales-proportion tables (§3): a trim, or a series subtotal. detailMix is the
 * share of the row's segment (细分市场), wholeMix of the whole market; changes in points; ranking among
 * the segment's trims (a subtotal: among its series) with rankingStatus against a year earlier.
 * detailMixStr is the segment share a year earlier as shown; price is the weighted TP or MSRP in yuan.
 */
export const proportionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  seriesName: z.string(),
  price: z.number().nullable(),
  priceStr: z.string(),
  sales: z.number(),
  salesStr: z.string(),
  tqSales: z.number(),
  tqSalesStr: z.string(),
  yoy: percent,
  yoys: z.string(),
  detailMix: percent,
  detailMixs: z.string(),
  detailMixStr: z.string(),
  /** The segment share a year earlier (its text is detailMixStr). */
  tqDetailMix: percent,
  detailMixChange: percent,
  detailMixChanges: z.string(),
  wholeMix: percent,
  wholeMixs: z.string(),
  wholeMixChange: percent,
  wholeMixChanges: z.string(),
  ranking: z.number().nullable(),
  rankingStr: z.string(),
  rankingStatus: z.union([z.literal(-2), z.literal(-1), z.literal(0), z.literal(1)]),
  subtotal: z.boolean(),
  /**
   * The previous model year's trim whose year-ago figures (同期, 同比, the MIX and rank changes) this trim's are: a
   * trim new this year meets the one it replaced (decision 278). Absent: the trim is compared with itself.
   */
  priorName: z.string().optional(),
});
export type ProportionRow = z.infer<typeof proportionRowSchema>;

export const proportionTableSchema = z.object({
  /** The period the figures cover: '2026-10' or '2026-01~2026-10'. */
  period: z.string(),
  /** The own series the answer is about (the best seller of the month when none was asked). */
  modelSubId: z.number(),
  modelSubName: z.string(),
  rows: z.array(proportionRowSchema),
});
export type ProportionTable = z.infer<typeof proportionTableSchema>;

/** The columns of each view of the sales-proportion tables, after 车型 and 价格 (page and workbook); 同比 beside last year's sales, a MIX change in points. */
export const PROPORTION_VIEW_COLUMNS: Readonly<
  Record<0 | 1 | 2 | 3, ReadonlyArray<{ label: string; field: keyof ProportionRow; kind: 'count' | 'share' | 'growth' | 'points' | 'rank' }>>
> = {
  0: [
    { label: '销量', field: 'sales', kind: 'count' },
    { label: '去年同期销量', field: 'tqSales', kind: 'count' },
    { label: '细分市场排名', field: 'ranking', kind: 'rank' },
  ],
  1: [
    { label: '销量', field: 'sales', kind: 'count' },
    { label: '去年同期销量', field: 'tqSales', kind: 'count' },
    { label: '同比', field: 'yoy', kind: 'growth' },
    { label: '细分市场排名', field: 'ranking', kind: 'rank' },
  ],
  2: [
    { label: '细分市场MIX', field: 'detailMix', kind: 'share' },
    { label: '去年同期细分市场MIX', field: 'tqDetailMix', kind: 'share' },
    { label: '整体市场MIX', field: 'wholeMix', kind: 'share' },
  ],
  3: [
    { label: pointsHeader('细分市场MIX变化'), field: 'detailMixChange', kind: 'points' },
    { label: pointsHeader('整体市场MIX变化'), field: 'wholeMixChange', kind: 'points' },
  ],
};

/** The order of a view's rows: by its figure, largest first (a series' subtotal closes its rows). */
export const PROPORTION_VIEW_ORDER: Readonly<Record<0 | 1 | 2 | 3, keyof ProportionRow>> = { 0: 'sales', 1: 'yoy', 2: 'detailMix', 3: 'detailMixChange' };

/** The columns a sales-proportion table sorts by in a view (decision 171): 车型, 价格 and the view's figures. */
export function proportionSortColumns(view: 0 | 1 | 2 | 3): Array<keyof ProportionRow> {
  return ['name', 'price', ...PROPORTION_VIEW_COLUMNS[view].map((c) => c.field)];
}

/** Every column a sales-proportion table sorts by in some view. */
const PROPORTION_SORT_COLUMNS = [...new Set(([0, 1, 2, 3] as const).flatMap(proportionSortColumns))];

/** A sales-proportion table in a header click's order: trims within their series, each series' subtotal at its foot (decision 171). */
export function sortProportionRows(rows: readonly ProportionRow[], order: SortOrder | null | undefined): ProportionRow[] {
  return sortRows(rows, order, {
    value: (row, column) => row[column as keyof ProportionRow] as number | string | null,
    role: (row) => (row.subtotal ? 'subtotal' : 'row'),
    group: (row) => row.seriesName,
  });
}

/**
 * 导出PPT of 销量占比分析 (issue 31, decision 217): the page's URL, each panel's keys as the page names them —
 * 时间段对比 (singleData2, singleType, singleCount), the single table (singleView), 车型对比 (compareData2,
 * compareType, compareAccumulate, compareRank, modelSubIds) and the compare table (compareView, tableAccumulate).
 */
export const modelPriceDeckSchema = strictQuery({
  ...modelPriceShape,
  singleData2: salesOrMix,
  singleType: chartType,
  singleCount: yearCount,
  singleView: view,
  compareData2: salesOrMix,
  compareType: chartType,
  compareAccumulate: monthOrCumulative,
  compareRank: rankBand,
  modelSubIds: comparedSeries,
  compareView: view,
  tableAccumulate: monthOrCumulative,
  /** The tables' header-click orders, as the page's URL keeps them (decision 171). */
  singleViewSort: sortParam(PROPORTION_SORT_COLUMNS),
  compareViewSort: sortParam(PROPORTION_SORT_COLUMNS),
});
export type ModelPriceDeckDto = z.output<typeof modelPriceDeckSchema>;
