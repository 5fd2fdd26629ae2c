import { type ProducerBriefFigures, writeProducerBriefs } from './monthly-report.briefs';

const base: ProducerBriefFigures = {
  period: '2026年10月',
  producer: '比亚迪汽车',
  summary: { qty: 427_139, tb: 401_800, hb: 426_300 },
  ranking: { row: { mix: 18.8, mixChange: 0.9 }, place: 1, lastYearPlace: 1 },
  lines: [
    { name: '海豹06 DM-i', segmentName: 'B级轿车', qty: 40_800, tq: 22_150, segmentQty: 420_600 },
    { name: '秦L DM-i', segmentName: 'B级轿车', qty: 30_000, tq: 31_000, segmentQty: 420_600 },
  ],
  provinces: [
    { name: '广东', sales: 61_300, tqSales: 61_055 },
    { name: '江苏', sales: 41_000, tqSales: 45_000 },
    { name: '西藏', sales: 0, tqSales: 10 },
  ],
  price: { name: '海豹06 DM-i', segmentName: 'B级轿车', tpGap: 98_231 / 162_013 - 1 },
};

describe('a producer’s monthly brief (issue 31 §2)', () => {
  test('three sentences from the figures: the month and its place, the lead sub-series and the fastest grower, provinces and price', () => {
    expect(writeProducerBriefs(base)).toEqual([
      '2026年10月比亚迪汽车零售 427.1 千辆，同比增长 6.3%，环比增长 0.2%；市场份额 18.8%，较去年同期提升 0.9 个百分点，排名第 1（去年同期第 1）。',
      '主力子车系海豹06 DM-i（B级轿车）零售 40.8 千辆，占比亚迪汽车的 9.6%，B级轿车份额 9.7%；前 2 个子车系中同比增长最快的是海豹06 DM-i（+84.2%）。',
      '2 个有零售的省份中 1 个同比增长，最大的广东零售 61.3 千辆，同比增长 0.4%；海豹06 DM-i成交价较B级轿车均价低 39.4%。',
    ]);
  });

  test('no grower, no place a year earlier, no price: each sentence says so rather than inventing a figure', () => {
    const [market, lines, regions] = writeProducerBriefs({
      ...base,
      ranking: { row: { mix: 0.4, mixChange: null }, place: 57, lastYearPlace: null },
      lines: [{ name: '乙尊', segmentName: 'C级轿车', qty: 100, tq: 500, segmentQty: 1000 }],
      price: undefined,
    });
    expect(market).toContain('较去年同期无可比数据，排名第 57。');
    expect(lines).toBe('主力子车系乙尊（C级轿车）零售 0.1 千辆，占比亚迪汽车的 0.0%，C级轿车份额 10.0%；前 1 个子车系中没有同比增长的。');
    expect(regions).toMatch(/同比增长 0\.4%。$/);
  });

  test('a producer that sold nothing in the month', () => {
    const [, lines, regions] = writeProducerBriefs({ ...base, lines: [{ ...base.lines[0], qty: 0 }], provinces: [], price: undefined });
    expect(lines).toBe('2026年10月比亚迪汽车没有子车系零售。');
    expect(regions).toBe('2026年10月比亚迪汽车没有分省零售。');
  });
});
