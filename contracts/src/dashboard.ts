import { z } from 'zod';
import { ACCUMULATE_OPTIONS, MAX_PAGE } from './constants';
import { checkNewYear, newYearParam } from './new-year';
import { blankIsAbsent, intText, monthText, strictQuery } from './params';
import { inCalendar } from './references';
import { chartResultSchema } from './sale-volume';

/**
 * The dashboard (看板, spec 001 §2.12, §3, §7, §9; decisions 76-78): one month, or January to that
 * month, of the retail market at a glance. Quantities travel as whole vehicles (`qty`) beside their
 * display in 千辆 with one decimal (`qtyStr`); percents are one-decimal numbers, null where shown as '-'.
 */

/** The dashboard's fixed address (the spec's /dashboard/{fixed hex id}); `/` opens it after signing in. */
export const DASHBOARD_PATH = '/dashboard/7c1f3a9e5b2d4806';

/** jllType, the brand-type tabs in the spec's order: 2 新创, 1 自主, 0 合资. */
export type JllType = 0 | 1 | 2;
/** The same code as the backend names it (docs/glossary.md): the brand type, 2 新创, 1 自主, 0 合资. */
export type BrandType = JllType;
export const JLL_TABS: ReadonlyArray<{ value: JllType; label: string }> = [
  { value: 2, label: '新创' },
  { value: 1, label: '自主' },
  { value: 0, label: '合资' },
];

/** Top-N sizes of the spec (§9): brands 7, models 10, cities 10 a page over 3 pages; producers 10 (not shown). */
export const DASHBOARD_SIZES = { producers: 10, brands: 7, modelSubs: 10, cities: 10, cityPages: 3 } as const;
/** At most this many rows in one dashboard list. */
export const DASHBOARD_MAX_SIZE = 50;

/** 单月 (0) / 累计 (1), the dashboard's toggle. */
export const DASHBOARD_MODES: ReadonlyArray<{ value: 0 | 1; label: string }> = [
  { value: 0, label: '单月' },
  { value: 1, label: '累计' },
];

// ---------- parameters ----------

const accumulate = z.preprocess(
  blankIsAbsent,
  z
    .enum(ACCUMULATE_OPTIONS.map((o) => String(o.value)) as ['0', '1'], { message: '应为 0（单月）或 1（累计）' })
    .default('0')
    .transform((v) => Number(v) as 0 | 1),
);

const jllType = z.preprocess(
  blankIsAbsent,
  z
    .enum(['0', '1', '2'], { message: '应为 2（新创）、1（自主）或 0（合资）' })
    .default('2')
    .transform((v) => Number(v) as JllType),
);

function size(fallback: number) {
  const message = `应为 1-${DASHBOARD_MAX_SIZE}`;
  return z.preprocess(blankIsAbsent, intText(message).pipe(z.number().min(1, message).max(DASHBOARD_MAX_SIZE, message)).default(fallback));
}

/** time: 'YYYY-MM' (latest retail month when absent); accumulate: 0 the month, 1 January to the month. */
/** newYear: 1-2月合计 (decision 197), only with a January or February `time`; it takes the place of accumulate. */
const periodShape = { time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'retail'), accumulate, newYear: newYearParam };

/** A dashboard call's parameters with the 1-2月合计 rule (checkNewYear) across them. */
function periodQuery<S extends z.ZodRawShape>(shape: S) {
  return strictQuery(shape).superRefine((q, ctx) => {
    checkNewYear(q as { newYear: boolean; time?: string }, ctx);
  });
}

export const dashboardWholeSchema = periodQuery(periodShape);
export const dashboardProducersSchema = periodQuery({ ...periodShape, pageSize: size(DASHBOARD_SIZES.producers) });
export const dashboardBrandsSchema = periodQuery({ ...periodShape, jllType, pageSize: size(DASHBOARD_SIZES.brands) });
export const dashboardModelSubsSchema = periodQuery({ ...periodShape, jllType, pageSize: size(DASHBOARD_SIZES.modelSubs) });
export const dashboardCitiesSchema = periodQuery({
  ...periodShape,
  jllType,
  currentPage: z.preprocess(blankIsAbsent, intText('应为正整数').pipe(z.number().min(1, '应不小于 1').max(MAX_PAGE, '过大')).default(1)),
  pageSize: size(DASHBOARD_SIZES.cities),
});

/**
 * 导出PPT of the dashboard: the page's period, the brand tab (which the city table follows), the model tab and
 * the city page, by the page's own names (dashboard-query.ts in the frontend).
 */
export const dashboardDeckSchema = periodQuery({
  ...periodShape,
  brandType: jllType,
  modelType: jllType,
  cityPage: z.preprocess(
    blankIsAbsent,
    intText('应为正整数')
      .pipe(z.number().min(1, '应不小于 1').max(DASHBOARD_SIZES.cityPages, `应为 1-${DASHBOARD_SIZES.cityPages}`))
      .default(1),
  ),
});
export type DashboardDeckDto = z.output<typeof dashboardDeckSchema>;

/** The NEV-penetration trend: the 13 months ending with `time` (the latest retail month when absent). */
export const dashboardNevTrendSchema = strictQuery({ time: periodShape.time });

export type DashboardPeriodDto = z.output<typeof dashboardWholeSchema>;
export type DashboardNevTrendDto = z.output<typeof dashboardNevTrendSchema>;
export type DashboardListDto = z.output<typeof dashboardBrandsSchema>;
export type DashboardCitiesDto = z.output<typeof dashboardCitiesSchema>;

// ---------- results ----------

const percent = z.number().nullable();

/** A volume of the period: vehicles, 千辆 text, and its growth on the same period a year earlier. */
export const dashboardVolumeSchema = z.object({
  qty: z.number(),
  /** 千辆, one decimal: '1,234.5'. */
  qtyStr: z.string(),
  /** The change on a year earlier in vehicles (qty − last year's). */
  yoyQty: z.number(),
  /** The same in 千辆, signed: '+12.3', '-4.0'. */
  yoyQtyStr: z.string(),
  yoy: percent,
  yoys: z.string(),
});
export type DashboardVolume = z.infer<typeof dashboardVolumeSchema>;

/** A row of a top list: its share of the list's total (per) and its growth. */
export const dashboardRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  qty: z.number(),
  qtyStr: z.string(),
  per: percent,
  perStr: z.string(),
  yoy: percent,
  yoys: z.string(),
});
export type DashboardRow = z.infer<typeof dashboardRowSchema>;

/** A city row adds the city's 限行 (driving restriction) and 限购 (purchase restriction) flags. */
export const dashboardCityRowSchema = dashboardRowSchema.extend({ xianxing: z.boolean(), xiangou: z.boolean() });
export type DashboardCityRow = z.infer<typeof dashboardCityRowSchema>;

export const dashboardListSchema = z.object({ list: z.array(dashboardRowSchema), total: z.number().int(), time: z.string() });
export type DashboardList = z.infer<typeof dashboardListSchema>;
export const dashboardCityPageSchema = z.object({
  list: z.array(dashboardCityRowSchema),
  total: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  time: z.string(),
});
export type DashboardCityPage = z.infer<typeof dashboardCityPageSchema>;

/** A data brief: a headline and a sentence written from the period's figures. */
export const dashboardBriefSchema = z.object({ title: z.string(), text: z.string() });
export type DashboardBrief = z.infer<typeof dashboardBriefSchema>;

/** The two parts of the market a growth is split into under the briefs (新能源: BEV, PHEV, EREV; 燃油车: every other fuel). */
export const DASHBOARD_GROWTH_PARTS = { newEnergy: '新能源', fuel: '燃油车' } as const;

/**
 * A sentence of 归因分析 (issue 50) under the briefs: one growth of the whole market the dashboard shows, split into
 * the 拉动 of 新能源 and of 燃油车 — '同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点'. The two contributions
 * (points to one decimal, by the largest remainder) add up exactly to the growth shown.
 */
export const dashboardGrowthSplitSchema = z.object({
  /** The 归因分析 comparison the growth is (its `compare`): 0 同比, 1 环比, 2 累计同比, 3 1-2月合计's 同比. */
  compare: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** The growth, percent to one decimal, as the cards show it. */
  growth: z.number(),
  /** 新能源 then 燃油车: each part's change in vehicles and its 拉动 in points; the points add up to `growth`. */
  parts: z.array(z.object({ name: z.string(), change: z.number().int(), contribution: z.number() })),
  text: z.string(),
});
export type DashboardGrowthSplit = z.infer<typeof dashboardGrowthSplitSchema>;

export const dashboardWholeResultSchema = z.object({
  /** The month answered for, 'YYYY-MM', and the mode (0 the month, 1 January to it). */
  time: z.string(),
  accumulate: z.union([z.literal(0), z.literal(1)]),
  /** 新能源 (BEV, PHEV, EREV) and the whole market. */
  xinnengyuan: dashboardVolumeSchema,
  all: dashboardVolumeSchema,
  /** 渗透率: new energy / whole market, percent; yoyShentoulv: its change on a year earlier, percentage points. */
  shentoulv: percent,
  shentoulvStr: z.string(),
  yoyShentoulv: percent,
  yoyShentoulvStr: z.string(),
  /** 纯电动 and 插电混动 (插电式混合动力 with 增程式); bevPer / phevPer: their parts of new energy (the gauges). */
  bev: dashboardVolumeSchema,
  phev: dashboardVolumeSchema,
  bevPer: percent,
  phevPer: percent,
  /** 新创 (jllType 2), 自主 (1), 合资 (0). */
  xinchuang: dashboardVolumeSchema,
  zizhu: dashboardVolumeSchema,
  hezi: dashboardVolumeSchema,
  /** The top producers, shares of the whole market. */
  producers: z.array(dashboardRowSchema),
  /** Three briefs written from these figures: the market, new energy, the leading producers. */
  briefs: z.array(dashboardBriefSchema),
  /**
   * 归因分析's sentences (issue 50): the whole market's 同比 (累计同比 for 累计, 1-2月同比 for 1-2月合计) and, for a
   * single month, its 环比, each split into 新能源's and 燃油车's 拉动. A growth with no base (or one the dash rule
   * hides as out of range) has no sentence.
   */
  growthSplits: z.array(dashboardGrowthSplitSchema),
});
export type DashboardWhole = z.infer<typeof dashboardWholeResultSchema>;

/** Months the NEV-penetration trend shows: the dashboard's month and the twelve before it. */
export const NEV_TREND_MONTHS = 13;

/**
 * The NEV-penetration trend beside the gauges: one line, 新能源渗透率 by month in percent with one decimal
 * (null for a month with no retail at all), over NEV_TREND_MONTHS months ending with `time`.
 */
export const dashboardNevTrendResultSchema = z.object({ time: z.string(), chart: chartResultSchema });
export type DashboardNevTrend = z.infer<typeof dashboardNevTrendResultSchema>;
