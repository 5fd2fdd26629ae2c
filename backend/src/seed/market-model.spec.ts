import { ANNUAL_NEV_SHARE, ANNUAL_RETAIL, allMonths, marketDiscount, monthlyTargets, monthsBetween, nextMonth } from './market-model';

describe('the market model', () => {
  const targets = monthlyTargets();
  const total = (t: { bev: number; phev: number; ice: number }) => t.bev + t.phev + t.ice;

  test('months run 2019-01 … 2026-10 and roll over the year', () => {
    const months = allMonths();
    expect(months[0]).toBe(201901);
    expect(months[months.length - 1]).toBe(202610);
    expect(nextMonth(202412)).toBe(202501);
    expect(monthsBetween(202311, 202402)).toBe(3);
  });

  test('each year sums to its annual total and its NEV share', () => {
    for (const [year, thousands] of Object.entries(ANNUAL_RETAIL)) {
      const months = targets.filter((t) => Math.floor(t.month / 100) === Number(year));
      const sum = months.reduce((a, t) => a + total(t), 0);
      expect(sum / 1000).toBeCloseTo(thousands, 0);
      const nev = months.reduce((a, t) => a + t.bev + t.phev, 0);
      expect((nev / sum) * 100).toBeCloseTo(ANNUAL_NEV_SHARE[Number(year)], 1);
    }
  });

  test('the price war deepens discounts from 2023 and eases in late 2025', () => {
    expect(marketDiscount(202406, 'jv-ice')).toBeGreaterThan(marketDiscount(202206, 'jv-ice') + 0.05);
    expect(marketDiscount(202610, 'nev')).toBeLessThan(marketDiscount(202412, 'nev'));
  });
});
