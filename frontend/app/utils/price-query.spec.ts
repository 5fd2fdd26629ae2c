import { bigAreaChoices, brandTypeChoices, marketApiParams, monthTableSortParam, readMarketPrice, readPriceTrace } from './price-query';

describe("the price pages' URL state", () => {
  test('the market page reads its defaults: whole market, TP by segment, the discount chart', () => {
    const s = readMarketPrice(new URLSearchParams(''));
    expect(s).toEqual({ time: null, detailId: -1, producerProperty: -1, bigArea: -1, composite: -1, searchContent: '', dataType: 0, type: 0, type2: 2 });
    expect(marketApiParams(s)).toEqual({});
  });

  test('malformed values fall back to the default; chosen filters become API params', () => {
    const s = readMarketPrice(new URLSearchParams('time=2024-13&detailId=3&bigArea=9&composite=1&type=7&type2=1&dataType=x&searchContent=%20大众%20'));
    expect(s).toMatchObject({ time: null, detailId: 3, bigArea: -1, composite: 1, type: 0, type2: 1, dataType: 0, searchContent: '大众' });
    expect(marketApiParams(s)).toEqual({ detailId: 3, composite: 1, searchContent: '大众' });
  });

  test('the trace page keeps at most five comparisons of each kind', () => {
    const s = readPriceTrace(new URLSearchParams('modelSubId=12&carId=0&modelSubIds=1,2,3,4,5,6,x&carIds=7&discount=1&type=0'));
    expect(s).toEqual({
      time: null,
      brand: null,
      modelSubId: 12,
      carId: null,
      modelSubIds: [1, 2, 3, 4, 5],
      carIds: [7],
      compareBrand: null,
      city: null,
      type: 0,
      // A link with 优惠率 (discount=1) and no measure opens the chart on 优惠率 (decision 275).
      measure: 1,
    });
  });

  test('the trace page reads the comparison brand and the city', () => {
    const s = readPriceTrace(new URLSearchParams('modelSubId=12&compareBrand=40&city=110100'));
    expect(s).toMatchObject({ compareBrand: 40, city: 110100 });
    expect(readPriceTrace(new URLSearchParams('compareBrand=x&city=-3'))).toMatchObject({ compareBrand: null, city: null });
  });

  test('the market form offers 全国 then the seven big regions, and 全部 then 新创, 自主, 合资 as brand types', () => {
    expect(bigAreaChoices().map((c) => c.label)).toEqual(['全国', '华北', '东北', '华东', '华中', '华南', '西南', '西北']);
    expect(bigAreaChoices()[0].value).toBe(-1);
    expect(brandTypeChoices()).toEqual([
      { value: -1, label: '全部' },
      { value: 2, label: '新创' },
      { value: 1, label: '自主' },
      { value: 0, label: '合资' },
    ]);
  });

  test("the deck keeps the month table's order only when the deck's call reads it", () => {
    expect(monthTableSortParam(new URLSearchParams('sort=2026-09.desc'))).toEqual({ sort: '2026-09.desc' });
    expect(monthTableSortParam(new URLSearchParams('sort=name.asc'))).toEqual({ sort: 'name.asc' });
    expect(monthTableSortParam(new URLSearchParams('sort=sales.sideways'))).toEqual({});
    expect(monthTableSortParam(new URLSearchParams(''))).toEqual({});
  });
});
