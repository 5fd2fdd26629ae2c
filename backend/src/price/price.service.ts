import { Injectable } from '@nestjs/common';
import {
  addMonths,
  type ChartResult,
  formatMonth,
  percentNumber,
  type PriceTable,
  type PriceTableMeasure,
  type PriceTableRow,
  PRICE_TREND_MONTHS,
  type PriceWhole,
  sharePercentText,
  yearOf,
  yuanText,
  monthRange,
} from '@car/contracts';
import { AnalyticsRow, AnalyticsService } from '../analytics/analytics.service';
import type { DimensionKey, Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { KeptCalendar } from '../reference/calendar.repository';
import {
  changeFields,
  measureText,
  measureValue,
  NO_PRICES,
  priceChange,
  priceFigures,
  type PriceFigures,
  priceMeasures,
  PRICES_AS_SHOWN,
  pointChangeFields,
  rateChange,
} from './price.figures';

/** What a price question is about: a month and the narrowed market (or one sub-series or trim). */
export interface PriceScope {
  month: number;
  filters: Filters;
  /** The first month with prices: trends start no earlier. */
  firstMonth: number;
}

/** A group of a month table: its id and name, and its prices month by month. */
export interface PriceSeries {
  id: number;
  name: string;
  /** The group's key in every dimension asked (e.g. area and province). */
  key: AnalyticsRow['key'];
  byMonth: Map<number, PriceFigures>;
}

/**
 * The price rules shared by the market price index and the price trace (DESIGN.md "Prices"): which
 * month a request means, the four cards with their 环比 and since-January changes, month tables and
 * trend lines, all over the query layer's weighted `msrp` and `tp`.
 */
@Injectable()
export class PriceService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly calendar: KeptCalendar,
  ) {}

  /** The month defaults to the latest with prices; a month without prices is a 400. */
  async scope(time: number | undefined, filters: Filters): Promise<PriceScope> {
    const months = await this.calendar.months('price');
    if (months.length === 0) throw ApiException.notFound('暂无价格数据');
    const month = time ?? months[0];
    if (!months.includes(month)) throw ApiException.badRequest(`参数 time 没有 ${formatMonth(month)} 的价格数据`);
    return { month, filters, firstMonth: months[months.length - 1] };
  }

  /** The months a trend shows: the chosen month and the eleven before it, none before the first price month. */
  trendMonths(scope: PriceScope): number[] {
    return monthRange(Math.max(addMonths(scope.month, 1 - PRICE_TREND_MONTHS), scope.firstMonth), scope.month);
  }

  /**
   * The four cards: MSRP, TP, discount and rate of the month, each against the previous month (环比)
   * and against January of the same year (累计). TP and discount change as percents, the rate in points.
   */
  async cards(scope: PriceScope): Promise<PriceWhole> {
    const [row] = await this.analytics.query({
      source: 'price',
      dimensions: [],
      filters: scope.filters,
      month: scope.month,
      ...PRICES_AS_SHOWN,
      measures: [...priceMeasures('', { shift: 'current' }), ...priceMeasures('Hb', { shift: 'previousMonth' }), ...priceMeasures('Jan', { shift: 'january' })],
    });
    const now = priceFigures(row?.values);
    const hb = priceFigures(row?.values, 'Hb');
    const jan = priceFigures(row?.values, 'Jan');
    const tpMom = changeFields(priceChange(now.tp, hb.tp));
    const tpDown = changeFields(priceChange(now.tp, jan.tp));
    const discountMom = changeFields(priceChange(now.discount, hb.discount));
    const discountDown = changeFields(priceChange(now.discount, jan.discount));
    const rateMom = pointChangeFields(rateChange(now.rate, hb.rate));
    const rateDown = pointChangeFields(rateChange(now.rate, jan.rate));
    return {
      time: formatMonth(scope.month),
      startTime: formatMonth(yearOf(scope.month) * 100 + 1),
      msrp: now.msrp,
      msrpStr: yuanText(now.msrp),
      tp: now.tp,
      tpStr: yuanText(now.tp),
      tpMom: tpMom.value,
      tpMomStr: tpMom.text,
      tpDown: tpDown.value,
      tpDownStr: tpDown.text,
      discount: now.discount,
      discountStr: yuanText(now.discount),
      discountMom: discountMom.value,
      discountMomStr: discountMom.text,
      discountDown: discountDown.value,
      discountDownStr: discountDown.text,
      discountRate: percentNumber(now.rate),
      discountRateStr: sharePercentText(percentNumber(now.rate)),
      discountRateMom: rateMom.value,
      discountRateMomStr: rateMom.text,
      discountRateDown: rateDown.value,
      discountRateDownStr: rateDown.text,
      qty: now.qty,
    };
  }

  /** Prices month by month over `months`, per group of `dimensions` (none: one series for the whole scope). */
  async series(scope: PriceScope, dimensions: readonly DimensionKey[], months: readonly number[], filters: Filters = scope.filters): Promise<PriceSeries[]> {
    const rows = await this.analytics.query({
      source: 'price',
      dimensions: ['month', ...dimensions],
      filters,
      ...PRICES_AS_SHOWN,
      measures: priceMeasures('', { span: { from: months[0], to: months[months.length - 1] } }),
      keepWhenAny: ['qty'],
    });
    const last = dimensions[dimensions.length - 1];
    const groups = new Map<string, PriceSeries>();
    for (const r of rows) {
      const id = last ? (r.key[last] ?? 0) : 0;
      const groupKey = dimensions.map((d) => r.key[d]).join('/');
      let group = groups.get(groupKey);
      if (!group) {
        group = { id, name: last ? (r.name[last] ?? String(id)) : '', key: r.key, byMonth: new Map() };
        groups.set(groupKey, group);
      }
      group.byMonth.set(r.key.month ?? 0, priceFigures(r.values));
    }
    return [...groups.values()];
  }

  /** A month table's row of one series under one measure. */
  tableRow(
    series: PriceSeries,
    months: readonly number[],
    measure: PriceTableMeasure,
    mark: Pick<PriceTableRow, 'total' | 'current' | 'level'>,
    name = series.name,
  ): PriceTableRow {
    const cells = months.map((m) => series.byMonth.get(m) ?? NO_PRICES);
    return {
      id: series.id,
      name,
      values: cells.map((f) => measureValue(f, measure)),
      texts: cells.map((f) => measureText(f, measure)),
      qty: cells.map((f) => f.qty),
      ...mark,
    };
  }

  table(months: readonly number[], measure: PriceTableMeasure, rows: PriceTableRow[]): PriceTable {
    return { months: months.map(formatMonth), measure, rows };
  }

  /**
   * 整体市场价格指数's trend chart: MSRP and TP as columns on the price axis, and the discount (元) or discount
   * rate (%) as a line on the second axis. (The price trace draws its cars with `PriceTraceService.chart`.)
   */
  chart(months: readonly number[], measure: 0 | 1, series: PriceSeries | undefined): ChartResult {
    const at = (m: number) => series?.byMonth.get(m) ?? NO_PRICES;
    return {
      xAxis: [{ categories: months.map(formatMonth) }],
      yAxis: [{ title: '价格（元）' }, { title: measure === 0 ? '优惠（元）' : '优惠率（%）' }],
      series: [
        { name: '厂商指导价', type: 'column', yAxis: 0, data: months.map((m) => at(m).msrp) },
        { name: '成交价', type: 'column', yAxis: 0, data: months.map((m) => at(m).tp) },
        { name: measure === 0 ? '优惠' : '优惠率', type: 'spline', yAxis: 1, data: months.map((m) => measureValue(at(m), measure)) },
      ],
    };
  }
}
