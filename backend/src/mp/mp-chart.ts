import { addMonths, formatMonth, monthRange, newYearCategory, yearOf } from '@car/contracts';

/** One bar of the phone's chart: its category and the months it adds up. */
export interface MpChartBar {
  label: string;
  months: number[];
}

/** The single month's chart: the month and the twelve before it. */
const CHART_MONTHS = 13;

/**
 * The bars of the phone's chart, ending with `end` (the period's last month): thirteen months, or under 1-2月合计
 * January of the year before to February with each year's January and February as one bar, `2026-01~02`
 * (decisions 199, 204), so the chart ends with the cards' period and shows its year-ago pair.
 */
export function mpChartBars(end: number, newYear: boolean): MpChartBar[] {
  if (!newYear) return monthRange(addMonths(end, -(CHART_MONTHS - 1)), end).map((m) => ({ label: formatMonth(m), months: [m] }));
  return monthRange((yearOf(end) - 1) * 100 + 1, end)
    .filter((m) => m % 100 !== 2)
    .map((m) => (m % 100 === 1 ? { label: newYearCategory(yearOf(m)), months: [m, addMonths(m, 1)] } : { label: formatMonth(m), months: [m] }));
}

/** The same months a year earlier (同比). */
export const yearBefore = (bar: MpChartBar): number[] => bar.months.map((m) => m - 100);

/** The as many months just before (环比): the month before, or November-December before a January-February (decision 198). */
export const monthsBefore = (bar: MpChartBar): number[] => bar.months.map((m) => addMonths(m, -bar.months.length));
