import { Injectable } from '@nestjs/common';
import {
  addMonths,
  type CompetitorMonitor,
  type CompetitorMonitorDto,
  type CompetitorSet,
  monitorTags,
  formatMonth,
  MONITOR_MONTHS,
  salesSourceKind,
} from '@car/contracts';
import type { AnalyticsRow } from '../analytics/analytics.service';
import { AnalyticsService } from '../analytics/analytics.service';
import type { DataSource, Filters } from '../analytics/model';
import { priceFigures, priceMeasures, PRICES_AS_SHOWN, type PriceFigures } from '../price/price.figures';
import { KeptCalendar } from '../reference/calendar.repository';
import { type Geography, GeographyRepository } from '../reference/geography.repository';
import { DataStatusService } from '../reference/data-status.service';
import { requestedMonth } from '../reference/requested-month';
import { type AreaNode, areaNodeOf } from '../saleVolume/area-node';
import type { SessionUser } from '../security/session-user';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { monitorDeck } from './competitor-monitor.deck';
import { type MonitorFigures, monitorFigures, monitorPlace, type PricesByMonth, type SetFigures } from './competitor-monitor.figures';
import { CompetitorSetReader } from './competitor-set-reader.service';
import type { SetRow, SetViewer } from './competitor-sets.repository';

/** The members' volumes to read: of a source, in an area (the query layer's filters of it). */
interface VolumesRead {
  source: DataSource;
  filters: Filters;
}

/** A set's figures at a month and the month before (decision 298), and which of the viewers asked about may still read it. */
export interface SetAtMonth {
  set: CompetitorSet;
  readers: ReadonlySet<number>;
  figures: SetFigures;
}

/**
 * 竞品监控 (issue 49 §2, decision 297): one set the caller may read, in a month, retail or wholesale, in the chosen
 * area. Four reads of the query layer at once, each of at most sixteen sub-series: their volumes by month in the area,
 * their national prices by month, 本品's prices together, and their volumes of the month and the month before by
 * province (or city) for the map.
 */
@Injectable()
export class CompetitorMonitorService {
  constructor(
    private readonly sets: CompetitorSetReader,
    private readonly analytics: AnalyticsService,
    private readonly calendar: KeptCalendar,
    private readonly geography: GeographyRepository,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
  ) {}

  /**
   * 导出PPT (decision 297): the page's answer as a deck, titled as the page, 数据截至 of its source, the user's maker; for
   * the caller, or for a set's owner in the set's monthly deck (decision 299).
   */
  async deck(dto: CompetitorMonitorDto, user: SetViewer & Pick<SessionUser, 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const [data, asOf, maker] = await Promise.all([this.monitor(dto, user), this.dataStatus.of(salesSourceKind(dto.source)), this.decks.maker(user)]);
    const tags = monitorTags(data);
    return {
      fileName: `竞品监控-${data.set.name}-${data.time}.pptx`,
      // The set's name is a tag: up to forty characters would not fit the title slide's heading on one line.
      deck: monitorDeck({ title: '竞品监控', tags, asOf, maker }, data),
    };
  }

  async monitor(dto: CompetitorMonitorDto, user: SetViewer): Promise<CompetitorMonitor> {
    const source = dto.source as DataSource;
    const [row, available, geography] = await Promise.all([
      this.sets.readable(user, dto.id),
      this.calendar.months(salesSourceKind(source)),
      this.geography.geography(),
    ]);
    const month = requestedMonth(available, dto.time);
    const node = areaNodeOf(dto.area, source, geography);
    const months = Array.from({ length: MONITOR_MONTHS }, (_, i) => addMonths(month, i + 1 - MONITOR_MONTHS));
    const span = { from: months[0], to: month };
    const [ownIds, memberIds] = [row.ownIds, [...row.ownIds, ...row.rivalIds]];
    const places = source === 2 ? placesOf(node, geography) : null;

    // The members are named beside the figures' reads, which need their ids only.
    const [set, reads, placeVolumes] = await Promise.all([
      this.sets.withNames(row, user),
      this.memberReads(row, span, { volumes: { source, filters: node.filters }, prices: true }),
      places
        ? this.analytics.query({
            source,
            dimensions: [places.dimension, 'subSeries'],
            filters: { ...places.filters, subSeriesIds: memberIds },
            month,
            measures: [
              { measure: 'qty', as: 'qty' },
              { measure: 'qty', shift: 'previousMonth', as: 'previous' },
            ],
          })
        : null,
    ]);

    const figures = monitorFigures({ set, months, ...reads });
    return {
      set,
      time: formatMonth(month),
      months: months.map(formatMonth),
      source: source === 1 ? 1 : 2,
      areaName: node.name,
      ...figures,
      places: places && placeVolumes ? { level: places.level, rows: placeRows(places, placeVolumes, new Set(ownIds)) } : null,
    };
  }

  /**
   * What a subscription on a set watches (decision 298): the page's figures of the month and the month before, worked
   * by the page's own rule — 本品's share within the set of `reads.volumes` (its source and area) and its change, every
   * member's national TP. Null when none of `viewers` may still read the set (deleted, or no longer shared): their
   * subscriptions are passed over.
   */
  async atMonth(setId: number, viewers: readonly SetViewer[], month: number, reads: { volumes?: VolumesRead; prices?: boolean }): Promise<SetAtMonth | null> {
    const readers = await this.sets.readers(setId, viewers);
    const viewer = viewers.find((v) => readers.has(v.id));
    const row = viewer ? await this.sets.visible(viewer, setId) : null;
    if (!viewer || !row) return null;
    const months = [addMonths(month, -1), month];
    const [set, figures] = await Promise.all([this.sets.withNames(row, viewer), this.memberReads(row, { from: months[0], to: month }, reads)]);
    return { set, readers, figures: monitorFigures({ set, months, ...figures }) };
  }

  /**
   * The members' volumes by month in an area (when asked), and their national prices by month with 本品's together
   * (when asked): what monitorFigures works from. A figure not read is absent, as for a month without data.
   */
  private async memberReads(
    row: SetRow,
    span: { from: number; to: number },
    reads: { volumes?: VolumesRead; prices?: boolean },
  ): Promise<Pick<MonitorFigures, 'volumes' | 'prices' | 'ownPrices'>> {
    const [ownIds, memberIds] = [row.ownIds, [...row.ownIds, ...row.rivalIds]];
    const [volumes, prices, ownPrices] = await Promise.all([
      reads.volumes
        ? this.analytics.query({
            source: reads.volumes.source,
            dimensions: ['month', 'subSeries'],
            filters: { ...reads.volumes.filters, subSeriesIds: memberIds },
            measures: [{ measure: 'qty', span, as: 'qty' }],
          })
        : [],
      reads.prices ? this.prices(memberIds, span, ['month', 'subSeries']) : [],
      // One 本品 is its own row of the prices above; several are weighted together.
      reads.prices && ownIds.length > 1 ? this.prices(ownIds, span, ['month']) : null,
    ]);
    const pricesBySubSeries = byMember(prices, (r) => priceFigures(r.values));
    return {
      volumes: byMember(volumes, (r) => r.values.qty ?? 0),
      prices: pricesBySubSeries,
      ownPrices: ownPrices ? byMonth(ownPrices) : (pricesBySubSeries.get(ownIds[0]) ?? new Map()),
    };
  }

  /** National prices as the pages show them (whole yuan), by month and the given dimensions, of these sub-series. */
  private prices(subSeriesIds: number[], span: { from: number; to: number }, dimensions: Array<'month' | 'subSeries'>): Promise<AnalyticsRow[]> {
    return this.analytics.query({
      source: 'price',
      dimensions,
      filters: { subSeriesIds },
      measures: priceMeasures('', { span }),
      keepWhenAny: ['qty'],
      ...PRICES_AS_SHOWN,
    });
  }
}

/** Where the map shows 本品's share: a big region's (or the nation's) provinces, a province's (or its city's) cities. */
interface Places {
  level: 2 | 3;
  dimension: 'province' | 'city';
  filters: Filters;
  units: Array<{ id: number; name: string }>;
}

function placesOf(node: AreaNode, geography: Geography): Places {
  if (node.level === 0 || node.level === 1) {
    const units = [...geography.provinces.values()].filter((p) => node.level === 0 || p.areaId === node.id);
    return { level: 2, dimension: 'province', filters: node.filters, units };
  }
  const provinceId = node.level === 2 ? node.id : (geography.cities.get(node.id)?.provinceId ?? 0);
  const units = [...geography.cities.values()].filter((c) => c.provinceId === provinceId);
  // By the cities' ids, which lead the city rollup's key after the month: one range each, not every city of the month.
  return { level: 3, dimension: 'city', filters: { cityIds: units.map((c) => c.id) }, units };
}

/** Every unit of the map, sold or not, with 本品's and the set's volumes there. */
function placeRows(places: Places, rows: AnalyticsRow[], ownIds: ReadonlySet<number>) {
  const sums = new Map<number, { ownQty: number; setQty: number; ownPrevious: number; setPrevious: number }>();
  for (const row of rows) {
    const id = row.key[places.dimension] ?? 0;
    const sum = sums.get(id) ?? { ownQty: 0, setQty: 0, ownPrevious: 0, setPrevious: 0 };
    const [qty, previous] = [row.values.qty ?? 0, row.values.previous ?? 0];
    sum.setQty += qty;
    sum.setPrevious += previous;
    if (ownIds.has(row.key.subSeries ?? 0)) {
      sum.ownQty += qty;
      sum.ownPrevious += previous;
    }
    sums.set(id, sum);
  }
  return places.units.map((unit) => monitorPlace(unit, sums.get(unit.id) ?? { ownQty: 0, setQty: 0, ownPrevious: 0, setPrevious: 0 }));
}

/** Rows keyed by sub-series and month, as one map per sub-series. */
function byMember<T>(rows: AnalyticsRow[], value: (row: AnalyticsRow) => T): Map<number, Map<number, T>> {
  const result = new Map<number, Map<number, T>>();
  for (const row of rows) {
    const id = row.key.subSeries ?? 0;
    const months = result.get(id) ?? new Map<number, T>();
    months.set(row.key.month ?? 0, value(row));
    result.set(id, months);
  }
  return result;
}

function byMonth(rows: AnalyticsRow[]): PricesByMonth {
  return new Map(rows.map((row): [number, PriceFigures] => [row.key.month ?? 0, priceFigures(row.values)]));
}
