import { Injectable } from '@nestjs/common';
import {
  type ChartResult,
  formatMonth,
  type MarketPriceDeckQuery,
  type MarketPriceFilter,
  marketPriceTags,
  percentNumber,
  type PriceMap,
  type PriceTable,
  type PriceTableDimension,
  type PriceTableMeasure,
  type PriceWhole,
  sharePercentText,
  PRICE_TABLE_DIMENSIONS,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { SegmentRepository } from '../reference/segment.repository';
import type { SessionUser } from '../security/session-user';
import type { WorkbookAsOf, WorkbookHead } from '../workbook/table-workbook';
import type { DimensionKey, Filters } from '../analytics/model';
import { discountMapSlide, priceChartSlide, priceDeck, priceMonthTableSlide } from './price.deck';
import { priceFigures, priceMeasures, PRICES_AS_SHOWN } from './price.figures';
import { type PriceScope, type PriceSeries, PriceService } from './price.service';

/** The table's row dimensions by the spec's codes: 0 segment, 1 producer, 2 brand. */
const TABLE_DIMENSIONS: Record<PriceTableDimension, DimensionKey> = { 0: 'segment', 1: 'producer', 2: 'brand' };

export const WHOLE_MARKET_LABEL = '整体市场';

/** The page's title: its deck's and its workbook's, and the start of their file names. */
const PAGE_TITLE = '整体市场价格指数';

/** The filters of the market price search form, as the query layer's. */
export function marketFilters(q: MarketPriceFilter, withSegment = true): Filters {
  const filters: Filters = {};
  if (withSegment && q.detailId !== undefined && q.detailId > 0) filters.segmentIds = [q.detailId];
  if (q.producerProperty !== undefined && q.producerProperty > 0) filters.producerProperties = [q.producerProperty];
  if (q.bigArea !== undefined && q.bigArea > 0) filters.areaIds = [q.bigArea];
  if (q.composite !== undefined && q.composite >= 0) filters.brandTypes = [q.composite];
  return filters;
}

/** 整体市场价格指数: the market narrowed by the search form, its cards, trend, month table and map. */
@Injectable()
export class MarketPriceService {
  constructor(
    private readonly prices: PriceService,
    private readonly analytics: AnalyticsService,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
    private readonly segments: SegmentRepository,
    private readonly dictionaries: DictionaryRepository,
  ) {}

  private scope(q: MarketPriceFilter): Promise<PriceScope> {
    return this.prices.scope(q.time, marketFilters(q));
  }

  async whole(q: MarketPriceFilter): Promise<PriceWhole> {
    return this.prices.cards(await this.scope(q));
  }

  /** The monthly trend: MSRP and TP columns, the discount (type 0) or rate (type 1) line on the second axis. */
  async chart(q: MarketPriceFilter, measure: 0 | 1): Promise<ChartResult> {
    const scope = await this.scope(q);
    const months = this.prices.trendMonths(scope);
    const [series] = await this.prices.series(scope, [], months);
    return this.prices.chart(months, measure, series);
  }

  /** The month table's workbook: the table and the price data's 数据截至 for its 口径说明 sheet (decision 202). */
  async tableDownload(
    q: MarketPriceFilter,
    dimension: PriceTableDimension,
    measure: PriceTableMeasure,
  ): Promise<{ table: PriceTable & { fileName: string; label: string }; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const scope = await this.scope(q);
    const [table, asOf, head] = await Promise.all([
      this.scopedTable(q, scope, dimension, measure),
      this.dataStatus.of('price'),
      this.heading(q, formatMonth(scope.month)),
    ]);
    return { table, asOf, head };
  }

  /**
   * The month table: the whole scope's row first, then one row per segment, producer or brand, by
   * the month's volume. The segment table lists every segment (the chosen one marked) under the other
   * filters; the producer and brand tables are within the chosen segment. searchContent narrows the rows by name.
   */
  async table(q: MarketPriceFilter, dimension: PriceTableDimension, measure: PriceTableMeasure): Promise<PriceTable & { fileName: string; label: string }> {
    return this.scopedTable(q, await this.scope(q), dimension, measure);
  }

  /** The month table of a scope already looked up. */
  private async scopedTable(
    q: MarketPriceFilter,
    scope: PriceScope,
    dimension: PriceTableDimension,
    measure: PriceTableMeasure,
  ): Promise<PriceTable & { fileName: string; label: string }> {
    const months = this.prices.trendMonths(scope);
    const bySegment = dimension === 0;
    const filters = marketFilters(q, !bySegment);
    const chosenSegment = q.detailId !== undefined && q.detailId > 0 ? q.detailId : null;
    const [totals, groups] = await Promise.all([
      this.prices.series(scope, [], months, filters),
      this.prices.series(scope, [TABLE_DIMENSIONS[dimension]], months, filters),
    ]);
    const volumeOf = (s: PriceSeries) => s.byMonth.get(scope.month)?.qty ?? 0;
    const wanted = q.searchContent?.toLowerCase();
    const rows = groups
      .filter((s) => !wanted || s.name.toLowerCase().includes(wanted))
      .sort((a, b) => volumeOf(b) - volumeOf(a) || a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id)
      .map((s) => this.prices.tableRow(s, months, measure, { total: false, current: bySegment && s.id === chosenSegment, level: 0 }));
    const totalName = bySegment || chosenSegment === null ? WHOLE_MARKET_LABEL : '细分市场合计';
    const total: PriceSeries = totals[0] ?? { id: -1, name: totalName, key: {}, byMonth: new Map() };
    const totalRow = this.prices.tableRow(
      { ...total, id: -1 },
      months,
      measure,
      { total: true, current: bySegment && chosenSegment === null, level: 0 },
      totalName,
    );
    const label = PRICE_TABLE_DIMENSIONS[dimension].label;
    return {
      ...this.prices.table(months, measure, [totalRow, ...rows]),
      label,
      fileName: `${PAGE_TITLE}-${label}-${formatMonth(scope.month)}.xlsx`,
    };
  }

  /**
   * 导出PPT (issue 31, decision 215): the page as it shows now, from the same calls as its cards, its chart, its
   * map and its table — the title slide (the page's header tags, 数据截至, the user's producer or brand), the
   * cards, the price chart on the page's axes, the map's table and the month table as the URL chooses it.
   */
  async deck(q: MarketPriceDeckQuery, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const dimension = (q.type ?? 0) as PriceTableDimension;
    const [whole, chart, table, map, asOf, maker] = await Promise.all([
      this.whole(q),
      this.chart(q, (q.dataType ?? 0) as 0 | 1),
      this.table(q, dimension, (q.type2 ?? 2) as PriceTableMeasure),
      this.map(q),
      this.dataStatus.of('price'),
      this.decks.maker(user),
    ]);
    const heading = await this.heading(q, whole.time);
    return {
      fileName: `${heading.title}-${whole.time}.pptx`,
      deck: priceDeck({ ...heading, asOf, maker }, whole, [
        priceChartSlide('价格走势', chart),
        discountMapSlide(map),
        priceMonthTableSlide(`价格明细（${table.label}）`, table.label, table, q.sort),
      ]),
    };
  }

  /**
   * The page's title and header tags (marketPriceTags, the page's rule) at the month `time`: the deck's title slide
   * and the workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(q: MarketPriceFilter, time: string): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const [segments, producerProperties] = await Promise.all([this.segments.segments(), this.dictionaries.entries('dicProducerProperty')]);
    const filter = { detailId: q.detailId ?? -1, bigArea: q.bigArea ?? -1, producerProperty: q.producerProperty ?? -1, composite: q.composite ?? -1 };
    return { title: PAGE_TITLE, tags: marketPriceTags({ time, ...filter }, { segments, producerProperties }) };
  }

  /** Each province's weighted TP and discount rate of the month (provinces without prices are absent). */
  async map(q: MarketPriceFilter): Promise<PriceMap> {
    const scope = await this.scope(q);
    const rows = await this.analytics.query({
      source: 'price',
      dimensions: ['province'],
      filters: scope.filters,
      month: scope.month,
      ...PRICES_AS_SHOWN,
      measures: priceMeasures(),
      keepWhenAny: ['qty'],
    });
    return {
      time: formatMonth(scope.month),
      provinces: rows.map((r) => {
        const f = priceFigures(r.values);
        const id = r.key.province ?? 0;
        const rate = percentNumber(f.rate);
        return { id, name: r.name.province ?? String(id), code: String(id), tp: f.tp, discountRate: rate, discountRateStr: sharePercentText(rate), qty: f.qty };
      }),
    };
  }
}
