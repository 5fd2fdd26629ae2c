/**
 * The producer/brand page's rows, from sums the query layer already made: the sales-tendency list
 * (ranking rows with the spec's Str forms) and the car-model details (sub-series per segment with
 * shares of the segment and of the market, ranks within the segment, and subtotals). Pure functions.
 */
import {
  barWidth,
  growth,
  growthNumber,
  type MakerDetails,
  type MakerKind,
  type ModelRow,
  percentNumber as round1,
  percentText,
  pointsTextOf,
  rankingStatus,
  ranks,
  type SegmentDetail,
  share,
  shareChange,
  shareText,
  type TableRow,
  type TendencyPage,
  type TendencyRow,
  thousands,
} from '@car/contracts';
import type { AnalyticsRow } from '../analytics/analytics.service';
import { withExactShares } from '../workbook/table-workbook';
import type { Maker } from './company-brand.types';

/** The list's rank bands: band n holds places 10(n − 1) + 1 … 10n. */
export const BAND_SIZE = 10;

function tendencyRow(r: TableRow, ranking: number): TendencyRow {
  return {
    ...r,
    ranking,
    rankingStr: String(ranking),
    momStr: r.moms,
    yoyStr: r.yoys,
    mixStr: r.mixs,
    tqMixStr: r.tqMixs,
    mixChangeStr: r.mixChanges,
    ljRankingStr: r.ljRanking === null ? '-' : String(r.ljRanking),
    yearYoyStr: r.yearYoys,
    yearMixStr: r.yearMixs,
    tqYearMixStr: r.tqYearMixs,
    yearMixChangeStr: r.yearMixChanges,
  };
}

/**
 * One page of the list — `currentPage` with `pageSize` rows (a rank band is page n of size 10), already
 * in the list's order and cut by the query layer — numbered by their place in the whole list of
 * `total` rows, with the Str forms.
 */
export function tendencyPage(page: readonly TableRow[], total: number, currentPage: number, pageSize: number, places?: readonly number[]): TendencyPage {
  const start = (currentPage - 1) * pageSize;
  return { list: page.map((r, i) => tendencyRow(r, places?.[i] ?? start + i + 1)), total, currentPage, pageSize };
}

/** Volume in the period shown (cur: the month or January-to-date) and the same period a year earlier. */
interface Sums {
  cur: number;
  prev: number;
}

/** A place now and in the compared period; null where there was nothing to rank. */
interface Place {
  rank: number | null;
  previous: number | null;
}

interface SegmentMarket {
  id: number;
  name: string;
  sums: Sums;
  place: Place;
  /** Sub-series id → place within the segment. */
  models: Map<number, Place>;
  /** Producer or brand id → place within the segment. */
  makers: Record<MakerKind, Map<number, Place>>;
}

/**
 * The whole filtered market as the car-model details need it, built once per request from its
 * sub-series sums (grouped by segment, sub-series, producer and brand; measures cur and prev).
 */
export interface DetailsMarket {
  rows: AnalyticsRow[];
  sums: Sums;
  segments: Map<number, SegmentMarket>;
  /** Producer or brand id → place in the whole market. */
  makers: Record<MakerKind, Map<number, Place>>;
}

const sumsOf = (row: AnalyticsRow): Sums => ({ cur: row.values.cur ?? 0, prev: row.values.prev ?? 0 });

function add(total: Sums, part: Sums): Sums {
  return { cur: total.cur + part.cur, prev: total.prev + part.prev };
}

function sumBy(rows: readonly AnalyticsRow[], key: (row: AnalyticsRow) => number): Map<number, Sums> {
  const sums = new Map<number, Sums>();
  for (const row of rows) {
    const id = key(row);
    sums.set(id, add(sums.get(id) ?? { cur: 0, prev: 0 }, sumsOf(row)));
  }
  return sums;
}

/** Competition ranks now and in the compared period, by volume; nothing sold means no rank. */
export function places(sums: ReadonlyMap<number, Sums>): Map<number, Place> {
  const entries = [...sums];
  const now = ranks(entries.map(([, s]) => s.cur));
  const before = ranks(entries.map(([, s]) => s.prev));
  return new Map(entries.map(([id, s], i) => [id, { rank: s.cur > 0 ? now[i] : null, previous: s.prev > 0 ? before[i] : null }]));
}

function makerPlaces(rows: readonly AnalyticsRow[]): Record<MakerKind, Map<number, Place>> {
  return {
    producer: places(sumBy(rows, (r) => r.key.producer ?? 0)),
    brand: places(sumBy(rows, (r) => r.key.brand ?? 0)),
  };
}

export function detailsMarket(data: readonly AnalyticsRow[]): DetailsMarket {
  const rows = data.filter((r) => (r.values.cur ?? 0) > 0 || (r.values.prev ?? 0) > 0);
  const bySegment = new Map<number, AnalyticsRow[]>();
  for (const row of rows) {
    const id = row.key.segment ?? 0;
    bySegment.set(id, [...(bySegment.get(id) ?? []), row]);
  }
  const segmentPlaces = places(sumBy(rows, (r) => r.key.segment ?? 0));
  const segments = new Map<number, SegmentMarket>();
  for (const [id, members] of bySegment) {
    segments.set(id, {
      id,
      name: members[0].name.segment ?? '',
      sums: members.map(sumsOf).reduce(add, { cur: 0, prev: 0 }),
      place: segmentPlaces.get(id) ?? { rank: null, previous: null },
      models: places(sumBy(members, (r) => r.key.subSeries ?? 0)),
      makers: makerPlaces(members),
    });
  }
  return { rows, sums: rows.map(sumsOf).reduce(add, { cur: 0, prev: 0 }), segments, makers: makerPlaces(rows) };
}

/**
 * A row of the detail table: volume, yoy, shares of the segment and of the market, and the place; the shares also
 * unrounded, for the workbook (decision 286).
 */
export function modelRow(id: number, name: string, sums: Sums, segment: Sums, market: Sums, place: Place | null, subtotal: boolean): ModelRow {
  const yoy = growth(sums.cur, sums.prev);
  const detailMix = share(sums.cur, segment.cur);
  const detailMixChange = shareChange(detailMix, share(sums.prev, segment.prev));
  const wholeMix = share(sums.cur, market.cur);
  const wholeMixChange = shareChange(wholeMix, share(sums.prev, market.prev));
  const ranking = place?.rank ?? null;
  const shown: ModelRow = {
    id,
    name,
    sales: sums.cur,
    salesStr: thousands(sums.cur),
    tqSales: sums.prev,
    tqSalesStr: thousands(sums.prev),
    yoy: growthNumber(yoy),
    yoyStr: percentText(yoy),
    detailMix: round1(detailMix),
    detailMixStr: shareText(detailMix),
    detailMixChange: growthNumber(detailMixChange),
    detailMixChangeStr: pointsTextOf(detailMixChange),
    wholeMix: round1(wholeMix),
    wholeMixStr: shareText(wholeMix),
    wholeMixChange: growthNumber(wholeMixChange),
    wholeMixChangeStr: pointsTextOf(wholeMixChange),
    ranking,
    rankingStr: ranking === null ? '-' : String(ranking),
    rankingStatus: ranking === null ? -2 : rankingStatus(ranking, place?.previous ?? null),
    subtotal,
  };
  return withExactShares(shown, { detailMix, wholeMix });
}

const bySalesThenId = (a: { sums: Sums; id: number }, b: { sums: Sums; id: number }): number =>
  b.sums.cur - a.sums.cur || b.sums.prev - a.sums.prev || a.id - b.id;

/**
 * A producer's or brand's car-model details: its segments, largest first, each with its sub-series
 * (largest first), its subtotal (heJi1) and the segment's market total (heJi2); and its own total.
 */
export function makerDetails(market: DetailsMarket, maker: Maker): MakerDetails {
  const own = market.rows.filter((r) => r.key[maker.kind] === maker.id);
  const total = own.map(sumsOf).reduce(add, { cur: 0, prev: 0 });
  const bySegment = sumBy(own, (r) => r.key.segment ?? 0);
  const largest = { cur: Math.max(0, ...[...bySegment.values()].map((s) => s.cur)), prev: Math.max(0, ...[...bySegment.values()].map((s) => s.prev)) };
  const details: SegmentDetail[] = [...bySegment]
    .map(([id, sums]) => ({ id, sums }))
    .sort(bySalesThenId)
    .map(({ id, sums }) => {
      const segment = market.segments.get(id) as SegmentMarket;
      const models = own
        .filter((r) => r.key.segment === id)
        .map((r) => ({ id: r.key.subSeries ?? 0, name: r.name.subSeries ?? '', sums: sumsOf(r) }))
        .sort(bySalesThenId)
        .map((m) => modelRow(m.id, m.name, m.sums, segment.sums, market.sums, segment.models.get(m.id) ?? null, false));
      const mix = share(sums.cur, total.cur);
      const tqMix = share(sums.prev, total.prev);
      const detail: SegmentDetail = {
        id,
        name: segment.name,
        width: barWidth(sums.cur, largest.cur),
        mix: round1(mix),
        mixStr: shareText(mix),
        tqWidth: barWidth(sums.prev, largest.prev),
        tqMix: round1(tqMix),
        tqMixStr: shareText(tqMix),
        models,
        heJi1: modelRow(maker.id, '合计', sums, segment.sums, market.sums, segment.makers[maker.kind].get(maker.id) ?? null, true),
        heJi2: modelRow(id, '细分市场合计', segment.sums, segment.sums, market.sums, segment.place, true),
      };
      // The segment's part of the maker unrounded too, for the workbook's 细分市场占比 (decision 286).
      return withExactShares(detail, { mix });
    });
  // At the top level the "segment" is the whole market, so detailMix equals wholeMix there.
  const wholeHeJi1 = modelRow(maker.id, `${maker.name}合计`, total, market.sums, market.sums, market.makers[maker.kind].get(maker.id) ?? null, true);
  return { id: maker.id, name: maker.name, details, wholeHeJi1 };
}

/** 市场合计: the whole filtered market's row. */
export function marketTotal(market: DetailsMarket): ModelRow {
  return modelRow(0, '市场合计', market.sums, market.sums, market.sums, null, true);
}
