import { priceSplit, shareSplit, volumeSplit } from './attribution.figures';

const total = (values: number[]) => Math.round(values.reduce((sum, v) => sum + v, 0) * 100) / 100;

describe('volumeSplit (拉动)', () => {
  // Base 350, current 375: +25 units, growth 25 ÷ 350 = 7.142857 % → 7.1.
  const parts = [
    { id: 1, name: 'A', base: 100, current: 130 },
    { id: 2, name: 'B', base: 200, current: 180 },
    { id: 3, name: 'C', base: 0, current: 15 },
    { id: 4, name: 'D', base: 50, current: 50 },
  ];

  test('changes, contributions and parts of the change, worked by hand, add up to the total shown', () => {
    const split = volumeSplit(parts);
    expect(split.total).toEqual({ current: 375, base: 350, change: 25, growth: 7.1 });
    const byName = Object.fromEntries(split.rows.map((r) => [r.name, r]));
    // Exact: A 8.5714, B −5.7143, C 4.2857 — each rounded alone 8.6 − 5.7 + 4.3 = 7.2, not 7.1. The largest remainders
    // (B and C, 0.857 of a tenth each) take the two tenths the floors (8.5, −5.8, 4.2) miss: 8.5 − 5.7 + 4.3 = 7.1.
    expect([byName.A.contribution, byName.B.contribution, byName.C.contribution, byName.D.contribution]).toEqual([8.5, -5.7, 4.3, 0]);
    expect([byName.A.changeShare, byName.B.changeShare, byName.C.changeShare, byName.D.changeShare]).toEqual([120, -80, 60, 0]);
    expect(total(split.rows.map((r) => r.contribution ?? 0))).toBe(7.1);
    expect(split.rows.map((r) => r.change).reduce((a, b) => a + b)).toBe(25);
    // Largest movers first.
    expect(split.rows.map((r) => r.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  test('the waterfall runs from the base through the movers to the current level', () => {
    const bars = volumeSplit(parts).waterfall;
    expect(bars.map((b) => [b.name, b.from, b.to])).toEqual([
      ['基期', 0, 350],
      ['A', 350, 380],
      ['B', 380, 360],
      ['C', 360, 375],
      ['本期', 0, 375],
    ]);
  });

  test('a zero base has no growth and no contributions, but parts of the change', () => {
    const split = volumeSplit([
      { id: 1, name: 'A', base: 0, current: 30 },
      { id: 2, name: 'B', base: 0, current: 10 },
    ]);
    expect(split.total.growth).toBeNull();
    expect(split.rows.map((r) => [r.contribution, r.changeShare])).toEqual([
      [null, 75],
      [null, 25],
    ]);
  });

  test('no change has no parts of it', () => {
    expect(volumeSplit([{ id: 1, name: 'A', base: 5, current: 5 }]).rows[0].changeShare).toBeNull();
  });
});

describe('shareSplit (shift-share)', () => {
  // X: market 1000 → 1200, subject 100 → 150; Y: market 1000 → 800, subject 300 → 200. Share 20 % → 17.5 %.
  const parts = [
    { id: 1, name: 'X', marketBase: 1000, marketCurrent: 1200, subjectBase: 100, subjectCurrent: 150 },
    { id: 2, name: 'Y', marketBase: 1000, marketCurrent: 800, subjectBase: 300, subjectCurrent: 200 },
  ];

  test('mix, performance and interaction worked by hand add up to the share change', () => {
    const split = shareSplit(parts);
    expect(split.share).toEqual({ base: 20, current: 17.5, change: -2.5 });
    // mix: X 0.1 × 0.1 = +1.00, Y −0.1 × 0.3 = −3.00; performance: X 0.5 × 0.025 = +1.25, Y 0.5 × −0.05 = −2.50;
    // interaction: X 0.1 × 0.025 = +0.25, Y −0.1 × −0.05 = +0.50 (points).
    expect(split.effects).toEqual({ mix: -2, performance: -1.25, interaction: 0.75 });
    const byName = Object.fromEntries(split.rows.map((r) => [r.name, r]));
    expect(byName.X).toMatchObject({
      weightBase: 50,
      weightCurrent: 60,
      shareBase: 10,
      shareCurrent: 12.5,
      mix: 1,
      performance: 1.25,
      interaction: 0.25,
      total: 2.5,
    });
    expect(byName.Y).toMatchObject({
      weightBase: 50,
      weightCurrent: 40,
      shareBase: 30,
      shareCurrent: 25,
      mix: -3,
      performance: -2.5,
      interaction: 0.5,
      total: -5,
    });
    expect(split.waterfall.map((b) => [b.name, b.from, b.to])).toEqual([
      ['基期份额', 0, 20],
      ['结构效应', 20, 18],
      ['表现效应', 18, 16.75],
      ['交互效应', 16.75, 17.5],
      ['本期份额', 0, 17.5],
    ]);
  });

  test('a part new in the later period is all interaction, and the terms still add up', () => {
    // Z: market 0 → 500, subject 0 → 50. M_t = 2500: w_t(Z) = 0.2, s_t(Z) = 0.1 → interaction 2.00 points.
    const split = shareSplit([...parts, { id: 3, name: 'Z', marketBase: 0, marketCurrent: 500, subjectBase: 0, subjectCurrent: 50 }]);
    const z = split.rows.find((r) => r.name === 'Z');
    expect(z).toMatchObject({ weightBase: 0, weightCurrent: 20, shareBase: null, shareCurrent: 10, mix: 0, performance: 0, interaction: 2, total: 2 });
    // S_t = 400 ÷ 2500 = 16 %.
    expect(split.share).toEqual({ base: 20, current: 16, change: -4 });
    expect(total([split.effects.mix, split.effects.performance, split.effects.interaction])).toBe(-4);
    for (const column of ['mix', 'performance', 'interaction'] as const) {
      expect(total(split.rows.map((r) => r[column]))).toBe(split.effects[column]);
    }
  });

  test('thirds that each round alone past the change are reconciled to it', () => {
    // Three equal parts: the subject's share in each moves from 1/3 to 0; its share change −33.33 points.
    const thirds = [1, 2, 3].map((id) => ({ id, name: `P${id}`, marketBase: 1, marketCurrent: 1, subjectBase: 1, subjectCurrent: id === 1 ? 1 : 0 }));
    const split = shareSplit(thirds);
    expect(split.share.change).toBe(-66.67);
    expect(total(split.rows.map((r) => r.total))).toBe(-66.67);
  });
});

describe('priceSplit (price, mix, new and run-out)', () => {
  // T1 and T2 sell in both months; T3 runs out, T4 is new. P_b = 36,000,000 ÷ 250 = 144,000; P_t = 100,200,000 ÷ 500 = 200,400.
  const items = [
    { id: 1, name: 'T1', qtyBase: 100, sumBase: 100 * 100_000, qtyCurrent: 100, sumCurrent: 100 * 102_000 },
    { id: 2, name: 'T2', qtyBase: 100, sumBase: 100 * 200_000, qtyCurrent: 300, sumCurrent: 300 * 200_000 },
    { id: 3, name: 'T3', qtyBase: 50, sumBase: 50 * 120_000, qtyCurrent: 0, sumCurrent: 0 },
    { id: 4, name: 'T4', qtyBase: 0, sumBase: 0, qtyCurrent: 100, sumCurrent: 100 * 300_000 },
  ];

  test('the five effects worked by hand add up to the TP change in yuan', () => {
    const split = priceSplit(items);
    expect(split?.value).toEqual({ base: 144_000, current: 200_400, change: 56_400 });
    // Common: ω_b ½ ½ → ω_t ¼ ¾, P_b^C 150,000, P_t^C 175,500. price ½ × 2,000 = 1,000; mix −¼ × (100,000 − 150,000)
    // + ¼ × (200,000 − 150,000) = 25,000; interaction −¼ × 2,000 = −500; entry 200,400 − 175,500 = 24,900 (T4:
    // 100 × 124,500 ÷ 500); exit 150,000 − 144,000 = 6,000 (T3: −50 × (120,000 − 150,000) ÷ 250).
    expect(split?.effects).toEqual({ price: 1000, mix: 25_000, interaction: -500, entry: 24_900, exit: 6000 });
    const byName = Object.fromEntries((split?.rows ?? []).map((r) => [r.name, r]));
    expect(byName.T1).toMatchObject({ status: 'both', weightBase: 50, weightCurrent: 25, price: 1000, mix: 12_500, interaction: -500, newOrGone: 0 });
    expect(byName.T2).toMatchObject({ status: 'both', weightBase: 50, weightCurrent: 75, price: 0, mix: 12_500, interaction: 0 });
    expect(byName.T3).toMatchObject({ status: 'gone', valueBase: 120_000, valueCurrent: null, newOrGone: 6000 });
    expect(byName.T4).toMatchObject({ status: 'new', valueBase: null, valueCurrent: 300_000, weightCurrent: 20, newOrGone: 24_900 });
  });

  test('no item in common: the whole change is the new items', () => {
    const split = priceSplit([items[2], items[3]]);
    expect(split?.value).toEqual({ base: 120_000, current: 300_000, change: 180_000 });
    expect(split?.effects).toEqual({ price: 0, mix: 0, interaction: 0, entry: 180_000, exit: 0 });
  });

  test('rounding to the yuan adds up to the difference of the two values shown', () => {
    // P_b = 100,000.4 (shown 100,000), P_t = 100,001.6 (shown 100,002): the change shown is 2, the exact 1.2.
    const split = priceSplit([{ id: 1, name: 'a', qtyBase: 5, sumBase: 500_002, qtyCurrent: 5, sumCurrent: 500_008 }]);
    expect(split?.value).toEqual({ base: 100_000, current: 100_002, change: 2 });
    const effects = split?.effects ?? { price: 0, mix: 0, interaction: 0, entry: 0, exit: 0 };
    expect(effects.price + effects.mix + effects.interaction + effects.entry + effects.exit).toBe(2);
  });

  test('the values as the price pages show them, where given, are the ends the effects add up to', () => {
    // A discount shown as the MSRP shown less the TP shown: 13,334 where the exact 13,333.33 rounds to 13,333.
    const split = priceSplit([{ id: 1, name: 'a', qtyBase: 3, sumBase: 40_000, qtyCurrent: 3, sumCurrent: 40_000 }], { base: 13_334, current: 13_333 });
    expect(split?.value).toEqual({ base: 13_334, current: 13_333, change: -1 });
    const effects = split?.effects ?? { price: 0, mix: 0, interaction: 0, entry: 0, exit: 0 };
    expect(effects.price + effects.mix + effects.interaction + effects.entry + effects.exit).toBe(-1);
  });

  test('a period without sales has no split', () => {
    expect(priceSplit([{ id: 1, name: 'a', qtyBase: 0, sumBase: 0, qtyCurrent: 5, sumCurrent: 5 }])).toBeNull();
  });
});
