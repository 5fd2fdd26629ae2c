import { growthClass, signClass } from './format';

describe('growth colours', () => {
  it('colours growth teal (is-up) and decline pink (is-down), a dash neither (decision 269)', () => {
    expect(growthClass(3.2)).toBe('is-up');
    expect(growthClass(-0.1)).toBe('is-down');
    expect(growthClass(0)).toBe('');
    expect(growthClass(0.04)).toBe('');
    expect(growthClass(1200)).toBe('');
    expect(growthClass(null)).toBe('');
  });
});

describe('sign colours', () => {
  it('colours a change by its sign alone: teal up, pink down, plain at zero or unknown', () => {
    expect([signClass(2), signClass(-0.1), signClass(0.001), signClass(0), signClass(null), signClass(Number.NaN)]).toEqual([
      'is-up',
      'is-down',
      'is-up',
      '',
      '',
      '',
    ]);
  });
});
