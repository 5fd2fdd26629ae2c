import { exportCaption, wrapText } from './chart-export';

describe('the exported chart image’s caption', () => {
  it('lists the filters as the page shows them and takes the data date from the tag that names a month', () => {
    expect(exportCaption([{ label: '时间', value: '2026-10' }, { label: '数据来源', value: '零售' }, { label: 'A级SUV' }], ['2026-09', '2026-10'])).toEqual({
      filters: '时间：2026-10 · 数据来源：零售 · A级SUV',
      dataDate: '数据截至 2026-10',
    });
  });

  it('falls back to the chart’s last month when no tag names one, and says nothing when neither does', () => {
    expect(exportCaption([{ label: '全国' }], ['2026Q2', '2026-9'])).toEqual({ filters: '全国', dataDate: '数据截至 2026-09' });
    expect(exportCaption([], ['2025年', '2026年(1-10月)'])).toEqual({ filters: '', dataDate: null });
  });

  it('wraps a long line at the width', () => {
    expect(wrapText('abcdef', 3, (t) => t.length)).toEqual(['abc', 'def']);
    expect(wrapText('ab cd', 3, (t) => t.length)).toEqual(['ab ', 'cd']);
  });
});
