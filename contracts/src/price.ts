import { z } from 'zod';
import { DASH, sharePercentText, signedText, thousands } from './display';
import { type HeaderTag, multiSelectText } from './filter-tags';
import { blankIsAbsent, idList, integer, intText, keyList, monthParam, monthText, optional, positiveId, searchText, strictQuery } from './params';
import {
  BAND_ORDERS,
  bandRangeText,
  type BandSettingsText,
  bandSettingsShape,
  checkBands,
  code,
  PRICE_BASES,
  PRICE_VOLUME_DEFAULTS,
  SALES_OR_MIX,
} from './price-volume';
import { inCalendar, refersTo } from './references';
import { idNameSchema } from './search';
import { columnSortParam, sortRows, type SortDirection, type SortOrder } from './table-sort';

/**
 * The price calls (spec 001 §2.1, §2.2, §3, §7 "Price"; decisions 54-59): the market price index
 * (price/marketPriceWhole/…) and the car-series price trace (price/cabmodelpricetrace/…). Prices are
 * yuan, volume-weighted over the trims and cities in scope (DESIGN.md "Prices"): whole yuan on the wire,
 * discount = MSRP − TP of those whole yuan, rate = discount / MSRP as a one-decimal percent.
 */

// ---------- constants ----------

/** Chart and table measure of the market page and the trace page's filter: 0 discount (优惠), 1 rate (优惠率). */
export const PRICE_CHART_MEASURES = [
  { value: 0, label: '优惠' },
  { value: 1, label: '优惠率' },
] as const;

/** Table measure (spec §9): TP 2, discount 0, rate 1, in the order the toggles show them. */
export const PRICE_TABLE_MEASURES = [
  { value: 2, label: '成交价' },
  { value: 0, label: '优惠' },
  { value: 1, label: '优惠率' },
] as const;
export type PriceTableMeasure = 0 | 1 | 2;

/**
 * The trace chart's one measure at a time (issue 45 §2, decision 275): TP 2 (the default), discount 0, rate 1, MSRP 3,
 * the codes of PRICE_TABLE_MEASURES plus MSRP; in the order the chart's switch shows them.
 */
export const PRICE_TRACE_MEASURES = [
  { value: 2, label: '成交价' },
  { value: 0, label: '优惠' },
  { value: 1, label: '优惠率' },
  { value: 3, label: '厂商指导价' },
] as const;
export type PriceTraceMeasure = 0 | 1 | 2 | 3;
export const DEFAULT_PRICE_TRACE_MEASURE: PriceTraceMeasure = 2;

/**
 * The trace chart's measure from its call: `measure` when given, else the spec's `type` (0 discount, 1 rate) of an
 * older link, else TP. The page reads its URL and the API its query by this one rule.
 */
export function traceChartMeasure(q: { measure?: number | undefined; type?: number | undefined }): PriceTraceMeasure {
  return (q.measure ?? q.type ?? DEFAULT_PRICE_TRACE_MEASURE) as PriceTraceMeasure;
}

/** A trace measure's name as the chart's switch shows it (成交价, 优惠, 优惠率, 厂商指导价): the deck's slide title too. */
export function traceMeasureLabel(measure: PriceTraceMeasure): string {
  return PRICE_TRACE_MEASURES.find((m) => m.value === measure)?.label ?? '';
}

/** The trace chart's value axis: the measure and its unit by the month tables' rule (priceTableUnit): 成交价（元）, 优惠率（%）. */
export function traceAxisTitle(measure: PriceTraceMeasure): string {
  return `${traceMeasureLabel(measure)}（${priceTableUnit(measure)}）`;
}

/** Market price table rows (spec §9): 0 segment, 1 manufacturer, 2 brand. */
export const PRICE_TABLE_DIMENSIONS = [
  { value: 0, label: '细分市场' },
  { value: 1, label: '厂商' },
  { value: 2, label: '品牌' },
] as const;
export type PriceTableDimension = 0 | 1 | 2;

/** Months a price chart and table show: the chosen month and the eleven before it (from the first price month). */
export const PRICE_TREND_MONTHS = 12;

/** At most this many comparison series or trims on the trace chart. */
export const MAX_PRICE_COMPARED = 5;

/**
 * The trace page's default brand: the spec's id 7777, "a mass-market German brand", is 大众 in our
 * catalog (decision 56); the page finds its id by name.
 */
export const DEFAULT_TRACE_BRAND_NAME = '大众';

/** The price chart's second axis (spec §9): floor 55, the stretch from 50 to 100 broken out. */
export const PRICE_AXIS_BREAK = { floor: 55, from: 50, to: 100 } as const;

// ---------- display ----------

/**
 * A month table in the order its page shows (decision 171): sorted by the name or a month's figure, the whole
 * scope's row first, a region's provinces moving with it; the API's order without a sort (or by a month it lacks).
 */
export function sortPriceTable(table: PriceTable, order: SortOrder | null | undefined): PriceTableRow[] {
  if (!order || (order.column !== 'name' && !table.months.includes(order.column))) return [...table.rows];
  return sortRows(table.rows, order, {
    value: (row, column) => (column === 'name' ? row.name : row.values[table.months.indexOf(column)]),
    role: (row) => (row.total ? 'total' : 'row'),
    level: (row) => row.level,
  });
}

/** The four price cards' titles (the page's cards and the deck's): '10月加权厂商指导价' …, '当月…' before the answer. */
export function priceCardTitles(time: string | null | undefined): { msrp: string; tp: string; discount: string; discountRate: string } {
  const month = time ? `${Number(time.slice(5, 7))}月` : '当月';
  return { msrp: `${month}加权厂商指导价`, tp: `${month}加权成交价`, discount: `${month}优惠`, discountRate: `${month}优惠率` };
}

/**
 * 区域表现's six figures (the page's block and the deck's), each its label, the text the API sends and, for the
 * lowest price and the highest discount, the field naming the province where it was found (issue 45 §2).
 */
export const NATIONWIDE_ITEMS = [
  { label: '全国均价', text: 'avgPriceStr' },
  { label: '最低价', text: 'lowPriceStr', place: 'lowPriceProvince' },
  { label: '平均优惠', text: 'avgDiscountStr' },
  { label: '最高优惠', text: 'highDiscountStr', place: 'highDiscountProvince' },
  { label: '平均优惠率', text: 'avgDiscountRateStr' },
  { label: '最高优惠率', text: 'highDiscountRateStr' },
] as const;

/** A 区域表现 figure as the page and the deck show it: '185,000元（辽宁）' where the answer names the province. */
export function nationwideItemText(nationwide: Nationwide, item: (typeof NATIONWIDE_ITEMS)[number]): string {
  const text = nationwide[item.text];
  const place = 'place' in item ? nationwide[item.place] : null;
  return place && text !== DASH ? `${text}（${place}）` : text;
}

/**
 * A TP gap as the trace's table shows it (decision 276): signed, '+12,345元' or '-8,000元'; a gap is a difference
 * between two cars, not a change over time, so it carries a sign but no change colour.
 */
export function yuanGapText(value: number | null | undefined): string {
  return signedText(yuanText(value));
}

/** A TP gap's share of the rival's TP, signed: '+3.2%', '-1.0%'; '-' without both prices. */
export function percentGapText(percent: number | null | undefined): string {
  return signedText(sharePercentText(percent));
}

/** A price card's two changes (the page's cards and the deck's): on the month before and since January. */
export const PRICE_CARD_CHANGES = ['环比', '较1月'] as const;

/** A price in whole yuan with thousands separators and 元: '123,456元'; unknown '-'. */
export function yuanText(value: number | null | undefined): string {
  const text = thousands(value);
  return text === DASH ? text : `${text}元`;
}

/** A price rounded to whole yuan, null when unknown. */
export function wholeYuan(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value) || 0;
}

/** A table or chart cell of one measure: TP and discount in whole yuan, the rate as a one-decimal percent. */
export function priceCellText(measure: PriceTableMeasure, value: number | null | undefined): string {
  return measure === 1 ? sharePercentText(value) : yuanText(value);
}

// ---------- parameters ----------

const SEGMENT_MESSAGE = '应为 -1 或细分市场 id';
const segmentId = integer(SEGMENT_MESSAGE).refine((id) => id === -1 || (id > 0 && id < 1_000_000_000), SEGMENT_MESSAGE);
const PROPERTY_MESSAGE = '应为 -1 或厂商属性';
const producerProperty = integer(PROPERTY_MESSAGE).refine((v) => v >= -1 && v <= 9999, PROPERTY_MESSAGE);
const REGION_MESSAGE = '应为 -1（全国）或大区编号 1-7';
const region = integer(REGION_MESSAGE).refine((v) => v === -1 || (v >= 1 && v <= 7), REGION_MESSAGE);
const BRAND_TYPE_MESSAGE = '应为 -1（全部）、0 合资、1 自主或 2 新创';
const brandType = integer(BRAND_TYPE_MESSAGE).refine((v) => v >= -1 && v <= 2, BRAND_TYPE_MESSAGE);

function choice<const T extends readonly string[]>(values: T, message: string) {
  return z.enum(values, { message }).transform((v) => Number(v));
}

/**
 * The market price search form (spec §3): time (latest price month), detailId (segment, −1 all),
 * producerProperty (−1 all), bigArea (a big region, −1 nation), composite (brand type 合资/自主/新创,
 * −1 all), searchContent (narrows the table's rows by name).
 */
export const marketPriceFilterShape = {
  time: inCalendar(optional(monthParam), 'price'),
  detailId: refersTo(optional(segmentId), 'segment'),
  producerProperty: refersTo(optional(producerProperty), 'producerProperty'),
  bigArea: refersTo(optional(region), 'region'),
  composite: optional(brandType),
  searchContent: optional(searchText),
};
export const marketPriceFilterSchema = strictQuery(marketPriceFilterShape);
export type MarketPriceFilter = z.output<typeof marketPriceFilterSchema>;

const chartMeasure = optional(choice(['0', '1'], '应为 0（优惠）或 1（优惠率）'));

/** highCharts: type 0 discount, 1 rate (default 0). */
export const marketPriceChartSchema = strictQuery({ ...marketPriceFilterShape, type: chartMeasure });
export type MarketPriceChartQuery = z.output<typeof marketPriceChartSchema>;

const tableMeasure = optional(choice(['0', '1', '2'], '应为 2（成交价）、0（优惠）或 1（优惠率）'));

/** detailTable and its download: type row dimension 0 segment / 1 producer / 2 brand, type2 measure 2 TP / 0 discount / 1 rate. */
export const marketPriceTableSchema = strictQuery({
  ...marketPriceFilterShape,
  type: optional(choice(['0', '1', '2'], '应为 0（细分市场）、1（厂商）或 2（品牌）')),
  type2: tableMeasure,
});
export type MarketPriceTableQuery = z.output<typeof marketPriceTableSchema>;

const MONTH_TABLE_SORT = /^(name|\d{4}-\d{2})\.(desc|asc)$/;

/**
 * A month table's order as its page clicked it (decision 171, the page's `sort`): the name or a month
 * ('2026-03.desc'); a month the table does not show reads as the default order, as on the page.
 */
const monthTableSort = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .regex(MONTH_TABLE_SORT, '应为「列.desc」或「列.asc」，列为 name 或月份 YYYY-MM')
    .optional()
    .transform((text): SortOrder | undefined => {
      if (text === undefined) return undefined;
      const at = text.lastIndexOf('.');
      return { column: text.slice(0, at), direction: text.slice(at + 1) as SortDirection };
    }),
);

/**
 * 导出PPT of the market price page (issue 31, decision 215): the search form, the chart's measure under the
 * page's own name (dataType 0 discount / 1 rate) and the table's dimension and measure (type, type2).
 */
export const marketPriceDeckSchema = strictQuery({ ...marketPriceTableSchema.shape, dataType: chartMeasure, sort: monthTableSort });
export type MarketPriceDeckQuery = z.output<typeof marketPriceDeckSchema>;

/**
 * The trace's subject: modelSubId (required) and optionally one of its trims, carId; time (latest price
 * month); type is the filter panel's discount (0) or rate (1), which the chart draws.
 */
const traceShape = {
  time: inCalendar(optional(monthParam), 'price'),
  type: chartMeasure,
  modelSubId: refersTo(positiveId('应为子车系 id'), 'subSeries'),
  carId: refersTo(optional(positiveId('应为车型 id')), 'car'),
};
export const priceTraceSchema = strictQuery(traceShape);
export type PriceTraceQuery = z.output<typeof priceTraceSchema>;

/**
 * The trace form's city (spec 001 §3 cabmodelpricetraceForm: date, discount, dataType, city): a city's
 * 6-digit code; the cards and the chart then weigh TP over that city's sales only (absent: the nation).
 */
const traceCity = { city: refersTo(optional(positiveId('应为城市的 6 位行政区划代码')), 'city') };

/** whole: the subject's cards, nationally or in one city. */
export const priceTraceWholeQuerySchema = strictQuery({ ...traceShape, ...traceCity });
export type PriceTraceWholeQuery = z.output<typeof priceTraceWholeQuerySchema>;

const compared = (message: string) =>
  optional(idList)
    .transform((ids) => ids ?? [])
    .refine((ids) => ids.length <= MAX_PRICE_COMPARED, message);

const traceComparedShape = {
  ...traceShape,
  ...traceCity,
  modelSubIds: refersTo(compared(`最多只能选择${MAX_PRICE_COMPARED}个对比车系`), 'subSeries'),
  carIds: refersTo(compared(`最多只能选择${MAX_PRICE_COMPARED}个对比车型`), 'car'),
};

/** The trace's TP-gap table (decision 276): the subject and its comparisons, as the chart. */
export const priceTraceGapQuerySchema = strictQuery(traceComparedShape);
export type PriceTraceGapQuery = z.output<typeof priceTraceGapQuerySchema>;

const traceMeasure = optional(choice(['0', '1', '2', '3'], '应为 2（成交价）、0（优惠）、1（优惠率）或 3（厂商指导价）'));

/**
 * The trace chart: plus comparison sub-series (modelSubIds) and trims (carIds), at most 5 each, the city, and the
 * one measure it draws (`measure`, PRICE_TRACE_MEASURES; absent: the spec's `type`, else TP — traceChartMeasure).
 */
export const priceTraceChartSchema = strictQuery({ ...traceComparedShape, measure: traceMeasure });
export type PriceTraceChartQuery = z.output<typeof priceTraceChartSchema>;

/** cityTable and its download: type TP 2 (default), discount 0, rate 1. */
export const priceTraceTableSchema = strictQuery({ ...traceShape, type: tableMeasure });
export type PriceTraceTableQuery = z.output<typeof priceTraceTableSchema>;

/**
 * 导出PPT of the trace page (issue 31, decision 215): the subject, the city and the comparisons as the chart
 * asks for them, the chart's measure under the page's own name (discount 0 / 1 rate) and the regional
 * table's measure (type 2 TP / 0 discount / 1 rate).
 */
export const priceTraceDeckSchema = strictQuery({ ...priceTraceChartSchema.shape, type: tableMeasure, discount: chartMeasure, sort: monthTableSort });
export type PriceTraceDeckQuery = z.output<typeof priceTraceDeckSchema>;

// ---------- results ----------

const money = z.number().nullable();
const percent = z.number().nullable();

/**
 * The four cards (spec §3 "price whole data"). tpMom / discountMom: change on the previous month,
 * tpDown / discountDown: change since January of the year, both as one-decimal percents (null where
 * the dash rule shows '-'); the rate's changes are in percentage points.
 */
export const priceWholeSchema = z.object({
  time: z.string(),
  /** The January the 累计 changes count from, 'YYYY-01'. */
  startTime: z.string(),
  msrp: money,
  msrpStr: z.string(),
  tp: money,
  tpStr: z.string(),
  tpMom: percent,
  tpMomStr: z.string(),
  tpDown: percent,
  tpDownStr: z.string(),
  discount: money,
  discountStr: z.string(),
  discountMom: percent,
  discountMomStr: z.string(),
  discountDown: percent,
  discountDownStr: z.string(),
  discountRate: percent,
  discountRateStr: z.string(),
  discountRateMom: percent,
  discountRateMomStr: z.string(),
  discountRateDown: percent,
  discountRateDownStr: z.string(),
  /** The retail volume the prices are weighted over. */
  qty: z.number(),
});
export type PriceWhole = z.infer<typeof priceWholeSchema>;

/** The trace's cards, with the sub-series' producer, its name as the trace shows it and its brand (the form's brand when a link names only the sub-series). */
export const priceTraceWholeSchema = priceWholeSchema.extend({ producerName: z.string(), modelName: z.string(), brand: idNameSchema });
export type PriceTraceWhole = z.infer<typeof priceTraceWholeSchema>;

/**
 * A row of a month table: its label, then one value per month (values: yuan or percent; texts: as
 * shown; qty: the volume each month's price is weighted over).
 */
export const priceTableRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.array(z.number().nullable()),
  texts: z.array(z.string()),
  qty: z.array(z.number()),
  /** The whole scope's row (整体市场, 全国). */
  total: z.boolean(),
  /** The row of the segment the filters chose (highlighted). */
  current: z.boolean(),
  /** Region rows (1) and their provinces (2) in the regional table; 0 elsewhere. */
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type PriceTableRow = z.infer<typeof priceTableRowSchema>;

export const priceTableSchema = z.object({
  months: z.array(z.string()),
  /** 2 TP, 0 discount, 1 rate. */
  measure: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  rows: z.array(priceTableRowSchema),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

/** 区域表现 (spec §3 "nation-wide data"): the subject's national figures of the month. */
export const nationwideSchema = z.object({
  name: z.string(),
  avgPrice: money,
  avgPriceStr: z.string(),
  lowPrice: money,
  lowPriceStr: z.string(),
  avgDiscount: money,
  avgDiscountStr: z.string(),
  /** The largest MSRP − lowest city TP over the subject's trims. */
  highDiscount: money,
  highDiscountStr: z.string(),
  avgDiscountRate: percent,
  avgDiscountRateStr: z.string(),
  highDiscountRate: percent,
  highDiscountRateStr: z.string(),
  /** The province of the lowest city TP (最低价), null without a price (issue 45 §2). */
  lowPriceProvince: z.string().nullable(),
  /** The province of the lowest city TP of the trim with the highest discount (最高优惠). */
  highDiscountProvince: z.string().nullable(),
});
export type Nationwide = z.infer<typeof nationwideSchema>;

/**
 * The trace's TP-gap table (issue 45 §2, decision 276): for each comparison in the chart's order, the subject's TP
 * minus the rival's, month by month, in yuan and as a percent of the rival's TP (null without both prices).
 */
export const priceTraceGapSchema = z.object({
  months: z.array(z.string()),
  /** The subject as the chart names it. */
  name: z.string(),
  rows: z.array(
    z.object({
      name: z.string(),
      gaps: z.array(money),
      gapTexts: z.array(z.string()),
      percents: z.array(percent),
      percentTexts: z.array(z.string()),
    }),
  ),
});
export type PriceTraceGap = z.infer<typeof priceTraceGapSchema>;

/** A cell of the TP-gap table in one line (the deck's): '+12,345元（+3.2%）'; '-' without a gap. */
export function traceGapCellText(row: PriceTraceGap['rows'][number], month: number): string {
  const gap = row.gapTexts[month] ?? '-';
  return gap === '-' ? gap : `${gap}（${row.percentTexts[month] ?? '-'}）`;
}

/** The province choropleth of the market page: each province's discount rate (percent) and TP. */
export const priceMapSchema = z.object({
  time: z.string(),
  provinces: z.array(
    z.object({ id: z.number(), name: z.string(), code: z.string(), tp: money, discountRate: percent, discountRateStr: z.string(), qty: z.number() }),
  ),
});
export type PriceMap = z.infer<typeof priceMapSchema>;

// ---------- the price-structure pages (/price/totalmarket, /pricedetailmarket) ----------

/**
 * 整体市场价格结构 (/price/totalmarket) and 细分市场价格结构 (/pricedetailmarket): the spec's placeholder
 * pair (001 §1) made real on the price-band data (decisions 113-115). Both show the retail volume
 * of the filtered market by price band — each trim-month in the band of its national TP or MSRP, as the
 * price-band page does — with the weighted prices of each band; the segment page is the same for one
 * 细分市场 (detailId, by default the month's best-selling segment).
 */

/** The chart's view (the placeholder's time / gear / producer toggle). */
export const PRICE_STRUCTURE_VIEWS = [
  { value: 0, label: '时间' },
  { value: 1, label: '价格段' },
  { value: 2, label: '厂商' },
] as const;
export type PriceStructureView = 0 | 1 | 2;

/** The table's tabs: the bands with their prices, then the bands split by family, brand, producer, producer-brand. */
export const PRICE_STRUCTURE_TABS = [
  { value: 0, label: '价格总览' },
  { value: 1, label: '系别' },
  { value: 2, label: '品牌' },
  { value: 3, label: '厂商' },
  { value: 4, label: '厂商品牌' },
] as const;
export type PriceStructureTab = 0 | 1 | 2 | 3 | 4;

/** averageMonth: 0 the monthly average of January to the month, 1 January to the month summed. */
export const AVERAGE_OR_CUMULATIVE = [
  { value: 0, label: '月均' },
  { value: 1, label: '累计' },
] as const;

/** The producer view charts this many producers, the period's largest. */
export const PRICE_STRUCTURE_TOP_PRODUCERS = 10;

/** The pages' defaults: the price-band page's bands (spec §9), 月均, sales, the time view, the overview tab. */
export const PRICE_STRUCTURE_DEFAULTS = { ...PRICE_VOLUME_DEFAULTS, averageMonth: 0, view: 0, tab: 0 } as const;

const structureShape = {
  /** The structure pages offer the retail calendar (search/calendar category 2). */
  time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'retail'),
  detailId: refersTo(z.preprocess(blankIsAbsent, intText().pipe(z.number().min(-1, SEGMENT_MESSAGE).max(999_999_999, SEGMENT_MESSAGE)).default(-1)), 'segment'),
  /** 车身形式 (dicBodyShape keys). */
  bodyShapes: refersTo(optional(keyList), 'bodyShape'),
  /** 厂商属性, the placeholder's origin attribute (dicProducerProperty keys). */
  producerProperties: refersTo(optional(keyList), 'producerProperty'),
  /** 系别 (dicBrandSeries keys). */
  families: refersTo(optional(keyList), 'family'),
  /** 品牌属性 (dicBoundProperty keys). */
  brandProperties: refersTo(optional(keyList), 'brandProperty'),
  ...bandSettingsShape,
  averageMonth: code([0, 1], 0, '应为 0（月均）或 1（累计）'),
};

const structureView = code([0, 1, 2] as PriceStructureView[], 0, '应为 0（时间）、1（价格段）或 2（厂商）');
const structureTab = code([0, 1, 2, 3, 4] as PriceStructureTab[], 0, '应为 0（价格总览）、1（系别）、2（品牌）、3（厂商）或 4（厂商品牌）');

/** The chart: plus view 0 time / 1 price band / 2 producer. */
export const priceStructureChartSchema = strictQuery({ ...structureShape, view: structureView }).superRefine(checkBands);
export type PriceStructureChartQuery = z.output<typeof priceStructureChartSchema>;

/** The table and its download: plus tab 0 price overview / 1 family / 2 brand / 3 producer / 4 producer-brand. */
export const priceStructureTableSchema = strictQuery({ ...structureShape, tab: structureTab }).superRefine(checkBands);
export type PriceStructureTableQuery = z.output<typeof priceStructureTableSchema>;
export type PriceStructureFilter = Omit<PriceStructureTableQuery, 'tab'>;

/**
 * 导出PPT of either page (issue 31, decision 213): the page's URL as it stands — the filters, the chart's view
 * and its sales / MIX (`chart`, the chart call's data2), the table's tab and sales / MIX (`data2`) and the
 * order clicked on its header (`sort`, a column of the table the tab shows).
 */
export const priceStructureDeckSchema = strictQuery({
  ...structureShape,
  view: structureView,
  chart: code([0, 1] as Array<0 | 1>, 0, '应为 0（销量）或 1（MIX）'),
  tab: structureTab,
  sort: columnSortParam(),
}).superRefine(checkBands);
export type PriceStructureDeckQuery = z.output<typeof priceStructureDeckSchema>;

/** A column of the structure table: its title and how its values read (count, 元, one-decimal percent, points). */
export const structureColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(['count', 'yuan', 'percent', 'growth', 'points']) });
export type StructureColumn = z.infer<typeof structureColumnSchema>;

/** A row: a band (overview) or a member (the other tabs); `total` marks the whole filtered market's row. */
export const structureRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.array(z.number().nullable()),
  texts: z.array(z.string()),
  total: z.boolean(),
});
export type StructureRow = z.infer<typeof structureRowSchema>;

export const priceStructureTableResultSchema = z.object({
  /** The period the figures cover, '2026-01~2026-10'; the monthly average divides by `months`. */
  period: z.string(),
  months: z.number().int(),
  /** The segment the figures are within (the segment page), or 整体市场. */
  market: z.string(),
  columns: z.array(structureColumnSchema),
  rows: z.array(structureRowSchema),
});
export type PriceStructureTable = z.infer<typeof priceStructureTableResultSchema>;

// ---------- the price-structure pages' display rules (the page and its deck) ----------

/** The labels of the pages' toggles: the page's and the deck's title slide's. */
export const STRUCTURE_TOGGLE_LABELS = { data1: '价格口径', averageMonth: '月均或累计', view: '视图', chart: '图表指标', data2: '表格指标' } as const;

/** An option's label in a list of options ('-' for none). */
function labelOf(list: ReadonlyArray<{ value: number; label: string }>, value: number): string {
  return list.find((o) => o.value === value)?.label ?? '-';
}

/** The table's first column: the band (价格总览) or the tab's member. */
export function structureLabelHeader(tab: PriceStructureTab): string {
  return tab === 0 ? '价格段' : (PRICE_STRUCTURE_TABS.find((t) => t.value === tab)?.label ?? '');
}

/** The period the figures cover, as the page's toolbar shows it: '2026-01~2026-03（3 个月）'. */
export function structurePeriodText(table: Pick<PriceStructureTable, 'period' | 'months'>): string {
  return `${table.period}（${table.months} 个月）`;
}

/** The settings the header tags name: the month, the lists chosen (none or absent: all) and the bands. */
export interface StructureTagSettings extends BandSettingsText {
  time: string | null;
  bodyShapes?: readonly number[];
  producerProperties?: readonly number[];
  families?: readonly number[];
  brandProperties?: readonly number[];
  orderBy: number;
}

/** The dictionaries the tags read names from (keys as numbers). */
export interface StructureTagLookups {
  bodyShapes: ReadonlyArray<{ key: number; value: string }>;
  producerProperties: ReadonlyArray<{ key: number; value: string }>;
  families: ReadonlyArray<{ key: number; value: string }>;
  brandProperties: ReadonlyArray<{ key: number; value: string }>;
}

/** The pages' header tags (时间 January to the month, 市场, the lists, 价格区间, 排序): the page's and its deck's title slide. */
export function priceStructureTags(s: StructureTagSettings, lookups: StructureTagLookups | null | undefined, market: string): HeaderTag[] {
  const chosen = (values: readonly number[] | undefined, list: ReadonlyArray<{ key: number; value: string }> | undefined) =>
    values?.length
      ? multiSelectText(
          values,
          (list ?? []).map((p) => ({ value: p.key, label: p.value })),
        )
      : '全部';
  return [
    { label: '时间', value: s.time ? `${s.time.slice(0, 4)}年1-${Number(s.time.slice(5, 7))}月` : '-' },
    { label: '市场', value: market },
    { label: '车身形式', value: chosen(s.bodyShapes, lookups?.bodyShapes) },
    { label: '厂商属性', value: chosen(s.producerProperties, lookups?.producerProperties) },
    { label: '系别', value: chosen(s.families, lookups?.families) },
    { label: '品牌属性', value: chosen(s.brandProperties, lookups?.brandProperties) },
    { label: '价格区间', value: bandRangeText(s) },
    { label: '排序', value: labelOf(BAND_ORDERS, s.orderBy) },
  ];
}

/** The toolbar's settings as tags (价格口径, 月均或累计, the period): the deck's title slide names them beside the header tags. */
export function structureSettingTags(s: { data1: number; averageMonth: number }, table: Pick<PriceStructureTable, 'period' | 'months'>): HeaderTag[] {
  return [
    { label: STRUCTURE_TOGGLE_LABELS.data1, value: labelOf(PRICE_BASES, s.data1) },
    { label: STRUCTURE_TOGGLE_LABELS.averageMonth, value: labelOf(AVERAGE_OR_CUMULATIVE, s.averageMonth) },
    { label: '统计期', value: structurePeriodText(table) },
  ];
}

/** A sales / MIX switch's label ('销量', 'MIX'). */
export function salesOrMixLabel(value: number): string {
  return labelOf(SALES_OR_MIX, value);
}

/** The columns a header click sorts the table by: the label, then the answer's columns. */
export function structureSortColumns(table: Pick<PriceStructureTable, 'columns'>): string[] {
  return ['name', ...table.columns.map((c) => c.key)];
}

/**
 * The table's rows in the order clicked on its header (decision 171): by any column, the market's row staying
 * where it is; no order, as the API gave them. The page and its deck sort by this one rule.
 */
export function sortStructureRows(table: Pick<PriceStructureTable, 'columns' | 'rows'>, order: SortOrder | null | undefined): StructureRow[] {
  const keys = table.columns.map((c) => c.key);
  return sortRows(table.rows, order, {
    value: (row, column) => (column === 'name' ? row.name : row.values[keys.indexOf(column)]),
    role: (row) => (row.total ? 'total' : 'row'),
  });
}

/**
 * The unit of a month table's figures, written once in its header (issue 45 §5), and of the trace chart's axis: % for
 * the discount rate, 元 for a price or a discount (MSRP, the trace's fourth measure, too).
 */
export function priceTableUnit(measure: PriceTraceMeasure): '元' | '%' {
  return measure === 1 ? '%' : '元';
}

/** The unit of a month table as written once, in its title (the page's, the deck's) and its workbook's header block: 单位：元, 单位：%. */
export function priceTableUnitText(measure: PriceTableMeasure): string {
  return `单位：${priceTableUnit(measure)}`;
}

/** A month table's cell as the page shows it, the unit left to the header: '123,456' (元), '12.3' (%), '-' when unknown. */
export function priceTableCell(measure: PriceTableMeasure, value: number | null): string {
  return measure === 1 ? sharePercentText(value).replace(/%$/, '') : thousands(value);
}
