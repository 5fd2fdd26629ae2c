import { fromBrokenAxis, needsBreak, toBrokenAxis } from './price-axis';

describe("the price chart's broken second axis (floor 55, break 50 to 100)", () => {
  test('values up to 50 are drawn as they are', () => {
    expect([0, 12.5, 50].map(toBrokenAxis)).toEqual([0, 12.5, 50]);
  });

  test('50 to 100 is squeezed into 50 to 55, and past 100 continues from 55', () => {
    expect(toBrokenAxis(75)).toBeCloseTo(52.5, 10);
    expect(toBrokenAxis(100)).toBeCloseTo(55, 10);
    expect(toBrokenAxis(120)).toBeCloseTo(75, 10);
  });

  test('tick labels read the real values back', () => {
    for (const v of [3, 50, 60, 99, 100, 140]) expect(fromBrokenAxis(toBrokenAxis(v))).toBeCloseTo(v, 10);
  });

  test('the break is used only when a value lies above 50', () => {
    expect(needsBreak([10, null, 49.9])).toBe(false);
    expect(needsBreak([10, 51])).toBe(true);
  });
});
