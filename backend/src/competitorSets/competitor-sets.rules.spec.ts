import { suggestSets, type SubSeriesFigures } from './competitor-sets.rules';

const sub = (id: number, producerId: number, qty: number, tp: number, segmentId = 1, bodyType = 1): SubSeriesFigures => ({
  id,
  name: `子车系${id}`,
  producerName: `厂商${producerId}`,
  producerId,
  segmentId,
  segmentName: `级别${segmentId}`,
  bodyType,
  bodyTypeName: `车身${bodyType}`,
  qty,
  tp,
});

describe('suggested competitor sets (decision 296)', () => {
  test("the producer's five best sellers, each with the five largest rivals of its segment and body within ±20 % of its TP", () => {
    const own = [
      sub(1, 7, 900, 100_000),
      sub(2, 7, 800, 200_000),
      sub(3, 7, 700, 100_000),
      sub(4, 7, 600, 100_000),
      sub(5, 7, 500, 100_000),
      sub(6, 7, 400, 100_000),
    ];
    const rivals = [
      sub(11, 8, 50, 120_000), // +20 %: in
      sub(12, 8, 60, 120_001), // just over: out
      sub(13, 9, 70, 80_000), // −20 %: in
      sub(14, 9, 10, 100_000),
      sub(15, 9, 20, 100_000),
      sub(16, 9, 30, 100_000),
      sub(17, 9, 30, 100_000), // ties with 16: the smaller id first
      sub(18, 9, 999, 100_000, 2), // another segment
      sub(19, 9, 999, 100_000, 1, 2), // another body type
      sub(20, 9, 0, 100_000), // sold nothing
    ];
    const sets = suggestSets(7, [...rivals, ...own]);
    expect(sets.map((s) => s.own.id)).toEqual([1, 2, 3, 4, 5]);
    expect(sets[0].name).toBe('子车系1 竞品');
    expect(sets[0].rivals.map((r) => r.id)).toEqual([13, 11, 16, 17, 15]);
    // The 200,000 元 best seller has no rival within ±20 %; the producer's own sub-series are never rivals.
    expect(sets[1].rivals).toEqual([]);
    expect(sets.flatMap((s) => s.rivals).every((r) => r.producerName !== '厂商7')).toBe(true);
  });

  test('a producer that sold nothing is suggested nothing', () => {
    expect(suggestSets(7, [sub(11, 8, 50, 120_000)])).toEqual([]);
  });
});
