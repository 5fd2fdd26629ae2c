import type { ChartResult } from '@car/contracts';
import { DOWN_COLOR, UP_COLOR, datasetsOf } from './chart-result';

describe('datasetsOf', () => {
  const chart: ChartResult = {
    xAxis: [{ categories: ['2026-01', '2026-02'] }],
    yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
    series: [
      { name: '销量', type: 'column', data: [100, 90] },
      { name: '同比', type: 'spline', data: [0.05, -0.03] },
      { name: '环比', type: 'spline', data: [-0.01, 0.02] },
    ],
  };

  it('draws each growth line in the colour of its legend swatch, its points by sign', () => {
    const [, yoy, mom] = datasetsOf(chart);
    // The legend draws backgroundColor: it must be the line's colour (it once showed orange beside a grey line).
    expect(yoy.backgroundColor).toBe(yoy.borderColor);
    expect(mom.backgroundColor).toBe(mom.borderColor);
    // 同比 and 环比 on one chart are told apart.
    expect(yoy.borderColor).not.toBe(mom.borderColor);
    expect(yoy.pointBackgroundColor).toEqual([UP_COLOR, DOWN_COLOR]);
    expect(mom.pointBackgroundColor).toEqual([DOWN_COLOR, UP_COLOR]);
  });

  it('colours a lone column series by the growth of each month', () => {
    expect(datasetsOf(chart)[0].backgroundColor).toEqual([UP_COLOR, DOWN_COLOR]);
  });
});
