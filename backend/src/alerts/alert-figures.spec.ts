import type { TableRow } from '@car/contracts';
import { priceFigure, salesFigure } from './alert-figures';

/** A ranking row's figures as the sales tables send them (only the fields the figures read matter). */
const row = {
  sales: 12345,
  yoy: -3.2,
  yoys: '-3.2%',
  tqSales: 12753,
  mix: 12.3,
  mixs: '12.3%',
  tqMix: 13.5,
  tqMixs: '13.5%',
  mixChange: -1.2,
  mixChanges: '-1.2',
} as unknown as TableRow;

describe('a row figure', () => {
  test('销量 beside its 同比, 份额 beside its 份额变化 in points', () => {
    expect(salesFigure('sales', row)).toEqual({ value: 12345, change: -3.2, valueText: '12,345辆', changeText: '同比 -3.2%' });
    expect(salesFigure('share', row)).toEqual({ value: 12.3, change: -1.2, valueText: '12.3%', changeText: '份额变化 -1.2个百分点' });
  });

  test('同比 and 份额变化 are changes themselves', () => {
    expect(salesFigure('yoy', row)).toMatchObject({ value: -3.2, change: -3.2, changeText: '同期销量 12,753辆' });
    expect(salesFigure('shareChange', row)).toEqual({ value: -1.2, change: -1.2, valueText: '-1.2个百分点', changeText: '份额 12.3%（同期 13.5%）' });
  });

  test('成交价 beside its 环比 in percent, 优惠率 beside its 环比 in points', () => {
    const now = { msrp: 200_000, tp: 180_000, discount: 20_000, rate: 0.1, qty: 10 };
    const before = { msrp: 200_000, tp: 200_000, discount: 0, rate: 0, qty: 8 };
    expect(priceFigure('tp', now, before)).toEqual({ value: 180_000, change: -10, valueText: '180,000元', changeText: '成交价环比 -10.0%' });
    expect(priceFigure('discountRate', now, before)).toEqual({ value: 10, change: 10, valueText: '10.0%', changeText: '优惠率环比 +10.0个百分点' });
  });

  test('a month without prices is a dash and moves nothing', () => {
    const none = { msrp: null, tp: null, discount: null, rate: null, qty: 0 };
    expect(priceFigure('tp', none, none)).toEqual({ value: null, change: null, valueText: '-', changeText: '成交价环比 -' });
  });
});
