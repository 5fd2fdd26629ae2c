import { addMonths, formatMonth, monthRange, newYearCategory, trendSpan, yearOf } from '@car/contracts';

/** One bar of the phone's chart: its category and the months it adds up. */
export interface MpChartBar {
  label: string;
  months: number[];
}

/**
 * The bars of the phone's chart, ending with `end` (the period's last month): the sales pages' 近1年 by month, the
 * one window rule (trendSpan, decision 270): the month and the twelve before it, or under 1-2月合计 January of the
 * year before to February with each year's January and February as one bar, `2026-01~02` (decisions 199, 204), so
 * the chart ends with the cards' period and shows its year-ago pair; never before the data's first month.
 */
export function mpChartBars(end: number, newYear: boolean, firstMonth: number): MpChartBar[] {
  const { from } = trendSpan({ end, granularity: 0, count: 1, newYear, firstMonth });
  const months = monthRange(from, end);
  if (!newYear) return months.map((m) => ({ label: formatMonth(m), months: [m] }));
  return months
    .filter((m) => m % 100 !== 2)
    .map((m) => (m % 100 === 1 ? { label: newYearCategory(yearOf(m)), months: [m, addMonths(m, 1)] } : { label: formatMonth(m), months: [m] }));
}

/** The same months a year earlier (同比). */
export const yearBefore = (bar: MpChartBar): number[] => bar.months.map((m) => m - 100);

/** The as many months just before (环比): the month before, or November-December before a January-February (decision 198). */
export const monthsBefore = (bar: MpChartBar): number[] => bar.months.map((m) => addMonths(m, -bar.months.length));
