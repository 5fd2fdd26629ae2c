import { z } from 'zod';
import { TIER_LABELS } from './geography';
import { blankIsAbsent, monthText, optional, rowIdText } from './params';
import { inCalendar, refersTo, type ReferenceKind } from './references';
import { isNewYearTime, NEW_YEAR_LABEL, NEW_YEAR_MESSAGES } from './new-year';
import { checkSetFilter, saleVolumeFilterShape, setFilterShape, withArea } from './sale-volume';

/**
 * 归因分析 (issue 50, decision 302): what moved the month, taken apart exactly. Three splits of one change between two
 * periods — the volume by a dimension (拉动), a share into market mix and own performance (shift-share), a weighted
 * TP or discount into price, mix and new/run-out effects — each adding up to the change it explains, in units, points
 * and yuan, to the decimal shown (`roundToTotal` in metrics.ts). The one definition of the calls' parameters, answers,
 * labels and 口径 notes, for the API, the page, the workbook and the deck.
 */

export const ATTRIBUTION_PAGE = { path: '/salevolume/attribution', name: '归因分析' } as const;

/** The page's three tabs, in order. */
export const ATTRIBUTION_TABS = [
  { key: 'volume', label: '销量拉动' },
  { key: 'share', label: '份额归因' },
  { key: 'price', label: '价格归因' },
] as const;
export type AttributionTab = (typeof ATTRIBUTION_TABS)[number]['key'];

// ---------- the comparison ----------

/** The two periods compared (`compare`): the later one is the query's month (or months), the base the one before. */
export const ATTRIBUTION_COMPARISONS = [
  { value: 0, label: '当月 vs 同期', growth: '同比' },
  { value: 1, label: '当月 vs 上月', growth: '环比' },
  { value: 2, label: '累计 vs 去年累计', growth: '累计同比' },
  { value: 3, label: '1-2月合计 vs 去年1-2月', growth: '1-2月同比' },
] as const;
export type AttributionComparison = (typeof ATTRIBUTION_COMPARISONS)[number]['value'];

export const ATTRIBUTION_MESSAGES = {
  newYearOnly: NEW_YEAR_LABEL + NEW_YEAR_MESSAGES.notJanFeb,
  wholesaleArea: '批发量没有区域数据，请选择零售量或全国',
  wholesaleDimension: '批发量没有区域数据，不能按大区、省份或城市级别拆分',
  byFiltered: '已按该维度筛选，请选择另一个拆分维度',
  subjectMissing: '请选择厂商、品牌或车系',
  subjectNoSales: '所选对象在两个时期都没有销量',
  noPrices: '所选对象在本期或基期没有成交价数据',
} as const;

const compareParam = z
  .preprocess(blankIsAbsent, z.enum(['0', '1', '2', '3'], { message: '应为 0（同比）、1（环比）、2（累计同比）或 3（1-2月合计同比）' }).default('0'))
  .transform((v) => Number(v) as AttributionComparison);

// ---------- the dimensions ----------

/**
 * What a volume change or a share change can be split by, with the parameter that narrows the scope to one member (a
 * drill: click a member, the scope gains its filter and the split moves to `next`). Geography is retail's alone.
 * 价格段 (TP bands of PRICE_BAND_DEFAULTS) is split only: a band is no filter of the sales calls.
 */
export const ATTRIBUTION_DIMENSIONS = {
  segment: { label: '细分市场', param: 'detailId', next: 'brand', retailOnly: false },
  fuel: { label: '燃料类型', param: 'fuels', next: 'brand', retailOnly: false },
  family: { label: '系别', param: 'familyId', next: 'brand', retailOnly: false },
  producerProperty: { label: '厂商属性', param: 'producerProperty', next: 'producer', retailOnly: false },
  region: { label: '大区', param: 'area', next: 'province', retailOnly: true },
  province: { label: '省份', param: 'area', next: 'tier', retailOnly: true },
  tier: { label: '城市级别', param: 'tier', next: 'brand', retailOnly: true },
  producer: { label: '厂商', param: 'producerId', next: 'brand', retailOnly: false },
  brand: { label: '品牌', param: 'brandId', next: 'subSeries', retailOnly: false },
  subSeries: { label: '车系', param: 'subSeriesId', next: null, retailOnly: false },
  priceBand: { label: '价格段', param: null, next: null, retailOnly: false },
} as const satisfies Record<string, { label: string; param: string | null; next: string | null; retailOnly: boolean }>;
export type AttributionDimension = keyof typeof ATTRIBUTION_DIMENSIONS;
export const ATTRIBUTION_DIMENSION_KEYS = Object.keys(ATTRIBUTION_DIMENSIONS) as AttributionDimension[];

/**
 * The dimensions a share change splits over: how the market is cut into parts (not who sells). Not 城市级别: a maker's
 * volume by tier reads the city × sub-series rollup whole (100-300 ms at the large scale, against 20): decision 302.
 */
export const SHARE_DIMENSION_KEYS = ['segment', 'fuel', 'region', 'province', 'priceBand'] as const satisfies readonly AttributionDimension[];
export type ShareDimension = (typeof SHARE_DIMENSION_KEYS)[number];

/** Whom a share or price split is about. A price split's whole market or segment weighs sub-series; a sub-series, its trims. */
export const ATTRIBUTION_SUBJECTS = {
  market: { label: '整体市场', kind: null },
  segment: { label: '细分市场', kind: 'segment' },
  producer: { label: '厂商', kind: 'producer' },
  brand: { label: '品牌', kind: 'brand' },
  subSeries: { label: '车系', kind: 'subSeries' },
} as const satisfies Record<string, { label: string; kind: ReferenceKind | null }>;
export type AttributionSubjectType = keyof typeof ATTRIBUTION_SUBJECTS;
export const SHARE_SUBJECT_TYPES = ['producer', 'brand', 'subSeries'] as const satisfies readonly AttributionSubjectType[];
export const PRICE_SUBJECT_TYPES = ['market', 'segment', 'producer', 'brand', 'subSeries'] as const satisfies readonly AttributionSubjectType[];

/** The price split's measure: the sales-weighted TP, or the weighted discount (MSRP − TP). */
export const PRICE_MEASURES = [
  { key: 'tp', label: '成交价' },
  { key: 'discount', label: '优惠' },
] as const;
export type PriceMeasureKey = (typeof PRICE_MEASURES)[number]['key'];

// ---------- parameters ----------

const tierKeys = Object.keys(TIER_LABELS);
const tierParam = z
  .preprocess(blankIsAbsent, z.enum(tierKeys as [string, ...string[]], { message: `应为 ${tierKeys.join('、')}（城市级别）` }).optional())
  .transform((v) => (v === undefined ? undefined : Number(v)));
const idOf = (kind: ReferenceKind) => refersTo(optional(rowIdText()), kind);

function dimensionParam<K extends string>(keys: readonly K[]) {
  return z.preprocess(blankIsAbsent, z.enum(keys as unknown as [K, ...K[]], { message: `应为 ${keys.join('、')} 之一` }).optional());
}

/**
 * The split of a call without `by`: the first of its dimensions (细分市场 first) that the scope does not fix and its
 * source has, so that a card's 为什么? opens on any scope (a segment's card splits by 燃料类型). 价格段, the last, is
 * never fixed.
 */
function defaultSplit<K extends AttributionDimension>(keys: readonly K[], q: { source: number } & Record<string, unknown>): K {
  const fixed = fixedDimensions(q);
  return keys.find((k) => !fixed.includes(k) && !(q.source === 1 && ATTRIBUTION_DIMENSIONS[k].retailOnly)) ?? keys[keys.length - 1];
}

/**
 * The scope every split reads: the sales pages' filters (time, source, detailId, producerProperty, fuels, area+level),
 * one family, producer, brand, sub-series or city tier (a drill's steps), a 竞品组's members, and the comparison.
 * `newYear` is not taken: compare=3 is 1-2月合计.
 */
const scopeShape = {
  time: saleVolumeFilterShape.time,
  source: saleVolumeFilterShape.source,
  detailId: saleVolumeFilterShape.detailId,
  producerProperty: saleVolumeFilterShape.producerProperty,
  fuels: saleVolumeFilterShape.fuels,
  familyId: idOf('family'),
  producerId: idOf('producer'),
  brandId: idOf('brand'),
  subSeriesId: idOf('subSeries'),
  tier: tierParam,
  ...setFilterShape,
  compare: compareParam,
};

type ScopeFields = {
  time?: string;
  source: number;
  compare: AttributionComparison;
  area: unknown;
  setOwn?: number[];
  setRivals?: number[];
  setName?: string;
  tier?: number;
};

/** The cross-field rules of a scope: 1-2月合计 with a January or February, no area on wholesale, a set by its rule. */
function checkScope(q: ScopeFields, ctx: z.RefinementCtx): void {
  checkNewYearCompare(q, ctx);
  if (q.source === 1 && (q.area !== null || q.tier !== undefined)) {
    ctx.addIssue({ code: 'custom', path: [q.area !== null ? 'area' : 'tier'], message: ATTRIBUTION_MESSAGES.wholesaleArea });
  }
  checkSetFilter(q, ctx);
}

/** compare=3 (1-2月合计) with a January or February `time`, the sales pages' rule (new-year.ts). */
function checkNewYearCompare(q: { compare: AttributionComparison; time?: string }, ctx: z.RefinementCtx): void {
  if (q.compare === 3 && !isNewYearTime(q.time)) ctx.addIssue({ code: 'custom', path: ['compare'], message: ATTRIBUTION_MESSAGES.newYearOnly });
}

/** A split dimension retail alone has, asked of wholesale, is refused; so is splitting by what the scope already fixes. */
function checkBy(q: ScopeFields & { by: AttributionDimension } & Record<string, unknown>, ctx: z.RefinementCtx): void {
  const dimension = ATTRIBUTION_DIMENSIONS[q.by];
  if (q.source === 1 && dimension.retailOnly) ctx.addIssue({ code: 'custom', path: ['by'], message: ATTRIBUTION_MESSAGES.wholesaleDimension });
  else if (fixedDimensions(q).includes(q.by)) ctx.addIssue({ code: 'custom', path: ['by'], message: ATTRIBUTION_MESSAGES.byFiltered });
}

/** The dimensions a scope fixes to one member (splitting by one of them has one row): the drill's steps so far. */
export function fixedDimensions(q: Record<string, unknown>): AttributionDimension[] {
  const area = q.area as { level: number } | null | undefined;
  const fixed: AttributionDimension[] = [];
  if (typeof q.detailId === 'number' && q.detailId > 0) fixed.push('segment');
  if (Array.isArray(q.fuels) && q.fuels.length === 1) fixed.push('fuel');
  if (q.familyId !== undefined) fixed.push('family');
  if (typeof q.producerProperty === 'number' && q.producerProperty > 0) fixed.push('producerProperty');
  if (area && area.level >= 1) fixed.push('region');
  if (area && area.level >= 2) fixed.push('province');
  if (q.tier !== undefined) fixed.push('tier');
  if (q.producerId !== undefined) fixed.push('producer');
  if (q.brandId !== undefined) fixed.push('brand');
  if (q.subSeriesId !== undefined) fixed.push('subSeries');
  return fixed;
}

/** `attribution/volume`: the scope's retail or wholesale change split by `by` (default 细分市场, else defaultSplit). */
export const volumeAttributionQuerySchema = withArea({ ...scopeShape, by: dimensionParam(ATTRIBUTION_DIMENSION_KEYS) })
  .transform((q) => ({ ...q, by: q.by ?? defaultSplit(ATTRIBUTION_DIMENSION_KEYS, q) }))
  .superRefine((q, ctx) => {
    checkScope(q, ctx);
    checkBy(q, ctx);
  });
export type VolumeAttributionDto = z.output<typeof volumeAttributionQuerySchema>;

const subjectTypeParam = <K extends AttributionSubjectType>(keys: readonly K[], fallback?: K) =>
  z.preprocess(blankIsAbsent, z.enum(keys as unknown as [K, ...K[]], { message: `应为 ${keys.join('、')} 之一` }).optional()).transform((v) => v ?? fallback);
const subjectIdParam = refersTo(optional(rowIdText()), (q) => {
  const type = q.subjectType as AttributionSubjectType | undefined;
  return type ? (ATTRIBUTION_SUBJECTS[type].kind ?? undefined) : undefined;
});

/**
 * `attribution/share`: the share of a producer, brand or sub-series (`subjectType` + `subjectId`; absent, the caller's
 * own producer) in the scope's market, split over `by` (default 细分市场, else defaultSplit). With a 竞品组 the market
 * is the set and the subject its 本品: `subjectType`/`subjectId` are then not taken.
 */
export const shareAttributionQuerySchema = withArea({
  ...scopeShape,
  by: dimensionParam(SHARE_DIMENSION_KEYS),
  subjectType: subjectTypeParam(SHARE_SUBJECT_TYPES),
  subjectId: subjectIdParam,
})
  .transform((q) => ({ ...q, by: q.by ?? defaultSplit(SHARE_DIMENSION_KEYS, q) }))
  .superRefine((q, ctx) => {
    checkScope(q, ctx);
    checkBy(q, ctx);
    if ((q.subjectType === undefined) !== (q.subjectId === undefined)) {
      const given = q.subjectType === undefined ? 'subjectId' : 'subjectType';
      ctx.addIssue({ code: 'custom', path: [given], message: `应与 ${given === 'subjectId' ? 'subjectType' : 'subjectId'} 一同给出` });
    }
    if (q.setOwn !== undefined && q.subjectType !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['subjectType'], message: '竞品组的份额归因以本品为对象，不另选对象' });
    }
  });
export type ShareAttributionDto = z.output<typeof shareAttributionQuerySchema>;

/**
 * `attribution/price`: the national sales-weighted TP (or discount) of the whole market, a segment, a producer, a brand
 * or a sub-series (`subjectType`, default the whole market; `subjectId` for all but the market), its change split into
 * price, mix, interaction and new/run-out effects over sub-series (a sub-series: over its trims).
 */
export const priceAttributionQuerySchema = z
  .strictObject({
    time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'price'),
    compare: compareParam,
    subjectType: subjectTypeParam(PRICE_SUBJECT_TYPES, 'market'),
    subjectId: subjectIdParam,
    measure: z.preprocess(blankIsAbsent, z.enum(['tp', 'discount'], { message: '应为 tp（成交价）或 discount（优惠）' }).default('tp')),
  })
  .superRefine((q, ctx) => {
    checkNewYearCompare(q, ctx);
    if (q.subjectType !== 'market' && q.subjectId === undefined)
      ctx.addIssue({ code: 'custom', path: ['subjectId'], message: ATTRIBUTION_MESSAGES.subjectMissing });
    if (q.subjectType === 'market' && q.subjectId !== undefined) ctx.addIssue({ code: 'custom', path: ['subjectId'], message: '整体市场不另选对象' });
  });
export type PriceAttributionDto = z.output<typeof priceAttributionQuerySchema>;

// ---------- the answers ----------

/** The two periods as the page names them: 2026年10月 vs 2025年10月, 2026年1-10月 vs 2025年1-10月. */
const periodsSchema = z.object({ current: z.string(), base: z.string(), comparison: z.string() });

/** A step of the scope as the breadcrumb and the header tags say it: 燃料类型 纯电动. */
const scopeTagSchema = z.object({ label: z.string(), value: z.string() });

export const volumeAttributionRowSchema = z.object({
  /** The member's id (a tier's, a band's key); null for 其他 of the waterfall only. */
  id: z.number().int(),
  name: z.string(),
  current: z.number().int(),
  base: z.number().int(),
  change: z.number().int(),
  /** 拉动: change ÷ the base total × 100, points to one decimal, the column adding up to `total.growth`; null when the base total is 0. */
  contribution: z.number().nullable(),
  /** The member's part of the total change, percent to one decimal adding up to 100.0; null when the total did not change. */
  changeShare: z.number().nullable(),
  /** The drill: the parameter and value that narrow the scope to this member, and the split that follows; null where none. */
  drill: z.object({ param: z.string(), value: z.number().int(), level: z.number().int().optional(), next: z.string().nullable() }).nullable(),
});
export type VolumeAttributionRow = z.infer<typeof volumeAttributionRowSchema>;

/** A bar of a waterfall: the base, the largest movers, 其他, the current (the ends' `value` is the level, the movers' the change). */
export const waterfallBarSchema = z.object({
  name: z.string(),
  kind: z.enum(['base', 'change', 'other', 'current']),
  /** Units for the volume, points for the share, yuan for the price. */
  value: z.number(),
  /** Where a change bar starts and ends on the axis. */
  from: z.number(),
  to: z.number(),
});
export type WaterfallBar = z.infer<typeof waterfallBarSchema>;
/** The waterfall's movers: the largest by size, the rest as 其他. */
export const WATERFALL_MOVERS = 8;

export const volumeAttributionSchema = z.object({
  time: z.string(),
  source: z.union([z.literal(1), z.literal(2)]),
  compare: z.number().int(),
  periods: periodsSchema,
  by: z.string(),
  byLabel: z.string(),
  scope: z.array(scopeTagSchema),
  total: z.object({
    current: z.number().int(),
    base: z.number().int(),
    change: z.number().int(),
    /** The growth, percent to one decimal (the sales pages' 同比); null when the base is 0. */
    growth: z.number().nullable(),
  }),
  rows: z.array(volumeAttributionRowSchema),
  waterfall: z.array(waterfallBarSchema),
  note: z.string(),
});
export type VolumeAttribution = z.infer<typeof volumeAttributionSchema>;

export const shareAttributionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The part's weight in the market (w) and the subject's share within it (s), percent to two decimals, both periods. */
  weightBase: z.number().nullable(),
  weightCurrent: z.number().nullable(),
  shareBase: z.number().nullable(),
  shareCurrent: z.number().nullable(),
  /** The three terms, points to two decimals; each column adds up to its effect. */
  mix: z.number(),
  performance: z.number(),
  interaction: z.number(),
  total: z.number(),
});
export type ShareAttributionRow = z.infer<typeof shareAttributionRowSchema>;

export const shareAttributionSchema = z.object({
  time: z.string(),
  source: z.union([z.literal(1), z.literal(2)]),
  compare: z.number().int(),
  periods: periodsSchema,
  by: z.string(),
  byLabel: z.string(),
  scope: z.array(scopeTagSchema),
  subject: z.object({ type: z.string(), id: z.number().int(), name: z.string(), inSet: z.boolean() }),
  /** The subject's share of the market, percent to two decimals, and its change in points (their difference). */
  share: z.object({ base: z.number().nullable(), current: z.number().nullable(), change: z.number() }),
  /** Mix + performance + interaction = share.change, points to two decimals. */
  effects: z.object({ mix: z.number(), performance: z.number(), interaction: z.number() }),
  rows: z.array(shareAttributionRowSchema),
  waterfall: z.array(waterfallBarSchema),
  note: z.string(),
});
export type ShareAttribution = z.infer<typeof shareAttributionSchema>;

export const priceAttributionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** both: sold in both periods; new: only in the later; gone: only in the base. */
  status: z.enum(['both', 'new', 'gone']),
  qtyBase: z.number().int(),
  qtyCurrent: z.number().int(),
  /** The weight within the items sold in both periods (new and gone items: within all), percent to two decimals. */
  weightBase: z.number().nullable(),
  weightCurrent: z.number().nullable(),
  /** The item's weighted TP (or discount) in yuan, whole; null where it did not sell. */
  valueBase: z.number().nullable(),
  valueCurrent: z.number().nullable(),
  /** Its terms in yuan, whole; the columns add up to the effects (`newOrGone`: to entry for new items, exit for gone ones). */
  price: z.number(),
  mix: z.number(),
  interaction: z.number(),
  newOrGone: z.number(),
});
export type PriceAttributionRow = z.infer<typeof priceAttributionRowSchema>;

export const priceAttributionSchema = z.object({
  time: z.string(),
  compare: z.number().int(),
  periods: periodsSchema,
  measure: z.enum(['tp', 'discount']),
  measureLabel: z.string(),
  subject: z.object({ type: z.string(), id: z.number().int().nullable(), name: z.string() }),
  /** What each row is: 车型 (a sub-series' trims) or 车系. */
  itemLabel: z.string(),
  /** The subject's weighted value in yuan, whole, as the price pages show it, and its change (their difference). */
  value: z.object({ base: z.number().nullable(), current: z.number().nullable(), change: z.number() }),
  /** price + mix + interaction + entry (new) + exit (run-out) = value.change, whole yuan. */
  effects: z.object({ price: z.number(), mix: z.number(), interaction: z.number(), entry: z.number(), exit: z.number() }),
  rows: z.array(priceAttributionRowSchema),
  waterfall: z.array(waterfallBarSchema),
  note: z.string(),
});
export type PriceAttribution = z.infer<typeof priceAttributionSchema>;

// ---------- labels and notes ----------

/** The effects' names, page, workbook and deck alike. */
export const SHARE_EFFECT_LABELS = { mix: '结构效应（市场结构变化）', performance: '表现效应（细分内份额变化）', interaction: '交互效应' } as const;
export const PRICE_EFFECT_LABELS = { price: '价格效应', mix: '结构效应', interaction: '交互效应', entry: '新品效应', exit: '退市效应' } as const;

/** 份额归因's two columns of each period, page, workbook and deck alike: w and s of the formulas. */
export const SHARE_COLUMN_LABELS = { weight: '市场比重 w', share: '对象份额 s' } as const;
/** A share column of one period: 市场比重 w（基期）. */
export const shareColumnHeader = (column: keyof typeof SHARE_COLUMN_LABELS, period: 'base' | 'current'): string =>
  `${SHARE_COLUMN_LABELS[column]}（${period === 'base' ? '基期' : '本期'}）`;
/** 价格归因's item status (the page tags only the new and the gone). */
export const PRICE_ITEM_STATUS_LABELS = { both: '两期均有', new: '新品', gone: '退市' } as const;

/** The 口径 notes: the formulas as the page, the workbook and the deck state them. */
export const ATTRIBUTION_NOTES = {
  volume:
    '拉动（百分点）= 成员变化量 ÷ 基期总量 × 100，各成员之和等于总量增速；变化占比 = 成员变化量 ÷ 总变化量。百分点与占比按最大余数法取一位小数，使各行之和与合计的显示值完全相等。',
  share:
    '份额 = Σ wᵢ·sᵢ（w：该部分占市场的比重，s：对象在该部分内的份额）。结构效应 Σ(wᵢ,t − wᵢ,b)·sᵢ,b，表现效应 Σ wᵢ,b·(sᵢ,t − sᵢ,b)，交互效应 Σ Δwᵢ·Δsᵢ，三者之和等于份额变化；按最大余数法取两位小数。',
  price:
    '加权成交价 = Σ 销量 × 成交价 ÷ Σ 销量（价格数据的销量，全国）。对两期都有销量的成员：价格效应 Σ w_b·(p_t − p_b)，结构效应 Σ (w_t − w_b)·p_b，交互效应 Σ Δw·Δp（w 为两期共有成员内的权重）；新品效应 = 本期整体 − 本期共有成员，退市效应 = 基期共有成员 − 基期整体；五项之和等于变化，按最大余数法取整到元。',
} as const;
