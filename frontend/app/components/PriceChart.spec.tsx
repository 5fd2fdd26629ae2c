import { renderToStaticMarkup } from 'react-dom/server';
import { type ChartResult, traceLineStyle } from '@car/contracts';

import { PriceChart } from './PriceChart';

/** A trace answer's shape (decision 275): one measure on one axis, a line per car. */
const TRACE: ChartResult = {
  xAxis: [{ categories: ['2026-02', '2026-03'] }],
  yAxis: [{ title: '成交价（元）' }],
  series: [
    { name: '德锐', type: 'line', yAxis: 0, data: [135000, 133333], group: '德锐' },
    { name: '乙电EV', type: 'line', yAxis: 0, data: [160000, 154000], group: '乙电EV' },
  ],
};

/** The lines the chart says it draws (its `data-lines`), or null when it draws no trace. */
function drawnLines(html: string): unknown {
  const match = /data-lines="([^"]*)"/.exec(html);
  return match ? JSON.parse(match[1].replaceAll('&quot;', '"')) : null;
}

describe('PriceChart (server-rendered)', () => {
  test('the trace page’s chart draws a line per car in its place’s colour and width, the subject’s first', () => {
    const html = renderToStaticMarkup(<PriceChart title="价格走势" chart={TRACE} height={400} fileName="t" linePerCar />);
    expect(drawnLines(html)).toEqual(TRACE.series.map((s, i) => ({ name: s.name, color: traceLineStyle(i).color, width: traceLineStyle(i).width })));
  });

  test('a chart of lines on one axis is not taken for the trace unless its page says so', () => {
    const html = renderToStaticMarkup(<PriceChart title="价格走势" chart={TRACE} height={400} fileName="t" />);
    expect(drawnLines(html)).toBeNull();
  });
});
