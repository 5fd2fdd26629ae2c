import { z } from 'zod';
import { MONTH_PATTERN, parseMonth } from '../common/months';
import { dictionaryTypeOf } from './dictionary-types';

/**
 * The query parameters of the search calls, one schema each, and the shapes they answer. A parameter
 * the call does not know, or a value of the wrong form, is a 400 whose message names it
 * ('参数 detailId 应为整数'). An empty value ('key=') means the parameter was not given, as the old
 * client sends empty fields.
 */

export const MAX_IDS = 500;
export const MAX_TEXT = 50;

const blankIsAbsent = (value: unknown): unknown => (value === '' ? undefined : value);

/** Optional, with '' read as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankIsAbsent, schema.optional());
}

/** Every other query key is refused by name rather than silently ignored. */
function query<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).catchall(z.unknown().refine(() => false, { message: '不是可用的参数' }));
}

const integer = (message = '应为整数') =>
  z
    .string(message)
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number);

const positiveId = (message = '应为正整数') =>
  integer(message).refine((id) => id > 0, message);

/** A comma list of positive integer ids, at most 500, duplicates dropped. */
const idList = z.string('应为逗号分隔的正整数').transform((text, ctx) => {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) {
    ctx.addIssue({ code: 'custom', message: '应为逗号分隔的正整数' });
    return z.NEVER;
  }
  if (parts.length > MAX_IDS) {
    ctx.addIssue({ code: 'custom', message: `最多 ${MAX_IDS} 个` });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

/**
 * A comma list of dictionary keys (producer or brand property). -1 is the spec's "all" and, like an
 * empty list, means no filter (undefined).
 */
const keyList = z.string('应为逗号分隔的整数').transform((text, ctx): number[] | undefined => {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.some((part) => !/^-?\d{1,4}$/.test(part))) {
    ctx.addIssue({ code: 'custom', message: '应为逗号分隔的整数' });
    return z.NEVER;
  }
  if (parts.length > MAX_IDS) {
    ctx.addIssue({ code: 'custom', message: `最多 ${MAX_IDS} 个` });
    return z.NEVER;
  }
  const keys = [...new Set(parts.map(Number))];
  return keys.length === 0 || keys.includes(-1) ? undefined : keys;
});

/** A search text: trimmed, at most 50 characters, matched literally (no wildcards). */
const searchText = z
  .string('应为文本')
  .trim()
  .max(MAX_TEXT, `不能超过 ${MAX_TEXT} 个字符`)
  .transform((text) => (text === '' ? undefined : text));

const letter = z
  .string('应为 A-Z 中的一个字母')
  .regex(/^[A-Za-z]$/, '应为 A-Z 中的一个字母')
  .transform((text) => text.toUpperCase());

/** Segment id, or -1 for the whole market (the default). */
const detailId = integer().refine((id) => id === -1 || id > 0, '应为 -1 或细分市场 id');

/** 'YYYY-MM' on the wire, YYYYMM in the service. */
export const monthParam = z
  .string('应为 YYYY-MM 格式的月份')
  .regex(MONTH_PATTERN, '应为 YYYY-MM 格式的月份')
  .transform(parseMonth);

/** The filters every maker pick-list shares (spec: key, detailId, producerProperties, brandProperties). */
const makerFilterShape = {
  key: optional(searchText),
  letter: optional(letter),
  detailId: optional(detailId),
  producerProperties: optional(keyList),
  brandProperties: optional(keyList),
};

// ---------- the schemas, one per call ----------

/** calendar: none = months with retail data (dashboard), 1 price months, 2 retail months (price-band and export pages), 3 rebate months. */
export const calendarSchema = query({
  category: optional(z.enum(['1', '2', '3'], '应为 1、2 或 3').transform(Number)),
});
export type CalendarQuery = z.infer<typeof calendarSchema>;

/** Segment category: 1 sedan, 2 SUV, 3 MPV, 4 sports car. */
export const detailMarketSchema = query({
  category: optional(z.enum(['1', '2', '3', '4'], '应为 1 到 4 的整数').transform(Number)),
});
export type DetailMarketQuery = z.infer<typeof detailMarketSchema>;

export const noParamsSchema = query({});

/** type: a dictionary type or one of its spellings (dictionary-types.ts); answered with the stored type's name. */
export const dictionarySchema = query({
  type: z
    .string('不能为空')
    .trim()
    .min(1, '不能为空')
    .transform((type, ctx) => {
      const stored = dictionaryTypeOf(type);
      if (stored === undefined) {
        ctx.addIssue({ code: 'custom', message: '为未知的字典类型' });
        return z.NEVER;
      }
      return stored;
    }),
});
export type DictionaryQuery = z.infer<typeof dictionarySchema>;

export const makerListSchema = query(makerFilterShape);
export type MakerListQuery = z.infer<typeof makerListSchema>;

export const seriesListSchema = query({
  ...makerFilterShape,
  producerIds: optional(idList),
  brandIds: optional(idList),
});
export type SeriesListQuery = z.infer<typeof seriesListSchema>;

export const subModelSchema = query({
  ...makerFilterShape,
  producerIds: optional(idList),
  brandIds: optional(idList),
  modelIds: optional(idList),
});
export type SubModelQuery = z.infer<typeof subModelSchema>;

/** modelSubIds, or the old client's single id; both together are one list. */
export const carListSchema = query({
  modelSubIds: optional(idList),
  id: optional(positiveId()),
  time: optional(monthParam),
})
  .superRefine((q, ctx) => {
    if ((q.modelSubIds?.length ?? 0) === 0 && q.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['modelSubIds'], message: '不能为空' });
    }
  })
  .transform((q) => ({ subSeriesIds: mergeIds(q.modelSubIds, q.id) ?? [], time: q.time }));
export type CarListQuery = z.infer<typeof carListSchema>;

export const provinceSchema = query({ areaId: optional(positiveId()) });
export type ProvinceQuery = z.infer<typeof provinceSchema>;

/** provinceId and provinceIds are one list (the old client sends either). */
export const citySchema = query({
  provinceId: optional(positiveId()),
  provinceIds: optional(idList),
  areaIds: optional(idList),
  condition: optional(searchText),
}).transform((q) => ({ provinceIds: mergeIds(q.provinceIds, q.provinceId), areaIds: q.areaIds, condition: q.condition }));
export type CityQuery = z.infer<typeof citySchema>;

/** forPrice is the old client's flag for the price export's city dialog; every city has prices, so it changes nothing. */
export const provinceCitySchema = query({
  condition: optional(searchText),
  areaIds: optional(idList),
  provinceIds: optional(idList),
  provinceId: optional(positiveId()),
  forPrice: optional(z.enum(['0', '1', 'true', 'false'], '应为 0 或 1')),
}).transform((q) => ({ provinceIds: mergeIds(q.provinceIds, q.provinceId), areaIds: q.areaIds, condition: q.condition }));
export type ProvinceCityQuery = z.infer<typeof provinceCitySchema>;

/** complexBPs levels, top down: 0 brand, 1 producer, 2 producer-brand, 3 series, 4 sub-series, 5 trim. */
export const complexSchema = query({
  type: z.enum(['0', '1', '2', '3', '4', '5'], '应为 0 到 5 的整数').transform(Number),
  condition: optional(searchText),
  brandIds: optional(idList),
  producerIds: optional(idList),
  producerBrands: optional(idList),
  modelIds: optional(idList),
  modelSubIds: optional(idList),
});
export type ComplexQuery = z.infer<typeof complexSchema>;

/** A list parameter and its single-id twin as one list; undefined when neither was given. */
export function mergeIds(ids: number[] | undefined, id: number | undefined): number[] | undefined {
  if (id === undefined) return ids;
  return ids ? [...new Set([...ids, id])] : [id];
}

// ---------- answers ----------

export interface IdName {
  id: number;
  name: string;
}

/** A dictionary entry; keys are numbers except for value dictionaries (dicEngine), whose key is the text. */
export interface KeyValue {
  key: number | string;
  value: string;
}

/** A pick-list group: one initial letter A-Z and its entries. */
export interface LetterGroup<T> {
  letter: string;
  list: T[];
}

export interface SeriesItem extends IdName {
  subList: IdName[];
}

export interface CarItem extends IdName {
  /** Yuan, thousand-separated: '119,800'. */
  msrp: string;
  /** The trim's share of its sub-series' retail in the month, one decimal: '12.3%'; '-' when none. */
  mix: string;
}

export interface SubSeriesCars extends IdName {
  cars: CarItem[];
}

export interface TrimItem extends IdName {
  msrp: string;
  /** The sub-series the trim belongs to, since trim names ('2024款 1.5T 舒适版') do not say. */
  modelSubId: number;
  modelSubName: string;
}

export interface AreaNode extends IdName {
  code: string;
  dimensionality: 1;
}

export interface ProvinceNode extends IdName {
  code: string;
  shortName: string;
  dimensionality: 2;
  areaId: number;
}

export interface CityNode extends IdName {
  code: string;
  dimensionality: 3;
  provinceId: number;
  provinceCode: string;
  tier: number;
}

export interface ProvinceCities extends IdName {
  cities: IdName[];
}

export type ComplexResult = Array<LetterGroup<IdName>> | IdName[] | TrimItem[];
