import { z } from 'zod';
import { MONTH_PATTERN, formatMonth, parseMonth } from './months';
import { layersOf, type Layer } from './params';

/**
 * What an id or month parameter refers to, declared on the field's schema (decision 131): an id
 * must name a row of the reference data (a segment, a city, a brand, a fuel …), a month must lie in the
 * calendar of months that hold the data the call reads. The API checks both in one place, its validation
 * pipe, after the schema has parsed (`referencesOf` lists what to check); an id that names nothing is a
 * 400 naming the parameter, not an answer full of dashes. −1 and other values ≤ 0 are the spec's "all".
 */

/** The reference tables and dictionaries an id can name, with the noun a message uses. */
export const REFERENCE_KINDS = {
  region: '大区',
  province: '省份',
  city: '城市',
  segment: '细分市场',
  family: '系别',
  producer: '厂商',
  brand: '品牌',
  producerBrand: '厂商品牌',
  series: '车系',
  subSeries: '子车系',
  car: '车型',
  fuel: '燃料类型',
  bodyShape: '车身形式',
  producerProperty: '厂商属性',
  brandProperty: '品牌属性',
  dischargeStandard: '排放标准',
  gearbox: '变速箱',
  drive: '驱动形式',
  modelLevel: '车型级别',
  useNature: '使用性质',
  ownership: '所有权',
  colour: '颜色',
} as const;
export type ReferenceKind = keyof typeof REFERENCE_KINDS;

/** The calendars a month can be checked against: which data the month must have (search/calendar's categories). */
export const MONTH_CALENDARS = { retail: '零售', wholesale: '批发', price: '价格', rebate: '返点' } as const;
export type MonthCalendar = keyof typeof MONTH_CALENDARS;

/** A kind fixed by the field, or read from the call's parsed parameters (`type` says whether foreignId is a producer or a brand). */
type ByQuery<T> = T | ((query: Record<string, unknown>) => T | undefined);

interface Reference {
  kind?: ByQuery<ReferenceKind>;
  calendar?: ByQuery<MonthCalendar>;
}

const references = z.registry<Reference>();

/** Declares that a field's ids name rows of `kind` (a copy of the schema: one schema serves many fields). */
export function refersTo<T extends z.ZodType>(schema: T, kind: ByQuery<ReferenceKind>): T {
  const field = schema.clone();
  references.add(field, { kind });
  return field;
}

/** Declares that a field's month (or month range) must lie within the months that hold `calendar`'s data. */
export function inCalendar<T extends z.ZodType>(schema: T, calendar: ByQuery<MonthCalendar>): T {
  const field = schema.clone();
  references.add(field, { calendar });
  return field;
}

/** An id parameter to check: its name, what it names, the ids given (none ≤ 0). */
export interface IdCheck {
  param: string;
  kind: ReferenceKind;
  ids: number[];
}

/** A month parameter to check: its name, its calendar and the months given (YYYYMM; a range's two ends). */
export interface MonthCheck {
  param: string;
  calendar: MonthCalendar;
  months: number[];
}

export interface ReferenceChecks {
  ids: IdCheck[];
  months: MonthCheck[];
}

/** The top-level fields of a parameter schema (an object, perhaps refined or transformed). */
function fieldsOf(schema: z.ZodType): Record<string, Layer> {
  return layersOf(schema as unknown as Layer).find((layer) => layer._zod.def.shape)?._zod.def.shape ?? {};
}

function declarationOf(field: Layer): Reference | undefined {
  for (const layer of layersOf(field)) {
    const found = references.get(layer as unknown as z.ZodType);
    if (found) return found;
  }
  return undefined;
}

/** Whether any field of the schema refers to reference data or a calendar (most calls' do; the pipe skips the rest). */
export function hasReferences(schema: z.ZodType): boolean {
  return Object.values(fieldsOf(schema)).some((field) => declarationOf(field) !== undefined);
}

/** The fields of a parameter schema that name reference data ('id') or a month of a calendar ('month'), in the schema's order. */
export function declaredReferences(schema: z.ZodType): Array<{ param: string; to: 'id' | 'month' }> {
  return Object.entries(fieldsOf(schema)).flatMap(([param, field]) => {
    const declared = declarationOf(field);
    return declared ? [{ param, to: declared.calendar ? ('month' as const) : ('id' as const) }] : [];
  });
}

/** The numbers a field's parsed value holds: an id, a list of ids, a month ('YYYY-MM' or YYYYMM), a range's ends. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') return MONTH_PATTERN.test(value) ? [parseMonth(value)] : [];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object' && 'from' in value && 'to' in value) return [...numbersIn(value.from), ...numbersIn(value.to)];
  return [];
}

const resolve = <T>(by: ByQuery<T> | undefined, query: Record<string, unknown>): T | undefined =>
  typeof by === 'function' ? (by as (q: Record<string, unknown>) => T | undefined)(query) : by;

/**
 * What a request's ids and months must be checked against: `input` is what was sent, `parsed` what the
 * schema made of it (a kind may depend on another parameter's parsed value). Each declared field that was
 * sent is parsed alone to read its ids; a field its schema refuses alone is left to the schema's message.
 */
export function referencesOf(schema: z.ZodType, input: unknown, parsed: unknown): ReferenceChecks {
  const checks: ReferenceChecks = { ids: [], months: [] };
  const sent = (input ?? {}) as Record<string, unknown>;
  const query = (parsed ?? {}) as Record<string, unknown>;
  for (const [param, field] of Object.entries(fieldsOf(schema))) {
    const declared = declarationOf(field);
    if (!declared || sent[param] === undefined) continue;
    const alone = (field as unknown as z.ZodType).safeParse(sent[param]);
    if (!alone.success) continue;
    const numbers = [...new Set(numbersIn(alone.data))];
    const kind = resolve(declared.kind, query);
    const calendar = resolve(declared.calendar, query);
    if (kind) {
      const ids = numbers.filter((id) => id > 0);
      if (ids.length > 0) checks.ids.push({ param, kind, ids });
    }
    if (calendar && numbers.length > 0) checks.months.push({ param, calendar, months: numbers });
  }
  return checks;
}

/** The 400 of an id that names nothing: '参数 detailId 没有 id 为 99 的细分市场'. */
export function unknownIdMessage(param: string, kind: ReferenceKind, id: number): string {
  return `参数 ${param} 没有 id 为 ${id} 的${REFERENCE_KINDS[kind]}`;
}

/** The 400 of a month outside its calendar, with the months allowed: '参数 time 没有 2030-01 的零售数据，应在 2020-01 至 2026-10 之间'. */
export function monthOutsideMessage(param: string, calendar: MonthCalendar, month: number, first: number, latest: number): string {
  return `参数 ${param} 没有 ${formatMonth(month)} 的${MONTH_CALENDARS[calendar]}数据，应在 ${formatMonth(first)} 至 ${formatMonth(latest)} 之间`;
}
