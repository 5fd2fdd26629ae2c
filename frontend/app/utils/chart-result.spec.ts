import { CHANGE_COLORS, type ChartResult } from '@car/contracts';
import { chartSummary, datasetsOf, lastYearShown, tooltipText, trendChartConfig, unitOf, valueText } from './chart-result';

const { up: UP, down: DOWN } = CHANGE_COLORS;

const chart: ChartResult = {
  xAxis: [{ categories: ['2026-01', '2026-02'] }],
  yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
  series: [
    { name: '销量', type: 'column', data: [100, 90], lastYear: [95, 93] },
    { name: '同比', type: 'spline', data: [5.3, -3.2] },
    { name: '环比', type: 'spline', data: [-0.01, 0.02] },
  ],
};

describe('datasetsOf', () => {
  it('draws each growth line in the colour of its legend swatch, its points by sign: teal up, pink down (decision 269)', () => {
    const [, yoy, mom] = datasetsOf(chart);
    // The legend draws backgroundColor: it must be the line's colour (it once showed orange beside a grey line).
    expect(yoy.backgroundColor).toBe(yoy.borderColor);
    expect(mom.backgroundColor).toBe(mom.borderColor);
    // 同比 and 环比 on one chart are told apart.
    expect(yoy.borderColor).not.toBe(mom.borderColor);
    expect(yoy.pointBackgroundColor).toEqual([UP, DOWN]);
    expect(mom.pointBackgroundColor).toEqual([DOWN, UP]);
  });

  it('colours a lone column series by the growth of each month, and knows its unit and growth for the tooltip', () => {
    const [sales] = datasetsOf(chart);
    expect(sales.backgroundColor).toEqual([UP, DOWN]);
    expect(sales.unit).toBe('辆');
    expect(sales.growth).toEqual({ label: '同比', data: [5.3, -3.2] });
  });

  it('adds the year-ago columns when shown (显示去年同期), beside this year’s', () => {
    expect(trendChartConfig(chart, false).data.datasets.map((d) => d.label)).toEqual(['销量', '同比', '环比']);
    const overlaid = trendChartConfig(chart, false, true).data.datasets;
    expect(overlaid.map((d) => d.label)).toEqual(['销量', '去年同期', '同比', '环比']);
    expect(overlaid[1].data).toEqual([95, 93]);
  });
});

describe('the lines of a rate (decision 270)', () => {
  it('are drawn monotone or straight, never a spline that overshoots its points', () => {
    const lines = datasetsOf(chart).filter((d) => d.type === 'line');
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line.cubicInterpolationMode === 'monotone' || !line.tension).toBe(true);
  });
});

describe('the tooltip rule: value, unit and growth', () => {
  it('reads the unit from the axis title', () => {
    expect(unitOf('销量（辆）')).toBe('辆');
    expect(unitOf('优惠率（%）')).toBe('%');
    expect(unitOf('价格(元)')).toBe('元');
    expect(unitOf('MIX(%)')).toBe('%');
    expect(unitOf('月均销量')).toBe('辆');
    expect(unitOf('同比')).toBe('');
  });

  it('writes the value with its unit and the growth beside it, leaving out a growth the dash rule hides', () => {
    expect(tooltipText('销量', 1234567, '辆', { label: '同比', percent: 5.25 })).toBe('销量：1,234,567辆（同比 5.3%）');
    expect(tooltipText('成交价', 150000, '元', { label: '环比', percent: -1.2 })).toBe('成交价：150,000元（环比 -1.2%）');
    expect(tooltipText('销量', 10, '辆', { label: '同比', percent: 0 })).toBe('销量：10辆');
    expect(tooltipText('优惠率', 8.24, '%')).toBe('优惠率：8.2%');
    expect(tooltipText('同比', null, '%')).toBe('同比：-');
    expect(valueText(undefined, '元')).toBe('-');
  });

  it('sums up a chart for its canvas’s accessible name: the title and the latest figures', () => {
    const labels = ['2026-09', '2026-10'];
    expect(
      chartSummary('销量走势', labels, [
        { label: '销量', data: [1, 2345], unit: '辆' },
        { label: '同比', data: [null, 5.2], unit: '%' },
        { label: '环比', data: [1, 2], unit: '%', hidden: true },
      ]),
    ).toBe('销量走势，2026-10：销量 2,345辆，同比 5.2%');
    expect(chartSummary('销量走势', [], [])).toBe('销量走势');
  });
});

describe('显示去年同期 in the URL (decision 270)', () => {
  it('is on by default; lastYear=0 turns it off', () => {
    expect(lastYearShown('?count=2')).toBe(true);
    expect(lastYearShown('')).toBe(true);
    expect(lastYearShown('?lastYear=1&count=2')).toBe(true);
    expect(lastYearShown('?lastYear=0')).toBe(false);
    expect(lastYearShown('?lastYear=yes')).toBe(true);
  });
});
