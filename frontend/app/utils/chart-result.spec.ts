import type { ChartResult } from '@car/contracts';
import { DOWN_COLOR, GROWTH_LINE_COLOR, UP_COLOR, datasetsOf } from './chart-result';

describe('datasetsOf', () => {
  const chart: ChartResult = {
    xAxis: [{ categories: ['2026-01', '2026-02'] }],
    yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
    series: [
      { name: '销量', type: 'column', data: [100, 90] },
      { name: '同比', type: 'spline', data: [0.05, -0.03] },
    ],
  };

  it('colours the growth line and its legend swatch alike, its points by sign', () => {
    const line = datasetsOf(chart)[1];
    expect(line.type).toBe('line');
    // The legend draws backgroundColor: it must be the line's colour, not a palette colour the line never shows.
    expect(line.backgroundColor).toBe(GROWTH_LINE_COLOR);
    expect(line.borderColor).toBe(GROWTH_LINE_COLOR);
    expect(line.pointBackgroundColor).toEqual([UP_COLOR, DOWN_COLOR]);
  });

  it('colours a lone column series by the growth of each month', () => {
    expect(datasetsOf(chart)[0].backgroundColor).toEqual([UP_COLOR, DOWN_COLOR]);
  });
});
