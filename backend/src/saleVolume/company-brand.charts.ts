import { type ChartResult, type ChartSeries, growth, growthNumber, monthRange, quarterOf, type TendencyRow, yearOf } from '@car/contracts';
/**
 * The producer/brand page's charts, from monthly sums the query layer already made: one line per
 * year (time mode), one line per producer or brand (comparison mode), and the ranking band as bars.
 * Pure functions.
 */

/** The months a chart may show: from the first month with data to the chosen month. */
export interface MonthWindow {
  first: number;
  last: number;
}

/** x of a one-year chart: 1月 … 12月 (granularity 0) or Q1 … Q4 (1). */
export function periodCategories(granularity: number): string[] {
  return granularity === 1 ? ['Q1', 'Q2', 'Q3', 'Q4'] : Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
}

/**
 * One year's volume per month or quarter. A period with no month inside the window is null (not yet
 * reported, or before the data begins), so a line stops rather than dropping to zero.
 */
export function yearLine(byMonth: ReadonlyMap<number, number>, year: number, granularity: number, window: MonthWindow): Array<number | null> {
  const values: Array<number | null> = periodCategories(granularity).map(() => null);
  for (const month of monthRange(year * 100 + 1, year * 100 + 12)) {
    if (month < window.first || month > window.last) continue;
    const index = granularity === 1 ? quarterOf(month) - 1 : (month % 100) - 1;
    values[index] = (values[index] ?? 0) + (byMonth.get(month) ?? 0);
  }
  return values;
}

/** The years a time-mode chart shows: the `count` latest up to the chosen month's (0 = every year with data). */
export function chartYears(count: number, window: MonthWindow): number[] {
  const last = yearOf(window.last);
  const first = count === 0 ? yearOf(window.first) : Math.max(yearOf(window.first), last - count + 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Sum of a year's months inside the window, and of the same months a year earlier. */
function yearSums(byMonth: ReadonlyMap<number, number>, year: number, window: MonthWindow): { qty: number; tq: number } {
  let qty = 0;
  let tq = 0;
  for (const month of monthRange(year * 100 + 1, Math.min(year * 100 + 12, window.last))) {
    qty += byMonth.get(month) ?? 0;
    tq += byMonth.get(month - 100) ?? 0;
  }
  return { qty, tq };
}

function yearLabel(year: number, window: MonthWindow): string {
  return year === yearOf(window.last) && window.last % 100 < 12 ? `${year}年(1-${window.last % 100}月)` : `${year}年`;
}

/**
 * Time mode: months or quarters on x with one line per year; or (granularity 2) the years on x with
 * volume bars and the yoy line, an unfinished year compared with the same months a year before.
 */
export function yearsChart(byMonth: ReadonlyMap<number, number>, years: readonly number[], granularity: number, window: MonthWindow): ChartResult {
  if (granularity === 2) {
    const sums = years.map((year) => yearSums(byMonth, year, window));
    return {
      xAxis: [{ categories: years.map((year) => yearLabel(year, window)) }],
      yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
      series: [
        { name: '销量', type: 'column', yAxis: 0, data: sums.map((s) => s.qty) },
        { name: '同比', type: 'spline', yAxis: 1, data: sums.map((s, i) => (years[i] - 1 >= yearOf(window.first) ? growthNumber(growth(s.qty, s.tq)) : null)) },
      ],
    };
  }
  return {
    xAxis: [{ categories: periodCategories(granularity) }],
    yAxis: [{ title: '销量（辆）' }],
    series: years.map((year) => ({ name: `${year}年`, type: 'line', yAxis: 0, data: yearLine(byMonth, year, granularity, window) })),
  };
}

/**
 * Comparison mode: the chosen month's year, one line per producer or brand by month or quarter; or
 * (granularity 2) one bar each for the year to date.
 */
export function makersChart(
  lines: ReadonlyArray<{ name: string; byMonth: ReadonlyMap<number, number> }>,
  granularity: number,
  window: MonthWindow,
): ChartResult {
  const year = yearOf(window.last);
  const series: ChartSeries[] = lines.map((line) =>
    granularity === 2
      ? { name: line.name, type: 'column', yAxis: 0, data: [yearSums(line.byMonth, year, window).qty] }
      : { name: line.name, type: 'line', yAxis: 0, data: yearLine(line.byMonth, year, granularity, window) },
  );
  return {
    xAxis: [{ categories: granularity === 2 ? [yearLabel(year, window)] : periodCategories(granularity) }],
    yAxis: [{ title: '销量（辆）' }],
    series,
  };
}

/** list2chart: the band's names on x, volume bars and the yoy line — the month's, or January-to-date's. */
export function bandChart(rows: readonly TendencyRow[], accumulate: number): ChartResult {
  const byYear = accumulate === 1;
  return {
    xAxis: [{ categories: rows.map((r) => r.name) }],
    yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
    series: [
      { name: '销量', type: 'column', yAxis: 0, data: rows.map((r) => (byYear ? r.salesSum : r.sales)) },
      { name: '同比', type: 'spline', yAxis: 1, data: rows.map((r) => (byYear ? r.yearYoy : r.yoy)) },
    ],
  };
}
