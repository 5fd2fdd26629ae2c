import { addMonths, quarterOf, yearOf } from './months';

/**
 * The months a sales trend chart draws (whole market, area market, producer/brand without a producer), one rule
 * for the API and the pages (decision 270). The year-count select keeps the spec's labels and values (近1年 … 近5年,
 * 全部年份 = 0), but 近N年 is the latest N years counted back from the chosen month, not N calendar years: the
 * latest month and the 12·N before it, so 近1年 in February is thirteen bars, not two, and its first bar is the
 * last one's month a year earlier.
 *
 * - By quarter it starts with the whole quarter holding that month (近1年: five quarters).
 * - Under 1-2月合计 (decision 199) it starts with January N years back, so the first bar is the same January and
 *   February N years earlier.
 * - 全部年份 (0) and the year view start with the first year of the data.
 * - It never starts before the data's first month.
 */
export interface TrendSpanQuestion {
  /** The period's last month (YYYYMM): the chosen month, or February under 1-2月合计. */
  end: number;
  /** 0 month, 1 quarter, 2 year. */
  granularity: number;
  /** The year-count select: N of 近N年, 0 for all years. */
  count: number;
  /** 1-2月合计: each year's January and February are one bar. */
  newYear: boolean;
  /** The data's first month (YYYYMM). */
  firstMonth: number;
}

/** The first and last month (YYYYMM) a trend draws. */
export function trendSpan({ end, granularity, count, newYear, firstMonth }: TrendSpanQuestion): { from: number; to: number } {
  if (granularity === 2 || count === 0) return { from: Math.max(yearOf(firstMonth) * 100 + 1, firstMonth), to: end };
  const back = addMonths(end, -12 * count);
  let from = back;
  if (granularity === 1) from = yearOf(back) * 100 + (quarterOf(back) - 1) * 3 + 1;
  else if (newYear) from = yearOf(back) * 100 + 1;
  return { from: Math.max(from, firstMonth), to: end };
}
