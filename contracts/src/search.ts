import { z } from 'zod';
import { dictionaryTypeOf } from './dictionaries';
import { idList, integer, keyList, letter, mergeIds, monthParam, optional, positiveId, searchText, strictQuery } from './params';
import { inCalendar, refersTo } from './references';

/**
 * The search calls (GET /car/api/search/…): the months, lists and pick-lists every filter panel and
 * dialog is built from (decision 25, backend/src/search/README.md). An empty value ('key=')
 * means the parameter was not given, as the old client sends empty fields.
 */

// ---------- parameters ----------

/** Segment id, or -1 for the whole market (the default). */
const detailId = integer().refine((id) => id === -1 || id > 0, '应为 -1 或细分市场 id');

/** The filters every maker pick-list shares (spec: key, detailId, producerProperties, brandProperties). */
const makerFilterShape = {
  key: optional(searchText),
  letter: optional(letter),
  detailId: refersTo(optional(detailId), 'segment'),
  producerProperties: refersTo(optional(keyList), 'producerProperty'),
  brandProperties: refersTo(optional(keyList), 'brandProperty'),
};
const producerIds = refersTo(optional(idList), 'producer');
const brandIds = refersTo(optional(idList), 'brand');
const seriesIds = refersTo(optional(idList), 'series');
const subSeriesIds = refersTo(optional(idList), 'subSeries');
const provinceIds = refersTo(optional(idList), 'province');
const regionIds = refersTo(optional(idList), 'region');

/** calendar: none = months with retail data (dashboard), 1 price months, 2 retail months (price-band and export pages), 3 rebate months. */
export const calendarSchema = strictQuery({
  category: optional(z.enum(['1', '2', '3'], '应为 1、2 或 3').transform(Number)),
});
export type CalendarQuery = z.output<typeof calendarSchema>;

/** Segment category: 1 sedan, 2 SUV, 3 MPV, 4 sports car. */
export const detailMarketSchema = strictQuery({
  category: optional(z.enum(['1', '2', '3', '4'], '应为 1 到 4 的整数').transform(Number)),
});
export type DetailMarketQuery = z.output<typeof detailMarketSchema>;

export const noParamsSchema = strictQuery({});

/** type: a dictionary type or one of its spellings; answered with the stored type's name. */
export const dictionarySchema = strictQuery({
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
export type DictionaryQuery = z.output<typeof dictionarySchema>;

export const makerListSchema = strictQuery(makerFilterShape);
export type MakerListQuery = z.output<typeof makerListSchema>;

export const seriesListSchema = strictQuery({ ...makerFilterShape, producerIds, brandIds });
export type SeriesListQuery = z.output<typeof seriesListSchema>;

export const subModelSchema = strictQuery({
  ...makerFilterShape,
  producerIds,
  brandIds,
  modelIds: seriesIds,
});
export type SubModelQuery = z.output<typeof subModelSchema>;

/** modelSubIds, or the old client's single id; both together are one list. */
export const carListSchema = strictQuery({
  modelSubIds: subSeriesIds,
  id: refersTo(optional(positiveId()), 'subSeries'),
  time: inCalendar(optional(monthParam), 'retail'),
})
  .superRefine((q, ctx) => {
    if ((q.modelSubIds?.length ?? 0) === 0 && q.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['modelSubIds'], message: '不能为空' });
    }
  })
  .transform((q) => ({ subSeriesIds: mergeIds(q.modelSubIds, q.id) ?? [], time: q.time }));
export type CarListQuery = z.output<typeof carListSchema>;

export const provinceSchema = strictQuery({ areaId: refersTo(optional(positiveId()), 'region') });
export type ProvinceQuery = z.output<typeof provinceSchema>;

/** provinceId and provinceIds are one list (the old client sends either). */
export const citySchema = strictQuery({
  provinceId: refersTo(optional(positiveId()), 'province'),
  provinceIds,
  areaIds: regionIds,
  condition: optional(searchText),
}).transform((q) => ({ provinceIds: mergeIds(q.provinceIds, q.provinceId), areaIds: q.areaIds, condition: q.condition }));
export type CityQuery = z.output<typeof citySchema>;

/** forPrice is the old client's flag for the price export's city dialog; every city has prices, so it changes nothing. */
export const provinceCitySchema = strictQuery({
  condition: optional(searchText),
  areaIds: regionIds,
  provinceIds,
  provinceId: refersTo(optional(positiveId()), 'province'),
  forPrice: optional(z.enum(['0', '1', 'true', 'false'], '应为 0 或 1')),
}).transform((q) => ({ provinceIds: mergeIds(q.provinceIds, q.provinceId), areaIds: q.areaIds, condition: q.condition }));
export type ProvinceCityQuery = z.output<typeof provinceCitySchema>;

/** complexBPs levels, top down: 0 brand, 1 producer, 2 producer-brand, 3 series, 4 sub-series, 5 trim. */
export const complexSchema = strictQuery({
  type: z.enum(['0', '1', '2', '3', '4', '5'], '应为 0 到 5 的整数').transform(Number),
  condition: optional(searchText),
  brandIds,
  producerIds,
  producerBrands: refersTo(optional(idList), 'producerBrand'),
  modelIds: seriesIds,
  modelSubIds: subSeriesIds,
});
export type ComplexQuery = z.output<typeof complexSchema>;

// ---------- answers ----------

/** Months with data, 'YYYY-MM', newest first. */
export const monthListSchema = z.array(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/));

export const idNameSchema = z.object({ id: z.number(), name: z.string() });
export type IdName = z.infer<typeof idNameSchema>;

/** A dictionary entry; keys are numbers except for value dictionaries (dicEngine), whose key is the text. */
export const keyValueSchema = z.object({ key: z.union([z.number(), z.string()]), value: z.string() });
export type KeyValue = z.infer<typeof keyValueSchema>;

/** A pick-list group: one initial letter A-Z and its entries. */
export function letterGroupSchema<T extends z.ZodType>(item: T) {
  return z.object({ letter: z.string().regex(/^[A-Z]$/), list: z.array(item) });
}
export interface LetterGroup<T> {
  letter: string;
  list: T[];
}
export const idNameGroupsSchema = z.array(letterGroupSchema(idNameSchema));

export const seriesItemSchema = idNameSchema.extend({ subList: z.array(idNameSchema) });
export type SeriesItem = z.infer<typeof seriesItemSchema>;

export const carItemSchema = idNameSchema.extend({
  /** Yuan, thousand-separated: '119,800'. */
  msrp: z.string(),
  /** The trim's share of its sub-series' retail in the month, one decimal: '12.3%'; '-' when unknown. */
  mix: z.string(),
});
export type CarItem = z.infer<typeof carItemSchema>;

export const subSeriesCarsSchema = idNameSchema.extend({ cars: z.array(carItemSchema) });
export type SubSeriesCars = z.infer<typeof subSeriesCarsSchema>;

export const trimItemSchema = idNameSchema.extend({
  msrp: z.string(),
  /** The sub-series the trim belongs to, since trim names ('2024款 1.5T 舒适版') do not say. */
  modelSubId: z.number(),
  modelSubName: z.string(),
});
export type TrimItem = z.infer<typeof trimItemSchema>;

/** A big region; its `code` is its id. */
export const areaNodeSchema = idNameSchema.extend({ code: z.string(), dimensionality: z.literal(1) });
export type AreaNode = z.infer<typeof areaNodeSchema>;

export const provinceNodeSchema = idNameSchema.extend({
  code: z.string(),
  shortName: z.string(),
  dimensionality: z.literal(2),
  areaId: z.number(),
});
export type ProvinceNode = z.infer<typeof provinceNodeSchema>;

export const cityNodeSchema = idNameSchema.extend({
  code: z.string(),
  dimensionality: z.literal(3),
  provinceId: z.number(),
  provinceCode: z.string(),
  tier: z.number().int().min(1).max(5),
});
export type CityNode = z.infer<typeof cityNodeSchema>;

export const provinceCitiesSchema = idNameSchema.extend({ cities: z.array(idNameSchema) });
export type ProvinceCities = z.infer<typeof provinceCitiesSchema>;

/** complexBPs: letter groups for brands and producers, plain lists for the levels below, trims with their sub-series. */
export const complexResultSchema = z.union([idNameGroupsSchema, z.array(trimItemSchema), z.array(idNameSchema)]);
export type ComplexResult = Array<LetterGroup<IdName>> | IdName[] | TrimItem[];
