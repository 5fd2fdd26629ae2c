import type { WaterfallBar } from '@car/contracts';
import { axisMin, waterfallColumns } from './deck.waterfall';

const bar = (name: string, kind: WaterfallBar['kind'], value: number, from: number, to: number): WaterfallBar => ({ name, kind, value, from, to });

describe("a waterfall's stacked columns (decision 302)", () => {
  it('lifts each change to where it starts on a hidden series; the levels stand from zero', () => {
    const columns = waterfallColumns([
      bar('基期', 'base', 1000, 0, 1000),
      bar('纯电动', 'change', 300, 1000, 1300),
      bar('汽油', 'change', -200, 1300, 1100),
      bar('其他（3）', 'other', 5, 1100, 1105),
      bar('本期', 'current', 1105, 0, 1105),
    ]);
    expect(columns.series.map((s) => [s.name, s.values])).toEqual([
      ['起点', [0, 1000, 1100, 1100, 0]],
      ['基期/本期', [1000, 0, 0, 0, 1105]],
      ['增加', [0, 300, 0, 5, 0]],
      ['减少', [0, 0, 200, 0, 0]],
    ]);
    // The lift is drawn with no fill; a rise teal, a fall pink (CHANGE_COLORS).
    expect(columns.series.map((s) => s.color)).toEqual(['transparent', expect.any(String), '08797A', 'C41D7F']);
    expect(columns.labelled).toEqual([1, 2, 3, 2, 1]);
    expect(columns.series.filter((s) => s.listed).map((s) => s.name)).toEqual(['基期/本期', '增加', '减少']);
  });

  it('hangs a change below zero from its higher end, and splits one that crosses zero over a series of its own', () => {
    const columns = waterfallColumns([
      bar('基期份额', 'base', 0.5, 0, 0.5),
      bar('结构效应', 'change', -0.8, 0.5, -0.3),
      bar('表现效应', 'change', -0.2, -0.3, -0.5),
      bar('交互效应', 'change', 0.7, -0.5, 0.2),
      bar('本期份额', 'current', 0.2, 0, 0.2),
    ]);
    expect(Object.fromEntries(columns.series.map((s) => [s.name, s.values]))).toEqual({
      起点: [0, 0, -0.3, 0, 0],
      '基期/本期': [0.5, 0, 0, 0, 0.2],
      增加: [0, 0, 0, 0.2, 0],
      减少: [0, 0.5, -0.2, 0, 0],
      '增加（零以下）': [0, 0, 0, -0.5, 0],
      '减少（零以下）': [0, -0.3, 0, 0, 0],
    });
    expect(columns.min).toBeUndefined();
  });

  it('starts the axis below the lowest point by half the span, rounded down; from zero where that is not above zero', () => {
    const market = [
      bar('基期', 'base', 2_000_000, 0, 2_000_000),
      bar('A', 'change', -50_000, 2_000_000, 1_950_000),
      bar('本期', 'current', 1_950_000, 0, 1_950_000),
    ];
    expect(axisMin(market)).toBe(1_920_000);
    expect(axisMin([bar('基期', 'base', 10, 0, 10), bar('A', 'change', 30, 10, 40), bar('本期', 'current', 40, 0, 40)])).toBe(0);
    expect(axisMin([bar('基期', 'base', 5, 0, 5), bar('本期', 'current', 5, 0, 5)])).toBe(0);
  });
});
