import { linkModelYears, meetPriorModelYear, type YearAgo } from './model-years';

const trim = (id: number, modelYear: number, name: string, subSeriesId = 1) => ({ id, subSeriesId, modelYear, name: `${modelYear}款 ${name}` });

describe('a trim and its predecessor of the previous model year', () => {
  test('the same name without the 年款 links, else the only one with the same configuration name', () => {
    const links = linkModelYears([
      trim(1, 2025, '1.5L 自动 进取版'),
      trim(2, 2025, '1.5L 自动 舒适版'),
      trim(3, 2025, '1.4T 双离合 旗舰版'),
      trim(11, 2026, '1.5L 自动 进取版'), // the same name
      trim(12, 2026, '1.2T 双离合 舒适版'), // a new engine, the same configuration
      trim(13, 2026, '1.4T 双离合 尊贵版'), // no 尊贵版 in 2025
      trim(21, 2027, '1.5L 自动 进取版'), // two model years on: its predecessor is 11, not 1
    ]);
    expect([...links]).toEqual([
      [11, 1],
      [12, 2],
      [21, 11],
    ]);
  });

  test('two candidates alike link neither; another sub-series never links', () => {
    const links = linkModelYears([
      trim(1, 2025, '1.5L 舒适版'),
      trim(2, 2025, '1.4T 舒适版'),
      trim(11, 2026, '1.2T 舒适版'),
      trim(12, 2026, '1.5L 舒适版'), // the same name wins over two configurations alike
      trim(31, 2026, '1.5L 舒适版', 2),
    ]);
    expect([...links]).toEqual([[12, 1]]);
  });

  test('a 年款 after the series name is found too', () => {
    const links = linkModelYears([
      { id: 61, subSeriesId: 51, modelYear: 2025, name: '德锐 2025款 1.5T 舒适型' },
      { id: 62, subSeriesId: 51, modelYear: 2026, name: '德锐 2026款 1.5T 舒适型' },
    ]);
    expect([...links]).toEqual([[62, 61]]);
  });
});

describe("a new model year's trim meets last year's", () => {
  const row = (id: number, sales: number, tqSales: number, tqRank: number | null = null): YearAgo => ({
    id,
    name: `trim ${id}`,
    sales,
    tqSales,
    tqSegmentSales: 1000,
    tqRank,
    tqPrice: tqSales ? 100_000 + id : null,
  });

  test('a trim new this year takes the year-ago figures of its replaced predecessor, whose empty row leaves', () => {
    // 2026-01: the 2026款 (11) sells 300 and sold nothing in 2025-01, when its 2025款 (1) sold 250 and now sells nothing.
    const rows = meetPriorModelYear([row(1, 0, 250, 4), row(11, 300, 0)], new Map([[11, 1]]));
    expect(rows).toEqual([{ ...row(11, 300, 0), tqSales: 250, tqRank: 4, tqPrice: 100_001, priorName: 'trim 1' }]);
  });

  test('a predecessor still on sale, or a trim sold a year earlier, keeps its own figures', () => {
    const onSale = [row(1, 20, 250, 4), row(11, 300, 0)];
    expect(meetPriorModelYear(onSale, new Map([[11, 1]]))).toEqual(onSale);
    const soldBefore = [row(1, 0, 250, 4), row(11, 300, 40, 9)];
    expect(meetPriorModelYear(soldBefore, new Map([[11, 1]]))).toEqual(soldBefore);
  });

  test('a predecessor gives its year-ago figures once; the rows still add up to last year', () => {
    const rows = meetPriorModelYear(
      [row(1, 0, 250), row(11, 300, 0), row(12, 100, 0)],
      new Map([
        [11, 1],
        [12, 1],
      ]),
    );
    expect(rows.map((r) => [r.id, r.tqSales])).toEqual([
      [11, 250],
      [12, 0],
    ]);
  });
});
