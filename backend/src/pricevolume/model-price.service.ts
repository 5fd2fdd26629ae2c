import { Injectable } from '@nestjs/common';
import {
  formatMonth,
  growth,
  growthNumber,
  growthText,
  pointsText,
  percentNumber,
  PRICE_BASES,
  RANK_BANDS,
  PROPORTION_VIEW_ORDER,
  type PricePoint,
  type PriceScatter,
  type ProportionRow,
  type ProportionTable,
  rankingStatus,
  share,
  shareChange,
  sharePercentText,
  thousands,
  type ModelPriceCompareChartDto,
  type ModelPriceCompareTableDto,
  type ModelPriceDeckDto,
  priceDimensionTags,
  type ModelPriceSingleChartDto,
  type ModelPriceSingleTableDto,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import type { Filters } from '../analytics/model';
import type { MeasureRequest } from '../analytics/query';
import { ApiException } from '../common/api-codes';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import type { SessionUser } from '../security/session-user';
import { type WorkbookAsOf, type WorkbookHead, withExactShares } from '../workbook/table-workbook';
import { pointsSlide, proportionSlide, scatterSlide } from './price-volume.deck';
import { linkModelYears, meetPriorModelYear } from './model-years';
import { PriceVolumeRepository, type SubSeriesInfo } from './price-volume.repository';
import { PriceVolumeMonths, periodsOf, type Periods } from './price-volume.scope';

/** A trim's or a series' figures in the period and a year earlier, within its segment and the market. */
interface Figures {
  id: number;
  name: string;
  subSeriesId: number;
  sales: number;
  tqSales: number;
  segmentSales: number;
  tqSegmentSales: number;
  rank: number | null;
  tqRank: number | null;
  price: number | null;
  tqPrice: number | null;
  /** The previous model year's trim whose year-ago figures these are (decision 278); absent: the trim's own. */
  priorName?: string;
}

interface Context {
  month: number;
  periods: Periods;
  own: SubSeriesInfo;
  /** The own series first, then the compared ones in the order asked. */
  series: SubSeriesInfo[];
  carIds: number[];
  basis: 'tp' | 'msrp';
  /** The city the sales, shares, ranks and prices are of (pricedimensionsearchForm's city); none: national. */
  city?: number;
}

/** The city narrowing of a context as the query layer's filters. */
function cityFilter(ctx: Pick<Context, 'city'>): Filters {
  return ctx.city === undefined ? {} : { cityIds: [ctx.city] };
}

/** Trims of the rank band a chart draws: ten places from (band − 1) × 10 + 1. */
const RANK_BAND_SIZE = 10;

const YUAN_PER_WAN = 10_000;

/** A weighted price in yuan as 万 with two decimals (the chart's x). */
function wan(price: number | null): number | null {
  return price === null ? null : Math.round(price / 100) / 100;
}

/** The own trims asked for (carIds), or all the series' trims that sold. */
function ownTrims(trims: readonly Figures[], ctx: Context): Figures[] {
  return trims.filter((t) => t.subSeriesId === ctx.own.id && (ctx.carIds.length === 0 || ctx.carIds.includes(t.id)));
}

/**
 * 销量占比分析 / 价格维度分析 (spec §2.3, §7 modelPrice): the own series' trims (and compared series')
 * placed by weighted TP or MSRP against their sales or MIX. Volumes are national retail; MIX is the
 * part of the row's segment (detailMix) and of the whole market (wholeMix); prices are the price facts'
 * weighted TP or MSRP of the same period.
 */
@Injectable()
export class ModelPriceService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly months: PriceVolumeMonths,
    private readonly repository: PriceVolumeRepository,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
    private readonly ids: ReferenceIdsRepository,
  ) {}

  private async context(q: {
    time?: string;
    modelSubId?: number;
    carIds: number[];
    data1: 0 | 1;
    modelSubIds?: number[];
    accumulate?: 0 | 1;
    city?: number;
    producerId?: number;
    brandId?: number;
  }): Promise<Context> {
    const month = await this.months.resolve(q.time);
    const ownId = q.modelSubId ?? (await this.defaultSeries(month, q));
    const compared = (q.modelSubIds ?? []).filter((id) => id !== ownId);
    const [infos, carSeries] = await Promise.all([this.repository.subSeries([ownId, ...compared]), this.repository.subSeriesOfCars(q.carIds)]);
    const own = infos.get(ownId);
    if (!own) throw ApiException.badRequest(`参数 modelSubId 没有车系 ${ownId}`);
    const unknown = compared.find((id) => !infos.has(id));
    if (unknown !== undefined) throw ApiException.badRequest(`参数 modelSubIds 没有车系 ${unknown}`);
    const stranger = q.carIds.find((id) => carSeries.get(id) !== ownId);
    if (stranger !== undefined) throw ApiException.badRequest(`参数 carIds 的车型 ${stranger} 不属于所选车系`);
    return {
      month,
      periods: periodsOf(month, q.accumulate ?? 0),
      own,
      series: [own, ...compared.map((id) => infos.get(id)!)],
      carIds: q.carIds,
      basis: q.data1 === 1 ? 'msrp' : 'tp',
      city: q.city,
    };
  }

  /**
   * The series a page without 车系 shows (decision 277): the best seller of the month of the caller's own producer
   * (else brand) where the page sends one and it sold that month, else the market's best seller, in the city if one.
   */
  private async defaultSeries(month: number, q: { city?: number; producerId?: number; brandId?: number }): Promise<number> {
    const maker: Filters = q.producerId !== undefined ? { producerIds: [q.producerId] } : q.brandId !== undefined ? { brandIds: [q.brandId] } : {};
    const bestOf = async (filters: Filters): Promise<number | undefined> => {
      const [best] = await this.analytics.query({
        source: 2,
        dimensions: ['subSeries'],
        filters: { ...filters, ...cityFilter(q) },
        month,
        measures: [{ measure: 'qty', as: 'qty' }],
        order: [
          { by: 'qty', direction: 'desc' },
          { by: 'subSeries', direction: 'asc' },
        ],
        limit: 1,
      });
      return best && (best.values.qty ?? 0) > 0 ? (best.key.subSeries ?? undefined) : undefined;
    };
    const own = Object.keys(maker).length > 0 ? await bestOf(maker) : undefined;
    const best = own ?? (await bestOf({}));
    if (best === undefined) throw ApiException.notFound('暂无数据');
    return best;
  }

  /** The whole market's sales in the period and a year earlier (wholeMix's denominator). */
  private async market(ctx: Context): Promise<{ qty: number; tq: number }> {
    const [market] = await this.analytics.query({
      source: 2,
      dimensions: [],
      filters: cityFilter(ctx),
      month: ctx.month,
      measures: [ctx.periods.current, ctx.periods.lastYear],
    });
    return { qty: market?.values.qty ?? 0, tq: market?.values.tq ?? 0 };
  }

  /** Every trim (or series) of the segments of the context's series, ranked within its segment, with its price. */
  private async figures(ctx: Context, level: 'car' | 'subSeries'): Promise<Figures[]> {
    const segments = [...new Set(ctx.series.map((s) => s.segmentId))];
    const { current, lastYear } = ctx.periods;
    const dims = level === 'car' ? (['car', 'subSeries', 'segment'] as const) : (['subSeries', 'segment'] as const);
    const priceShift = current.shift === 'yearToDate' ? (['yearToDate', 'lastYearToDate'] as const) : (['current', 'lastYear'] as const);
    const seriesIds = ctx.series.map((s) => s.id);
    const [sales, prices] = await Promise.all([
      this.analytics.query({
        source: 2,
        dimensions: dims,
        filters: { segmentIds: segments, ...cityFilter(ctx) },
        month: ctx.month,
        measures: [current, lastYear],
        windows: [
          { fn: 'total', of: 'qty', partitionBy: ['segment'], as: 'segQty' },
          { fn: 'total', of: 'tq', partitionBy: ['segment'], as: 'segTq' },
          { fn: 'rank', of: 'qty', partitionBy: ['segment'], as: 'rankQty' },
          { fn: 'rank', of: 'tq', partitionBy: ['segment'], as: 'rankTq' },
        ],
        // Ranked and totalled over the whole segments, answered (and named) for the series asked only.
        within: { subSeries: seriesIds },
        // The charts draw each series' trims by sales, largest first.
        order: [
          { by: 'qty', direction: 'desc' },
          { by: level, direction: 'asc' },
        ],
      }),
      this.analytics.query({
        // `within` joins the names after the cut: a few dozen trims looked up by key, not the whole trim table hashed.
        source: 'price',
        dimensions: level === 'car' ? ['car', 'subSeries'] : ['subSeries'],
        filters: { subSeriesIds: seriesIds, ...cityFilter(ctx) },
        within: { subSeries: seriesIds },
        month: ctx.month,
        measures: [
          { measure: ctx.basis, shift: priceShift[0], as: 'price' },
          { measure: ctx.basis, shift: priceShift[1], as: 'tqPrice' },
        ],
      }),
    ]);
    const priceOf = new Map(prices.map((p) => [p.key[level] ?? 0, p.values]));
    return sales.map((r): Figures => {
      const id = r.key[level] ?? 0;
      const sold = r.values.qty ?? 0;
      const tqSold = r.values.tq ?? 0;
      return {
        id,
        name: r.name[level] ?? '',
        subSeriesId: r.key.subSeries ?? 0,
        sales: sold,
        tqSales: tqSold,
        segmentSales: r.values.segQty ?? 0,
        tqSegmentSales: r.values.segTq ?? 0,
        rank: sold > 0 ? r.values.rankQty : null,
        tqRank: tqSold > 0 ? r.values.rankTq : null,
        price: priceOf.get(id)?.price ?? null,
        tqPrice: priceOf.get(id)?.tqPrice ?? null,
      };
    });
  }

  private row(f: Figures, seriesName: string, market: { qty: number; tq: number }, subtotal: boolean): ProportionRow {
    const detailMix = share(f.sales, f.segmentSales);
    const tqDetailMix = share(f.tqSales, f.tqSegmentSales);
    const wholeMix = share(f.sales, market.qty);
    const tqWholeMix = share(f.tqSales, market.tq);
    const yoy = growthNumber(growth(f.sales, f.tqSales));
    const detailMixChange = growthNumber(shareChange(detailMix, tqDetailMix));
    const wholeMixChange = growthNumber(shareChange(wholeMix, tqWholeMix));
    const price = f.price === null ? null : Math.round(f.price);
    const shown: ProportionRow = {
      id: f.id,
      name: subtotal ? `${seriesName} 小计` : f.name,
      seriesName,
      price,
      priceStr: price === null ? '-' : `${(price / YUAN_PER_WAN).toFixed(2)}万`,
      sales: f.sales,
      salesStr: thousands(f.sales),
      tqSales: f.tqSales,
      tqSalesStr: thousands(f.tqSales),
      yoy,
      yoys: growthText(yoy),
      detailMix: percentNumber(detailMix),
      detailMixs: sharePercentText(percentNumber(detailMix)),
      detailMixStr: sharePercentText(percentNumber(tqDetailMix)),
      tqDetailMix: percentNumber(tqDetailMix),
      detailMixChange,
      detailMixChanges: pointsText(detailMixChange),
      wholeMix: percentNumber(wholeMix),
      wholeMixs: sharePercentText(percentNumber(wholeMix)),
      wholeMixChange,
      wholeMixChanges: pointsText(wholeMixChange),
      ranking: f.rank,
      rankingStr: f.rank === null ? '-' : String(f.rank),
      rankingStatus: f.rank === null ? -2 : rankingStatus(f.rank, f.tqRank),
      subtotal,
      ...(f.priorName === undefined ? {} : { priorName: f.priorName }),
    };
    // The MIX unrounded for the workbook (decision 286); the wire keeps the one-decimal numbers.
    return withExactShares(shown, { detailMix, tqDetailMix, wholeMix });
  }

  /**
   * Rows of each series (its trims by the view's figure, then its subtotal). A trim of a new model year that sold
   * nothing a year earlier is compared with its replaced predecessor's year-ago figures (decision 278).
   */
  private async proportionTable(ctx: Context, view: 0 | 1 | 2 | 3): Promise<ProportionTable> {
    const [figures, series, market, catalogue] = await Promise.all([
      this.figures(ctx, 'car'),
      this.figures(ctx, 'subSeries'),
      this.market(ctx),
      this.repository.trimsOf(ctx.series.map((s) => s.id)),
    ]);
    const trims = meetPriorModelYear(figures, linkModelYears(catalogue));
    const field = PROPORTION_VIEW_ORDER[view];
    const byView = (a: ProportionRow, b: ProportionRow): number =>
      ((b[field] as number | null) ?? -Infinity) - ((a[field] as number | null) ?? -Infinity) || b.sales - a.sales || a.id - b.id;
    const rows: ProportionRow[] = [];
    for (const s of ctx.series) {
      const own = s.id === ctx.own.id;
      const list = own ? ownTrims(trims, ctx) : trims.filter((t) => t.subSeriesId === s.id);
      rows.push(...list.map((t) => this.row(t, s.name, market, false)).sort(byView));
      const total = series.find((r) => r.id === s.id) ?? {
        id: s.id,
        name: s.name,
        subSeriesId: s.id,
        sales: 0,
        tqSales: 0,
        segmentSales: 0,
        tqSegmentSales: 0,
        rank: null,
        tqRank: null,
        price: null,
        tqPrice: null,
      };
      rows.push(this.row(total, s.name, market, true));
    }
    return { period: ctx.periods.period, modelSubId: ctx.own.id, modelSubName: ctx.own.name, rows };
  }

  /** A table's workbook: the table and the retail data's 数据截至 for its 口径说明 sheet (decision 202). */
  async tableDownload(q: ModelPriceSingleTableDto | ModelPriceCompareTableDto): Promise<{ table: ProportionTable; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const ctx = await this.context(q);
    const [table, asOf] = await Promise.all([this.proportionTable(ctx, q.data2), this.dataStatus.of('retail')]);
    return { table, asOf, head: await this.heading(q, ctx.month, table) };
  }

  /**
   * The page's title and header tags (priceDimensionTags; its trims picked by their names in `table`) at `month`: the
   * deck's title slide and the workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(
    q: { carIds: number[]; data1: 0 | 1; city?: number },
    month: number,
    table: ProportionTable,
  ): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const cities = await this.ids.names('city', q.city === undefined ? [] : [q.city]);
    const tags = priceDimensionTags({
      time: formatMonth(month),
      ownName: table.modelSubName,
      carNames: table.rows.filter((r) => !r.subtotal && q.carIds.includes(r.id)).map((r) => r.name),
      data1: q.data1,
      cityName: q.city === undefined ? null : (cities.get(q.city) ?? null),
    });
    return { title: '销量占比分析', tags };
  }

  async singleTable(q: ModelPriceSingleTableDto): Promise<ProportionTable> {
    return this.proportionTable(await this.context(q), q.data2);
  }

  async compareTable(q: ModelPriceCompareTableDto): Promise<ProportionTable> {
    return this.proportionTable(await this.context(q), q.data2);
  }

  private axes(basis: 'tp' | 'msrp', data2: 0 | 1): Pick<PriceScatter, 'xTitle' | 'yTitle'> {
    return { xTitle: `${PRICE_BASES[basis === 'tp' ? 0 : 1].label}（万元）`, yTitle: data2 === 1 ? '细分市场MIX(%)' : '销量' };
  }

  /**
   * The own trims this month and in each of the `count` years before it (spec §9 year count 1-10), one
   * series per year: price of that month against sales or segment MIX of that month.
   */
  async singleChart(q: ModelPriceSingleChartDto): Promise<PriceScatter> {
    const ctx = await this.context(q);
    const years = Array.from({ length: q.count + 1 }, (_, k) => ({ k, month: ctx.month - 100 * k }));
    const span = (month: number) => ({ from: month, to: month });
    const ownSeries = [ctx.own.id];
    const [sales, prices] = await Promise.all([
      this.analytics.query({
        source: 2,
        dimensions: ['car', 'subSeries', 'segment'],
        filters: { segmentIds: [ctx.own.segmentId], ...cityFilter(ctx) },
        measures: years.map(({ k, month }): MeasureRequest => ({ measure: 'qty', span: span(month), as: `qty${k}` })),
        windows: years.map(({ k }) => ({ fn: 'total' as const, of: `qty${k}`, partitionBy: ['segment' as const], as: `seg${k}` })),
        within: { subSeries: ownSeries },
        order: [
          { by: 'qty0', direction: 'desc' },
          { by: 'car', direction: 'asc' },
        ],
      }),
      this.analytics.query({
        source: 'price',
        dimensions: ['car', 'subSeries'],
        filters: { subSeriesIds: ownSeries, ...cityFilter(ctx) },
        within: { subSeries: ownSeries },
        measures: years.map(({ k, month }): MeasureRequest => ({ measure: ctx.basis, span: span(month), as: `price${k}` })),
      }),
    ]);
    const priceOf = new Map(prices.map((p) => [p.key.car ?? 0, p.values]));
    const trims = sales.filter((r) => ctx.carIds.length === 0 || ctx.carIds.includes(r.key.car ?? 0));
    return {
      ...this.axes(ctx.basis, q.data2),
      series: years.map(({ k, month }) => ({
        name: formatMonth(month),
        points: trims
          .filter((r) => (r.values[`qty${k}`] ?? 0) > 0)
          .map((r): PricePoint => {
            const sold = r.values[`qty${k}`] ?? 0;
            const id = r.key.car ?? 0;
            return {
              id,
              name: r.name.car ?? '',
              x: wan(priceOf.get(id)?.[`price${k}`] ?? null),
              y: q.data2 === 1 ? percentNumber(share(sold, r.values[`seg${k}`] ?? 0)) : sold,
              sales: sold,
            };
          }),
      })),
    };
  }

  /**
   * The own segment's trims ranked in the chart's rank band (spec §9: 1-10 … 41-50) by sales of the
   * period, with their price: the compare chart's last series.
   */
  private async rankBand(ctx: Context, band: number, data2: 0 | 1): Promise<PriceScatter['series'][number]> {
    const { current } = ctx.periods;
    const rows = await this.analytics.query({
      source: 2,
      dimensions: ['car'],
      filters: { segmentIds: [ctx.own.segmentId], ...cityFilter(ctx) },
      month: ctx.month,
      measures: [current],
      windows: [{ fn: 'total', of: 'qty', as: 'segQty' }],
      order: [
        { by: 'qty', direction: 'desc' },
        { by: 'car', direction: 'asc' },
      ],
      limit: RANK_BAND_SIZE,
      offset: (band - 1) * RANK_BAND_SIZE,
    });
    const carIds = rows.map((r) => r.key.car ?? 0);
    const priceShift = current.shift === 'yearToDate' ? 'yearToDate' : 'current';
    const prices =
      carIds.length === 0
        ? []
        : await this.analytics.query({
            source: 'price',
            dimensions: ['car'],
            filters: { carIds, ...cityFilter(ctx) },
            month: ctx.month,
            measures: [{ measure: ctx.basis, shift: priceShift, as: 'price' }],
          });
    const priceOf = new Map(prices.map((p) => [p.key.car ?? 0, p.values.price]));
    const label = RANK_BANDS.find((b) => b.value === band)?.label ?? '';
    return {
      name: `${ctx.own.segmentName} 第${label}名`,
      points: rows.map((r) => {
        const id = r.key.car ?? 0;
        const sold = r.values.qty ?? 0;
        return {
          id,
          name: r.name.car ?? '',
          x: wan(priceOf.get(id) ?? null),
          y: data2 === 1 ? percentNumber(share(sold, r.values.segQty ?? 0)) : sold,
          sales: sold,
        };
      }),
    };
  }

  /** The trims of the own and compared series, one set of points per series, in the period, then the segment's rank band. */
  async compareCharts(q: ModelPriceCompareChartDto): Promise<PriceScatter> {
    const ctx = await this.context(q);
    const [rows, ranked] = await Promise.all([this.figures(ctx, 'car'), this.rankBand(ctx, q.rank, q.data2)]);
    return {
      ...this.axes(ctx.basis, q.data2),
      series: [
        ...ctx.series.map((s) => ({
          name: s.name,
          points: (s.id === ctx.own.id ? ownTrims(rows, ctx) : rows.filter((t) => t.subSeriesId === s.id))
            .filter((t) => t.sales > 0)
            .map((t) => ({
              id: t.id,
              name: t.name,
              x: wan(t.price),
              y: q.data2 === 1 ? percentNumber(share(t.sales, t.segmentSales)) : t.sales,
              sales: t.sales,
            })),
        })),
        ranked,
      ],
    };
  }

  /**
   * 导出PPT (issue 31, decision 217): the page as it shows now, each panel from its own call with the page's
   * keys — 时间段对比 and its points, the single table in its view, 车型对比 and its points, the compare table.
   */
  async deck(q: ModelPriceDeckDto, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const base = { time: q.time, modelSubId: q.modelSubId, carIds: q.carIds, data1: q.data1, city: q.city, producerId: q.producerId, brandId: q.brandId };
    const [single, singleTable, compare, compareTable, month, asOf, maker] = await Promise.all([
      this.singleChart({ ...base, data2: q.singleData2, type: q.singleType, count: q.singleCount }),
      this.singleTable({ ...base, data2: q.singleView }),
      this.compareCharts({
        ...base,
        data2: q.compareData2,
        type: q.compareType,
        accumulate: q.compareAccumulate,
        rank: q.compareRank,
        modelSubIds: q.modelSubIds,
      }),
      this.compareTable({ ...base, data2: q.compareView, modelSubIds: q.modelSubIds, accumulate: q.tableAccumulate }),
      this.months.resolve(q.time),
      this.dataStatus.of('retail'),
      this.decks.maker(user),
    ]);
    // The page's tags name its trims as the single table does.
    const heading = await this.heading(q, month, singleTable);
    return {
      fileName: `${heading.title}-${singleTable.modelSubName}-${singleTable.period}.pptx`,
      deck: {
        ...heading,
        asOf,
        maker,
        slides: [
          scatterSlide('时间段对比', single, q.singleType, q.singleData2),
          pointsSlide('时间段对比', single, q.singleData2),
          proportionSlide(`${singleTable.modelSubName} 车型销量占比（${singleTable.period}）`, singleTable, q.singleView, q.singleViewSort),
          scatterSlide('车型对比', compare, q.compareType, q.compareData2),
          pointsSlide('车型对比', compare, q.compareData2),
          proportionSlide(`车型对比表（${compareTable.period}）`, compareTable, q.compareView, q.compareViewSort),
        ],
      },
    };
  }
}
