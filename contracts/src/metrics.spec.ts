import { percentText, shareText, thousands } from './display';
import { barWidth, growth, rankingStatus, ranks, roundSettled, share, shareChange } from './metrics';

describe('metrics', () => {
  test('yoy is a dash when last year had no sales', () => {
    expect(growth(120, 0)).toBeNull();
    expect(percentText(growth(120, 0))).toBe('-');
  });

  test('growth shows one decimal with a sign only when negative', () => {
    expect(percentText(growth(110, 100))).toBe('10.0%');
    expect(percentText(growth(877, 1000))).toBe('-12.3%');
  });

  test('a growth of exactly zero, or of 1000 % or more either way, is a dash', () => {
    expect(percentText(growth(100, 100))).toBe('-');
    expect(percentText(growth(1101, 100))).toBe('-');
    expect(percentText(growth(1099, 100))).toBe('999.0%');
    expect(percentText(-10.5)).toBe('-');
  });

  test('mix is a share of the filtered market and its change is in points', () => {
    expect(shareText(share(25, 200))).toBe('12.5%');
    expect(share(1, 0)).toBeNull();
    expect(shareChange(0.125, 0.1)).toBeCloseTo(0.025);
    expect(percentText(shareChange(0.125, 0.1))).toBe('2.5%');
  });

  test('ranks are competition ranks, largest first', () => {
    expect(ranks([10, 30, 30, 5])).toEqual([3, 1, 1, 4]);
  });

  test('rankingStatus: up, down, flat, and no arrow without a previous rank', () => {
    expect(rankingStatus(2, 5)).toBe(1);
    expect(rankingStatus(5, 2)).toBe(-1);
    expect(rankingStatus(3, 3)).toBe(0);
    expect(rankingStatus(3, null)).toBe(-2);
  });

  test('numbers are thousand-separated and bars scale to the largest', () => {
    expect(thousands(1234567.4)).toBe('1,234,567');
    expect(barWidth(50, 200)).toBe(25);
    expect(barWidth(0, 200)).toBe(0);
  });
});

describe('roundSettled: Math.round without float noise', () => {
  test('a hair below a half is the half; a real value near it is not', () => {
    expect(roundSettled(12.499999999999998)).toBe(13);
    expect(roundSettled(-12.500000000000002)).toBe(-12); // Math.round(−12.5), as every rounding here
    expect(roundSettled(12.4999)).toBe(12);
    expect(roundSettled(12.5)).toBe(13);
    expect(roundSettled(-0.4)).toBe(-0);
  });
});

describe('percent numbers', () => {
  test('a change too small to show is a dash, as zero is, never 0.0% or -0.0%', () => {
    expect(percentText(-0.0001)).toBe('-');
    expect(percentText(0.0004)).toBe('-');
  });
});

describe('the hand-written formatters', () => {
  // What they replace, for comparison.
  const localeThousands = (v: number): string => Math.round(v).toLocaleString('en-US');
  const fixedPercent = (v: number): string => `${(Math.round(v * 100 * 10) / 10 || 0).toFixed(1)}%`;

  test('thousands writes what toLocaleString wrote, signs, rounding and edges included', () => {
    const values = [0, 0.4, 0.5, 1, 12, 999, 1000, 999_999.5, 1_000_000, 24_123_456.7, -1, -1234, -1234.5, 2 ** 53, 1e21];
    for (let v = 1; v < 1e15; v = v * 7 + 3) values.push(v, -v, v + 0.5);
    for (const v of values) expect(thousands(v)).toBe(localeThousands(v));
    // Where toLocaleString wrote '-0' and 'NaN', the display writes 0 and the dash.
    expect(thousands(-0.4)).toBe('0');
    expect(thousands(Number.NaN)).toBe('-');
    expect(thousands(null)).toBe('-');
  });

  test('percentText writes what toFixed(1) wrote for every shown growth', () => {
    for (let i = -99_999; i <= 99_999; i += 7) {
      const v = i / 10_000 + 0.000_049_9;
      if (percentText(v) !== '-') expect(percentText(v)).toBe(fixedPercent(v));
    }
    for (const v of [0.0005, -0.00051, 0.1235, -0.1235, 9.9994, -9.9994, 1 / 3, -2 / 3]) {
      expect(percentText(v)).toBe(fixedPercent(v));
    }
  });
});
