import { Injectable } from '@nestjs/common';
import {
  BAND_SUBTOTAL_NAME,
  BAND_TOP_ROWS,
  barWidth,
  type ChartResult,
  type DimensionCell,
  type DimensionTable,
  type DimensionTitle,
  growth,
  growthNumber,
  percentNumber,
  pointsHeader,
  PRICE_DIMENSIONS,
  type PriceDimension,
  formatMonth,
  priceBandTags,
  type PriceQtyChartDto,
  type PriceQtyDeckDto,
  type PriceQtyTableDto,
  share,
  shareChange,
} from '@car/contracts';
import { type AnalyticsRow, AnalyticsService } from '../analytics/analytics.service';
import { bandLabel, type PriceBands } from '../analytics/measures';
import type { DimensionKey, FilterKey, Filters } from '../analytics/model';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { SegmentRepository } from '../reference/segment.repository';
import type { SessionUser } from '../security/session-user';
import { type WorkbookAsOf, type WorkbookHead, withExactShares } from '../workbook/table-workbook';
import { bandKeys, bandsOf } from './price-bands';
import type { BandFigures, BandGroup, BandGroups, BandRow, BandTable } from './price-band.types';
import { bandTableSlide } from './price-volume.deck';
import { PriceVolumeMonths, periodsOf, type Periods } from './price-volume.scope';

/** The detail table's dimension codes (spec §9) as the query layer's dimensions and filters. */
const DIMENSION_OF: Record<PriceDimension, { dimension: DimensionKey; filter: FilterKey }> = {
  0: { dimension: 'family', filter: 'familyIds' },
  1: { dimension: 'brand', filter: 'brandIds' },
  2: { dimension: 'producer', filter: 'producerIds' },
  3: { dimension: 'producerBrand', filter: 'producerBrandIds' },
  4: { dimension: 'subSeries', filter: 'subSeriesIds' },
};

/** The filtered market of the price-band page: segment (detailId), producer and brand properties, brands, 车身形式 and 系别. */
function filtersOf(q: PriceQtyChartDto): Filters {
  const filters: Filters = {};
  if (q.detailId > 0) filters.segmentIds = [q.detailId];
  if (q.producerProperties?.length) filters.producerProperties = q.producerProperties;
  if (q.brandProperties?.length) filters.brandProperties = q.brandProperties;
  if (q.brand?.length) filters.brandIds = q.brand;
  if (q.bodyShape?.length) filters.bodyTypes = q.bodyShape;
  if (q.series?.length) filters.familyIds = q.series;
  return filters;
}

/** Members picked in the table (foreignIds) within the form's own list of that kind, if it has one: both narrow. */
function narrowed(filters: Filters, key: FilterKey, picked: readonly number[]): number[] {
  const form = filters[key];
  return Array.isArray(form) ? picked.filter((id) => (form as readonly number[]).includes(id)) : [...picked];
}

/** A group's figures; its MIX also unrounded, which a row spread from them keeps for the workbook (decision 286). */
function figures(sales: number, tqSales: number, market: { qty: number; tq: number }): BandFigures {
  const mix = share(sales, market.qty);
  const tqMix = share(tqSales, market.tq);
  const shown: BandFigures = {
    sales,
    tqSales,
    yoy: growthNumber(growth(sales, tqSales)),
    mix: percentNumber(mix),
    tqMix: percentNumber(tqMix),
    mixYoy: growthNumber(shareChange(mix, tqMix)),
  };
  return withExactShares(shown, { mix, tqMix });
}

export const REST_NAME = '其他';

/**
 * 车型价格段销量 (spec §2.5, §7): the retail volume of the filtered market per price band, each
 * trim-month in the band of its national TP or MSRP (docs/query-layer.md "Price bands"), with the same period a
 * year earlier and MIX, the band's part of the filtered market; the detail table splits each band by
 * a dimension.
 */
@Injectable()
export class PriceQtyService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly months: PriceVolumeMonths,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
    private readonly segments: SegmentRepository,
    private readonly dictionaries: DictionaryRepository,
    private readonly ids: ReferenceIdsRepository,
  ) {}

  /**
   * Sales per band in both periods, every band listed (0 where nothing sold), and the market's totals;
   * summed from `members` when given (every member of every band of the filtered market).
   */
  async bandTotals(
    q: PriceQtyChartDto,
    month: number,
    members?: readonly AnalyticsRow[],
  ): Promise<{ periods: Periods; bands: PriceBands; byBand: Map<number, { qty: number; tq: number }>; market: { qty: number; tq: number } }> {
    const periods = periodsOf(month, q.accumulate);
    const bands = bandsOf(q);
    const rows =
      members ??
      (await this.analytics.query({
        source: 2,
        dimensions: ['priceBand'],
        filters: filtersOf(q),
        month,
        priceBand: bands,
        measures: [periods.current, periods.lastYear],
      }));
    const byBand = new Map<number, { qty: number; tq: number }>();
    for (const r of rows) {
      const band = byBand.get(r.key.priceBand ?? 0) ?? { qty: 0, tq: 0 };
      band.qty += r.values.qty ?? 0;
      band.tq += r.values.tq ?? 0;
      byBand.set(r.key.priceBand ?? 0, band);
    }
    const market = { qty: 0, tq: 0 };
    for (const v of byBand.values()) {
      market.qty += v.qty;
      market.tq += v.tq;
    }
    return { periods, bands, byBand, market };
  }

  /**
   * highCharts: bands on the x axis, the period and a year earlier as columns, sales or MIX (%), and each
   * band's sales growth (同比) as a line on the right axis (decision 174).
   */
  async chart(q: PriceQtyChartDto): Promise<ChartResult> {
    const { periods, bands, byBand, market } = await this.bandTotals(q, await this.months.resolve(q.time));
    const keys = bandKeys(bands, q.orderBy);
    const of = (k: number) => figures(byBand.get(k)?.qty ?? 0, byBand.get(k)?.tq ?? 0, market);
    const mix = q.data2 === 1;
    return {
      xAxis: [{ categories: keys.map((k) => bandLabel(bands, k)) }],
      yAxis: [{ title: mix ? 'MIX(%)' : '销量' }, { title: '同比(%)' }],
      series: [
        { name: periods.currentLabel, type: 'column', data: keys.map((k) => (mix ? of(k).mix : of(k).sales)), yAxis: 0 },
        { name: periods.lastYearLabel, type: 'column', data: keys.map((k) => (mix ? of(k).tqMix : of(k).tqSales)), yAxis: 0 },
        { name: '同比', type: 'line', data: keys.map((k) => of(k).yoy), yAxis: 1 },
      ],
    };
  }

  /** The detail's bands: per band its subtotal, then its members by sales. */
  async bandGroups(q: PriceQtyTableDto): Promise<BandGroups> {
    const { dimension, filter } = DIMENSION_OF[q.type];
    const month = await this.months.resolve(q.time);
    const filters = filtersOf(q);
    const picked = q.foreignIds.length > 0;
    const members = picked ? narrowed(filters, filter, q.foreignIds) : [];
    if (picked) filters[filter] = members;
    const current = periodsOf(month, q.accumulate);
    // Members picked outside the form's own list (a brand not among the form's brands) are no member of the filtered market.
    const membersQuery =
      picked && members.length === 0
        ? Promise.resolve([])
        : this.analytics.query({
            source: 2,
            dimensions: ['priceBand', dimension],
            filters,
            month,
            priceBand: bandsOf(q),
            measures: [current.current, current.lastYear],
            order: [
              { by: 'qty', direction: 'desc' },
              { by: 'tq', direction: 'desc' },
              { by: dimension, direction: 'asc' },
            ],
          });
    // Every trim has a member of each dimension: without picked members, the bands are their members' sums.
    const [{ periods, bands, byBand, market }, memberRows] = picked
      ? await Promise.all([this.bandTotals(q, month), membersQuery])
      : await membersQuery.then(async (rows) => [await this.bandTotals(q, month, rows), rows] as const);
    const keys = bandKeys(bands, q.orderBy);
    const labels = new Map(keys.map((k) => [k, bandLabel(bands, k)]));
    const perBand = new Map<number, BandRow[]>();
    for (const r of memberRows) {
      const band = r.key.priceBand ?? 0;
      const list = perBand.get(band) ?? [];
      list.push({
        band,
        bandLabel: labels.get(band) ?? '',
        name: r.name[dimension] ?? '',
        kind: 'member',
        ...figures(r.values.qty ?? 0, r.values.tq ?? 0, market),
      });
      perBand.set(band, list);
    }
    const groups = keys.map((band): BandGroup => {
      const total = byBand.get(band) ?? { qty: 0, tq: 0 };
      return {
        subtotal: { band, bandLabel: labels.get(band) ?? '', name: BAND_SUBTOTAL_NAME, kind: 'subtotal', ...figures(total.qty, total.tq, market) },
        members: perBand.get(band) ?? [],
      };
    });
    const label = PRICE_DIMENSIONS.find((d) => d.value === q.type)?.label ?? '';
    return { dimensionLabel: label, periods, groups, picked, market };
  }

  /** The page's detail rows: per band its subtotal, then its members by sales (the first five and 其他 unless members were picked). */
  async bandTable(q: PriceQtyTableDto): Promise<BandTable> {
    const { dimensionLabel, periods, groups, picked, market } = await this.bandGroups(q);
    return { dimensionLabel, periods, rows: groups.flatMap((g) => (picked ? [g.subtotal, ...g.members] : foldedBand(g, market))) };
  }

  /**
   * The workbook's rows: every member of every band under its subtotal, none folded into 其他; with the retail
   * data's 数据截至 for its 口径说明 sheet (decision 202).
   */
  async workbookRows(q: PriceQtyTableDto): Promise<BandTable & { asOf: WorkbookAsOf; head: WorkbookHead }> {
    const [{ dimensionLabel, periods, groups }, asOf, head] = await Promise.all([this.bandGroups(q), this.dataStatus.of('retail'), this.heading(q)]);
    return { dimensionLabel, periods, rows: groups.flatMap((g) => [g.subtotal, ...g.members]), asOf, head };
  }

  /** table: the spec's titles and values (jgd, name, xl0 + yoy for sales; mix + mixYoy for MIX). */
  async table(q: PriceQtyTableDto): Promise<DimensionTable> {
    const { dimensionLabel, periods, rows } = await this.bandTable(q);
    return dimensionTable(rows, dimensionLabel, periods, q.data2);
  }

  /**
   * 导出PPT (issue 31, decision 217): the page as it shows now, from the same calls as its chart and its table —
   * the title slide (the page's header tags, 数据截至, the user's producer or brand), the band chart as the
   * page's chart toggle asks, and the detail in the page's rows view.
   */
  async deck(q: PriceQtyDeckDto, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const [chart, table, asOf, maker, heading] = await Promise.all([
      this.chart({ ...q, data2: q.chart }),
      this.bandTable(q),
      this.dataStatus.of('retail'),
      this.decks.maker(user),
      this.heading(q),
    ]);
    return {
      fileName: `${heading.title}-${table.periods.period}.pptx`,
      deck: {
        ...heading,
        asOf,
        maker,
        slides: [{ kind: 'chart', title: '价格段销量', chart }, bandTableSlide(table, q.data2, q.rows === 1)],
      },
    };
  }

  /**
   * The page's title and header tags (priceBandTags, one rule for the page and the deck), with the names of the
   * form's lists: the deck's title slide and the workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(q: PriceQtyTableDto): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const [month, segments, producerProperties, brandProperties, bodyShapes, families, brands, cities] = await Promise.all([
      this.months.resolve(q.time),
      this.segments.segments(),
      this.dictionaries.entries('dicProducerProperty'),
      this.dictionaries.entries('dicBoundProperty'),
      this.dictionaries.entries('dicBodyShape'),
      this.dictionaries.entries('dicBrandSeries'),
      this.ids.names('brand', q.brand ?? []),
      this.ids.names('city', q.tpCity === undefined ? [] : [q.tpCity]),
    ]);
    const tags = priceBandTags(
      {
        ...q,
        time: formatMonth(month),
        producerProperties: q.producerProperties ?? [],
        brandProperties: q.brandProperties ?? [],
        bodyShape: q.bodyShape ?? [],
        series: q.series ?? [],
      },
      { segments, producerProperties, brandProperties, bodyShapes, families },
      (q.brand ?? []).map((id) => brands.get(id) ?? `#${id}`),
      q.tpCity === undefined ? null : (cities.get(q.tpCity) ?? null),
    );
    return { title: '车型价格段销量', tags };
  }
}

/** A band as the page lists it: its subtotal, its first five members and one 其他（N） row carrying the rest as hidden detail. */
function foldedBand({ subtotal, members }: BandGroup, market: { qty: number; tq: number }): BandRow[] {
  if (members.length <= BAND_TOP_ROWS + 1) return [subtotal, ...members];
  const rest = members.slice(BAND_TOP_ROWS);
  const restSales = rest.reduce((s, r) => s + r.sales, 0);
  const restTq = rest.reduce((s, r) => s + r.tqSales, 0);
  return [
    subtotal,
    ...members.slice(0, BAND_TOP_ROWS),
    {
      band: subtotal.band,
      bandLabel: subtotal.bandLabel,
      name: `${REST_NAME}（${rest.length}）`,
      kind: 'rest',
      ...figures(restSales, restTq, market),
      hidden: rest.map(({ name, sales, tqSales, yoy, mix, tqMix, mixYoy }) => ({ name, sales, tqSales, yoy, mix, tqMix, mixYoy })),
    },
  ];
}

/** The rows as titles and merged cells; bars are relative to the largest figure of the column. */
export function dimensionTable(rows: readonly BandRow[], dimensionLabel: string, periods: Periods, data2: 0 | 1): DimensionTable {
  const mix = data2 === 1;
  const period = (key: string): DimensionTitle[] => [
    { label: periods.currentLabel, key, children: [] },
    { label: periods.lastYearLabel, key, children: [] },
  ];
  const titles: DimensionTitle[] = [
    { label: '价格段', key: 'jgd', children: [] },
    { label: dimensionLabel, key: 'name', children: [] },
    mix ? { label: 'MIX', key: 'mix', children: period('mix') } : { label: '销量', key: 'xl0', children: period('xl0') },
    mix ? { label: pointsHeader('MIX变化'), key: 'mixYoy', children: [] } : { label: '同比', key: 'yoy', children: [] },
  ];
  const largest = Math.max(0, ...rows.map((r) => (mix ? Math.max(r.mix ?? 0, r.tqMix ?? 0) : Math.max(r.sales, r.tqSales))));
  const span = new Map<number, number>();
  for (const r of rows) span.set(r.band, (span.get(r.band) ?? 0) + 1);
  const values = rows.map((r, i): DimensionCell[] => {
    const first = i === 0 || rows[i - 1].band !== r.band;
    const hidden = r.hidden ? { hiddenList: r.hidden } : {};
    return [
      { key: 'jgd', data: [r.bandLabel], merge: first ? (span.get(r.band) ?? 1) : 0 },
      { key: 'name', data: [r.name], merge: 1 },
      mix
        ? { key: 'mix', data: [r.mix, r.tqMix, barWidth(r.mix ?? 0, largest), barWidth(r.tqMix ?? 0, largest)], merge: 1, ...hidden }
        : { key: 'xl0', data: [r.sales, r.tqSales, barWidth(r.sales, largest), barWidth(r.tqSales, largest)], merge: 1, ...hidden },
      mix ? { key: 'mixYoy', data: [r.mixYoy], merge: 1 } : { key: 'yoy', data: [r.yoy], merge: 1 },
    ];
  });
  return { titles, values };
}
