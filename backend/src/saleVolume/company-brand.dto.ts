import { z } from 'zod';
import { chartSchema, idList, pagingSchema, saleVolumeFilterSchema } from './sale-volume.dto';
import type { MakerKind } from './company-brand.types';

/** At most this many producers or brands in one comparison (foreignIds). */
export const MAX_COMPARED = 10;

/** type: 0 producer; the spec treats any other value as brand. Defaults to producer. */
const makerType = z.coerce
  .number({ message: '应为整数（0 厂商，其他为品牌）' })
  .int('应为整数（0 厂商，其他为品牌）')
  .default(0)
  .transform((type): MakerKind => (type === 0 ? 'producer' : 'brand'));

const makerId = z.coerce.number({ message: '应为厂商或品牌 id' }).int('应为厂商或品牌 id').min(1, '应为厂商或品牌 id').max(999_999_999, '应为厂商或品牌 id');

/** An empty foreignId (nothing picked yet) means none. */
const optionalMakerId = z.preprocess((v) => (v === '' ? undefined : v), makerId.optional());

/** foreignIds: the producers or brands compared with foreignId, a comma list of at most 10. */
const comparedIds = z
  .preprocess((v) => (v === '' ? undefined : v), idList.optional())
  .transform((ids) => (Array.isArray(ids) ? ids : []))
  .refine((ids) => ids.length <= MAX_COMPARED, `最多 ${MAX_COMPARED} 个`);

/**
 * compareType: 0 by time (foreignIds ignored), 1 with producers, 2 with brands (count ignored). Absent,
 * the mode follows the spec's reset rule: foreignIds given means a comparison with the same type.
 */
const compareType = z
  .enum(['0', '1', '2'], { message: '应为 0（按时间）、1（对比厂商）或 2（对比品牌）' })
  .optional()
  .transform((v) => (v === undefined ? undefined : Number(v)));

/** accumulate: 0 the chosen month, 1 January to the chosen month. */
const accumulate = z
  .enum(['0', '1'], { message: '应为 0（当月）或 1（本年累计）' })
  .default('0')
  .transform((v) => Number(v) as 0 | 1);

/** rank: a rank band 1-5 (places 1-10 … 41-50); when given it is page `rank` of size 10. */
const rankBand = z
  .enum(['1', '2', '3', '4', '5'], { message: '应为 1-5（第 1-10 名 … 第 41-50 名）' })
  .optional()
  .transform((v) => (v === undefined ? undefined : Number(v)));

/** The shared filters (time, source, detailId, producerProperty, fuels) plus whom: type and foreignId. */
export const companyBrandFilterSchema = saleVolumeFilterSchema.extend({ type: makerType, foreignId: optionalMakerId });

/** The sales-tendency list and its download: producers or brands ranked, paged or by rank band. */
export const companyBrandListSchema = companyBrandFilterSchema.extend({ accumulate, rank: rankBand }).extend(pagingSchema.shape);

/** highCharts: granularity and year count (0-10; the page offers 1-10) or a comparison. */
export const companyBrandChartSchema = companyBrandFilterSchema
  .extend(chartSchema.shape)
  .extend({ foreignIds: comparedIds, compareType });

/** carDetails and its download: the producer or brand (required), month or January-to-date, compared ones. */
export const companyBrandCarDetailsSchema = companyBrandFilterSchema.extend({
  foreignId: makerId,
  accumulate,
  foreignIds: comparedIds,
  compareType,
});

export type CompanyBrandFilterDto = z.infer<typeof companyBrandFilterSchema>;
export type CompanyBrandListDto = z.infer<typeof companyBrandListSchema>;
export type CompanyBrandChartDto = z.infer<typeof companyBrandChartSchema>;
export type CompanyBrandCarDetailsDto = z.infer<typeof companyBrandCarDetailsSchema>;
