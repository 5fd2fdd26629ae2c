import {
  type CompetitorMonitor,
  type CompetitorSet,
  type MonitorMember,
  type MonitorPlace,
  percentNumber,
  rankingStatus,
  share,
  shareChange,
  withinSet,
} from '@car/contracts';
import { type PriceFigures, tpGapOf } from '../price/price.figures';

/**
 * 竞品监控's figures (issue 49 §2, decision 297), worked from the volumes and prices the query layer read: every
 * member's volume, its share within the set and its rank there month by month, its prices, and 本品's TP less each
 * rival's. The set's total is the sum of its members, so a page's figures add up to the sales pages' to the unit.
 */

/** A member's volume by month (YYYYMM); a month it sold nothing is absent. */
export type VolumesByMonth = ReadonlyMap<number, number>;
/** A member's (or 本品's together) prices by month, as price.figures reads them; a month without a price is absent. */
export type PricesByMonth = ReadonlyMap<number, PriceFigures>;

export interface MonitorFigures {
  set: CompetitorSet;
  /** The thirteen months, oldest first; the last is the month shown. */
  months: readonly number[];
  volumes: ReadonlyMap<number, VolumesByMonth>;
  prices: ReadonlyMap<number, PricesByMonth>;
  /** 本品 together: its own prices (the gaps' base). */
  ownPrices: PricesByMonth;
}

/** The set's figures over the months: every member's, the set's total and 本品's together (the page's and an alert's). */
export type SetFigures = Pick<CompetitorMonitor, 'members' | 'total' | 'own'>;

export function monitorFigures({ set, months, volumes, prices, ownPrices }: MonitorFigures): SetFigures {
  const ownIds = new Set(set.own.map((m) => m.id));
  const members = [...set.own, ...set.rivals];
  const volumesOf = (id: number): number[] => months.map((m) => volumes.get(id)?.get(m) ?? 0);
  const byMember = new Map(members.map((m) => [m.id, volumesOf(m.id)]));
  const total = months.map((_, i) => members.reduce((sum, m) => sum + byMember.get(m.id)![i], 0));
  const last = months.length - 1;
  const rankOf = (at: number): Map<number, number | null> => {
    const within = withinSet(members.map((m) => byMember.get(m.id)![at]));
    return new Map(members.map((m, i) => [m.id, within[i].rank]));
  };
  const [rank, previousRank] = [rankOf(last), last > 0 ? rankOf(last - 1) : new Map<number, number | null>()];
  const sharesOf = (qty: readonly number[]) => qty.map((q, i) => share(q, total[i]));

  const ownVolumes = months.map((_, i) => set.own.reduce((sum, m) => sum + byMember.get(m.id)![i], 0));
  const ownTp = months.map((m) => ownPrices.get(m)?.tp ?? null);

  const rows = members.map((member, order): MonitorMember & { order: number } => {
    const qty = byMember.get(member.id)!;
    const shares = sharesOf(qty);
    const own = ownIds.has(member.id);
    const priced = pricesOf(months, prices.get(member.id));
    const gaps = months.map((_, i) => (own ? NO_GAP : tpGapOf(ownTp[i], priced.tp[i])));
    const [now, before] = [rank.get(member.id) ?? null, previousRank.get(member.id) ?? null];
    return {
      ...member,
      order,
      own,
      volumes: qty,
      shares: shares.map(percentNumber),
      shareChange: changeOf(shares),
      rank: now,
      previousRank: before,
      rankingStatus: now === null ? -2 : rankingStatus(now, before),
      ...priced,
      tpGap: gaps.map((g) => g.gap),
      tpGapRate: gaps.map((g) => g.percent),
    };
  });
  // 本品 first in the set's order, then the rivals by the month's volume, largest first (the set's order on a tie).
  rows.sort((a, b) => Number(b.own) - Number(a.own) || (a.own ? 0 : b.volumes[last] - a.volumes[last]) || a.order - b.order);
  const ownShares = sharesOf(ownVolumes);
  return {
    members: rows.map(({ order: _order, ...row }) => row),
    total,
    own: { volumes: ownVolumes, shares: ownShares.map(percentNumber), shareChange: changeOf(ownShares), ...pricesOf(months, ownPrices) },
  };
}

/** A place's volumes of the month and the month before, 本品's and the whole set's. */
export interface PlaceVolumes {
  ownQty: number;
  setQty: number;
  ownPrevious: number;
  setPrevious: number;
}

/** 本品's share within the set in each place, the month and the month before, with the change in points. */
export function monitorPlace(place: { id: number; name: string }, v: PlaceVolumes): MonitorPlace {
  const [now, before] = [share(v.ownQty, v.setQty), share(v.ownPrevious, v.setPrevious)];
  return {
    id: place.id,
    code: String(place.id),
    name: place.name,
    ownQty: v.ownQty,
    setQty: v.setQty,
    share: percentNumber(now),
    previousShare: percentNumber(before),
    shareChange: percentNumber(shareChange(now, before)),
  };
}

const NO_GAP = { gap: null, percent: null } as const;

/** The last month's share less the month before's, in points (one decimal); null without both. */
function changeOf(shares: ReadonlyArray<number | null>): number | null {
  return shares.length < 2 ? null : percentNumber(shareChange(shares[shares.length - 1], shares[shares.length - 2]));
}

function pricesOf(months: readonly number[], byMonth: PricesByMonth | undefined): Pick<MonitorMember, 'tp' | 'discount' | 'discountRate'> {
  const at = (m: number) => byMonth?.get(m);
  return {
    tp: months.map((m) => at(m)?.tp ?? null),
    discount: months.map((m) => at(m)?.discount ?? null),
    discountRate: months.map((m) => percentNumber(at(m)?.rate)),
  };
}
