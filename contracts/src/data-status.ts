import { z } from 'zod';
import { noParamsSchema } from './search';

/**
 * 数据截至: the latest month of each data source and the day it was published (issue 30 §4, decision 200), as every
 * analysis page and workbook states it. The day is China's calendar day of the publish time.
 */
export const DATA_SOURCE_KINDS = ['retail', 'wholesale', 'price', 'rebate'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];

/** A source's latest month, or null when it has none. */
export const dataSourceStatusSchema = z
  .object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    /** The publish time of that month (ISO 8601), null for a month published before the time was kept. */
    publishedAt: z.string().nullable(),
    /** The same as China's calendar day, 'YYYY-MM-DD': what the pages and workbooks show. */
    publishedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
  })
  .nullable();
export type DataSourceStatus = z.infer<typeof dataSourceStatusSchema>;

export const dataStatusParamsSchema = noParamsSchema;
export const dataStatusSchema = z.object({
  retail: dataSourceStatusSchema,
  wholesale: dataSourceStatusSchema,
  price: dataSourceStatusSchema,
  rebate: dataSourceStatusSchema,
});
export type DataStatus = z.infer<typeof dataStatusSchema>;

/** The sales pages' 数据来源 code (1 wholesale, 2 retail) as its source. */
export function salesSourceKind(source: number): 'wholesale' | 'retail' {
  return source === 1 ? 'wholesale' : 'retail';
}

/** `2026-10（2026-11-14 发布）`; without a known publish day the month alone; `暂无数据` without a month. */
export function asOfValue(status: DataSourceStatus | undefined): string {
  if (!status) return '暂无数据';
  return status.publishedOn ? `${status.month}（${status.publishedOn} 发布）` : status.month;
}

/** `数据截至 2026-10（2026-11-14 发布）`: the line every analysis page and workbook shows. */
export function dataAsOfText(status: DataSourceStatus | undefined): string {
  return `数据截至 ${asOfValue(status)}`;
}
