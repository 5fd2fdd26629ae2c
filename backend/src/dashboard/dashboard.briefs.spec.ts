import { growth, percentText, signedText } from '@car/contracts';
import { growthSplitSentence, writeGrowthSplits } from './dashboard.briefs';

/** 归因分析's sentences on the dashboard (issue 50), worked by hand: the two 拉动 add up to the growth the card shows. */
describe('the dashboard’s growth split into 新能源 and 燃油车', () => {
  test('the issue’s sentence: a year of 1,000,000 grown to 1,009,000, new energy up 68,000 and fuel down 59,000', () => {
    // 新能源 300,000 → 368,000: +68,000 ÷ 1,000,000 = +6.8 points; 燃油车 700,000 → 641,000: −5.9; together +0.9 %.
    const sentence = growthSplitSentence(0, { current: 368_000, base: 300_000 }, { current: 641_000, base: 700_000 });
    expect(sentence).toEqual({
      compare: 0,
      growth: 0.9,
      parts: [
        { name: '新能源', change: 68_000, contribution: 6.8 },
        { name: '燃油车', change: -59_000, contribution: -5.9 },
      ],
      text: '同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点',
    });
    // The growth reads as the whole-market card's (percentText of the same volumes), signed by the one sign rule.
    expect(sentence!.text.startsWith(`同比 ${signedText(percentText(growth(1_009_000, 1_000_000)))}：`)).toBe(true);
  });

  test('the largest remainder makes the two add up to the growth shown where rounding each would not', () => {
    // Each part +100 on 3,000: 3.333… points; the growth 6.666… shows 6.7. Rounded alone, 3.3 + 3.3 = 6.6; the tenth
    // still missing goes to the part that lost most in rounding down (a tie: the earlier, 新能源).
    const sentence = growthSplitSentence(0, { current: 1_100, base: 1_000 }, { current: 2_100, base: 2_000 });
    expect(sentence?.text).toBe('同比 +6.7%：新能源拉动 +3.4个百分点，燃油车 +3.3个百分点');
    expect(sentence!.parts[0].contribution + sentence!.parts[1].contribution).toBeCloseTo(sentence!.growth, 10);
  });

  test('a fall, a flat total and a part that did not move read in words and tenths, never a dash', () => {
    expect(growthSplitSentence(1, { current: 150, base: 100 }, { current: 800, base: 900 })?.text).toBe(
      '环比 -5.0%：新能源拉动 +5.0个百分点，燃油车 -10.0个百分点',
    );
    expect(growthSplitSentence(0, { current: 130, base: 100 }, { current: 870, base: 900 })?.text).toBe(
      '同比持平：新能源拉动 +3.0个百分点，燃油车 -3.0个百分点',
    );
    expect(growthSplitSentence(2, { current: 150, base: 100 }, { current: 900, base: 900 })?.text).toBe(
      '累计同比 +5.0%：新能源拉动 +5.0个百分点，燃油车 0.0个百分点',
    );
  });

  test('no sentence where the card shows a dash: nothing sold in the base period, or a growth past 1000 %', () => {
    expect(growthSplitSentence(0, { current: 10, base: 0 }, { current: 20, base: 0 })).toBeNull();
    expect(growthSplitSentence(0, { current: 150, base: 5 }, { current: 100, base: 5 })).toBeNull();
  });

  test('a single month has 同比 and 环比; 累计 its 累计同比; 1-2月合计 its 同比 on last year’s January and February', () => {
    const all = { qty: 1_009_000, tq: 1_000_000, hb: 1_100_000 };
    const newEnergy = { qty: 368_000, tq: 300_000, hb: 350_000 };
    const month = writeGrowthSplits({ accumulate: 0, newYear: false }, all, newEnergy);
    expect(month.map((s) => s.compare)).toEqual([0, 1]);
    // 环比: 1,100,000 → 1,009,000 is −8.3 %; 新能源 +18,000 → +1.6 points, 燃油车 750,000 → 641,000 −109,000 → −9.9.
    expect(month[1].text).toBe('环比 -8.3%：新能源拉动 +1.6个百分点，燃油车 -9.9个百分点');
    const cumulative = writeGrowthSplits({ accumulate: 1, newYear: false }, { ...all, hb: null }, { ...newEnergy, hb: null });
    expect(cumulative.map((s) => s.text)).toEqual(['累计同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点']);
    const newYear = writeGrowthSplits({ accumulate: 0, newYear: true }, { ...all, hb: null }, { ...newEnergy, hb: null });
    expect(newYear.map((s) => [s.compare, s.text])).toEqual([[3, '1-2月同比 +0.9%：新能源拉动 +6.8个百分点，燃油车 -5.9个百分点']]);
  });
});
