import { NEW_YEAR_MESSAGES, yearOf } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { SHIFTS, type ShiftKey } from './measures';
import type { MeasureRequest } from './query';

/**
 * The comparisons every sales figure is made of, asked of the query layer as shifts of the volume:
 * the month (当月 qty), the same month a year earlier (同期 tq), the month before (环比 hb), January
 * to date (累计 lj) and the same a year earlier (tqLj). The sales tables and the producer reports use them.
 */
export type Volumes = Record<'qty' | 'tq' | 'hb' | 'lj' | 'tqLj', number>;

/** The five roles a comparison plays, each answered by one shift of the volume. */
export type ComparisonRole = 'current' | 'lastYear' | 'previousMonth' | 'yearToDate' | 'lastYearToDate';
export type ComparisonShifts = Record<ComparisonRole, ShiftKey>;

/** The single month: each role its own shift. */
export const MONTH_SHIFTS: ComparisonShifts = {
  current: 'current',
  lastYear: 'lastYear',
  previousMonth: 'previousMonth',
  yearToDate: 'yearToDate',
  lastYearToDate: 'lastYearToDate',
};

/**
 * 春节口径 (1-2月合计, decisions 197 and 198): the period is January and February together, against the same two
 * months a year earlier; 环比 against the two months before (November-December); 累计 is the period itself.
 */
export const NEW_YEAR_SHIFTS: ComparisonShifts = {
  current: 'newYearToDate',
  lastYear: 'lastYearNewYearToDate',
  previousMonth: 'beforeNewYear',
  yearToDate: 'newYearToDate',
  lastYearToDate: 'lastYearNewYearToDate',
};

/** The request's shift set: the single month, or 1-2月合计 with `newYear`. */
export function comparisonShifts(newYear: boolean): ComparisonShifts {
  return newYear ? NEW_YEAR_SHIFTS : MONTH_SHIFTS;
}

/**
 * 1-2月合计 of a January needs its February among the source's published months (decision 197): a 400 otherwise.
 * The contract has already refused `newYear` with a month other than January or February.
 */
export function requireNewYearMonths(newYear: boolean, month: number, months: readonly number[]): void {
  if (newYear && !months.includes(SHIFTS[NEW_YEAR_SHIFTS.current].span(month).to)) {
    throw ApiException.badRequest(NEW_YEAR_MESSAGES.februaryMissing(yearOf(month)));
  }
}

/** The five comparisons under a shift set. */
export function comparisonsOf(shifts: ComparisonShifts): MeasureRequest[] {
  return [
    { measure: 'qty', shift: shifts.current, as: 'qty' },
    { measure: 'qty', shift: shifts.lastYear, as: 'tq' },
    { measure: 'qty', shift: shifts.previousMonth, as: 'hb' },
    { measure: 'qty', shift: shifts.yearToDate, as: 'lj' },
    { measure: 'qty', shift: shifts.lastYearToDate, as: 'tqLj' },
  ];
}

export const COMPARISONS: readonly MeasureRequest[] = comparisonsOf(MONTH_SHIFTS);

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
