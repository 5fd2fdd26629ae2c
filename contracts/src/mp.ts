import { z } from 'zod';
import { dataSourceStatusSchema } from './data-status';
import { chartResultSchema } from './sale-volume';
import { checkNewYear, NEW_YEAR_CARD_TITLES, NEW_YEAR_LABEL, newYearParam } from './new-year';
import { blankIsAbsent, CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS, intText, monthText, positiveId, searchText, strictQuery } from './params';
import { inCalendar, refersTo, type ReferenceKind } from './references';

/**
 * The mobile sales query (spec 001 §2.13, §3, §7, §9; decisions 79-80). The mini-program opens
 * /wechatsalevolume with openId, ts (seconds) and sign = hex HMAC-SHA256 of `${openId}.${ts}` under the
 * secret it shares with us (MP_SECRET); a link at most MP_LINK_SECONDS old with a right signature, for an
 * openId bound to an active user, opens a short mp session that the mp calls read.
 */

/** A signed link is good for 10 minutes, and for one session or one binding (decision 263). */
export const MP_LINK_SECONDS = 10 * 60;
/** Why mp/session and mp/bind refuse a link: the phone page shows the message. */
export const MP_LINK_MESSAGES = {
  badSignature: '链接签名无效，请从小程序重新打开',
  stale: '链接已过期，请从小程序重新打开',
  used: '该链接已使用过，请从小程序重新打开销量查询以获取新链接',
} as const;
/** The mp session cookie and the header the pages' server forwards it in. */
export const MP_SESSION_COOKIE = 'car-mp';
export const MP_SESSION_HEADER = 'mp-session';
/** A signed link's own fields, dropped from the page's address once its session is open. */
export const MP_LINK_FIELDS = ['openId', 'ts', 'sign'] as const;
/** The demo openId the seed binds to the demo analyst. */
export const DEMO_OPEN_ID = 'demo-openid';
/**
 * Suggestions are asked while typing from this many characters (spec §5); Enter or 🔍 searches whatever
 * the length, so searchCar itself answers any name that is not blank.
 */
export const MP_SUGGEST_MIN = 2;

/** Type codes of the tabs (spec §9): 厂商 1, 品牌 0, 厂商品牌 2, 车型 4. */
export type MpType = 0 | 1 | 2 | 4;
export const MP_TABS: ReadonlyArray<{ value: MpType; label: string }> = [
  { value: 1, label: '厂商' },
  { value: 0, label: '品牌' },
  { value: 2, label: '厂商品牌' },
  { value: 4, label: '车型' },
];

/** An openId: WeChat's are 28 characters of [A-Za-z0-9_-]; at most 64 accepted. */
export const openIdParam = z.string('应为文本').regex(/^[A-Za-z0-9_-]{1,64}$/, '应为 1-64 位字母、数字、下划线或连字符');

const tsParam = z
  .string('应为整数')
  .regex(/^\d{1,12}$/, '应为以秒计的时间戳')
  .transform(Number);
const signParam = z
  .string('应为文本')
  .regex(/^[0-9a-fA-F]{64}$/, '应为 64 位十六进制签名')
  .transform((s) => s.toLowerCase());

/** The signed link's three fields. */
export const mpLinkSchema = strictQuery({ openId: openIdParam, ts: tsParam, sign: signParam });
export type MpLink = z.output<typeof mpLinkSchema>;

const ACCOUNT_MESSAGE = '应为 1-50 个字符';
/** The one-time bind: the link plus the user's account and password. */
export const mpBindSchema = strictQuery({
  openId: openIdParam,
  ts: tsParam,
  sign: signParam,
  account: z
    .string(ACCOUNT_MESSAGE)
    .trim()
    .min(1, '请输入账号')
    .max(50, ACCOUNT_MESSAGE)
    .refine((t) => !CONTROL_CHARACTERS.test(t), CONTROL_CHARACTER_MESSAGE),
  password: z.string('请输入密码').min(1, '请输入密码').max(128, '过长'),
});

export const mpUnbindSchema = strictQuery({ openId: openIdParam });

/**
 * An mp session: the value of the car-mp cookie, seconds it lives, whose it is; `bound` false (the rest
 * null) when the openId is bound to no active user yet: the page then offers the one-time bind.
 */
export const mpSessionResultSchema = z.object({
  bound: z.boolean(),
  session: z.string().nullable(),
  expiresIn: z.number().int(),
  nickname: z.string().nullable(),
});
export type MpSessionResult = z.infer<typeof mpSessionResultSchema>;

const mpType = z.preprocess(
  blankIsAbsent,
  z
    .enum(['0', '1', '2', '4'], { message: '应为 1（厂商）、0（品牌）、2（厂商品牌）或 4（车型）' })
    .default('1')
    .transform((v) => Number(v) as MpType),
);
const AREA_MESSAGE = '应为 -1 或 6 位行政区划代码';
/** What a tab's id names (车型 is a sub-series). */
const MP_KIND: Record<MpType, ReferenceKind> = { 1: 'producer', 0: 'brand', 2: 'producerBrand', 4: 'subSeries' };
const areaCode = z.preprocess(
  blankIsAbsent,
  intText(AREA_MESSAGE)
    .refine((v) => v === -1 || (v >= 100000 && v <= 999999), AREA_MESSAGE)
    .optional(),
);

/**
 * getRetailChart: whom (type and id) where (provinceId, cityId: 6-digit codes, -1 or absent = the nation). openId, if
 * sent, must be the session's. `time` the month shown (absent: the latest retail month) and `newYear` 1-2月合计 with
 * a January or February `time`, by the sales calls' rule (checkNewYear; decisions 197, 204).
 */
export const mpRetailChartSchema = strictQuery({
  type: mpType,
  id: refersTo(positiveId('应为正整数 id'), (q) => MP_KIND[q.type as MpType]),
  provinceId: refersTo(areaCode, 'province'),
  cityId: refersTo(areaCode, 'city'),
  openId: z.preprocess(blankIsAbsent, openIdParam.optional()),
  time: inCalendar(z.preprocess(blankIsAbsent, monthText.optional()), 'retail'),
  newYear: newYearParam,
}).superRefine((q, ctx) => {
  checkNewYear(q, ctx);
});
export type MpRetailChartDto = z.output<typeof mpRetailChartSchema>;

export const mpSearchCarSchema = strictQuery({
  type: mpType,
  name: z.preprocess(blankIsAbsent, searchText.optional()),
  openId: z.preprocess(blankIsAbsent, openIdParam.optional()),
});
export type MpSearchCarDto = z.output<typeof mpSearchCarSchema>;

const percent = z.number().nullable();

/** The mobile result: the latest month's sales and January to date with their yoy, and the 13-month chart. */
export const mpRetailChartResultSchema = z.object({
  name: z.string(),
  /** Where: 全国, a province or a city. */
  areaName: z.string(),
  time: z.string(),
  sales: z.number(),
  salesStr: z.string(),
  yoy: percent,
  yoys: z.string(),
  ljSales: z.number(),
  ljSalesStr: z.string(),
  ljYoy: percent,
  ljYoys: z.string(),
  /** 数据截至: the month shown and the day it was published (decision 200). */
  dataAsOf: dataSourceStatusSchema,
  /** Months as categories; 销量 columns, 同比 and 环比 lines (环比 hidden at first, `hidden`). */
  chart: chartResultSchema.extend({
    series: z.array(chartResultSchema.shape.series.element.extend({ hidden: z.boolean().optional() })),
  }),
});
export type MpRetailChart = z.infer<typeof mpRetailChartResultSchema>;

export const mpSuggestionSchema = z.object({ id: z.number(), name: z.string() });

/** The page's search over the four tabs at once (decision 180): a name, whatever the tab. */
export const mpSearchAllSchema = strictQuery({
  name: z.preprocess(blankIsAbsent, searchText.optional()),
  openId: z.preprocess(blankIsAbsent, openIdParam.optional()),
});
export type MpSearchAllDto = z.output<typeof mpSearchAllSchema>;
/** One tab's matches: its type code (MP_TABS), its label and its names, as searchCar answers them. */
export const mpTabMatchesSchema = z.object({
  type: z.union([z.literal(1), z.literal(0), z.literal(2), z.literal(4)]),
  label: z.string(),
  list: z.array(mpSuggestionSchema),
});
export type MpTabMatches = z.infer<typeof mpTabMatchesSchema>;
/** Where a name was found, as the page says it: 在「品牌」中找到. */
export const foundInTabText = (label: string): string => `在「${label}」中找到`;

/**
 * The in-page province → city picker of a browser (inside the mini-program its own province-city page
 * does this): the cities of one province, or without provinceId every city (the picker's search box,
 * matches grouped by province), by their 6-digit codes. The page then sends provinceId, provinceName,
 * provincecityId and provincecityName as the spec's query parameters.
 */
export const mpCitiesSchema = strictQuery({
  provinceId: refersTo(
    z.preprocess(
      blankIsAbsent,
      intText(AREA_MESSAGE)
        .refine((v) => v >= 100000 && v <= 999999, AREA_MESSAGE)
        .optional(),
    ),
    'province',
  ),
});
export type MpCitiesDto = z.output<typeof mpCitiesSchema>;
export const mpCitySchema = z.object({ id: z.number(), name: z.string(), provinceId: z.number() });
export type MpCity = z.infer<typeof mpCitySchema>;
/** The page's own place parameters (spec §2), kept when the tab changes. */
export const MP_PLACE_FIELDS = ['provinceId', 'provinceName', 'provincecityId', 'provincecityName'] as const;
/** The period shown (the month, 1-2月合计; decision 204), kept like the place when the tab changes. */
export const MP_PERIOD_FIELDS = ['time', 'newYear'] as const;

/**
 * The phone's four cards and its chart, titled for the single month or for 1-2月合计 (decisions 198, 204): the
 * period's volume and its 同比, 累计 (the period itself under 1-2月合计) and its 同比; the chart's thirteen months, or
 * January of the year before to February with each year's January and February as one bar.
 */
export function mpTitles(newYear: boolean): { sales: string; yoy: string; lj: string; ljYoy: string; chart: string } {
  return newYear
    ? {
        sales: '1-2月（千辆）',
        yoy: NEW_YEAR_CARD_TITLES.yoy,
        lj: '1-2月累计（千辆）',
        ljYoy: NEW_YEAR_CARD_TITLES.yearYoy,
        chart: `近14个月销量（${NEW_YEAR_LABEL}）`,
      }
    : { sales: '单月（千辆）', yoy: '当月同比', lj: '年累计（千辆）', ljYoy: '累计同比', chart: '近13个月销量' };
}
