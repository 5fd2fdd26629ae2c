import { Injectable } from '@nestjs/common';
import {
  salesSourceKind,
  barWidth,
  type ChartResult,
  formatMonth,
  growth,
  growthNumber,
  monthRange,
  newYearCategory,
  percentNumber as round1,
  percentText,
  pointsTextOf,
  quarterOf,
  rankingStatus,
  type RankingSortColumn,
  ranks,
  type SaleVolumeFilterDto,
  type SetFilter,
  share,
  type SortOrder,
  shareChange,
  shareText,
  type Summary,
  type TablePage,
  type TableRow,
  thousands,
  trendSpan,
  withinSet,
  yearOf,
} from '@car/contracts';
import { AnalyticsRow, AnalyticsService } from '../analytics/analytics.service';
import type { DataSource, DimensionKey, Filters } from '../analytics/model';
import {
  comparisonShifts,
  type ComparisonShifts,
  comparisonsOf,
  NEW_YEAR_SHIFTS,
  requireNewYearMonths,
  sumVolumes,
  type Volumes,
  volumesOf,
} from '../analytics/comparisons';
import { SHIFTS } from '../analytics/measures';
import type { AnalyticsQuery, OrderRequest, WindowRequest } from '../analytics/query';
import { KeptCalendar, MonthData } from '../reference/calendar.repository';
import { SEGMENT_CATEGORIES } from '../reference/data/segments';
import { SegmentRepository } from '../reference/segment.repository';
import { DataStatusService } from '../reference/data-status.service';
import { requestedMonth } from '../reference/requested-month';
import { type WorkbookAsOf, withExactShares } from '../workbook/table-workbook';
import { summaryCards } from './summary-cards';

/** The months a data source's figures exist for: 1 wholesale, 2 retail. */
const SOURCE_DATA: Record<DataSource, MonthData> = { 1: 'wholesale', 2: 'retail' };

/** What a sales-volume question is about: a data source, a month, and the narrowed market. */
export interface MarketScope {
  source: DataSource;
  month: number;
  filters: Filters;
  /** The source's first month with data, read with the month so charts need no second round trip. */
  firstMonth: number;
  /** The shift of each comparison: the single month, or 1-2月合计 (`newYear`, decision 197). */
  shifts: ComparisonShifts;
}

/** The last month a scope's figures cover: its month, or February under 1-2月合计 (decision 199). */
export function periodEnd(scope: Pick<MarketScope, 'month' | 'shifts'>): number {
  return SHIFTS[scope.shifts.current].span(scope.month).to;
}

/** The period's name in titles and file names: 2026-10, or 2026-01~02 under 1-2月合计. */
export function periodLabel(scope: Pick<MarketScope, 'month' | 'shifts'>): string {
  return scope.shifts.current === NEW_YEAR_SHIFTS.current ? newYearCategory(yearOf(scope.month)) : formatMonth(scope.month);
}

/** A ranking row is answered when it sold in the month or the year to date, now or a year earlier. */
const SOLD_IN: readonly (keyof Volumes)[] = ['qty', 'lj', 'tq', 'tqLj'];

/** A group of an answer with its comparison volumes. */
export interface VolumeRow {
  key: AnalyticsRow['key'];
  name: AnalyticsRow['name'];
  values: Volumes;
}

/** The order of a ranking list: by the month's sales (January-to-date breaking ties) or the reverse; then id. */
export type RankingOrder = 'month' | 'yearToDate';

/**
 * What a ranking table's sortable column orders by in SQL (decision 171): a comparison measure, or a window over
 * them that answers the figure as the page shows it (growths and share changes in tenths of a percent, null
 * where the page shows '-'; the rank null for a row that sold nothing this year).
 */
const SORT_KEYS: Record<RankingSortColumn, { by: string; window?: WindowRequest }> = {
  sales: { by: 'qty' },
  tqSales: { by: 'tq' },
  salesSum: { by: 'lj' },
  tqSalesSum: { by: 'tqLj' },
  mom: { by: 'momKey', window: { fn: 'growth', of: 'qty', over: 'hb', as: 'momKey' } },
  yoy: { by: 'yoyKey', window: { fn: 'growth', of: 'qty', over: 'tq', as: 'yoyKey' } },
  yearYoy: { by: 'yearYoyKey', window: { fn: 'growth', of: 'lj', over: 'tqLj', as: 'yearYoyKey' } },
  mix: { by: 'mixKey', window: { fn: 'share', of: 'qty', as: 'mixKey' } },
  tqMix: { by: 'tqMixKey', window: { fn: 'share', of: 'tq', as: 'tqMixKey' } },
  yearMix: { by: 'yearMixKey', window: { fn: 'share', of: 'lj', as: 'yearMixKey' } },
  tqYearMix: { by: 'tqYearMixKey', window: { fn: 'share', of: 'tqLj', as: 'tqYearMixKey' } },
  mixChange: { by: 'mixChangeKey', window: { fn: 'shareChange', of: 'qty', over: 'tq', as: 'mixChangeKey' } },
  yearMixChange: { by: 'yearMixChangeKey', window: { fn: 'shareChange', of: 'lj', over: 'tqLj', as: 'yearMixChangeKey' } },
  ljRanking: { by: 'ljRank' },
};

export interface RowOptions {
  /** How to group rows under a merged first column with subtotals (segment category, big region). */
  group?: { of: (row: VolumeRow) => { id: number; name: string } };
  /** Append a 合计 row for the whole filtered market. */
  total?: boolean;
}

/**
 * The sales-volume rules shared by the whole-market, area-market and producer/brand calls: which
 * market a request means, its summary cards, ranking rows with every metric, and trend charts.
 */
@Injectable()
export class SaleVolumeService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly calendar: KeptCalendar,
    private readonly segments: SegmentRepository,
    private readonly dataStatus: DataStatusService,
  ) {}

  /** What a download of the scope is as of: its source's latest month and publish day (the 口径说明 sheet, decision 202). */
  asOf(scope: { source: number }): Promise<WorkbookAsOf> {
    return this.dataStatus.of(salesSourceKind(scope.source));
  }

  /** Resolves the spec's filter parameters: the month defaults to the latest with data for the source. */
  async scope(dto: SaleVolumeFilterDto, extra: Filters = {}): Promise<MarketScope> {
    const source = dto.source as DataSource;
    const months = await this.calendar.months(SOURCE_DATA[source]);
    const month = requestedMonth(months, dto.time);
    requireNewYearMonths(dto.newYear, month, months);
    const filters: Filters = { ...extra };
    if (dto.detailId > 0) filters.segmentIds = [dto.detailId];
    if (dto.producerProperty > 0) filters.producerProperties = [dto.producerProperty];
    if (dto.fuels.length > 0) filters.fuels = dto.fuels;
    return { source, month, filters, firstMonth: months[months.length - 1], shifts: comparisonShifts(dto.newYear) };
  }

  /**
   * The five cards (monthly sales, yoy, mom, January-to-date, cumulative yoy) of a scope, or of the national market a
   * filter narrows (the whole-market page's cards).
   */
  async summary(of: MarketScope | SaleVolumeFilterDto): Promise<Summary> {
    const scope = 'filters' in of ? of : await this.scope(of);
    const [row] = await this.analytics.query({
      source: scope.source,
      dimensions: [],
      filters: scope.filters,
      month: scope.month,
      measures: comparisonsOf(scope.shifts),
    });
    return summaryCards(volumesOf(row?.values ?? {}), scope.month);
  }

  /** Every row of one dimension, ranked by this month's sales, with shares of the filtered market. */
  async rows(scope: MarketScope, dimension: DimensionKey, options: RowOptions = {}, extraDimensions: DimensionKey[] = []): Promise<TableRow[]> {
    const data = await this.analytics.query({
      source: scope.source,
      dimensions: [dimension, ...extraDimensions],
      filters: scope.filters,
      month: scope.month,
      measures: comparisonsOf(scope.shifts),
      keepWhenAny: SOLD_IN,
    });
    return this.toRows(
      data.map((r) => ({ ...r, values: volumesOf(r.values) })),
      dimension,
      options,
    );
  }

  /**
   * A ranking list of one dimension in its order, one page of it when `page` is given: order, paging,
   * the market totals its shares divide by, the bars' largest values and the 累计 ranks all come from
   * the query (SQL), over the whole list, so a page reads only its own rows.
   */
  async rankedRows(
    scope: MarketScope,
    dimension: DimensionKey,
    order: RankingOrder,
    page?: { currentPage: number; pageSize: number },
    sort?: SortOrder<RankingSortColumn>,
    within?: readonly number[],
  ): Promise<{ rows: TableRow[]; total: number; places: number[] }> {
    // The analyst's column first (nulls last either way), the list's own order breaking its ties.
    const sortKey = sort ? SORT_KEYS[sort.column] : undefined;
    const sorted: OrderRequest[] = sort && sortKey ? [{ by: sortKey.by, direction: sort.direction }] : [];
    const by: OrderRequest[] = [...sorted, ...(order === 'month' ? ['qty', 'lj'] : ['lj', 'qty']).map((m): OrderRequest => ({ by: m, direction: 'desc' }))];
    const comparisons = comparisonsOf(scope.shifts);
    const query: AnalyticsQuery = {
      source: scope.source,
      dimensions: [dimension],
      filters: scope.filters,
      month: scope.month,
      measures: comparisons,
      keepWhenAny: SOLD_IN,
      windows: [
        ...comparisons.map((m) => ({ fn: 'total' as const, of: m.as, as: `${m.as}Market` })),
        { fn: 'max', of: 'qty', as: 'qtyMax' },
        { fn: 'max', of: 'lj', as: 'ljMax' },
        { fn: 'rank', of: 'lj', as: 'ljRank', nullWhenZero: true },
        { fn: 'rank', of: 'tqLj', as: 'tqLjRank' },
        { fn: 'count', as: 'rowCount' },
        ...(sortKey?.window ? [sortKey.window] : []),
        // A row's place in the list's own order, which a sorted page no longer tells by position.
        ...(sort ? [{ fn: 'rank' as const, of: order === 'month' ? 'qty' : 'lj', as: 'place' }] : []),
      ],
      order: [...by, { by: dimension, direction: 'asc' }],
      ...(page ? { limit: page.pageSize, offset: (page.currentPage - 1) * page.pageSize } : {}),
      // These rows alone, their shares, bars and ranks still the whole list's.
      ...(within ? { within: { [dimension]: within } } : {}),
    };
    const data = await this.analytics.query(query);
    let total = data[0]?.values.rowCount ?? 0;
    // A page past the end has no row to carry the count: ask for the first row's.
    if (data.length === 0 && page && page.currentPage > 1) total = (await this.analytics.query({ ...query, limit: 1, offset: 0 }))[0]?.values.rowCount ?? 0;
    const rows = data.map((r) => {
      const v = r.values;
      const market: Volumes = { qty: v.qtyMarket ?? 0, tq: v.tqMarket ?? 0, hb: v.hbMarket ?? 0, lj: v.ljMarket ?? 0, tqLj: v.tqLjMarket ?? 0 };
      const volumes = volumesOf(v);
      const row = makeRow(r.key[dimension] ?? 0, r.name[dimension] ?? '', volumes, market, v.qtyMax ?? 0, v.ljMax ?? 0);
      row.ljRanking = volumes.lj > 0 ? v.ljRank : null;
      row.rankingStatus = row.ljRanking === null ? -2 : rankingStatus(row.ljRanking, volumes.tqLj > 0 ? v.tqLjRank : null);
      return row;
    });
    const start = page ? (page.currentPage - 1) * page.pageSize : 0;
    const places = data.map((r, i) => (sort ? (r.values.place ?? start + i + 1) : start + i + 1));
    return { rows, total, places };
  }

  /**
   * The 车系 table narrowed to a 竞品组 (decision 300): the members that sold in the scope, in the table's order, their
   * figures the whole table's (shares of the filtered market, bars, 累计排名 among every sub-series), with 本品 marked
   * and their 组内份额 and 组内排名 among the members shown (withinSet, as 竞品监控 ranks them).
   */
  async setRows(scope: MarketScope, set: SetFilter, sort?: SortOrder<RankingSortColumn>): Promise<TableRow[]> {
    const { rows } = await this.rankedRows(scope, 'subSeries', 'month', undefined, sort, [...set.own, ...set.rivals]);
    const within = withinSet(rows.map((r) => r.sales));
    return rows.map((row, i) =>
      withExactShares(
        { ...row, setOwn: set.own.includes(row.id), setMix: round1(within[i].share), setMixs: shareText(within[i].share), setRanking: within[i].rank },
        { setMix: within[i].share },
      ),
    );
  }

  /** The segment table: segments merged under their category (轿车, SUV, MPV, 跑车) with subtotals and a total. */
  async segmentRows(scope: MarketScope): Promise<TableRow[]> {
    const categories = await this.segments.categories();
    const group: RowOptions['group'] = {
      of: (row) => {
        const category = categories.get(row.key.segment ?? 0) ?? 1;
        return { id: category, name: SEGMENT_CATEGORIES[category] };
      },
    };
    return this.rows(scope, 'segment', { group, total: true });
  }

  /** Turns grouped sums into table rows: metrics, bars, ranks, and (optionally) groups, subtotals, total. */
  toRows(data: VolumeRow[], dimension: DimensionKey, options: RowOptions = {}): TableRow[] {
    const market = sumValues(data);
    const maxSales = Math.max(0, ...data.map((r) => r.values.qty));
    const maxSum = Math.max(0, ...data.map((r) => r.values.lj));
    const ljRanks = ranks(data.map((r) => r.values.lj));
    const tqLjRanks = ranks(data.map((r) => r.values.tqLj));
    const rows = data.map((r, i) => {
      const row = makeRow(r.key[dimension] ?? 0, r.name[dimension] ?? '', r.values, market, maxSales, maxSum);
      row.ljRanking = r.values.lj > 0 ? ljRanks[i] : null;
      row.rankingStatus = row.ljRanking === null ? -2 : rankingStatus(ljRanks[i], r.values.tqLj > 0 ? tqLjRanks[i] : null);
      return { row, source: r };
    });
    rows.sort((a, b) => b.row.sales - a.row.sales || b.row.salesSum - a.row.salesSum || a.row.id - b.row.id);
    let result: TableRow[];
    if (options.group) {
      const groups = new Map<number, { name: string; items: Array<{ row: TableRow; source: VolumeRow }> }>();
      for (const entry of rows) {
        const g = options.group.of(entry.source);
        const bucket = groups.get(g.id) ?? { name: g.name, items: [] };
        bucket.items.push(entry);
        groups.set(g.id, bucket);
      }
      result = [];
      for (const [groupId, bucket] of [...groups].sort((a, b) => a[0] - b[0])) {
        // Subtotal and total bars measure against the whole market, so they stay within 0-100.
        const subtotal = makeRow(-groupId, `${bucket.name}小计`, sumValues(bucket.items.map((e) => e.source)), market, market.qty, market.lj, true);
        const members = [...bucket.items.map((e) => e.row), subtotal];
        members.forEach((m, i) => {
          m.groupName = bucket.name;
          m.rowMerge = i === 0;
          m.rowMergeNum = i === 0 ? members.length : 0;
        });
        result.push(...members);
      }
    } else {
      result = rows.map((e) => e.row);
    }
    if (options.total) {
      const total = makeRow(0, '合计', market, market, market.qty, market.lj, true);
      total.columnMerge = true;
      total.columnMergeNum = options.group ? 2 : 1;
      result.push(total);
    }
    return result;
  }

  /** The spec's paging of a ranking list by this month's sales: the page's rows and the list's length. */
  async page(scope: MarketScope, dimension: DimensionKey, currentPage: number, pageSize: number, sort?: SortOrder<RankingSortColumn>): Promise<TablePage> {
    const { rows, total } = await this.rankedRows(scope, dimension, 'month', { currentPage, pageSize }, sort);
    return { list: rows, total, currentPage, pageSize };
  }

  /**
   * Trend chart: month (0), quarter (1) or year (2) totals with their yoy and the same periods a year
   * earlier, over 近`count`年 — the latest month and the 12·count before it (trendSpan, decision 270; 0 = every
   * year with data). A period that is not over yet is compared with the same months a year earlier.
   */
  async chart(scope: MarketScope, granularity: number, count: number): Promise<ChartResult> {
    const firstMonth = scope.firstMonth;
    // 1-2月合计 runs the chart to the period's end (February) and draws each year's January and February as one bar (decision 199).
    const newYear = scope.shifts.current === NEW_YEAR_SHIFTS.current;
    const lastMonth = periodEnd(scope);
    const { from } = trendSpan({ end: lastMonth, granularity, count, newYear, firstMonth });
    const data = await this.analytics.query({
      source: scope.source,
      dimensions: ['month'],
      filters: scope.filters,
      measures: [{ measure: 'qty', span: { from: from - 100, to: lastMonth }, as: 'qty' }],
    });
    const byMonth = new Map(data.map((r) => [r.key.month ?? 0, r.values.qty ?? 0]));
    const buckets = new Map<string, { qty: number; tq: number; complete: boolean }>();
    for (const month of monthRange(from, lastMonth)) {
      const label = newYear && granularity === 0 && month % 100 <= 2 ? newYearCategory(yearOf(month)) : bucketLabel(month, granularity);
      const bucket = buckets.get(label) ?? { qty: 0, tq: 0, complete: true };
      bucket.qty += byMonth.get(month) ?? 0;
      bucket.tq += byMonth.get(month - 100) ?? 0;
      buckets.set(label, bucket);
    }
    const hasLastYear = (label: string): boolean => {
      const year = Number(label.slice(0, 4));
      return year - 1 >= yearOf(firstMonth);
    };
    const categories = [...buckets.keys()].map((label) => partialPeriodLabel(label, granularity, lastMonth));
    return {
      xAxis: [{ categories }],
      yAxis: [{ title: '销量（辆）' }, { title: '同比' }],
      series: [
        {
          name: '销量',
          type: 'column',
          data: [...buckets.values()].map((b) => b.qty),
          yAxis: 0,
          // The same months a year earlier, for the chart's 显示去年同期 (null before the data begins).
          lastYear: [...buckets.entries()].map(([label, b]) => (hasLastYear(label) ? b.tq : null)),
        },
        {
          name: '同比',
          type: 'spline',
          yAxis: 1,
          data: [...buckets.entries()].map(([label, b]) => (hasLastYear(label) ? growthNumber(growth(b.qty, b.tq)) : null)),
        },
      ],
    };
  }
}

/**
 * A year or quarter that the chosen month has not finished says which months it holds:
 * `2026年(1-10月)`, `2026Q4(10月)`, `2026Q3(7-8月)`.
 */
export function partialPeriodLabel(label: string, granularity: number, lastMonth: number): string {
  const monthOfYear = lastMonth % 100;
  if (granularity === 2 && yearOf(lastMonth) === Number(label.slice(0, 4)) && monthOfYear < 12) return `${label}(1-${monthOfYear}月)`;
  if (granularity === 1 && label === bucketLabel(lastMonth, 1) && monthOfYear % 3 !== 0) {
    const firstOfQuarter = (quarterOf(lastMonth) - 1) * 3 + 1;
    return firstOfQuarter === monthOfYear ? `${label}(${monthOfYear}月)` : `${label}(${firstOfQuarter}-${monthOfYear}月)`;
  }
  return label;
}

function bucketLabel(month: number, granularity: number): string {
  if (granularity === 1) return `${yearOf(month)}Q${quarterOf(month)}`;
  if (granularity === 2) return `${yearOf(month)}年`;
  return formatMonth(month);
}

function sumValues(rows: ReadonlyArray<{ values: Volumes }>): Volumes {
  return sumVolumes(rows.map((r) => r.values));
}

/** Whether a table row is a subtotal (小计) or total (合计) row. */
export function isTotalRow(row: Pick<TableRow, 'heji'>): boolean {
  return row.heji;
}

/** A row outside any group, its cells unmerged; grouping (RowOptions.group) sets these after. */
export const UNMERGED: Pick<TableRow, 'groupName' | 'rowMerge' | 'rowMergeNum' | 'columnMerge' | 'columnMergeNum'> = {
  groupName: null,
  rowMerge: false,
  rowMergeNum: 0,
  columnMerge: false,
  columnMergeNum: 0,
};

/** The row as a subtotal or total row. */
export function totalRow<T extends Pick<TableRow, 'heji'>>(row: T): T {
  return { ...row, heji: true };
}

/**
 * A ranking table's row of the spec's figures; `isTotal` for a subtotal (小计) or total (合计) row. The row's shares are
 * the page's one-decimal numbers; their unrounded fractions ride along for the workbook (decision 282).
 */
function makeRow(id: number, name: string, v: Volumes, market: Volumes, maxSales: number, maxSum: number, isTotal = false): TableRow {
  const mix = share(v.qty, market.qty);
  const tqMix = share(v.tq, market.tq);
  const yearMix = share(v.lj, market.lj);
  const tqYearMix = share(v.tqLj, market.tqLj);
  const yoy = growth(v.qty, v.tq);
  const mom = growth(v.qty, v.hb);
  const yearYoy = growth(v.lj, v.tqLj);
  const mixChange = shareChange(mix, tqMix);
  const yearMixChange = shareChange(yearMix, tqYearMix);
  const row: TableRow = {
    id,
    name,
    sales: v.qty,
    salesStr: thousands(v.qty),
    salesWidth: barWidth(v.qty, maxSales),
    tqSales: v.tq,
    tqSalesStr: thousands(v.tq),
    salesSum: v.lj,
    salesSumStr: thousands(v.lj),
    salesSumWidth: barWidth(v.lj, maxSum),
    tqSalesSum: v.tqLj,
    tqSalesSumStr: thousands(v.tqLj),
    mom: growthNumber(mom),
    moms: percentText(mom),
    yoy: growthNumber(yoy),
    yoys: percentText(yoy),
    mix: round1(mix),
    mixs: shareText(mix),
    tqMix: round1(tqMix),
    tqMixs: shareText(tqMix),
    mixChange: growthNumber(mixChange),
    mixChanges: pointsTextOf(mixChange),
    yearYoy: growthNumber(yearYoy),
    yearYoys: percentText(yearYoy),
    yearMix: round1(yearMix),
    yearMixs: shareText(yearMix),
    tqYearMix: round1(tqYearMix),
    tqYearMixs: shareText(tqYearMix),
    yearMixChange: growthNumber(yearMixChange),
    yearMixChanges: pointsTextOf(yearMixChange),
    ljRanking: null,
    rankingStatus: -2,
    ...UNMERGED,
    // `heji` is the wire's name of the total flag (docs/glossary.md), read and written only in this file.
    color: null,
    heji: isTotal,
    hasChildren: false,
  };
  return withExactShares(row, { mix, tqMix, yearMix, tqYearMix });
}
