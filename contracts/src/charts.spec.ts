import { CHART_PALETTE, LABELLED_POINTS, labelledPoints, TRACE_LINES, traceLineStyle } from './charts';

describe('the charts’ shared rules (decision 287)', () => {
  test('the trace’s subject (本品) is drawn thicker and with larger points than every rival, each car in its palette colour', () => {
    expect(traceLineStyle(0)).toEqual({ color: CHART_PALETTE[0], width: 3.5, pointRadius: 4 });
    expect(traceLineStyle(1)).toEqual({ color: CHART_PALETTE[1], width: 1.5, pointRadius: 2.5 });
    expect(traceLineStyle(10)).toEqual({ color: CHART_PALETTE[10], ...TRACE_LINES.rival });
    expect(TRACE_LINES.own.width).toBeGreaterThan(TRACE_LINES.rival.width);
  });

  test('the six largest points by sales are named, the largest first, a name once, a tie by name', () => {
    const points = [
      { name: '甲 2026款', sales: 500 },
      { name: '乙', sales: 900 },
      { name: '甲 2026款', sales: 700 }, // the same trim in another year: named once, at its larger point
      { name: '丙', sales: 300 },
      { name: '丁', sales: 300 },
      { name: '戊', sales: 250 },
      { name: '己', sales: 100 },
      { name: '庚', sales: 50 },
    ];
    const named = labelledPoints(points);
    expect(LABELLED_POINTS).toBe(6);
    expect(named.map((p) => [p.name, p.sales])).toEqual([
      ['乙', 900],
      ['甲 2026款', 700],
      ['丁', 300], // 丁 (U+4E01) sorts before 丙 (U+4E19)
      ['丙', 300],
      ['戊', 250],
      ['己', 100],
    ]);
    // The points themselves, so a caller knows where each is drawn.
    expect(named[1]).toBe(points[2]);
    expect(labelledPoints(points.slice(0, 2))).toEqual([points[1], points[0]]);
    expect(labelledPoints([])).toEqual([]);
  });
});
