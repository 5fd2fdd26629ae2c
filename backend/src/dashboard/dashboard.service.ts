import { Injectable } from '@nestjs/common';
import {
  type BrandType,
  type DashboardCityPage,
  type DashboardDeckDto,
  type DashboardList,
  type DashboardNevTrend,
  type DashboardNevTrendDto,
  type DashboardPeriodDto,
  type DashboardRow,
  type DashboardVolume,
  type DashboardWhole,
  type PagingDto,
  DASHBOARD_SIZES,
  NEV_TREND_MONTHS,
  addMonths,
  formatMonth,
  growth,
  growthNumber,
  kiloVehicles,
  monthRange,
  newYearPeriodText,
  percentNumber,
  percentText,
  pointsCardText,
  share,
  shareChange,
  sharePercentText,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import type { SessionUser } from '../security/session-user';
import { comparisonShifts, requireNewYearMonths } from '../analytics/comparisons';
import type { DimensionKey, Filters } from '../analytics/model';
import type { MeasureRequest } from '../analytics/query';
import { KeptCalendar } from '../reference/calendar.repository';
import { requestedMonth } from '../reference/requested-month';
import { FUEL_OF, NEV_FUELS } from '../reference/data/dictionaries';
import { type BriefVolumes, periodName, writeBriefs, writeGrowthSplits } from './dashboard.briefs';
import { dashboardSlides, dashboardTags } from './dashboard.deck';
import { DashboardRepository } from './dashboard.repository';

/**
 * The period a dashboard call is about: a retail month, alone (0) or January to it (1), or with `newYear`
 * January and February together (1-2月合计, decision 197), which takes the place of either.
 */
interface Period {
  month: number;
  accumulate: 0 | 1;
  newYear: boolean;
}

/** The period as the briefs and the deck name it: '2026年10月', '2026年1-10月', or 1-2月合计's '2026年1-2月'. */
function periodText(p: Period): string {
  return p.newYear ? newYearPeriodText(Math.floor(p.month / 100)) : periodName(p.month, p.accumulate);
}

/** The period's volume (qty) and the same period a year earlier (tq) as shifts of the query layer. */
function periodMeasures(p: Period): MeasureRequest[] {
  const shifts = comparisonShifts(p.newYear);
  const [current, lastYear] = p.accumulate === 1 && !p.newYear ? [shifts.yearToDate, shifts.lastYearToDate] : [shifts.current, shifts.lastYear];
  return [
    { measure: 'qty', shift: current, as: 'qty' },
    { measure: 'qty', shift: lastYear, as: 'tq' },
  ];
}

/** 插电混动 counts 插电式混合动力 and 增程式 together (CPCA's PHEV), so BEV + PHEV = new energy. */
const PHEV_FUELS: readonly number[] = [FUEL_OF.PHEV, FUEL_OF.EREV];
const BEV_FUEL = FUEL_OF.BEV;

/** The codes of the three brand types (spec 001 §9; `jllType` on the wire, `brandType` here). */
const BRAND_TYPES = { xinchuang: 2, zizhu: 1, hezi: 0 } as const;

function volume(qty: number, tq: number): DashboardVolume {
  const yoy = growth(qty, tq);
  return { qty, qtyStr: kiloVehicles(qty), yoyQty: qty - tq, yoyQtyStr: kiloVehicles(qty - tq, true), yoy: growthNumber(yoy), yoys: percentText(yoy) };
}

function row(id: number, name: string, qty: number, tq: number, per: number | null): DashboardRow {
  const yoy = growth(qty, tq);
  const perNumber = percentNumber(per);
  return { id, name, qty, qtyStr: kiloVehicles(qty), per: perNumber, perStr: sharePercentText(perNumber), yoy: growthNumber(yoy), yoys: percentText(yoy) };
}

/**
 * 看板: the retail market of a month or January to it, at a glance. Every volume is a question to the
 * analytics query layer (the same shifts as the sales pages), ordered and cut in SQL.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly calendar: KeptCalendar,
    private readonly repository: DashboardRepository,
    private readonly decks: DeckService,
    private readonly dataStatus: DataStatusService,
  ) {}

  /** The month defaults to the latest with retail data; a month without it is a 400, as is 1-2月合计 before February is in (decision 197). */
  async period(dto: DashboardPeriodDto): Promise<Period> {
    const months = await this.calendar.months('retail');
    const month = requestedMonth(months, dto.time);
    requireNewYearMonths(dto.newYear, month, months);
    return { month, accumulate: dto.accumulate, newYear: dto.newYear };
  }

  async whole(dto: DashboardPeriodDto): Promise<DashboardWhole> {
    const p = await this.period(dto);
    const measures = periodMeasures(p);
    // 环比 is the single month's: a period of several months (累计, 1-2月合计) has none on the dashboard.
    const single = p.accumulate === 0 && !p.newYear;
    const withPreviousMonth: MeasureRequest[] = single ? [...measures, { measure: 'qty', shift: 'previousMonth', as: 'hb' }] : measures;
    const [byFuel, byType, producers] = await Promise.all([
      this.analytics.query({ source: 2, dimensions: ['fuel'], month: p.month, measures: withPreviousMonth }),
      this.analytics.query({ source: 2, dimensions: ['brandType'], month: p.month, measures }),
      this.top(p, 'producer', {}, DASHBOARD_SIZES.producers, 0),
    ]);
    const sumOf = (rows: typeof byFuel, dimension: DimensionKey, keys: readonly number[] | null): BriefVolumes => {
      const chosen = rows.filter((r) => keys === null || keys.includes(r.key[dimension] ?? -1));
      const add = (name: string) => chosen.reduce((sum, r) => sum + (r.values[name] ?? 0), 0);
      return { qty: add('qty'), tq: add('tq'), hb: single ? add('hb') : null };
    };
    const all = sumOf(byFuel, 'fuel', null);
    const nev = sumOf(byFuel, 'fuel', NEV_FUELS);
    const bev = sumOf(byFuel, 'fuel', [BEV_FUEL]);
    const phev = sumOf(byFuel, 'fuel', PHEV_FUELS);
    const ofType = (code: number) => sumOf(byType, 'brandType', [code]);
    const penetration = share(nev.qty, all.qty);
    const penetrationChange = shareChange(penetration, share(nev.tq, all.tq));
    const shentoulv = percentNumber(penetration);
    return {
      time: formatMonth(p.month),
      accumulate: p.accumulate,
      xinnengyuan: volume(nev.qty, nev.tq),
      all: volume(all.qty, all.tq),
      shentoulv,
      shentoulvStr: sharePercentText(shentoulv),
      yoyShentoulv: growthNumber(penetrationChange),
      yoyShentoulvStr: pointsCardText(percentNumber(penetrationChange)),
      bev: volume(bev.qty, bev.tq),
      phev: volume(phev.qty, phev.tq),
      bevPer: percentNumber(share(bev.qty, nev.qty)),
      phevPer: percentNumber(share(phev.qty, nev.qty)),
      xinchuang: volume(ofType(BRAND_TYPES.xinchuang).qty, ofType(BRAND_TYPES.xinchuang).tq),
      zizhu: volume(ofType(BRAND_TYPES.zizhu).qty, ofType(BRAND_TYPES.zizhu).tq),
      hezi: volume(ofType(BRAND_TYPES.hezi).qty, ofType(BRAND_TYPES.hezi).tq),
      producers: producers.rows,
      briefs: writeBriefs({
        period: periodText(p),
        accumulate: p.newYear ? 1 : p.accumulate,
        all,
        newEnergy: nev,
        bev: bev.qty,
        producers: producers.rows,
      }),
      growthSplits: writeGrowthSplits(p, all, nev),
    };
  }

  /**
   * 新能源渗透率 by month, the month asked and the twelve before it: NEV (the fuels of the 新能源 figure)
   * over every fuel, each month on its own. One question by month and fuel; a month without retail is null.
   */
  async nevTrend(dto: DashboardNevTrendDto): Promise<DashboardNevTrend> {
    const { month } = await this.period({ time: dto.time, accumulate: 0, newYear: false });
    const months = monthRange(addMonths(month, -(NEV_TREND_MONTHS - 1)), month);
    const rows = await this.analytics.query({
      source: 2,
      dimensions: ['month', 'fuel'],
      measures: [{ measure: 'qty', span: { from: months[0], to: month }, as: 'qty' }],
    });
    const all = new Map<number, number>();
    const nev = new Map<number, number>();
    for (const r of rows) {
      const m = r.key.month ?? 0;
      const qty = r.values.qty ?? 0;
      all.set(m, (all.get(m) ?? 0) + qty);
      if ((NEV_FUELS as readonly number[]).includes(r.key.fuel ?? -1)) nev.set(m, (nev.get(m) ?? 0) + qty);
    }
    return {
      time: formatMonth(month),
      chart: {
        xAxis: [{ categories: months.map(formatMonth) }],
        yAxis: [{ title: '渗透率（%）' }],
        series: [{ name: '新能源渗透率', type: 'line', yAxis: 0, data: months.map((m) => percentNumber(share(nev.get(m) ?? 0, all.get(m) ?? 0))) }],
      },
    };
  }

  /**
   * 导出PPT (decision 220): the dashboard as the page shows it for the same period, tabs and city page, from the
   * page's own calls — whole, brands, modelSubs, cities and nevTrend.
   */
  async deck(dto: DashboardDeckDto, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const period = { time: dto.time, accumulate: dto.accumulate, newYear: dto.newYear };
    const [p, whole, brands, models, cities, nevTrend, maker, asOf] = await Promise.all([
      this.period(period),
      this.whole(period),
      this.ofType({ ...period, pageSize: DASHBOARD_SIZES.brands }, dto.brandType, 'brand'),
      this.ofType({ ...period, pageSize: DASHBOARD_SIZES.modelSubs }, dto.modelType, 'subSeries'),
      this.cities({ ...period, currentPage: dto.cityPage, pageSize: DASHBOARD_SIZES.cities }, dto.brandType),
      this.nevTrend({ time: dto.time }),
      this.decks.maker(user),
      this.dataStatus.of('retail'),
    ]);
    const view = {
      period: periodText(p),
      accumulate: p.accumulate,
      newYear: p.newYear,
      brandType: dto.brandType,
      modelType: dto.modelType,
      whole,
      brands,
      models,
      cities,
      nevTrend,
    };
    const title = '乘用车零售看板';
    return {
      fileName: `${title}-${view.period}.pptx`,
      deck: { title, tags: dashboardTags(view), asOf, maker, slides: dashboardSlides(view) },
    };
  }

  /** Producers, shares of the whole market. */
  async producers(dto: DashboardPeriodDto & { pageSize: number }): Promise<DashboardList> {
    const p = await this.period(dto);
    const { rows, total } = await this.top(p, 'producer', {}, dto.pageSize, 0);
    return { list: rows, total, time: formatMonth(p.month) };
  }

  /** Brands (dimension 'brand') or car series (sub-series) of one brand type, shares of that type's total. */
  async ofType(dto: DashboardPeriodDto & { pageSize: number }, brandType: BrandType, dimension: 'brand' | 'subSeries'): Promise<DashboardList> {
    const p = await this.period(dto);
    const { rows, total } = await this.top(p, dimension, { brandTypes: [brandType] }, dto.pageSize, 0);
    return { list: rows, total, time: formatMonth(p.month) };
  }

  /** Cities for one brand type, a page at a time, with their 限行 / 限购 flags. */
  async cities(dto: DashboardPeriodDto & PagingDto, brandType: BrandType): Promise<DashboardCityPage> {
    const p = await this.period(dto);
    const { rows, total } = await this.top(p, 'city', { brandTypes: [brandType] }, dto.pageSize, (dto.currentPage - 1) * dto.pageSize);
    const flags = await this.repository.cityRestrictions(rows.map((r) => r.id));
    const list = rows.map((r) => ({ ...r, xianxing: flags.get(r.id)?.drivingRestricted ?? false, xiangou: flags.get(r.id)?.purchaseRestricted ?? false }));
    return { list, total, currentPage: dto.currentPage, pageSize: dto.pageSize, time: formatMonth(p.month) };
  }

  /**
   * One page of a top list, largest first (ties by id): only groups that sold in the period; each row's
   * share of the total of every such group under the filters (a window, so paging never changes it).
   */
  private async top(p: Period, dimension: DimensionKey, filters: Filters, limit: number, offset: number): Promise<{ rows: DashboardRow[]; total: number }> {
    const data = await this.analytics.query({
      source: 2,
      dimensions: [dimension],
      filters,
      month: p.month,
      measures: periodMeasures(p),
      keepWhenAny: ['qty'],
      windows: [
        { fn: 'share', of: 'qty', as: 'per' },
        { fn: 'count', as: 'rowCount' },
      ],
      order: [
        { by: 'qty', direction: 'desc' },
        { by: dimension, direction: 'asc' },
      ],
      limit,
      offset,
    });
    let total = data[0]?.values.rowCount ?? 0;
    if (data.length === 0 && offset > 0) {
      const first = await this.top(p, dimension, filters, 1, 0);
      total = first.total;
    }
    const rows = data.map((r) => row(r.key[dimension] ?? 0, r.name[dimension] ?? '', r.values.qty ?? 0, r.values.tq ?? 0, r.values.per ?? null));
    return { rows, total };
  }
}
