import { partialPeriodLabel } from './sale-volume.service';

describe('trend chart labels of unfinished periods', () => {
  it('name the months of the running year', () => {
    expect(partialPeriodLabel('2026年', 2, 202610)).toBe('2026年(1-10月)');
    expect(partialPeriodLabel('2025年', 2, 202610)).toBe('2025年');
    expect(partialPeriodLabel('2025年', 2, 202512)).toBe('2025年');
  });

  it('name the months of the running quarter', () => {
    expect(partialPeriodLabel('2026Q4', 1, 202610)).toBe('2026Q4(10月)');
    expect(partialPeriodLabel('2026Q3', 1, 202608)).toBe('2026Q3(7-8月)');
    expect(partialPeriodLabel('2026Q3', 1, 202609)).toBe('2026Q3');
    expect(partialPeriodLabel('2026Q2', 1, 202610)).toBe('2026Q2');
  });

  it('leave months alone', () => {
    expect(partialPeriodLabel('2026-10', 0, 202610)).toBe('2026-10');
  });
});
