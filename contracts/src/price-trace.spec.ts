import { DASH } from './display';
import {
  type Nationwide,
  NATIONWIDE_ITEMS,
  nationwideItemText,
  percentGapText,
  PRICE_TRACE_MEASURES,
  priceTableUnit,
  traceAxisTitle,
  traceMeasureLabel,
  yuanGapText,
} from './price';

describe('the trace chart’s measure as named (decision 275)', () => {
  test('each measure by the label its switch shows: 成交价, 优惠, 优惠率, 厂商指导价', () => {
    expect([2, 0, 1, 3].map((m) => traceMeasureLabel(m as 0 | 1 | 2 | 3))).toEqual(['成交价', '优惠', '优惠率', '厂商指导价']);
    expect(PRICE_TRACE_MEASURES.map((m) => traceMeasureLabel(m.value))).toEqual(PRICE_TRACE_MEASURES.map((m) => m.label));
  });

  test('the axis title is the label and the month tables’ unit: % for the rate, 元 for a price or a discount', () => {
    expect([2, 0, 1, 3].map((m) => traceAxisTitle(m as 0 | 1 | 2 | 3))).toEqual(['成交价（元）', '优惠（元）', '优惠率（%）', '厂商指导价（元）']);
    expect(priceTableUnit(3)).toBe('元');
  });
});

describe('成交价差’s texts (decision 276): signed, a plus on a gap that shows above zero', () => {
  test('yuan: +27,000元, -10,000元; a gap that rounds to nothing is 0元 without a sign; unknown is a dash', () => {
    expect([27_000, -10_000, 0.4, -0.4, 0, null, undefined].map(yuanGapText)).toEqual(['+27,000元', '-10,000元', '0元', '0元', '0元', DASH, DASH]);
  });

  test('percent: +6.3%, -6.2%; a percent that shows as 0.0% carries no sign; unknown is a dash', () => {
    expect([6.3, -6.2, 0.04, -0.04, 0, null].map(percentGapText)).toEqual(['+6.3%', '-6.2%', '0.0%', '0.0%', '0.0%', DASH]);
  });
});

describe('区域表现’s figures (nationwideItemText)', () => {
  const item = (label: string) => NATIONWIDE_ITEMS.find((i) => i.label === label)!;
  const answer = { lowPriceStr: '185,000元', lowPriceProvince: '辽宁', highDiscountStr: DASH, highDiscountProvince: '北京' } as Nationwide;

  test('a figure found in a province names it; a dash names none', () => {
    expect(nationwideItemText(answer, item('最低价'))).toBe('185,000元（辽宁）');
    expect(nationwideItemText(answer, item('最高优惠'))).toBe(DASH);
  });
});
