import type { CompetitorSet, SetMember } from '@car/contracts';
import type { PriceFigures } from '../price/price.figures';
import { monitorFigures, monitorPlace, type PricesByMonth, type VolumesByMonth } from './competitor-monitor.figures';

/*
 * 竞品监控's figures (decision 297) on small literal sets, worked by hand next to each expectation. Percents are
 * one-decimal numbers (37.5 = 37.5 %), rounded half up as percentNumber does (−6.25 → −6.2).
 */

const JAN = 202601;
const FEB = 202602;
const MAR = 202603;

const member = (id: number): SetMember => ({ id, name: `子车系${id}`, producerName: `厂商${id}` });

function setOf(own: number[], rivals: number[]): CompetitorSet {
  return {
    id: 1,
    name: '测试竞品组',
    own: own.map(member),
    rivals: rivals.map(member),
    updateTime: '2026-04-01 10:00',
    owner: { id: 1, account: 'owner', nickname: '主人' },
    mine: true,
    sharedWithProducer: false,
    sharedProducerName: null,
  };
}

/** Volumes by member: one number per month of `months`; a zero is a month with no row, as the query layer answers. */
function volumesOf(months: readonly number[], qty: Record<number, number[]>): Map<number, VolumesByMonth> {
  return new Map(
    Object.entries(qty).map(([id, values]) => [Number(id), new Map(values.flatMap((q, i): Array<[number, number]> => (q > 0 ? [[months[i], q]] : [])))]),
  );
}

/** One month's prices: MSRP and TP in whole yuan, the discount MSRP − TP and its rate (a fraction). */
const priced = (msrp: number, tp: number, qty = 100): PriceFigures => ({ msrp, tp, discount: msrp - tp, rate: (msrp - tp) / msrp, qty });

const NO_PRICES = new Map<number, PricesByMonth>();

describe('竞品监控: the members of a set month by month', () => {
  // 本品 [1] and rivals [2, 3, 4] in that order; [4] never sold.
  //              Jan  Feb  Mar
  //   [1] 本品   100  200  300
  //   [2]        100  100  100
  //   [3]          0  100  400
  //   [4]          0    0    0
  //   total      200  400  800
  const months = [JAN, FEB, MAR];
  const figures = monitorFigures({
    set: setOf([1], [2, 3, 4]),
    months,
    volumes: volumesOf(months, { 1: [100, 200, 300], 2: [100, 100, 100], 3: [0, 100, 400] }),
    prices: NO_PRICES,
    ownPrices: new Map(),
  });
  const byId = (id: number) => figures.members.find((m) => m.id === id)!;

  test("the set's total is the sum of its members' volumes, 0 where nothing sold", () => {
    expect(figures.total).toEqual([200, 400, 800]);
    expect(byId(4).volumes).toEqual([0, 0, 0]);
  });

  test('shares are of the set, not of the market, and the change is the last month less the one before, in points', () => {
    // [1]: 100/200 = 50.0, 200/400 = 50.0, 300/800 = 37.5 → change 37.5 − 50 = −12.5
    expect([byId(1).shares, byId(1).shareChange]).toEqual([[50, 50, 37.5], -12.5]);
    // [2]: 100/200 = 50.0, 100/400 = 25.0, 100/800 = 12.5 → −12.5
    expect([byId(2).shares, byId(2).shareChange]).toEqual([[50, 25, 12.5], -12.5]);
    // [3]: 0/200 = 0.0, 100/400 = 25.0, 400/800 = 50.0 → +25.0
    expect([byId(3).shares, byId(3).shareChange]).toEqual([[0, 25, 50], 25]);
    // [4]: sold nothing in a set that did: 0.0 %, not null.
    expect([byId(4).shares, byId(4).shareChange]).toEqual([[0, 0, 0], 0]);
    // 本品 alone is [1].
    expect(figures.own).toMatchObject({ volumes: [100, 200, 300], shares: [50, 50, 37.5], shareChange: -12.5 });
  });

  test('competition ranks within the set: ties share a rank, a member that sold nothing has none', () => {
    // March: [3] 400 → 1, [1] 300 → 2, [2] 100 → 3, [4] 0 → null.
    // February: [1] 200 → 1, [2] 100 and [3] 100 → 2 and 2, [4] → null.
    expect(figures.members.map((m) => [m.id, m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [1, 2, 1, -1], // 1 → 2: down
      [3, 1, 2, 1], // 2 → 1: up
      [2, 3, 2, -1], // 2 → 3: down
      [4, null, null, -2], // no rank: no arrow
    ]);
  });

  test("本品 first, then the rivals by the last month's volume, largest first", () => {
    // Rivals in the set's order [2, 3, 4]; March volumes 100, 400, 0.
    expect(figures.members.map((m) => [m.id, m.own])).toEqual([
      [1, true],
      [3, false],
      [2, false],
      [4, false],
    ]);
  });
});

describe('竞品监控: order and ranks on ties', () => {
  // 本品 [1]; rivals in the set's order [6, 5, 7, 8]:
  //          Feb  Mar
  //   [1]    300  300
  //   [6]    100  100
  //   [5]    200  100
  //   [7]      0  200
  //   [8]     50    0
  const months = [FEB, MAR];
  const figures = monitorFigures({
    set: setOf([1], [6, 5, 7, 8]),
    months,
    volumes: volumesOf(months, { 1: [300, 300], 6: [100, 100], 5: [200, 100], 7: [0, 200], 8: [50, 0] }),
    prices: NO_PRICES,
    ownPrices: new Map(),
  });

  test("rivals with the same volume keep the set's order", () => {
    // March: [7] 200 first; [6] and [5] both 100: [6] came first in the set; [8] sold nothing, last.
    expect(figures.members.map((m) => m.id)).toEqual([1, 7, 6, 5, 8]);
  });

  test('a tie shares its rank and the next rank is skipped; a member new this month, or gone, has no arrow; an unchanged rank is 0', () => {
    // March: [1] 300 → 1, [7] 200 → 2, [6] and [5] 100 → 3, 3, [8] → null.
    // February: [1] → 1, [5] 200 → 2, [6] 100 → 3, [8] 50 → 4, [7] → null.
    expect(figures.members.map((m) => [m.id, m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [1, 1, 1, 0],
      [7, 2, null, -2],
      [6, 3, 3, 0],
      [5, 3, 2, -1],
      [8, null, 4, -2], // ranked in February, not now: no arrow (not "up" from rank 0)
    ]);
  });
});

describe('竞品监控: prices and the TP gap', () => {
  //                           Feb                         Mar
  //   [1] 本品   MSRP 160,000 TP 150,000       MSRP 158,000 TP 144,000
  //   [2]        MSRP 180,000 TP 160,000       MSRP 175,000 TP 154,000
  //   [3]        no price                      MSRP 220,000 TP 195,000
  const months = [FEB, MAR];
  const own = new Map([
    [FEB, priced(160_000, 150_000)],
    [MAR, priced(158_000, 144_000)],
  ]);
  const figures = monitorFigures({
    set: setOf([1], [2, 3]),
    months,
    volumes: volumesOf(months, { 1: [200, 500], 2: [100, 300], 3: [0, 200] }),
    prices: new Map<number, PricesByMonth>([
      [1, own],
      [
        2,
        new Map([
          [FEB, priced(180_000, 160_000)],
          [MAR, priced(175_000, 154_000)],
        ]),
      ],
      [3, new Map([[MAR, priced(220_000, 195_000)]])],
    ]),
    ownPrices: own,
  });
  const byId = (id: number) => figures.members.find((m) => m.id === id)!;

  test('each member shows its TP, discount and discount rate by month; null where the month has no price', () => {
    // [1]: discounts 10,000 and 14,000; rates 10000/160000 = 6.25 → 6.3, 14000/158000 = 8.86 → 8.9.
    expect([byId(1).tp, byId(1).discount, byId(1).discountRate]).toEqual([
      [150_000, 144_000],
      [10_000, 14_000],
      [6.3, 8.9],
    ]);
    // [3]: 25,000 / 220,000 = 11.36 → 11.4; nothing in February.
    expect([byId(3).tp, byId(3).discount, byId(3).discountRate]).toEqual([
      [null, 195_000],
      [null, 25_000],
      [null, 11.4],
    ]);
    expect([figures.own.tp, figures.own.discountRate]).toEqual([
      [150_000, 144_000],
      [6.3, 8.9],
    ]);
  });

  test("the TP gap is 本品's TP less the rival's, and its percent of the rival's TP; none for 本品 or without both prices", () => {
    // [2]: Feb 150,000 − 160,000 = −10,000, −10000/160000 = −6.25 % → −6.2 (half up); Mar 144,000 − 154,000 = −10,000, −6.49 % → −6.5.
    expect([byId(2).tpGap, byId(2).tpGapRate]).toEqual([
      [-10_000, -10_000],
      [-6.2, -6.5],
    ]);
    // [3]: Feb no price → null; Mar 144,000 − 195,000 = −51,000, −51000/195000 = −26.15 % → −26.2.
    expect([byId(3).tpGap, byId(3).tpGapRate]).toEqual([
      [null, -51_000],
      [null, -26.2],
    ]);
    // 本品 has prices but no gap to itself.
    expect([byId(1).tpGap, byId(1).tpGapRate]).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('竞品监控: several 本品', () => {
  // 本品 [1, 2] in that order, rival [3]:
  //          Feb  Mar
  //   [1]    100  100
  //   [2]    100  300
  //   [3]    200  400
  const months = [FEB, MAR];
  // 本品 together were priced by the query layer over both (their own weighted TP), not member [1]'s alone.
  const together = new Map([[MAR, priced(170_000, 150_000, 400)]]);
  const figures = monitorFigures({
    set: setOf([1, 2], [3]),
    months,
    volumes: volumesOf(months, { 1: [100, 100], 2: [100, 300], 3: [200, 400] }),
    prices: new Map<number, PricesByMonth>([
      [1, new Map([[MAR, priced(150_000, 140_000)]])],
      [2, new Map([[MAR, priced(180_000, 160_000)]])],
      [3, new Map([[MAR, priced(200_000, 160_000)]])],
    ]),
    ownPrices: together,
  });

  test("本品's volumes and share are summed over its members", () => {
    // Feb 100 + 100 = 200 of 400 → 50.0; Mar 100 + 300 = 400 of 800 → 50.0; change 0.
    expect(figures.own).toMatchObject({ volumes: [200, 400], shares: [50, 50], shareChange: 0, tp: [null, 150_000], discountRate: [null, 11.8] });
    expect(figures.total).toEqual([400, 800]);
  });

  test("本品 stay in the set's order whatever they sold, and each rival's gap is taken from 本品's TP together", () => {
    // [2] sold more than [1] in March, yet [1] comes first: the set's order.
    expect(figures.members.map((m) => [m.id, m.own])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    // 150,000 (together) − 160,000 = −10,000, −10000/160000 = −6.25 % → −6.2; member [1]'s 140,000 would give −20,000.
    const rival = figures.members[2];
    expect([rival.tpGap, rival.tpGapRate]).toEqual([
      [null, -10_000],
      [null, -6.2],
    ]);
  });
});

describe('竞品监控: a month the set sold nothing', () => {
  // Months Jan, Feb: nothing in January; in February [1] 100, [2] 300.
  const months = [JAN, FEB];
  const figures = monitorFigures({
    set: setOf([1], [2]),
    months,
    volumes: volumesOf(months, { 1: [0, 100], 2: [0, 300] }),
    prices: NO_PRICES,
    ownPrices: new Map(),
  });

  test('shares are null that month, so is the change, and the ranks have nothing to compare with', () => {
    expect(figures.total).toEqual([0, 400]);
    // [1]: January 0 of 0 → null; February 100/400 = 25.0; the change needs both → null.
    expect(figures.members.map((m) => [m.id, m.shares, m.shareChange, m.rank, m.previousRank, m.rankingStatus])).toEqual([
      [1, [null, 25], null, 2, null, -2],
      [2, [null, 75], null, 1, null, -2],
    ]);
    expect(figures.own).toMatchObject({ volumes: [0, 100], shares: [null, 25], shareChange: null, tp: [null, null] });
  });

  test('a last month with no sales at all: no shares, no ranks, no arrows', () => {
    const empty = monitorFigures({ set: setOf([1], [2]), months, volumes: new Map(), prices: NO_PRICES, ownPrices: new Map() });
    expect(empty.total).toEqual([0, 0]);
    expect(empty.members.map((m) => [m.id, m.shares, m.shareChange, m.rank, m.rankingStatus])).toEqual([
      [1, [null, null], null, null, -2],
      [2, [null, null], null, null, -2],
    ]);
  });
});

describe("竞品监控's map: 本品's share within the set in a place", () => {
  const place = { id: 440000, name: '广东' };

  test('the share of the month and the month before, and the change in points', () => {
    // 200/600 = 33.3 %; 100/200 = 50.0 %; 33.33 − 50 = −16.7 pt.
    expect(monitorPlace(place, { ownQty: 200, setQty: 600, ownPrevious: 100, setPrevious: 200 })).toEqual({
      id: 440000,
      code: '440000',
      name: '广东',
      ownQty: 200,
      setQty: 600,
      share: 33.3,
      previousShare: 50,
      shareChange: -16.7,
    });
  });

  test('a place where only rivals sold is 0.0 %; one where the set sold nothing has no share and no change', () => {
    expect(monitorPlace(place, { ownQty: 0, setQty: 100, ownPrevious: 0, setPrevious: 100 })).toMatchObject({ share: 0, previousShare: 0, shareChange: 0 });
    expect(monitorPlace(place, { ownQty: 0, setQty: 0, ownPrevious: 0, setPrevious: 0 })).toMatchObject({
      share: null,
      previousShare: null,
      shareChange: null,
    });
    // Sold last month only: last month's share stands, the change has nothing to compare.
    expect(monitorPlace(place, { ownQty: 0, setQty: 0, ownPrevious: 100, setPrevious: 400 })).toMatchObject({
      share: null,
      previousShare: 25,
      shareChange: null,
    });
  });
});
