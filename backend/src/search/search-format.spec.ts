import { share, thousands } from './search-format';

describe('search display forms', () => {
  test('an MSRP is grouped by thousands', () => {
    expect(thousands(119800)).toBe('119,800');
    expect(thousands(1_288_000)).toBe('1,288,000');
    expect(thousands(999)).toBe('999');
  });

  test('a share has one decimal and a percent sign', () => {
    expect(share(123, 1000)).toBe('12.3%');
    expect(share(1, 3)).toBe('33.3%');
    expect(share(5, 5)).toBe('100.0%');
  });

  test('a share is a dash when the trim or its sub-series sold nothing', () => {
    expect(share(0, 1000)).toBe('-');
    expect(share(0, 0)).toBe('-');
  });
});
