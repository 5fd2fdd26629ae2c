import type { CarDetails, ModelRow } from '@car/contracts';
import { figureText } from '../deck/deck.writer';
import { carDetailsSlide } from './company-brand.deck';

/** A model row of the detail table: its sales and a name; the other figures as the page would show them. */
function model(id: number, name: string, sales: number, subtotal = false): ModelRow {
  return {
    id,
    name,
    sales,
    salesStr: String(sales),
    tqSales: 100,
    tqSalesStr: '100',
    yoy: sales - 100,
    yoyStr: `${(sales - 100).toFixed(1)}%`,
    detailMix: 10,
    detailMixStr: '10.0%',
    detailMixChange: -1.5,
    detailMixChangeStr: '-1.5',
    wholeMix: 5,
    wholeMixStr: '5.0%',
    wholeMixChange: 0,
    wholeMixChangeStr: '0.0',
    ranking: id,
    rankingStr: String(id),
    rankingStatus: 0,
    subtotal,
  };
}

const DETAILS: CarDetails = {
  id: 12,
  name: '乙汽车',
  type: 0,
  accumulate: 0,
  time: '2026-03',
  tqTime: '2025-03',
  details: [
    {
      id: 3,
      name: 'A级轿车',
      width: 100,
      mix: 60,
      mixStr: '60.0%',
      tqWidth: 100,
      tqMix: 50,
      tqMixStr: '50.0%',
      models: [model(1, '乙电EV', 300), model(2, '乙星', 100), model(3, '乙悦', 200)],
      heJi1: model(4, '合计', 600, true),
      heJi2: model(5, '细分市场合计', 2000, true),
    },
  ],
  wholeHeJi1: model(6, '乙汽车合计', 600, true),
  wholeHeJi2: model(7, '市场合计', 5000, true),
  hejis: [model(6, '乙汽车合计', 600, true)],
  compareHeJiList: [],
};

describe('the car-model details on a deck (厂商品牌表现, decision 211)', () => {
  const cells = (order: Parameters<typeof carDetailsSlide>[2]) => {
    const slide = carDetailsSlide('乙汽车 车型明细', DETAILS, order);
    return slide.rows.map((line) => slide.columns.map((c) => figureText(c.kind, c.value(line))));
  };

  test('the page’s columns: the segment (its share) on its first line, the model, the figures; a total’s name in the first column', () => {
    const slide = carDetailsSlide('乙汽车 车型明细', DETAILS, undefined);
    expect(slide.title).toBe('乙汽车 车型明细 2026-03（同期 2025-03）');
    expect(slide.columns.map((c) => c.header)).toEqual([
      '细分市场（占比）',
      '车型',
      '销量',
      '去年同期销量',
      '同比',
      '细分市场份额',
      '份额变化(百分点)',
      '细分市场排名',
    ]);
    const rows = cells(undefined);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['A级轿车（60.0%）', '乙电EV', '300'],
      ['', '乙星', '100'],
      ['', '乙悦', '200'],
      ['', '合计', '600'],
      ['', '细分市场合计', '2,000'],
      ['乙汽车合计', '', '600'],
      ['市场合计', '', '5,000'],
    ]);
    expect(slide.rows.map((line) => slide.strong?.(line))).toEqual([false, false, false, true, true, true, true]);
  });

  test('the page’s detailSort orders each segment’s models; its subtotals stay at its foot', () => {
    expect(cells({ column: 'sales', direction: 'asc' }).map((r) => r[1])).toEqual(['乙星', '乙悦', '乙电EV', '合计', '细分市场合计', '', '']);
    expect(
      cells({ column: 'name', direction: 'desc' })
        .slice(0, 3)
        .map((r) => r[1]),
    ).not.toEqual(['乙电EV', '乙星', '乙悦']);
  });
});
