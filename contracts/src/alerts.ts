import { z } from 'zod';
import { growthText, pointsCardText, sharePercentText, thousands } from './display';
import { formatMonth, MONTH_PATTERN } from './months';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, blankIsAbsent, intText, labelled, strictQuery } from './params';
import { yuanText } from './price';
import { MONTH_CALENDARS } from './references';
import { ROBOT_DELIVERY_STATES } from './robots';
import type { TableDimension } from './sales-dimensions';
import { salesSourceKind } from './data-status';
import { analysisPageOf, COMPETITOR_MONITOR_PAGE } from './views';

/**
 * 订阅与提醒 (issue 30 §2): an analyst subscribes to a view (its page path, query string and name, stored with
 * the subscription, decision 190) — "tell me when it has a new month" — or to a condition on one figure of it
 * for one row (a producer, brand, sub-series, province or city). When a month is published the subscriptions
 * are evaluated by a job and each hit becomes a notification (decisions 191-193). docs/modules.md "订阅与提醒".
 */

// ---------- what a condition is made of ----------

/** The page a subscription's form is, and the page listing the notifications (the bell's link). */
export const ALERT_PAGES = { subscriptions: '/alerts/subscriptions', notifications: '/alerts/notifications' } as const;

/**
 * The bell's notice when a subscription's robot is taken off it because its owner no longer belongs to the robot's
 * team (decision 261): the hits go on to the bell; another robot can be picked on the subscriptions page.
 */
export function robotStoppedNotice(subscription: string, robot: string): { title: string; figureText: string } {
  return {
    title: `${subscription}：已停止推送到群机器人「${robot}」`,
    figureText: `您已不属于群机器人「${robot}」所属的团队，本订阅的提醒今后只在这里显示，可在订阅与提醒中另选群机器人`,
  };
}

export type AlertKind = 'newMonth' | 'condition';
export const ALERT_KINDS: Record<AlertKind, string> = { newMonth: '有新月份数据时提醒', condition: '指标满足条件时提醒' };

/**
 * The figures a condition watches, each as a page shows it (decision 191): its unit, and the change shown beside it
 * that 变动超过 N compares (同比 and 份额变化 are changes themselves). Sales figures read the view's source, prices the
 * price facts. A competitor set's figures (decision 298) are 竞品监控's: 本品's share within the set in the view's
 * source and area with its change on the month before, and the largest fall of a rival's national TP on the month
 * before (in yuan, or in percent of its TP), which is watched at the price months.
 */
export const ALERT_MEASURES = {
  sales: { label: '销量', unit: '辆', change: '同比', changeUnit: '%', family: 'sales' },
  share: { label: '份额', unit: '%', change: '份额变化', changeUnit: '个百分点', family: 'sales' },
  yoy: { label: '同比', unit: '%', change: '同比', changeUnit: '%', family: 'sales' },
  shareChange: { label: '份额变化', unit: '个百分点', change: '份额变化', changeUnit: '个百分点', family: 'sales' },
  tp: { label: '成交价', unit: '元', change: '成交价环比', changeUnit: '%', family: 'price' },
  discountRate: { label: '优惠率', unit: '%', change: '优惠率环比', changeUnit: '个百分点', family: 'price' },
  setShare: { label: '本品组内份额', unit: '%', change: '组内份额较上月', changeUnit: '个百分点', family: 'setShare' },
  rivalTpFall: { label: '竞品成交价降幅（元）', unit: '元', change: '竞品成交价降幅', changeUnit: '元', family: 'setPrice' },
  rivalTpFallRate: { label: '竞品成交价降幅（%）', unit: '%', change: '竞品成交价降幅', changeUnit: '%', family: 'setPrice' },
} as const;
export type AlertMeasure = keyof typeof ALERT_MEASURES;
export const ALERT_MEASURE_KEYS = Object.keys(ALERT_MEASURES) as [AlertMeasure, ...AlertMeasure[]];
/** What a measure's figures are read from: the rows' sales or prices, or a competitor set's (decision 298). */
export type AlertFamily = (typeof ALERT_MEASURES)[AlertMeasure]['family'];

export const ALERT_COMPARISONS = { above: '不低于', below: '不高于', movedBy: '变动超过' } as const;
export type AlertComparison = keyof typeof ALERT_COMPARISONS;
export const ALERT_COMPARISON_KEYS = Object.keys(ALERT_COMPARISONS) as [AlertComparison, ...AlertComparison[]];

/** The rows a condition names; wholesale figures have no geography, so a province or city row needs retail or prices. */
export const ALERT_ROW_KINDS = { producer: '厂商', brand: '品牌', subSeries: '子车系', province: '省份', city: '城市', competitorSet: '竞品组' } as const;
export type AlertRowKind = keyof typeof ALERT_ROW_KINDS;
export const ALERT_ROW_KIND_KEYS = Object.keys(ALERT_ROW_KINDS) as [AlertRowKind, ...AlertRowKind[]];
export const GEOGRAPHIC_ROW_KINDS: readonly AlertRowKind[] = ['province', 'city'];

// ---------- a competitor set's conditions (issue 49 §3, decision 298) ----------

/** The page whose views watch a competitor set: its `set` is the condition's row. */
export const SET_ALERT_PATH = COMPETITOR_MONITOR_PAGE.path;
/** The rows of the market a pick-list offers (a competitor set is the view's own, not picked from everyone's). */
export type PickableRowKind = Exclude<AlertRowKind, 'competitorSet'>;
export const PICKABLE_ROW_KIND_KEYS = ALERT_ROW_KIND_KEYS.filter((k) => k !== 'competitorSet') as [PickableRowKind, ...PickableRowKind[]];
/** The measures a rival's TP fall is watched by: "fell by more than N" is their one comparison, 变动超过 N. */
const FALL_MEASURES: ReadonlySet<AlertMeasure> = new Set(['rivalTpFall', 'rivalTpFallRate']);

/** Whether a measure watches a competitor set (its row is the set of a 竞品监控 view). */
export function isSetMeasure(measure: AlertMeasure): boolean {
  const family = ALERT_MEASURES[measure].family;
  return family === 'setShare' || family === 'setPrice';
}

/** The measures a view's form offers: a 竞品监控 view's are its set's, any other view's the rows' figures. */
export function alertMeasuresOf(path: string): AlertMeasure[] {
  return ALERT_MEASURE_KEYS.filter((m) => isSetMeasure(m) === (path === SET_ALERT_PATH));
}

/** The comparisons a measure takes: a rival's TP fall only 变动超过 N (it falls by more than N), the others all three. */
export function alertComparisonsOf(measure: AlertMeasure): AlertComparison[] {
  return FALL_MEASURES.has(measure) ? ['movedBy'] : [...ALERT_COMPARISON_KEYS];
}

/** A comparison as the form names it beside its measure: '不低于', '份额变化变动超过', '竞品成交价降幅超过'. */
export function comparisonLabel(measure: AlertMeasure, comparison: AlertComparison): string {
  if (comparison !== 'movedBy') return ALERT_COMPARISONS[comparison];
  const def = ALERT_MEASURES[measure];
  return FALL_MEASURES.has(measure) ? `${def.change}超过` : `${def.change}${ALERT_COMPARISONS.movedBy}`;
}

/** Which months a view's figures come from (the calendar's flags): 零售量, 批发量 or 价格. */
export type AlertSource = 'retail' | 'wholesale' | 'price';
export const ALERT_SOURCES: Record<AlertSource, string> = { retail: '零售量', wholesale: '批发量', price: '价格' };

/** A threshold's number as the form takes it: up to two decimals, within a wide bound. */
const THRESHOLD_LIMIT = 1e9;

/**
 * 'above' 5 of 份额 → '份额不低于 5%'; 'movedBy' 1 of 份额 → '份额变化变动超过 ±1个百分点'; 'movedBy' 5000 of a rival's TP
 * fall → '竞品成交价降幅超过 5000元' (a fall, so no ±).
 */
export function conditionText(measure: AlertMeasure, comparison: AlertComparison, threshold: number): string {
  const def = ALERT_MEASURES[measure];
  if (comparison === 'movedBy' && FALL_MEASURES.has(measure)) return `${comparisonLabel(measure, comparison)} ${threshold}${def.changeUnit}`;
  if (comparison === 'movedBy') return `${comparisonLabel(measure, comparison)} ±${threshold}${def.changeUnit}`;
  return `${def.label}${ALERT_COMPARISONS[comparison]} ${threshold}${def.unit}`;
}

/**
 * One row's figure as its page shows it: the value (a one-decimal percent or points, whole vehicles or yuan) and
 * the change beside it, null where the page shows '-'.
 */
export interface AlertFigure {
  value: number | null;
  change: number | null;
}

/**
 * Whether a condition holds on a figure as shown: 不低于 N is value ≥ N, 不高于 N is value ≤ N, 变动超过 N is
 * |change| > N; a dash holds nothing.
 */
export function conditionHolds(comparison: AlertComparison, threshold: number, figure: AlertFigure): boolean {
  if (comparison === 'movedBy') return figure.change !== null && Math.abs(figure.change) > threshold;
  if (figure.value === null) return false;
  return comparison === 'above' ? figure.value >= threshold : figure.value <= threshold;
}

/** A figure's value as its text: '12,345辆', '12.3%', '+1.2个百分点', '158,000元'. */
export function alertValueText(measure: AlertMeasure, value: number | null): string {
  switch (measure) {
    case 'sales':
      return value === null ? '-' : `${thousands(value)}辆`;
    case 'share':
    case 'discountRate':
    case 'setShare':
    case 'rivalTpFallRate':
      return sharePercentText(value);
    case 'yoy':
      return growthText(value);
    case 'shareChange':
      return pointsCardText(value);
    case 'tp':
    case 'rivalTpFall':
      return yuanText(value);
  }
}

/** A figure's change as its text: '同比 +5.2%', '份额变化 -1.1个百分点', '组内份额较上月 +5.0个百分点', '竞品成交价降幅 6,000元'. */
export function alertChangeText(measure: AlertMeasure, change: number | null): string {
  const def = ALERT_MEASURES[measure];
  // A fall is a size, as its value is: no sign.
  if (FALL_MEASURES.has(measure)) return `${def.change} ${alertValueText(measure, change)}`;
  return `${def.change} ${def.changeUnit === '%' ? growthText(change) : pointsCardText(change)}`;
}

/** A rival whose national TP fell on the month before: its name, both TPs (whole yuan) and the fall (yuan, one-decimal percent). */
export interface RivalTpFall {
  name: string;
  tp: number;
  previousTp: number;
  fall: number;
  fallRate: number | null;
}

/**
 * The notification's figure of a rival's TP fall, the falls named largest first:
 * '德锐对标 2026-03 竞品成交价降幅 乙电EV 6,000元（3.7%）、…', and its change, each rival's TP then and now:
 * '乙电EV 成交价 154,000元（上月 160,000元）；…'.
 */
export function rivalTpFallTexts(setName: string, month: number, falls: readonly RivalTpFall[]): { figureText: string; changeText: string } {
  const list = falls.map((r) => `${r.name} ${yuanText(r.fall)}（${sharePercentText(r.fallRate)}）`).join('、');
  return {
    figureText: `${setName} ${formatMonth(month)} ${ALERT_MEASURES.rivalTpFall.change} ${list}`,
    changeText: falls.map((r) => `${r.name} 成交价 ${yuanText(r.tp)}（上月 ${yuanText(r.previousTp)}）`).join('；'),
  };
}

// ---------- a view's link at a month ----------

/**
 * The URL parameter that holds a page's month, declared once: every analysis page and the dashboard name it `time`
 * (YYYY-MM). A page not listed keeps its link as it is.
 */
export const VIEW_MONTH_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/salevolume/wholemarket': ['time'],
  '/salevolume/areamarket': ['time'],
  '/salevolume/companybrand': ['time'],
  '/price/marketpricetendency': ['time'],
  '/price/cabmodelpricetrace': ['time'],
  '/price/totalmarket': ['time'],
  '/pricedetailmarket': ['time'],
  '/pricevolume/pricedimension': ['time'],
  '/pricevolume/cabmodelprice': ['time'],
  '/salevolume/competitormonitor': ['time'],
  '/dashboard/7c1f3a9e5b2d4806': ['time'],
};

/** The pages whose figures are prices: their views' new months are price months. */
export const PRICE_VIEW_PATHS: readonly string[] = ['/price/marketpricetendency', '/price/cabmodelpricetrace'];

/** A view's address with its month parameter(s) moved to `month`: '/salevolume/wholemarket?source=2&time=2026-11'. */
export function viewLinkAt(path: string, search: string, month: number): string {
  const params = new URLSearchParams(search);
  for (const name of VIEW_MONTH_PARAMS[path] ?? []) params.set(name, formatMonth(month));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

// ---------- subscribing from a figure (issue 45 §4, decision 279) ----------

/**
 * The summary cards whose figure a condition can watch, by card: 当月销量 is 销量 and 同比 is 同比 of the page's row.
 * 环比 and the year-to-date cards have no alert measure, so they carry no bell.
 */
export const SUMMARY_CARD_MEASURES: Readonly<Partial<Record<string, AlertMeasure>>> = { qty: 'sales', yoy: 'yoy' };

/** The ranking tables whose rows a condition can name, by dimension code: 厂商, 品牌, 车系 (细分市场, 系别 and 区域 cannot). */
export const TABLE_DIMENSION_ROW_KINDS: Readonly<Partial<Record<TableDimension, AlertRowKind>>> = { 5: 'producer', 3: 'brand', 6: 'subSeries' };

/** What a bell on a figure fills the subscription form with: a condition on this measure of this row. */
export interface FigureSubscription {
  measure: AlertMeasure;
  rowKind: AlertRowKind;
  rowId: number;
  rowName: string;
}

/** The months a view's figures come from, read from its address: a price page's are prices, else `source=1` is 批发量, any other 零售量. */
export function viewSourceOf(path: string, search: string): AlertSource {
  if (PRICE_VIEW_PATHS.includes(path)) return 'price';
  return salesSourceKind(Number(new URLSearchParams(search).get('source')));
}

/**
 * A subscription's title in words, the one the form and 我的订阅 show instead of its address: the page's title, the
 * row, the data and the view's month — '厂商品牌表现 · 一汽-大众 · 零售 · 2026-10'. A part the view does not have is left out.
 */
export function subscriptionTitle(path: string, search: string, rowName: string | null): string {
  const params = new URLSearchParams(search);
  const month = (VIEW_MONTH_PARAMS[path] ?? []).map((name) => params.get(name) ?? '').find((value) => MONTH_PATTERN.test(value));
  return [analysisPageOf(path)?.name ?? path, rowName, MONTH_CALENDARS[viewSourceOf(path, search)], month].filter(Boolean).join(' · ');
}

// ---------- parameters ----------

const NAME_MESSAGE = '应为 1-60 个字符';
const nameSchema = z
  .string(NAME_MESSAGE)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, NAME_MESSAGE)
      .max(60, NAME_MESSAGE)
      .refine((s) => !CONTROL_CHARACTERS.test(s), CONTROL_CHARACTER_MESSAGE),
  );
const PATH_MESSAGE = '应为本平台的页面地址，如 /salevolume/wholemarket';
const pathSchema = z
  .string(PATH_MESSAGE)
  .max(200, PATH_MESSAGE)
  .regex(/^\/[a-z0-9/]*$/i, PATH_MESSAGE);
const SEARCH_MESSAGE = '应为不超过 2000 个字符的查询串';
const searchSchema = z
  .string(SEARCH_MESSAGE)
  .max(2000, SEARCH_MESSAGE)
  .refine((s) => !CONTROL_CHARACTERS.test(s), CONTROL_CHARACTER_MESSAGE)
  .transform((s) => s.replace(/^\?/, ''));
const THRESHOLD_MESSAGE = '应为数字（最多两位小数）';
const thresholdSchema = z
  .number(THRESHOLD_MESSAGE)
  .finite(THRESHOLD_MESSAGE)
  .min(-THRESHOLD_LIMIT, THRESHOLD_MESSAGE)
  .max(THRESHOLD_LIMIT, THRESHOLD_MESSAGE)
  .refine((n) => Math.round(n * 100) === n * 100, THRESHOLD_MESSAGE);

/** A positive id as a JSON integer or decimal digits. */
const idNumber = intText('应为正整数').pipe(z.number().min(1, '应为正整数').max(2_147_483_647, '应为正整数'));

/** A subscription's fields, each with its Chinese message; the form reads a bell's link with them too. */
export const subscriptionFields = {
  name: labelled(nameSchema, '名称'),
  path: labelled(pathSchema, '页面'),
  search: labelled(searchSchema.default(''), '查询条件'),
  kind: labelled(z.enum(['newMonth', 'condition'], '应为 newMonth 或 condition'), '提醒方式'),
  measure: labelled(z.enum(ALERT_MEASURE_KEYS, `应为 ${ALERT_MEASURE_KEYS.join('、')}`).nullish(), '指标'),
  comparison: labelled(z.enum(ALERT_COMPARISON_KEYS, '应为 above、below 或 movedBy').nullish(), '条件'),
  threshold: labelled(thresholdSchema.nullish(), '阈值'),
  rowKind: labelled(z.enum(ALERT_ROW_KIND_KEYS, `应为 ${ALERT_ROW_KIND_KEYS.join('、')}`).nullish(), '对象类型'),
  rowId: labelled(idNumber.nullish(), '对象'),
  /** The team robot that also gets each notification (decision 203); absent or null: the bell only. */
  robotId: labelled(idNumber.nullish(), '群机器人'),
};

const subscriptionObject = z.strictObject(subscriptionFields);
type SubscriptionFields = z.output<typeof subscriptionObject>;

export const SET_CONDITION_MESSAGES = {
  fallComparison: '竞品成交价降幅的条件只能是「降幅超过 N」（movedBy）',
  setRowKind: '本品组内份额、竞品成交价降幅的对象类型应为竞品组',
  setMeasure: '竞品组的指标应为本品组内份额或竞品成交价降幅',
} as const;

/**
 * A condition names its measure, comparison, threshold and row; 变动超过 takes a positive N. A competitor set's
 * measures name a set and a set only those (decision 298); a rival's TP fall is watched as "falls by more than N".
 */
function checkCondition(value: SubscriptionFields, ctx: z.RefinementCtx): void {
  if (value.kind !== 'condition') return;
  for (const [field, label] of [
    ['measure', '指标'],
    ['comparison', '条件'],
    ['threshold', '阈值'],
    ['rowKind', '对象类型'],
    ['rowId', '对象'],
  ] as const) {
    if (value[field] === null || value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `指标提醒须选择${label}` });
  }
  if (value.comparison === 'movedBy' && value.threshold !== null && value.threshold !== undefined && !(value.threshold > 0)) {
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: '应大于 0（变动超过 N 的 N）' });
  }
  if (!value.measure) return;
  if (value.comparison && !alertComparisonsOf(value.measure).includes(value.comparison)) {
    ctx.addIssue({ code: 'custom', path: ['comparison'], message: SET_CONDITION_MESSAGES.fallComparison });
  }
  if (value.rowKind && isSetMeasure(value.measure) && value.rowKind !== 'competitorSet') {
    ctx.addIssue({ code: 'custom', path: ['rowKind'], message: SET_CONDITION_MESSAGES.setRowKind });
  }
  if (value.rowKind === 'competitorSet' && !isSetMeasure(value.measure)) {
    ctx.addIssue({ code: 'custom', path: ['measure'], message: SET_CONDITION_MESSAGES.setMeasure });
  }
}

export const alertSubscriptionCreateSchema = subscriptionObject.superRefine(checkCondition);
export type AlertSubscriptionCreateDto = z.output<typeof alertSubscriptionCreateSchema>;

const subscriptionId = labelled(idNumber, '订阅编号');
export const alertSubscriptionUpdateSchema = z.strictObject({ id: subscriptionId, ...subscriptionFields }).superRefine(checkCondition);
export type AlertSubscriptionUpdateDto = z.output<typeof alertSubscriptionUpdateSchema>;
export const alertSubscriptionIdSchema = z.strictObject({ id: subscriptionId });
export const alertSubscriptionPauseSchema = z.strictObject({ id: subscriptionId, paused: labelled(z.boolean('应为 true 或 false'), '暂停') });

export const alertRowsQuerySchema = strictQuery({
  kind: labelled(z.enum(PICKABLE_ROW_KIND_KEYS, `应为 ${PICKABLE_ROW_KIND_KEYS.join('、')}`), '对象类型'),
});

const PAGE_MESSAGE = '应为 1-1000 的整数';
export const alertNotificationListSchema = strictQuery({
  page: labelled(z.preprocess(blankIsAbsent, intText().pipe(z.number().min(1, PAGE_MESSAGE).max(1000, PAGE_MESSAGE)).default(1)), '页码'),
  pageSize: labelled(z.preprocess(blankIsAbsent, intText().pipe(z.number().min(1, '应为 1-100').max(100, '应为 1-100')).default(20)), '每页条数'),
});
export const alertNotificationReadSchema = z.strictObject({
  ids: labelled(z.array(idNumber, '应为提醒编号的列表').min(1, '至少一条').max(500, '最多 500 条'), '提醒'),
});

// ---------- results ----------

export const alertSubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  search: z.string(),
  /** The view's address as stored: path and query. */
  link: z.string(),
  /** Its title in words (`subscriptionTitle`): '厂商品牌表现 · 一汽-大众 · 零售 · 2026-10'. */
  title: z.string(),
  kind: z.enum(['newMonth', 'condition']),
  kindText: z.string(),
  source: z.enum(['retail', 'wholesale', 'price']),
  sourceText: z.string(),
  measure: z.enum(ALERT_MEASURE_KEYS).nullable(),
  comparison: z.enum(ALERT_COMPARISON_KEYS).nullable(),
  threshold: z.number().nullable(),
  rowKind: z.enum(ALERT_ROW_KIND_KEYS).nullable(),
  rowId: z.number().int().nullable(),
  rowName: z.string().nullable(),
  /** '大众 份额变化不高于 -1个百分点', or '有新月份数据时提醒'. */
  conditionText: z.string(),
  paused: z.boolean(),
  /** The team robot that also gets its notifications (decision 203), null for the bell only. */
  robot: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The latest message sent to that robot for it: its state, and why it failed; null before any. */
  robotDelivery: z
    .object({ state: z.enum(ROBOT_DELIVERY_STATES), stateLabel: z.string(), lastError: z.string().nullable(), createTime: z.string() })
    .nullable(),
  /** The latest month of its source it has been evaluated at ('2026-10'), null before any. */
  lastMonth: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertSubscription = z.infer<typeof alertSubscriptionSchema>;

export const alertRowSchema = z.object({ id: z.number().int(), name: z.string() });

export const alertNotificationSchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  /** The month evaluated, '2026-11'. */
  month: z.string(),
  title: z.string(),
  /** The figure: '大众 2026-11 份额变化 -1.2个百分点'; for a new month, what was published. */
  figureText: z.string(),
  /** Its change beside it: '份额 12.3%（同期 13.5%）'; empty for a new month. */
  changeText: z.string(),
  /** The view at the new month. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AlertNotification = z.infer<typeof alertNotificationSchema>;

export const alertNotificationPageSchema = z.object({
  items: z.array(alertNotificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const alertUnreadSchema = z.object({ unread: z.number().int() });
