import { type CompetitorMonitor, type MonitorMember, type MonitorPlace, monitorChart } from '@car/contracts';

import {
  configHref,
  configWithSet,
  defaultConfigChoice,
  monitorSetOf,
  monitorWithSet,
  ownShareSubscription,
  priceCells,
  proportionWithSet,
  traceWithSet,
  proportionHref,
  shareMovers,
  setChoiceLabel,
  traceHref,
} from './competitor-monitor';

const member = (id: number, own: boolean, extra: Partial<MonitorMember> = {}): MonitorMember => ({
  id,
  name: `车系${id}`,
  producerName: '厂商',
  own,
  volumes: [100, 200],
  shares: [50, 40],
  shareChange: -10,
  rank: 1,
  previousRank: 1,
  rankingStatus: 0,
  tp: [100_000, 101_000],
  discount: [5_000, 4_000],
  discountRate: [4.8, 3.8],
  tpGap: [null, null],
  tpGapRate: [null, null],
  ...extra,
});

const monitor = (rivals: number): CompetitorMonitor =>
  ({
    time: '2026-10',
    months: ['2026-09', '2026-10'],
    members: [member(7, true), ...Array.from({ length: rivals }, (_, i) => member(100 + i, false))],
  }) as unknown as CompetitorMonitor;

const place = (name: string, shareChange: number | null, setQty = 100): MonitorPlace => ({
  id: name.length,
  code: name,
  name,
  ownQty: 10,
  setQty,
  share: 10,
  previousShare: null,
  shareChange,
});

describe('竞品监控 rules (decision 297)', () => {
  test('the trace traces 本品 against the five largest rivals; the proportion page takes ten', () => {
    const data = monitor(12);
    expect(traceHref(data)).toBe('/price/cabmodelpricetrace?modelSubId=7&time=2026-10&modelSubIds=100%2C101%2C102%2C103%2C104');
    expect(new URL(proportionHref(data), 'http://x').searchParams.get('modelSubIds')?.split(',')).toHaveLength(10);
    expect(traceHref(monitor(0))).toBe('/price/cabmodelpricetrace?modelSubId=7&time=2026-10');
  });

  test('配置查询 opens with five members at most, 本品 first', () => {
    expect(defaultConfigChoice(monitor(9))).toEqual([7, 100, 101, 102, 103]);
    expect(configHref([7, 100, 101, 102, 103, 104])).toBe('/product/configquery?ids=7,100,101,102,103');
  });

  test('the chart draws volumes or shares, a line per member, 本品 marked', () => {
    const chart = monitorChart(monitor(1), 1);
    expect(chart.series.map((s) => [s.name, s.data])).toEqual([
      ['车系7（本品）', [50, 40]],
      ['车系100', [50, 40]],
    ]);
    expect(monitorChart(monitor(1), 0).series[0].data).toEqual([100, 200]);
  });

  test('a price cell rises or falls on the month before; a gap carries its percent', () => {
    expect(priceCells(member(1, false), 0).map((c) => c.move)).toEqual([null, 'up']);
    expect(priceCells(member(1, false), 1).map((c) => c.move)).toEqual([null, 'down']);
    const gap = priceCells(member(1, false, { tpGap: [-2_000, -2_000], tpGapRate: [-1.9, -1.9] }), 3);
    expect(gap).toEqual([
      { value: -2_000, percent: -1.9, move: null },
      { value: -2_000, percent: -1.9, move: null },
    ]);
    expect(priceCells(member(1, false, { tp: [null, 100_000] }), 0)[1].move).toBeNull();
  });

  test('the places that moved most: gains and losses apart, largest first, ties by the set volume', () => {
    const places = [place('甲', 1.5), place('乙', -0.4), place('丙', 1.5, 300), place('丁', 0), place('戊', null), place('己', -2)];
    const { gains, losses } = shareMovers(places, 5);
    expect(gains.map((p) => p.name)).toEqual(['丙', '甲']);
    expect(losses.map((p) => p.name)).toEqual(['己', '乙']);
    expect(shareMovers(places, 1).gains.map((p) => p.name)).toEqual(['丙']);
  });

  test("a set fills another page: its own pickers, the rest of the address kept, the old subject's pickers dropped", () => {
    const set = {
      own: [{ id: 7, name: '本', producerName: '甲' }],
      rivals: Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, name: `竞${i}`, producerName: '乙' })),
    };
    const trace = new URL(traceWithSet('?time=2026-09&brand=3&carId=9&carIds=8&city=110000&measure=1', set), 'http://x');
    expect(Object.fromEntries(trace.searchParams)).toEqual({
      time: '2026-09',
      city: '110000',
      measure: '1',
      modelSubId: '7',
      modelSubIds: '100,101,102,103,104',
    });
    const proportion = new URL(proportionWithSet('?time=2026-09&carIds=8&data1=1', set), 'http://x');
    expect(Object.fromEntries(proportion.searchParams)).toEqual({
      time: '2026-09',
      data1: '1',
      modelSubId: '7',
      modelSubIds: set.rivals
        .slice(0, 10)
        .map((m) => m.id)
        .join(','),
    });
    expect(configWithSet(set)).toBe('/product/configquery?ids=7,100,101,102,103');
    expect(new URL(traceWithSet('', { own: set.own, rivals: [] }), 'http://x').searchParams.has('modelSubIds')).toBe(false);
  });
});

describe('the set 竞品监控 shows (decision 297)', () => {
  const set = (id: number, mine = true) => ({ id, name: `组${id}`, mine, owner: { id: 9, account: 'li', nickname: '李工' } });
  const list = { mine: [set(3), set(4)], shared: [set(8, false)] };

  test('the set the link names when the caller may read it, their own or shared with them', () => {
    expect(monitorSetOf(list, 4)).toEqual({ set: set(4), missing: false });
    expect(monitorSetOf(list, 8)).toEqual({ set: set(8, false), missing: false });
  });

  test('a link naming a set the caller cannot read (deleted, or no longer shared) shows none and says so', () => {
    expect(monitorSetOf(list, 5)).toEqual({ set: null, missing: true });
    expect(monitorSetOf({ mine: [], shared: [] }, 5)).toEqual({ set: null, missing: true });
  });

  test('a link naming no set shows their first own set, else the first shared with them, else none', () => {
    expect(monitorSetOf(list, null)).toEqual({ set: set(3), missing: false });
    expect(monitorSetOf({ mine: [], shared: [set(8, false)] }, null)).toEqual({ set: set(8, false), missing: false });
    expect(monitorSetOf({ mine: [], shared: [] }, null)).toEqual({ set: null, missing: false });
  });

  test('choosing a set keeps the month, source, area and views of the address; a shared set names its owner', () => {
    expect(monitorWithSet('?set=5&time=2026-03&source=2&area=440000&level=2&chart=1&suggest=1', 4)).toBe(
      '/salevolume/competitormonitor?set=4&time=2026-03&source=2&area=440000&level=2&chart=1',
    );
    expect(setChoiceLabel(set(3))).toBe('组3');
    expect(setChoiceLabel(set(8, false))).toBe('组8（李工）');
    expect(setChoiceLabel({ ...set(8, false), owner: { id: 9, account: 'li', nickname: '' } })).toBe('组8（li）');
  });
});

describe('the bell on 本品组内份额 (decision 298)', () => {
  test("subscribes to 本品's share within the shown set, on the view with its set and month named", () => {
    const set = { id: 7, name: '德锐对标' } as CompetitorMonitor['set'];
    expect(ownShareSubscription({ set, time: '2026-03' }, '?source=1&suggest=1&chart=1')).toEqual({
      figure: { measure: 'setShare', rowKind: 'competitorSet', rowId: 7, rowName: '德锐对标' },
      search: '?source=1&chart=1&set=7&time=2026-03',
    });
  });
});
