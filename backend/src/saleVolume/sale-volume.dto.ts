import { z } from 'zod';
import { MONTH_PATTERN } from '../common/months';

const intText = (field: string) => z.coerce.number({ message: `应为整数` }).int(`应为整数`).describe(field);

/** A comma list of positive integer ids ('1,2,3'), at most 500 of them. */
export const idList = z
  .string()
  .max(5000, '过长')
  .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, '应为逗号分隔的整数')
  .transform((text) => [...new Set(text.split(',').map((v) => Number(v.trim())))])
  .refine((ids) => ids.length <= 500, '最多 500 个');

/**
 * The sales-volume filter parameters of the spec (names and defaults kept): time (latest month),
 * source (2 retail), detailId (segment, −1 all), producerProperty (−1 all), fuels (comma list).
 */
export const saleVolumeFilterSchema = z.object({
  time: z.string().regex(MONTH_PATTERN, '应为 YYYY-MM 格式的月份').optional(),
  source: z.enum(['1', '2'], { message: '应为 1（批发量）或 2（零售量）' }).default('2').transform(Number),
  detailId: intText('detailId').min(-1, '应为 -1 或细分市场 id').default(-1),
  producerProperty: intText('producerProperty').min(-1, '应为 -1 或厂商属性').default(-1),
  fuels: z.union([idList, z.literal('')]).optional().transform((v) => (Array.isArray(v) ? v : [])),
});

export const pagingSchema = z.object({
  currentPage: intText('currentPage').min(1, '应不小于 1').max(10000, '过大').default(1),
  pageSize: intText('pageSize').min(1, '应不小于 1').max(500, '最大为 500').default(10),
});

/** timeDimensionality: 0 month, 1 quarter, 2 year; count: years shown (0 = all years). */
export const chartSchema = z.object({
  timeDimensionality: z.enum(['0', '1', '2'], { message: '应为 0（月）、1（季）或 2（年）' }).default('0').transform(Number),
  count: intText('count').min(0, '应为 0-10').max(10, '应为 0-10').default(1),
});

export type SaleVolumeFilterDto = z.infer<typeof saleVolumeFilterSchema>;
export type PagingDto = z.infer<typeof pagingSchema>;
export type ChartDto = z.infer<typeof chartSchema>;

export const wholeMarketTableSchema = saleVolumeFilterSchema.extend(pagingSchema.shape);
export const wholeMarketAreaSchema = wholeMarketTableSchema.extend({
  dimensionality: z.enum(['1', '2'], { message: '应为 1（大区）或 2（省份）' }).default('1').transform(Number),
});
export const wholeMarketChartSchema = saleVolumeFilterSchema.extend(chartSchema.shape);
/** download type: 0 segment, 1 family, 2 brand, 3 area, 4 producer, 5 car series (the table's dimension codes 1-6 less one). */
export const wholeMarketDownloadSchema = wholeMarketAreaSchema.extend({
  type: z.enum(['0', '1', '2', '3', '4', '5'], { message: '应为 0-5' }).transform(Number),
});
