import { type TendencyRow } from '@car/contracts';
import { bandChart, chartYears, makersChart, yearLine, yearsChart } from './company-brand.charts';

/** 100 a month in 2024, 110 a month in 2025, 120 a month to October 2026. */
const byMonth = new Map<number, number>();
for (let m = 1; m <= 12; m++) byMonth.set(202400 + m, 100).set(202500 + m, 110);
for (let m = 1; m <= 10; m++) byMonth.set(202600 + m, 120);
const window = { first: 202401, last: 202610 };

describe('the producer/brand charts', () => {
  test('year count picks the latest years up to the chosen month; 0 is every year; never before the data', () => {
    expect(chartYears(2, window)).toEqual([2025, 2026]);
    expect(chartYears(10, window)).toEqual([2024, 2025, 2026]);
    expect(chartYears(0, window)).toEqual([2024, 2025, 2026]);
  });

  test('a year line stops after the chosen month instead of dropping to zero', () => {
    const line = yearLine(byMonth, 2026, 0, window);
    expect(line).toHaveLength(12);
    expect(line.slice(9)).toEqual([120, null, null]);
    expect(yearLine(byMonth, 2026, 1, window)).toEqual([360, 360, 360, 120]);
  });

  test('time mode: one line per year on months 1-12', () => {
    const chart = yearsChart(byMonth, [2025, 2026], 0, window);
    expect(chart.xAxis[0].categories[0]).toBe('1月');
    expect(chart.series.map((s) => [s.name, s.type, s.data[0]])).toEqual([
      ['2025年', 'line', 110],
      ['2026年', 'line', 120],
    ]);
  });

  test('year view: an unfinished year is compared with the same months a year before; the first year has no yoy', () => {
    const chart = yearsChart(byMonth, [2024, 2025, 2026], 2, window);
    expect(chart.xAxis[0].categories).toEqual(['2024年', '2025年', '2026年(1-10月)']);
    expect(chart.series[0].data).toEqual([1200, 1320, 1200]);
    expect(chart.series[1].data).toEqual([null, 10, 9.1]);
  });

  test('comparison mode: one line per producer or brand over the chosen year', () => {
    const chart = makersChart(
      [
        { name: '甲', byMonth },
        { name: '乙', byMonth: new Map([[202601, 5]]) },
      ],
      0,
      window,
    );
    expect(chart.series.map((s) => [s.name, s.data[0]])).toEqual([
      ['甲', 120],
      ['乙', 5],
    ]);
    expect(makersChart([{ name: '甲', byMonth }], 2, window).series[0].data).toEqual([1200]);
  });

  test('the band chart shows the month, or January-to-date with accumulate 1', () => {
    const rows = [{ name: '甲', sales: 10, salesSum: 100, yoy: 5, yearYoy: -2 }] as TendencyRow[];
    expect(bandChart(rows, 0).series.map((s) => s.data)).toEqual([[10], [5]]);
    expect(bandChart(rows, 1).series.map((s) => s.data)).toEqual([[100], [-2]]);
    expect(bandChart(rows, 1).xAxis[0].categories).toEqual(['甲']);
  });
});
