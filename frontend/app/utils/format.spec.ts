import { growthClass } from './format';

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
