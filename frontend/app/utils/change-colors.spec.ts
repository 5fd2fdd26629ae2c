import { CHANGE_COLORS, changeColor } from '@car/contracts';
import { datasetsOf, signColor, signLegend } from './chart-result';
import { growthClass } from './format';

/** The relative luminance of #rrggbb (WCAG 2.1). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the colour of a change: one rule, teal up and pink down (spec 000 §9, decision 269)', () => {
  it('is teal for a rise and pink for a fall, none for a dash', () => {
    expect(changeColor(3.2)).toBe(CHANGE_COLORS.up);
    expect(changeColor(-0.1)).toBe(CHANGE_COLORS.down);
    expect(changeColor(0)).toBeNull();
    expect(changeColor(1200)).toBeNull();
    expect(changeColor(null)).toBeNull();
    // Teal is more green than red and more blue than red; pink more red than green.
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const [ur, ug, ub] = rgb(CHANGE_COLORS.up);
    const [dr, dg, db] = rgb(CHANGE_COLORS.down);
    expect(ug > ur && ub > ur).toBe(true);
    expect(dr > dg && db > dg).toBe(true);
  });

  it('reads as text at 4.5:1 or more on white and on every row background', () => {
    for (const color of [CHANGE_COLORS.up, CHANGE_COLORS.down])
      for (const background of ['#ffffff', '#f4f8ff', '#f2f4f7', '#e8f0fe', '#f3f5f9'])
        expect([color, background, contrast(color, background) >= 4.5]).toEqual([color, background, true]);
  });

  it('is the same on a chart’s points and columns, a card and a table', () => {
    expect([signColor(5, '#000'), signColor(-5, '#000')]).toEqual([CHANGE_COLORS.up, CHANGE_COLORS.down]);
    expect([growthClass(5), growthClass(-5)]).toEqual(['is-up', 'is-down']);
    const [sales] = datasetsOf({
      xAxis: [{ categories: ['2026-01', '2026-02'] }],
      yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
      series: [
        { name: '销量', type: 'column', data: [100, 90] },
        { name: '同比', type: 'spline', data: [5.3, -3.2] },
      ],
    });
    expect(sales.backgroundColor).toEqual([CHANGE_COLORS.up, CHANGE_COLORS.down]);
  });

  it('says teal and pink in the legend of a chart that colours bars by sign', () => {
    expect(signLegend('growth').items).toEqual([
      { color: CHANGE_COLORS.up, text: '青色 增长（同比、环比为正）' },
      { color: CHANGE_COLORS.down, text: '粉色 下降（为负）' },
    ]);
    expect(signLegend('price').items).toEqual([
      { color: CHANGE_COLORS.up, text: '青色 上涨' },
      { color: CHANGE_COLORS.down, text: '粉色 下降' },
    ]);
  });
});
