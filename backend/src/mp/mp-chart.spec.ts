import { monthsBefore, mpChartBars, yearBefore } from './mp-chart';

describe('the phone chart’s bars', () => {
  it('are the thirteen months ending with the month, one a bar', () => {
    const bars = mpChartBars(202610, false, 202001);
    expect(bars).toHaveLength(13);
    expect([bars[0], bars.at(-1)]).toEqual([
      { label: '2025-10', months: [202510] },
      { label: '2026-10', months: [202610] },
    ]);
    expect(monthsBefore(bars[0])).toEqual([202509]);
  });

  it('under 1-2月合计 run from January of the year before to February, each January and February one bar', () => {
    const bars = mpChartBars(202602, true, 202001);
    const spring = (year: number) => `${year}-01~02`;
    const middle = Array.from({ length: 10 }, (_, i) => `2025-${String(i + 3).padStart(2, '0')}`);
    expect(bars.map((b) => b.label)).toEqual([spring(2025), ...middle, spring(2026)]);
    const last = bars.at(-1)!;
    expect(last.months).toEqual([202601, 202602]);
    expect(yearBefore(last)).toEqual([202501, 202502]);
    expect(monthsBefore(last)).toEqual([202511, 202512]);
    expect(monthsBefore(bars[1])).toEqual([202502]);
  });

  it('never start before the data’s first month, as the sales pages’ trends (decision 270)', () => {
    expect(mpChartBars(202610, false, 202604).map((b) => b.label)).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    expect(mpChartBars(202602, true, 202507).map((b) => b.label)).toEqual(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01~02']);
  });
});
