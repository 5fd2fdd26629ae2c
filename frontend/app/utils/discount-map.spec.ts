import { discountMap } from './discount-map';

const MAP = {
  time: '2026-10',
  provinces: [
    { id: 44, name: '广东', code: '440000', tp: 182345.6, discountRate: 7.25, discountRateStr: '7.3%', qty: 123456 },
    { id: 11, name: '北京', code: '110000', tp: 201000, discountRate: 5, discountRateStr: '5.0%', qty: 980 },
  ],
};

describe('the discount map of the market price page', () => {
  test('a province is a row of its sales, with no growth figures', () => {
    const { rows } = discountMap(MAP);
    expect(rows).toEqual([
      { name: '广东', code: '440000', sales: 123456, salesStr: '123,456', yoy: null, salesSumStr: '-', yearYoy: null },
      { name: '北京', code: '110000', sales: 980, salesStr: '980', yoy: null, salesSumStr: '-', yearYoy: null },
    ]);
  });

  test('the map colours a province by its discount rate and its tooltip says the rate, the TP in yuan and the sales', () => {
    const { rows, measure } = discountMap(MAP);
    expect(measure.label).toBe('优惠率');
    expect(measure.value(rows[0])).toBe(7.25);
    expect(measure.lines(rows[0])).toEqual(['优惠率: 7.3%', '成交价: 182,346元', '销量: 123,456']);
    expect(measure.tick(5)).toBe('5.0%');
  });

  test('a province the map does not know reads as no rate, and no map as no rows', () => {
    const { measure } = discountMap(MAP);
    const unknown = { name: '台湾', code: '710000', sales: 0, salesStr: '0', yoy: null, salesSumStr: '-', yearYoy: null };
    expect(measure.value(unknown)).toBeNull();
    expect(measure.lines(unknown)).toEqual(['优惠率: -', '成交价: -', '销量: 0']);
    expect(discountMap(null).rows).toEqual([]);
  });
});
