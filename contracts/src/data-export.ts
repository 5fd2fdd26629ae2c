import { z } from 'zod';
import { TIER_LABELS } from './geography';
import { formatMonth, MONTH_PATTERN, parseMonth } from './months';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE, MAX_IDS, strictQuery } from './params';
import { checkBands, wan } from './price-volume';
import { inCalendar, refersTo, type MonthCalendar, type ReferenceKind } from './references';

/**
 * The data exports (POST /car/api/dataExport/…) and their jobs. The old client posts a form: every field
 * as repeated values (`city=110100&city=310100`), `yyyyMm` as 'start - end', only the filters whose tag
 * is on, empty values left out. An export is made in the background (decision 70): the POST answers
 * at once with the job, whose `result` (the file's path under /car/) is set when the file is complete.
 */

// ---------- the form ----------

/** One form field read as a list: repeated values, a single value, or a comma list; empty values dropped. */
function formValues(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const items = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  const values = items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  return values.length === 0 ? undefined : values;
}

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(formValues, z.array(item).max(MAX_IDS, `最多 ${MAX_IDS} 个`).optional()).transform((values) => (values ? [...new Set(values)] : undefined));

const idValue = z
  .string('应为正整数')
  .regex(/^\d{1,9}$/, '应为正整数')
  .transform(Number)
  .refine((id) => id > 0, '应为正整数');
const codeValue = z
  .string('应为整数')
  .regex(/^\d{1,4}$/, '应为整数')
  .transform(Number);
const textValue = z
  .string('应为文本')
  .max(32, '不能超过 32 个字符')
  .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE);

/** A list of ids or dictionary codes naming rows of `kind`. */
const ids = (kind: ReferenceKind) => refersTo(list(idValue), kind);
const codes = (kind: ReferenceKind) => refersTo(list(codeValue), kind);

const MONTH_RANGE_MESSAGE = "应为 'YYYY-MM - YYYY-MM' 格式的月份区间";

/** yyyyMm: 'start - end' (the old client's range text); a single month means that month alone. */
export const monthRangeField = z.preprocess(
  (value) => (Array.isArray(value) ? (value as unknown[])[0] : value),
  z.string(MONTH_RANGE_MESSAGE).transform((text, ctx) => {
    const parts = text.split(/\s+-\s+|~/).map((part) => part.trim());
    if (parts.length > 2 || parts.some((part) => !MONTH_PATTERN.test(part))) {
      ctx.addIssue({ code: 'custom', message: MONTH_RANGE_MESSAGE });
      return z.NEVER;
    }
    const from = parseMonth(parts[0]);
    const to = parseMonth(parts[parts.length - 1]);
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: '开始月份不能晚于结束月份' });
      return z.NEVER;
    }
    return { from, to };
  }),
);
export type MonthRange = z.output<typeof monthRangeField>;
/** An export's months: both ends within the calendar its page offers (EXPORT_PAGES). */
const exportMonths = (calendar: MonthCalendar) => inCalendar(monthRangeField, calendar);

/**
 * The city retail export's tags (spec §2.7), in the page's order: the field each sends and the column it
 * adds to the workbook when it is on (`titleKeys`).
 */
export const CITY_RETAIL_TAGS = [
  { key: 'area', label: '大区', field: 'area' },
  { key: 'province', label: '省份', field: 'province' },
  { key: 'city', label: '城市', field: 'city' },
  { key: 'tier', label: '城市级别', field: 'tier' },
  { key: 'brand', label: '品牌', field: 'brandId' },
  { key: 'producer', label: '厂商', field: 'producerId' },
  { key: 'producerBrand', label: '厂商品牌', field: 'producerBrandId' },
  { key: 'series', label: '车系', field: 'modelId' },
  { key: 'subSeries', label: '子车系', field: 'modelSubId' },
  { key: 'subSeriesCode', label: '子车系代码', field: 'modelSubCode' },
  { key: 'modelLevel', label: '车型级别', field: 'chexingjibie' },
  { key: 'bodyType', label: '车身形式', field: 'dicBodyShape' },
  { key: 'producerProperty', label: '厂商属性', field: 'dicProducerProperty' },
  { key: 'brandProperty', label: '品牌属性', field: 'dicBoundProperty' },
  { key: 'brandFamily', label: '品牌系别', field: 'dicBrandSeries' },
  { key: 'fuel', label: '燃料类型', field: 'dicFuel' },
  { key: 'emissionStandard', label: '排放标准', field: 'dicDischargeStandard' },
  { key: 'engine', label: '发动机', field: 'dicEngine' },
  { key: 'gearbox', label: '变速箱', field: 'dicGearBox' },
  { key: 'drive', label: '驱动形式', field: 'dicDriving' },
  { key: 'useNature', label: '使用性质', field: 'useNature' },
  { key: 'ownership', label: '所有权', field: 'owner' },
  { key: 'colour', label: '颜色', field: 'colour' },
] as const;
export type CityRetailTag = (typeof CITY_RETAIL_TAGS)[number]['key'];
const CITY_RETAIL_TAG_KEYS = CITY_RETAIL_TAGS.map((tag) => tag.key) as [CityRetailTag, ...CityRetailTag[]];

/** The city retail export's form (spec §3 export form fields). */
export const cityRetailExportSchema = strictQuery({
  yyyyMm: exportMonths('retail'),
  area: ids('region'),
  province: ids('province'),
  city: ids('city'),
  tier: list(z.enum(['1', '2', '3', '4', '5'], '应为 1 到 5 的城市级别').transform(Number)),
  brandId: ids('brand'),
  producerId: ids('producer'),
  producerBrandId: ids('producerBrand'),
  modelId: ids('series'),
  modelSubId: ids('subSeries'),
  modelSubCode: list(textValue),
  chexingjibie: codes('modelLevel'),
  dicBodyShape: codes('bodyShape'),
  dicProducerProperty: codes('producerProperty'),
  dicBoundProperty: codes('brandProperty'),
  dicBrandSeries: codes('family'),
  dicFuel: codes('fuel'),
  dicDischargeStandard: codes('dischargeStandard'),
  dicEngine: list(textValue),
  dicGearBox: codes('gearbox'),
  dicDriving: codes('drive'),
  useNature: codes('useNature'),
  owner: codes('ownership'),
  colour: codes('colour'),
  /** The tags that are on: each adds its column. */
  titleKeys: list(z.enum(CITY_RETAIL_TAG_KEYS, '为未知的标签')),
});
export type CityRetailExportForm = z.output<typeof cityRetailExportSchema>;

// ---------- the price-volume, price and rebate exports (spec §2.8, §2.9) ----------

/** A tag of an export page: the column it adds when on (`titleKeys`) and the form field its values fill. */
export interface ExportTagDef {
  key: string;
  label: string;
  field: string;
  /** Offered only while the car-model tag (车型) is on (spec §2.9's extra tags). */
  withCar?: true;
}

const PRODUCT_TAGS = {
  producer: { key: 'producer', label: '厂商', field: 'producerId' },
  brand: { key: 'brand', label: '品牌', field: 'brandId' },
  producerBrand: { key: 'producerBrand', label: '厂商品牌', field: 'producerBrandId' },
  series: { key: 'series', label: '车系', field: 'modelId' },
  subSeries: { key: 'subSeries', label: '子车系', field: 'modelSubId' },
  subSeriesCode: { key: 'subSeriesCode', label: '子车系代码', field: 'modelSubCode' },
  car: { key: 'car', label: '车型', field: 'carId' },
  modelLevel: { key: 'modelLevel', label: '车型级别', field: 'chexingjibie' },
  bodyType: { key: 'bodyType', label: '车身形式', field: 'dicBodyShape' },
  producerProperty: { key: 'producerProperty', label: '厂商属性', field: 'dicProducerProperty' },
  brandProperty: { key: 'brandProperty', label: '品牌属性', field: 'dicBoundProperty' },
  brandFamily: { key: 'brandFamily', label: '品牌系别', field: 'dicBrandSeries' },
  emissionStandard: { key: 'emissionStandard', label: '排放标准', field: 'dicDischargeStandard' },
  fuel: { key: 'fuel', label: '燃料类型', field: 'dicFuel' },
  engine: { key: 'engine', label: '发动机', field: 'dicEngine', withCar: true },
  gearbox: { key: 'gearbox', label: '变速箱', field: 'dicGearBox', withCar: true },
  drive: { key: 'drive', label: '驱动形式', field: 'dicDriving', withCar: true },
  city: { key: 'city', label: '城市', field: 'city', withCar: true },
} as const satisfies Record<string, ExportTagDef>;
const P = PRODUCT_TAGS;

/** A tag offered whatever else is on: §2.9's 车型-only rule does not hold on the page that uses it. */
function always<T extends ExportTagDef>(tag: T): Omit<T, 'withCar'> {
  const { withCar: _withCar, ...rest } = tag;
  return rest;
}

/** The tags every price export lists after its makers: the catalogue down to the trim, then the trim's attributes. */
const CATALOGUE_TAGS = [
  P.series,
  P.subSeries,
  P.subSeriesCode,
  P.car,
  P.modelLevel,
  P.bodyType,
  P.producerProperty,
  P.brandProperty,
  P.brandFamily,
  P.emissionStandard,
] as const;

/**
 * 价量数据导出 (spec §2.8): the price-volume export's tags, engine, gearbox and drive among them
 * unconditionally (§2.8 lists them; the 车型-only rule is §2.9's, for the price and rebate exports).
 */
export const PRICE_VOLUME_EXPORT_TAGS = [
  P.producer,
  P.brand,
  P.producerBrand,
  ...CATALOGUE_TAGS,
  always(P.engine),
  always(P.gearbox),
  always(P.drive),
  P.fuel,
] as const;
/** 价格数据导出 (spec §2.9): engine, gearbox, drive and city only with 车型 (city splits the rows by city). */
export const PRICE_EXPORT_TAGS = [P.producer, P.brand, ...CATALOGUE_TAGS, P.fuel, P.engine, P.gearbox, P.drive, P.city] as const;
/** 返点数据导出 (spec §2.9): as the price export without city. */
export const REBATE_EXPORT_TAGS = PRICE_EXPORT_TAGS.filter((tag) => tag.key !== 'city');

export type ProductExportTag = keyof typeof PRODUCT_TAGS;

/** The price-volume export's band defaults (spec §9): 5万 to 40万 in bands of 1万. */
export const PRICE_VOLUME_EXPORT_DEFAULTS = { priceLow: 5, priceHigh: 40, segment: 1 } as const;

/** The product filters the three exports share. */
const productFields = {
  producerId: ids('producer'),
  brandId: ids('brand'),
  producerBrandId: ids('producerBrand'),
  modelId: ids('series'),
  modelSubId: ids('subSeries'),
  modelSubCode: list(textValue),
  carId: ids('car'),
  chexingjibie: codes('modelLevel'),
  dicBodyShape: codes('bodyShape'),
  dicProducerProperty: codes('producerProperty'),
  dicBoundProperty: codes('brandProperty'),
  dicBrandSeries: codes('family'),
  dicDischargeStandard: codes('dischargeStandard'),
  dicFuel: codes('fuel'),
  dicEngine: list(textValue),
  dicGearBox: codes('gearbox'),
  dicDriving: codes('drive'),
};

const tagKeys = (tags: ReadonlyArray<{ key: string }>) => list(z.enum(tags.map((t) => t.key) as [string, ...string[]], '为未知的标签'));

/** The price-volume export's form: the product filters and the bands in 万 (one decimal). */
export const priceVolumeExportSchema = strictQuery({
  yyyyMm: exportMonths('retail'),
  ...productFields,
  priceLow: wan(PRICE_VOLUME_EXPORT_DEFAULTS.priceLow),
  priceHigh: wan(PRICE_VOLUME_EXPORT_DEFAULTS.priceHigh),
  segment: wan(PRICE_VOLUME_EXPORT_DEFAULTS.segment),
  titleKeys: tagKeys(PRICE_VOLUME_EXPORT_TAGS),
}).superRefine(checkBands);
export type PriceVolumeExportForm = z.output<typeof priceVolumeExportSchema>;

/** The price export's form: the product filters and, with 车型, cities. */
export const priceExportSchema = strictQuery({ yyyyMm: exportMonths('price'), ...productFields, city: ids('city'), titleKeys: tagKeys(PRICE_EXPORT_TAGS) });
export type PriceExportForm = z.output<typeof priceExportSchema>;

/** The rebate export's form. */
export const rebateExportSchema = strictQuery({ yyyyMm: exportMonths('rebate'), ...productFields, titleKeys: tagKeys(REBATE_EXPORT_TAGS) });
export type RebateExportForm = z.output<typeof rebateExportSchema>;

// ---------- the jobs ----------

export const EXPORT_KINDS = { cityRetail: '城市零售数据', mix: '价量数据', price: '价格数据', fandian: '返点数据' } as const;
export type ExportKind = keyof typeof EXPORT_KINDS;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What a job is doing, as the progress bar says it. */
export const EXPORT_PHASES = { queued: '排队中', counting: '统计行数', writing: '写入中', done: '已完成', failed: '失败', expired: '已过期' } as const;
export type ExportPhase = keyof typeof EXPORT_PHASES;

/** A finished file stays downloadable this long, then it is deleted (decision 71). */
export const EXPORT_TTL_HOURS = 24;
/** How many of the caller's exports the list shows. */
export const RECENT_EXPORTS = 10;
/** How many exports one user may have queued or running at once (issue 25 #7): one user cannot starve the queue (one of each of the four export pages, and one more). */
export const OPEN_EXPORTS_PER_USER = 5;
export const tooManyOpenExports = (open: number): string => `您已有 ${open} 个导出在进行，请稍后再试`;
/** A sheet holds at most this many rows (header included); the export continues on the next sheet. */
export const SHEET_MAX_ROWS = 1_048_576;

export const exportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(Object.keys(EXPORT_KINDS) as [ExportKind, ...ExportKind[]]),
  /** The workbook's file name: '城市零售数据_2026-01至2026-10_20261123-1530.xlsx'. */
  fileName: z.string(),
  status: z.enum(EXPORT_STATUSES),
  phase: z.enum(Object.keys(EXPORT_PHASES) as [ExportPhase, ...ExportPhase[]]),
  /** The phase in Chinese. */
  phaseText: z.string(),
  rowsWritten: z.number().int(),
  /** null until counted. */
  rowsExpected: z.number().int().nullable(),
  /** 0-100. */
  percent: z.number().int().min(0).max(100),
  /** The spec's `result`: the file's path under /car/ once it is complete, else null. */
  result: z.string().nullable(),
  /** Why it failed, in Chinese; null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file is deleted; null until it is done. */
  expiresAt: z.string().nullable(),
  /** What was asked, as 我的导出 says it (decision 180): the kind (城市零售数据 …), the months ('2026-01 至 2026-10'). */
  kindText: z.string(),
  monthsText: z.string(),
  /** The filters, one line each with the form's labels: '品牌：大众、丰田', '燃料类型：全部', '价格段：5万 至 40万，每 1万'. */
  conditions: z.array(z.string()),
  /** The form's fields as the export call takes them again (重新生成): the same parameters, re-queued as a new job. */
  form: z.array(z.tuple([z.string(), z.string()])),
});
export type ExportJobView = z.infer<typeof exportJobSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const exportJobQuerySchema = strictQuery({ id: z.string('不能为空').regex(UUID, '应为导出任务编号') });
export type ExportJobQuery = z.output<typeof exportJobQuerySchema>;

/**
 * The four export pages as data (spec §2.7-§2.9): each kind's page title, route, calendar category
 * (2 retail and price-volume, 1 price, 3 rebate) and tags; one page component renders them all.
 */
export const EXPORT_PAGES = {
  cityRetail: { title: '城市零售数据导出', path: '/comprehensiveinquiry/cityretailexport', calendar: 2, tags: CITY_RETAIL_TAGS },
  mix: { title: '价量数据导出', path: '/comprehensiveinquiry/pricevolumeexport', calendar: 2, tags: PRICE_VOLUME_EXPORT_TAGS },
  price: { title: '价格数据导出', path: '/comprehensiveinquiry/pricedownload', calendar: 1, tags: PRICE_EXPORT_TAGS },
  fandian: { title: '返点数据导出', path: '/comprehensiveinquiry/fandiandownload', calendar: 3, tags: REBATE_EXPORT_TAGS },
} as const satisfies Record<ExportKind, { title: string; path: string; calendar: 1 | 2 | 3; tags: ReadonlyArray<ExportTagDef> }>;

/** The tags a page offers with these tags on: the extra tags only while 车型 is on. */
export function offeredTags(tags: ReadonlyArray<ExportTagDef>, on: ReadonlySet<string>): ExportTagDef[] {
  return tags.filter((tag) => !tag.withCar || on.has('car'));
}

// ---------- what a job asked, as 我的导出 says it (decision 180) ----------

/** What a finished export with no rows says instead of a row count. */
export const EXPORT_NO_ROWS = '无数据（0 行）';
/** The label of an on tag with no value chosen, on the form (已选条件) and in 我的导出. */
export const ALL_TEXT = '全部';

/** A tag's chosen names as a condition says them: '大众、丰田', or 全部 when none. */
export function namesText(names: readonly string[]): string {
  return names.length > 0 ? names.join('、') : ALL_TEXT;
}

/** The months of an export: '2026-01 至 2026-10'. */
export function monthsText(start: string, end: string): string {
  return `${start} 至 ${end}`;
}

/** The price-volume export's bands: '5万 至 40万，每 1万'. */
export function priceBandText(low: number | string, high: number | string, segment: number | string): string {
  return `${low}万 至 ${high}万，每 ${segment}万`;
}

/** A condition's line: '品牌：大众'. */
export const conditionLine = (label: string, text: string): string => `${label}：${text}`;

/** A stored (parsed) form field's values as texts: a list, one value, or none. */
function valuesOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? (value as unknown[]) : [value]).map(String);
}

/**
 * A stored form (as the export's schema parsed it) as the form fields its call takes: yyyyMm as
 * 'start - end', each list value repeated, numbers as texts. Parsing the answer gives the form back.
 */
export function exportFormEntries(params: Record<string, unknown>): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [field, value] of Object.entries(params)) {
    if (field === 'yyyyMm') {
      const range = value as MonthRange;
      entries.push([field, `${formatMonth(range.from)} - ${formatMonth(range.to)}`]);
    } else for (const text of valuesOf(value)) entries.push([field, text]);
  }
  return entries;
}

/**
 * The conditions of a stored form, with its page's labels: each tag that was on, in the page's order, with
 * its values' names (`nameOf`: an id's or code's name for its field, undefined to show the value itself;
 * 城市级别 by TIER_LABELS), after the price-volume export's bands, as the form's 已选条件 orders them.
 */
export function exportConditions(kind: ExportKind, params: Record<string, unknown>, nameOf: (field: string, value: string) => string | undefined): string[] {
  const on = new Set(valuesOf(params.titleKeys));
  const tags: ReadonlyArray<ExportTagDef> = EXPORT_PAGES[kind].tags;
  const lines: string[] = [];
  if (kind === 'mix') {
    const band = (field: 'priceLow' | 'priceHigh' | 'segment') => valuesOf(params[field])[0] ?? String(PRICE_VOLUME_EXPORT_DEFAULTS[field]);
    lines.push(conditionLine('价格段', priceBandText(band('priceLow'), band('priceHigh'), band('segment'))));
  }
  for (const tag of tags.filter((t) => on.has(t.key))) {
    const names = valuesOf(params[tag.field]).map((v) => (tag.field === 'tier' ? TIER_LABELS[Number(v)] : undefined) ?? nameOf(tag.field, v) ?? v);
    lines.push(conditionLine(tag.label, namesText(names)));
  }
  return lines;
}
