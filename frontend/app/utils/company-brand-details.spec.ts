import { type CarDetails, type ModelRow, rankArrow, type SegmentDetail } from '@car/contracts';
import { comparedMakers, detailLines } from './company-brand-details';

function row(id: number, name: string, subtotal = false, extra: Partial<ModelRow> = {}): ModelRow {
  return {
    id,
    name,
    sales: 100,
    salesStr: '100',
    tqSales: 90,
    tqSalesStr: '90',
    yoy: 11.1,
    yoyStr: '11.1%',
    detailMix: 1,
    detailMixStr: '1.0%',
    detailMixChange: 0.1,
    detailMixChangeStr: '0.1%',
    wholeMix: 0.5,
    wholeMixStr: '0.5%',
    wholeMixChange: 0,
    wholeMixChangeStr: '0.0%',
    ranking: 3,
    rankingStr: '3',
    rankingStatus: 1,
    subtotal,
    ...extra,
  };
}

function segment(id: number, name: string, models: ModelRow[]): SegmentDetail {
  return {
    id,
    name,
    width: 100,
    mix: 60,
    mixStr: '60.0%',
    tqWidth: 90,
    tqMix: 55,
    tqMixStr: '55.0%',
    models,
    heJi1: row(40, '合计', true),
    heJi2: row(id, '细分市场合计', true),
  };
}

function details(extra: Partial<CarDetails> = {}): CarDetails {
  return {
    type: 0,
    accumulate: 0,
    id: 40,
    name: '一汽-大众',
    details: [segment(7, 'A级SUV', [row(528, '捷达VS5'), row(522, 'ID.4 CROZZ')]), segment(3, 'A级轿车', [row(509, '速腾')])],
    wholeHeJi1: row(40, '一汽-大众合计', true),
    time: '2026-10',
    tqTime: '2025-10',
    wholeHeJi2: row(0, '市场合计', true, { ranking: null, rankingStr: '-', rankingStatus: -2 }),
    hejis: [row(40, '一汽-大众合计', true)],
    compareHeJiList: [],
    ...extra,
  };
}

describe('the car-model detail table', () => {
  it("merges a segment's cell down its models and its two subtotals", () => {
    const lines = detailLines(details());
    expect(lines.map((l) => [l.kind, l.row.name, l.segment?.rowSpan ?? null])).toEqual([
      ['model', '捷达VS5', 4],
      ['model', 'ID.4 CROZZ', null],
      ['subtotal', '合计', null],
      ['subtotal', '细分市场合计', null],
      ['model', '速腾', 3],
      ['subtotal', '合计', null],
      ['subtotal', '细分市场合计', null],
      ['total', '一汽-大众合计', null],
      ['total', '市场合计', null],
    ]);
    expect(lines[0].segment).toMatchObject({ name: 'A级SUV', mixStr: '60.0%', tqMixStr: '55.0%', width: 100 });
  });

  it('ends with the total of each compared producer or brand before the market total', () => {
    const compared = details({ hejis: [row(40, '一汽-大众合计', true), row(1, '比亚迪汽车合计', true)] });
    expect(
      detailLines(compared)
        .filter((l) => l.kind === 'total')
        .map((l) => l.row.name),
    ).toEqual(['一汽-大众合计', '比亚迪汽车合计', '市场合计']);
  });

  it('shows only the totals when the producer sold nothing under the filters', () => {
    expect(detailLines(details({ details: [] })).map((l) => l.row.name)).toEqual(['一汽-大众合计', '市场合计']);
  });

  it('gives every row a distinct key', () => {
    const keys = detailLines(details()).map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('arrows the rank by rankingStatus: up, down, flat, none', () => {
    expect(rankArrow({ ranking: 3, rankingStatus: 1 })).toBe('up');
    expect(rankArrow({ ranking: 3, rankingStatus: -1 })).toBe('down');
    expect(rankArrow({ ranking: 3, rankingStatus: 0 })).toBe('flat');
    expect(rankArrow({ ranking: 3, rankingStatus: -2 })).toBeNull();
    expect(rankArrow({ ranking: null, rankingStatus: 1 })).toBeNull();
  });

  it('names the compared producers or brands for the picker', () => {
    const compared = details({ compareHeJiList: [{ id: 1, name: '比亚迪汽车', details: [], wholeHeJi1: row(1, '比亚迪汽车合计', true) }] });
    expect(comparedMakers(compared)).toEqual([{ id: 1, name: '比亚迪汽车' }]);
    expect(comparedMakers(null)).toEqual([]);
  });
});
