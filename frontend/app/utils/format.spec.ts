import { growthClass, growthText, shareChangeParts, shareText, thousands } from './format';

describe('the dash rule', () => {
  it('shows one-decimal growth within ±1000 %', () => {
    expect(growthText(2)).toBe('2.0%');
    expect(growthText(-17.14)).toBe('-17.1%');
    expect(growthText(999.9)).toBe('999.9%');
  });

  it('dashes a growth of zero, unknown, or outside ±1000 %', () => {
    expect(growthText(0)).toBe('-');
    expect(growthText(null)).toBe('-');
    expect(growthText(undefined)).toBe('-');
    expect(growthText(1000)).toBe('-');
    expect(growthText(-1000)).toBe('-');
    expect(growthText(Number.NaN)).toBe('-');
  });

  it('colours growth green and decline red, a dash neither', () => {
    expect(growthClass(3.2)).toBe('is-up');
    expect(growthClass(-0.1)).toBe('is-down');
    expect(growthClass(0)).toBe('');
    expect(growthClass(1200)).toBe('');
  });

  it('keeps a zero share as 0.0 % and arrows a share change', () => {
    expect(shareText(0)).toBe('0.0%');
    expect(shareChangeParts(-2.94)).toEqual({ arrow: 'down', text: '2.9%' });
    expect(shareChangeParts(0)).toEqual({ arrow: null, text: '-' });
  });

  it('groups thousands', () => {
    expect(thousands(2298910)).toBe('2,298,910');
    expect(thousands(null)).toBe('-');
  });
});
