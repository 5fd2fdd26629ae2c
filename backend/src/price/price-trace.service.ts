import { Injectable } from '@nestjs/common';
import {
  type ChartResult,
  formatMonth,
  type Nationwide,
  percentNumber,
  type PriceTable,
  type PriceTableMeasure,
  type PriceTraceChartQuery,
  type PriceTraceDeckQuery,
  type PriceTraceGap,
  type PriceTraceGapQuery,
  type PriceTraceMeasure,
  percentGapText,
  priceTraceTags,
  type PriceTraceQuery,
  type PriceTraceWhole,
  type PriceTraceWholeQuery,
  sharePercentText,
  traceAxisTitle,
  traceChartMeasure,
  traceMeasureLabel,
  trimTitle,
  wholeYuan,
  yuanGapText,
  yuanText,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import type { SessionUser } from '../security/session-user';
import type { WorkbookAsOf, WorkbookHead } from '../workbook/table-workbook';
import type { Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { nationwideSlide, priceDeck, priceMonthTableSlide, traceChartSlide, traceGapSlide } from './price.deck';
import { NO_PRICES, priceFigures, priceMeasures, PRICES_AS_SHOWN, tpGapOf, traceMeasureValue } from './price.figures';
import { PriceRepository } from './price.repository';
import { type PriceScope, type PriceSeries, PriceService } from './price.service';

/** A line of the trace: the subject or a comparison, named as the chart names it, with its prices by month. */
interface TraceLine {
  name: string;
  series: PriceSeries | undefined;
}

/** The sub-series or trim a trace is about, with the names it shows. */
interface TraceSubject {
  filters: Filters;
  name: string;
  producerName: string;
  brand: { id: number; name: string };
}

/** The subject and each comparison in the pick's order, with the months they are drawn over: what the chart and 成交价差 read. */
interface TraceComparison {
  months: number[];
  lines: TraceLine[];
}

const NATION_LABEL = '全国';

/**
 * The trace chart (issue 45 §2, decision 275): one measure at a time (traceChartMeasure: TP by default), a line
 * for the subject and one for each comparison, in the pick's order — the order that gives each its colour.
 */
function traceChart({ months, lines }: TraceComparison, measure: PriceTraceMeasure): ChartResult {
  return {
    xAxis: [{ categories: months.map(formatMonth) }],
    yAxis: [{ title: traceAxisTitle(measure) }],
    series: lines.map((line) => ({
      name: line.name,
      type: 'line' as const,
      yAxis: 0,
      data: months.map((m) => traceMeasureValue(line.series?.byMonth.get(m) ?? NO_PRICES, measure)),
      group: line.name,
    })),
  };
}

/**
 * 成交价差 (decision 276): for each comparison, the subject's TP minus the rival's, month by month, in yuan and as a
 * percent of the rival's TP; a month without both prices has no gap.
 */
function traceGap({ months, lines }: TraceComparison): PriceTraceGap {
  const [own, ...rivals] = lines;
  const tp = (line: TraceLine, m: number) => line.series?.byMonth.get(m)?.tp ?? null;
  return {
    months: months.map(formatMonth),
    name: own.name,
    rows: rivals.map((rival) => {
      const gapsOf = months.map((m) => tpGapOf(tp(own, m), tp(rival, m)));
      const [gaps, percents] = [gapsOf.map((g) => g.gap), gapsOf.map((g) => g.percent)];
      return { name: rival.name, gaps, gapTexts: gaps.map(yuanGapText), percents, percentTexts: percents.map(percentGapText) };
    }),
  };
}

/** 车系价格追踪: one sub-series (or one of its trims) against comparison series and trims. */
@Injectable()
export class PriceTraceService {
  constructor(
    private readonly prices: PriceService,
    private readonly analytics: AnalyticsService,
    private readonly names: PriceRepository,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
    private readonly ids: ReferenceIdsRepository,
  ) {}

  /** The subject of a request: a known sub-series, and a trim only if it is one of that sub-series'. */
  private async subject(q: PriceTraceQuery): Promise<TraceSubject> {
    const subSeries = (await this.names.subSeries([q.modelSubId])).get(q.modelSubId);
    if (!subSeries) throw ApiException.badRequest('参数 modelSubId 没有这个子车系');
    const named = { producerName: subSeries.producerName, brand: { id: subSeries.brandId, name: subSeries.brandName } };
    if (q.carId === undefined) return { filters: { subSeriesIds: [q.modelSubId] }, name: subSeries.name, ...named };
    const trim = (await this.names.trims([q.carId])).get(q.carId);
    if (!trim || trim.subSeriesId !== q.modelSubId) throw ApiException.badRequest('参数 carId 不是所选子车系的车型');
    // The sub-series too: the province price rollup is indexed by it.
    return { filters: { subSeriesIds: [q.modelSubId], carIds: [q.carId] }, name: trimTitle(subSeries.name, trim.name), ...named };
  }

  /** The subject in the chosen month, and in one city when the trace form names one (its TP weighed over that city's sales). */
  private async scoped(q: PriceTraceQuery & { city?: number }): Promise<{ subject: TraceSubject; scope: PriceScope; place: Filters }> {
    const subject = await this.subject(q);
    const place: Filters = q.city === undefined ? {} : { cityIds: [q.city] };
    return { subject, scope: await this.prices.scope(q.time, { ...subject.filters, ...place }), place };
  }

  async whole(q: PriceTraceWholeQuery): Promise<PriceTraceWhole> {
    const { subject, scope } = await this.scoped(q);
    return { ...(await this.prices.cards(scope)), producerName: subject.producerName, modelName: subject.name, brand: subject.brand };
  }

  /** The subject and each comparison in the pick's order (the compared series, then the trims), with their prices by month. */
  private async compared(q: PriceTraceGapQuery): Promise<TraceComparison> {
    const { subject, scope, place } = await this.scoped(q);
    const months = this.prices.trendMonths(scope);
    const [subSeriesNames, trimNames] = await Promise.all([this.names.subSeries(q.modelSubIds), this.names.trims(q.carIds)]);
    const unknownSeries = q.modelSubIds.find((id) => !subSeriesNames.has(id));
    if (unknownSeries !== undefined) throw ApiException.badRequest(`参数 modelSubIds 没有子车系 ${unknownSeries}`);
    const unknownTrim = q.carIds.find((id) => !trimNames.has(id));
    if (unknownTrim !== undefined) throw ApiException.badRequest(`参数 carIds 没有车型 ${unknownTrim}`);
    const [own, series, trims] = await Promise.all([
      this.prices.series(scope, [], months),
      q.modelSubIds.length ? this.prices.series(scope, ['subSeries'], months, { ...place, subSeriesIds: q.modelSubIds }) : Promise.resolve([]),
      q.carIds.length ? this.prices.series(scope, ['car'], months, { ...place, carIds: q.carIds }) : Promise.resolve([]),
    ]);
    const find = (list: PriceSeries[], id: number) => list.find((s) => s.id === id);
    const lines = [
      { name: subject.name, series: own[0] },
      ...q.modelSubIds.map((id) => ({ name: subSeriesNames.get(id)!.name, series: find(series, id) })),
      ...q.carIds.map((id) => {
        const trim = trimNames.get(id)!;
        return { name: trimTitle(trim.subSeriesName, trim.name), series: find(trims, id) };
      }),
    ];
    return { months, lines };
  }

  /** The trace chart (traceChart) of the request's comparison and measure. */
  async chart(q: PriceTraceChartQuery): Promise<ChartResult> {
    return traceChart(await this.compared(q), traceChartMeasure(q));
  }

  /** 成交价差 (traceGap) of the request's comparison. */
  async tpGap(q: PriceTraceGapQuery): Promise<PriceTraceGap> {
    return traceGap(await this.compared(q));
  }

  /**
   * 区域表现: the subject's national weighted TP, lowest city TP, average discount and rate; the highest
   * discount is the largest MSRP − lowest city TP over its trims, and its rate that discount / that MSRP. The lowest
   * price and the highest discount name the province of that lowest city TP (issue 45 §2; the first province by
   * id where two tie).
   */
  async nationwide(q: PriceTraceQuery): Promise<Nationwide> {
    const { subject, scope } = await this.scoped(q);
    // Each trim's figures by province: a trim has one MSRP a month (msrp_month), which each of its rows carries, and
    // its lowest city TP is the lowest of its provinces' — so no by-trim question is needed beside this one.
    const byTrimAndProvince = [
      { measure: 'msrp' as const, as: 'msrp' },
      { measure: 'qty' as const, as: 'qty' },
      { measure: 'tpLow' as const, as: 'low' },
    ];
    const [[all], places] = await Promise.all([
      this.analytics.query({
        source: 'price',
        dimensions: [],
        filters: scope.filters,
        month: scope.month,
        ...PRICES_AS_SHOWN,
        measures: [...priceMeasures(), { measure: 'tpLow', as: 'low' }],
      }),
      this.analytics.query({
        source: 'price',
        dimensions: ['car', 'province'],
        filters: scope.filters,
        month: scope.month,
        measures: byTrimAndProvince,
        keepWhenAny: ['qty'],
      }),
    ]);
    // Each trim's and the subject's lowest city TP with its province, by province id where two tie.
    const byProvince = places
      .map((r) => ({
        car: r.key.car ?? 0,
        province: r.key.province ?? 0,
        name: r.name.province ?? null,
        msrp: wholeYuan(r.values.msrp),
        low: wholeYuan(r.values.low),
      }))
      .filter((r): r is typeof r & { low: number } => r.low !== null)
      .sort((a, b) => a.low - b.low || a.province - b.province);
    const avg = priceFigures(all?.values);
    const low = wholeYuan(all?.values.low);
    // A trim's lowest city TP is its first row above; the highest discount goes to the first trim by id where two tie.
    const lowest = new Map<number, (typeof byProvince)[number]>();
    for (const r of byProvince) if (!lowest.has(r.car)) lowest.set(r.car, r);
    let high: { discount: number; rate: number | null; province: string | null } | null = null;
    for (const t of [...lowest.values()].sort((a, b) => a.car - b.car)) {
      if (t.msrp === null) continue;
      const discount = t.msrp - t.low;
      if (!high || discount > high.discount) high = { discount, rate: t.msrp > 0 ? discount / t.msrp : null, province: t.name };
    }
    const avgRate = percentNumber(avg.rate);
    const highRate = percentNumber(high?.rate);
    return {
      name: subject.name,
      avgPrice: avg.tp,
      avgPriceStr: yuanText(avg.tp),
      lowPrice: low,
      lowPriceStr: yuanText(low),
      avgDiscount: avg.discount,
      avgDiscountStr: yuanText(avg.discount),
      highDiscount: high?.discount ?? null,
      highDiscountStr: yuanText(high?.discount),
      avgDiscountRate: avgRate,
      avgDiscountRateStr: sharePercentText(avgRate),
      highDiscountRate: highRate,
      highDiscountRateStr: sharePercentText(highRate),
      lowPriceProvince: low === null ? null : (byProvince.find((r) => r.low === low)?.name ?? null),
      highDiscountProvince: high?.province ?? null,
    };
  }

  /**
   * 导出PPT (issue 31, decision 215): the page as it shows now, from the same calls as its cards, its chart (the
   * own model and the comparisons of the URL's pickers), 区域表现 and its regional table — the title slide (the
   * page's title and header tags, 数据截至, the user's producer or brand), then a slide each.
   */
  async deck(q: PriceTraceDeckQuery, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const subject = { time: q.time, modelSubId: q.modelSubId, carId: q.carId };
    const compared = { ...subject, city: q.city, modelSubIds: q.modelSubIds, carIds: q.carIds };
    // The chart's measure as the page chose it: its `measure`, else the page's discount (an older link), else TP.
    const measure = traceChartMeasure({ measure: q.measure, type: q.discount });
    // The chart and 成交价差 draw one comparison, read once (decision 276).
    const [whole, comparison, nationwide, table, asOf, maker] = await Promise.all([
      this.whole({ ...subject, city: q.city, type: q.discount }),
      this.compared(compared),
      this.nationwide(subject),
      this.cityTable({ ...subject, type: q.type }),
      this.dataStatus.of('price'),
      this.decks.maker(user),
    ]);
    const heading = await this.heading(q.modelSubId, q.city, whole.time, whole);
    return {
      fileName: `车系价格追踪-${whole.modelName}-${whole.time}.pptx`,
      deck: priceDeck({ ...heading, asOf, maker }, whole, [
        traceChartSlide(`价格走势（${traceMeasureLabel(measure)}）`, traceChart(comparison, measure)),
        ...(q.modelSubIds.length + q.carIds.length > 0 ? [traceGapSlide(traceGap(comparison))] : []),
        nationwideSlide(nationwide),
        priceMonthTableSlide('区域价格', '区域', table, q.sort),
      ]),
    };
  }

  /** The regional table's workbook: the table and the price data's 数据截至 for its 口径说明 sheet (decision 202). */
  async cityTableDownload(
    q: PriceTraceQuery & { type?: number },
  ): Promise<{ table: PriceTable & { fileName: string; name: string }; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const { subject, scope } = await this.scoped(q);
    const [table, asOf, head] = await Promise.all([
      this.scopedCityTable(q, subject, scope),
      this.dataStatus.of('price'),
      // The table is every region's: no city in the tags.
      this.heading(q.modelSubId, undefined, formatMonth(scope.month), { producerName: subject.producerName, modelName: subject.name }),
    ]);
    return { table, asOf, head };
  }

  /**
   * The page's title (its sub-series: a chosen trim is in the tags) and header tags (priceTraceTags) at the month
   * `time`: the deck's title slide and the workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(
    modelSubId: number,
    city: number | undefined,
    time: string,
    subject: { producerName: string; modelName: string },
  ): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const [subSeries, cities] = await Promise.all([this.names.subSeries([modelSubId]), this.ids.names('city', city === undefined ? [] : [city])]);
    const cityName = city === undefined ? null : (cities.get(city) ?? null);
    return { title: `${subSeries.get(modelSubId)?.name ?? subject.modelName}价格走势`, tags: priceTraceTags(time, cityName, subject) };
  }

  /** The regional table: 全国, then each big region followed by its provinces (by the month's volume), month by month. */
  async cityTable(q: PriceTraceQuery & { type?: number }): Promise<PriceTable & { fileName: string; name: string }> {
    const { subject, scope } = await this.scoped(q);
    return this.scopedCityTable(q, subject, scope);
  }

  /** The regional table of a subject and scope already looked up. */
  private async scopedCityTable(q: { type?: number }, subject: TraceSubject, scope: PriceScope): Promise<PriceTable & { fileName: string; name: string }> {
    const measure = (q.type ?? 2) as PriceTableMeasure;
    const months = this.prices.trendMonths(scope);
    const [nation, regions, provinces] = await Promise.all([
      this.prices.series(scope, [], months),
      this.prices.series(scope, ['area'], months),
      this.prices.series(scope, ['area', 'province'], months),
    ]);
    const volumeOf = (s: PriceSeries) => s.byMonth.get(scope.month)?.qty ?? 0;
    const nationSeries: PriceSeries = nation[0] ?? { id: 0, name: NATION_LABEL, key: {}, byMonth: new Map() };
    const rows = [this.prices.tableRow({ ...nationSeries, id: 0 }, months, measure, { total: true, current: false, level: 0 }, NATION_LABEL)];
    for (const region of [...regions].sort((a, b) => a.id - b.id)) {
      rows.push(this.prices.tableRow(region, months, measure, { total: false, current: false, level: 1 }));
      const children = provinces.filter((p) => p.key.area === region.id).sort((a, b) => volumeOf(b) - volumeOf(a) || a.id - b.id);
      for (const province of children) rows.push(this.prices.tableRow(province, months, measure, { total: false, current: false, level: 2 }));
    }
    return { ...this.prices.table(months, measure, rows), name: subject.name, fileName: `车系价格追踪-${subject.name}-${formatMonth(scope.month)}.xlsx` };
  }
}
