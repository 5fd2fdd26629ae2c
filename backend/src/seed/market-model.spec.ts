import { ANNUAL_NEV_SHARE, ANNUAL_RETAIL, allMonths, marketDiscount, monthlyTargets, monthsBetween, nextMonth, settle } from './market-model';

describe('the market model', () => {
  const targets = monthlyTargets();
  const total = (t: { nev: number; ice: number }) => t.nev + t.ice;
  const ofYear = (year: number) => targets.filter((t) => Math.floor(t.month / 100) === year);

  test('months run 2019-01 … 2026-10 and roll over the year', () => {
    const months = allMonths();
    expect(months[0]).toBe(201901);
    expect(months[months.length - 1]).toBe(202610);
    expect(targets.map((t) => t.month)).toEqual(months);
    expect(nextMonth(202412)).toBe(202501);
    expect(monthsBetween(202311, 202402)).toBe(3);
  });

  test('each complete year sums to its annual total, off the published round figure by less than 0.3 %, and its NEV share lands near the anchor', () => {
    for (const [year, thousands] of Object.entries(ANNUAL_RETAIL)) {
      const months = ofYear(Number(year));
      expect(months).toHaveLength(12);
      const sum = months.reduce((a, t) => a + total(t), 0);
      expect(sum / 1000).toBeCloseTo(thousands, 0);
      expect(Math.round(sum) % 10_000).not.toBe(0);
      const nev = months.reduce((a, t) => a + t.nev, 0);
      expect(Math.abs((nev / sum) * 100 - ANNUAL_NEV_SHARE[Number(year)])).toBeLessThanOrEqual(0.28);
    }
    expect(ANNUAL_RETAIL[2024] / 22_894 - 1).toBeLessThan(0.003);
    expect(ANNUAL_RETAIL[2026]).toBeUndefined();
  });

  test('settle keeps a share within its limit of the anchor, keeps the side, and lands two far years apart', () => {
    expect(settle(0, 0.28)).toBe(0);
    expect(settle(0.1, 0.28)).toBeGreaterThan(0.05);
    expect(settle(-5, 0.28)).toBeLessThan(0);
    expect(Math.abs(settle(50, 0.28))).toBeLessThan(0.28);
    expect(settle(2, 0.28) - settle(1, 0.28)).toBeGreaterThan(0.01);
  });

  test('the partial year moves with the New Year: January 2026 up on January 2025, February 2026 well down', () => {
    const at = (month: number) => total(targets.find((t) => t.month === month)!);
    expect(at(202601) / at(202501) - 1).toBeGreaterThan(0.08);
    expect(at(202602) / at(202502) - 1).toBeLessThan(-0.15);
    // No round January-October total.
    const partial = ofYear(2026).reduce((a, t) => a + total(t), 0);
    expect(Math.round(partial) % 10_000).not.toBe(0);
  });

  test('the price war deepens discounts from 2023, steps in February 2024, and eases in late 2025', () => {
    expect(marketDiscount(202406, 'jv-ice')).toBeGreaterThan(marketDiscount(202206, 'jv-ice') + 0.05);
    expect(marketDiscount(202402, 'nev') - marketDiscount(202401, 'nev')).toBeGreaterThan(0.015);
    expect(marketDiscount(202610, 'nev')).toBeLessThan(marketDiscount(202412, 'nev'));
  });
});
