import type { MeasureRequest } from './query';

/**
 * The comparisons every sales figure is made of, asked of the query layer as shifts of the volume:
 * the month (当月 qty), the same month a year earlier (同期 tq), the month before (环比 hb), January
 * to date (累计 lj) and the same a year earlier (tqLj). The sales tables and the producer reports use them.
 */
export type Volumes = Record<'qty' | 'tq' | 'hb' | 'lj' | 'tqLj', number>;

export const COMPARISONS: readonly MeasureRequest[] = [
  { measure: 'qty', shift: 'current', as: 'qty' },
  { measure: 'qty', shift: 'lastYear', as: 'tq' },
  { measure: 'qty', shift: 'previousMonth', as: 'hb' },
  { measure: 'qty', shift: 'yearToDate', as: 'lj' },
  { measure: 'qty', shift: 'lastYearToDate', as: 'tqLj' },
];

/** An answer's volumes (a volume is never null; absent reads 0). */
export function volumesOf(values: Record<string, number | null>): Volumes {
  return { qty: values.qty ?? 0, tq: values.tq ?? 0, hb: values.hb ?? 0, lj: values.lj ?? 0, tqLj: values.tqLj ?? 0 };
}

/** The volumes of several rows added up. */
export function sumVolumes(rows: readonly Volumes[]): Volumes {
  const total: Volumes = { qty: 0, tq: 0, hb: 0, lj: 0, tqLj: 0 };
  for (const v of rows) for (const k of Object.keys(total) as (keyof Volumes)[]) total[k] += v[k];
  return total;
}
