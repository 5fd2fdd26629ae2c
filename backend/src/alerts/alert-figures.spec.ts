import type { CompetitorSet, TableRow } from '@car/contracts';
import { monitorFigures } from '../competitorSets/competitor-monitor.figures';
import { priceFigure, rivalTpFallFigure, salesFigure, setShareFigure } from './alert-figures';

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

describe("a competitor set's figure (decision 298)", () => {
  const member = (id: number, name: string) => ({ id, name, producerName: '某厂' });
  const set = {
    id: 1,
    name: '对标组',
    own: [member(1, '本品车')],
    rivals: [member(2, '甲'), member(3, '乙'), member(4, '丙'), member(5, '丁'), member(6, '戊')],
  } as CompetitorSet;
  const [before, now] = [202602, 202603];
  const price = (tp: number) => ({ msrp: null, tp, discount: null, rate: null, qty: 1 });
  const prices = (tps: Record<number, [number | null, number | null]>) =>
    new Map(
      Object.entries(tps).map(([id, [previous, current]]) => [
        Number(id),
        new Map([...(previous === null ? [] : [[before, price(previous)] as const]), ...(current === null ? [] : [[now, price(current)] as const])]),
      ]),
    );
  /** The page's rule over the month before and the month: volumes as given, TPs as given. */
  const figures = (volumes: Record<number, [number, number]>, tps: Record<number, [number | null, number | null]>) =>
    monitorFigures({
      set,
      months: [before, now],
      volumes: new Map(
        Object.entries(volumes).map(([id, [b, n]]) => [
          Number(id),
          new Map([
            [before, b],
            [now, n],
          ]),
        ]),
      ),
      prices: prices(tps),
      ownPrices: prices(tps).get(1) ?? new Map(),
    });

  test("本品's share within the set and its change in points, as the page's card", () => {
    // 本品 300 of 300 + 100 + 200 = 600 → 50.0 %; before 100 of 100 + 300 = 400 → 25.0 %: +25.0 points.
    const figure = setShareFigure(figures({ 1: [100, 300], 2: [300, 100], 3: [0, 200] }, {}));
    expect(figure).toEqual({ value: 50, change: 25, valueText: '50.0%', changeText: '组内份额较上月 +25.0个百分点' });
    // A set that sold nothing has no share: a dash, holding nothing.
    expect(setShareFigure(figures({}, {}))).toMatchObject({ value: null, change: null, valueText: '-' });
  });

  test('the rivals that fell by more than N, largest first in the measure’s unit; 本品, a rise and a month without TP are no fall', () => {
    const tps = figures(
      {},
      {
        1: [200_000, 100_000], // 本品 fell most: not a rival
        2: [100_000, 96_000], //  甲 −4,000 = −4.0 %
        3: [200_000, 194_000], // 乙 −6,000 = −3.0 %
        4: [50_000, 48_000], //   丙 −2,000 = −4.0 %
        5: [null, 90_000], //     丁 no TP the month before
        6: [80_000, 90_000], //   戊 rose
      },
    );
    const byYuan = rivalTpFallFigure('rivalTpFall', 3000, tps, '对标组', now);
    expect(byYuan).toEqual({
      value: 6000,
      change: 6000,
      valueText: '6,000元',
      figureText: '对标组 2026-03 竞品成交价降幅 乙 6,000元（3.0%）、甲 4,000元（4.0%）',
      changeText: '乙 成交价 194,000元（上月 200,000元）；甲 成交价 96,000元（上月 100,000元）',
    });
    // By percent: 甲 and 丙 both 4.0 % (the page's order on a tie: the set's), then 乙 3.0 %.
    const byRate = rivalTpFallFigure('rivalTpFallRate', 2.5, tps, '对标组', now);
    expect([byRate.value, byRate.figureText]).toEqual([4, '对标组 2026-03 竞品成交价降幅 甲 4,000元（4.0%）、丙 2,000元（4.0%）、乙 6,000元（3.0%）']);
  });

  test('no rival fell: a dash, so 变动超过 N holds nothing', () => {
    const figure = rivalTpFallFigure('rivalTpFall', 1, figures({}, { 1: [100_000, 90_000], 2: [100_000, 100_000], 6: [80_000, 90_000] }), '对标组', now);
    expect(figure).toMatchObject({ value: null, change: null, valueText: '-' });
  });
});
