import { Injectable } from '@nestjs/common';
import {
  type AreaChoice,
  type CarDetails,
  type ChartResult,
  type CompanyBrandCarDetailsDto,
  type CompanyBrandChartDto,
  type CompanyBrandFilterDto,
  type HeaderTag,
  type CompanyBrandListDto,
  formatMonth,
  MAX_COMPARED,
  type MakerKind,
  type SaleVolumeFilterDto,
  type Summary,
  type TendencyPage,
  type TendencyRow,
  type COMPANY_BRAND,
  type ParamsOf,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import type { FilterKey, Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { GeographyRepository } from '../reference/geography.repository';
import { areaNodeOf } from './area-node';
import { bandChart, chartYears, makersChart, MonthWindow, yearsChart } from './company-brand.charts';
import { CompanyBrandRepository } from './company-brand.repository';
import { BAND_SIZE, detailsMarket, makerDetails, marketTotal, tendencyPage } from './company-brand.rows';
import type { Maker } from './company-brand.types';
import type { WorkbookAsOf, WorkbookHead } from '../workbook/table-workbook';
import type { DeckDeclaration, DeckSlide } from '../deck/deck.writer';
import type { SessionUser } from '../security/session-user';
import { carDetailsSlide } from './company-brand.deck';
import { rankingSlide, summarySlide, trendSlide } from './sales.deck';
import { SalesDeckService } from './sales-deck.service';
import { MarketScope, periodEnd, periodLabel, RankingOrder, SaleVolumeService } from './sale-volume.service';

const MAKER_FILTER: Record<MakerKind, FilterKey> = { producer: 'producerIds', brand: 'brandIds' };
const MAKER_LABEL: Record<MakerKind, string> = { producer: '厂商', brand: '品牌' };

/** The page's title: its deck's and its workbooks', and the start of their file names. */
const PAGE_TITLE = '厂商品牌表现';

/**
 * 厂商品牌表现: the market seen from one producer or brand — its cards, its trend by year or against
 * others, the ranking list of every producer or brand, and its sub-series per segment.
 */
@Injectable()
export class CompanyBrandService {
  constructor(
    private readonly sales: SaleVolumeService,
    private readonly analytics: AnalyticsService,
    private readonly repository: CompanyBrandRepository,
    private readonly geography: GeographyRepository,
    private readonly decks: SalesDeckService,
  ) {}

  /** The market a request means: the shared filters inside its region, province or city (none: the nation), narrowed further by `extra`. */
  private async scope(dto: SaleVolumeFilterDto & { area: AreaChoice | null }, extra: Filters = {}): Promise<MarketScope> {
    const node = areaNodeOf(dto.area, dto.source, await this.geography.geography());
    return this.sales.scope(dto, { ...node.filters, ...extra });
  }

  /** The five cards of the producer/brand foreignId, or of the whole market when none is picked. */
  async summary(dto: CompanyBrandFilterDto): Promise<Summary> {
    const picked = dto.foreignId ? { kind: dto.type, id: dto.foreignId } : null;
    const [, scope] = await together(picked ? this.maker(picked.kind, picked.id) : null, this.scope(dto, picked ? makerFilter(picked) : {}));
    return this.sales.summary(scope);
  }

  /** The sales-tendency list: a page (or rank band) of every producer or brand, ranked. */
  async list(dto: CompanyBrandListDto): Promise<TendencyPage> {
    const { currentPage, pageSize } = pageOf(dto);
    const scope = await this.scope(dto);
    const { rows, total, places } = await this.sales.rankedRows(scope, dto.type, listOrder(dto.accumulate), { currentPage, pageSize }, dto.sort);
    return tendencyPage(rows, total, currentPage, pageSize, places);
  }

  /** The same page or band as a chart: names on x, volume bars and the yoy line. */
  async listChart(dto: CompanyBrandListDto): Promise<ChartResult> {
    return bandChart((await this.list(dto)).list, dto.accumulate);
  }

  /** The whole ranking list as the download writes it, with its file and sheet names. */
  async listDownload(dto: CompanyBrandListDto): Promise<{ rows: TendencyRow[]; fileName: string; nameHeader: string; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const scope = await this.scope(dto);
    const { rows: ordered, total, places } = await this.sales.rankedRows(scope, dto.type, listOrder(dto.accumulate), undefined, dto.sort);
    const rows = tendencyPage(ordered, total, 1, total, places).list;
    const label = MAKER_LABEL[dto.type];
    return {
      rows,
      fileName: `${PAGE_TITLE}-${label}排名-${periodText(scope, dto.accumulate)}.xlsx`,
      nameHeader: label,
      asOf: await this.sales.asOf(scope),
      head: await this.heading(dto, scope, null),
    };
  }

  /**
   * The trend chart. With a comparison, one line per producer or brand over the chosen month's year;
   * otherwise, for foreignId, one line per year of the `count` latest; with neither, the market's trend.
   */
  async chart(dto: CompanyBrandChartDto): Promise<ChartResult> {
    const picked = dto.foreignId ? { kind: dto.type, id: dto.foreignId } : null;
    const [main, picks, scope] = await together(picked ? this.maker(picked.kind, picked.id) : null, this.compared(dto, picked), this.scope(dto));
    const compared = await this.withTop(picks, dto, picked, scope);
    if (compared !== null && (main || compared.length > 0)) {
      const makers = main ? [main, ...compared] : compared;
      const year = Math.floor(scope.month / 100);
      const lines = await Promise.all(
        makers.map(async (maker) => ({ name: maker.name, byMonth: await this.monthly(scope, makerFilter(maker), year * 100 + 1) })),
      );
      return makersChart(lines, dto.timeDimensionality, this.window(scope));
    }
    if (!main) return this.sales.chart(scope, dto.timeDimensionality, dto.count);
    const mine: MarketScope = { ...scope, filters: { ...scope.filters, ...makerFilter(main) } };
    const window = this.window(mine);
    // The year view shows every year, as the other trend charts do; `count` applies to months and quarters.
    const years = chartYears(dto.timeDimensionality === 2 ? 0 : dto.count, window);
    const byMonth = await this.monthly(mine, {}, (years[0] - 1) * 100 + 1);
    return yearsChart(byMonth, years, dto.timeDimensionality, window);
  }

  /** The car-model details of the producer/brand foreignId and of each compared one. */
  async carDetails(dto: CompanyBrandCarDetailsDto, known?: MarketScope): Promise<CarDetails> {
    const picked = { kind: dto.type, id: dto.foreignId };
    const [main, picks, scope] = await together(this.maker(picked.kind, picked.id), this.compared(dto, picked), known ?? this.scope(dto));
    // The market's rows do not depend on the Top N: both are read at once.
    const [top, rows] = await together(
      this.withTop(picks, dto, picked, scope),
      this.analytics.query({
        source: scope.source,
        // A sub-series belongs to one segment, producer and brand, so the extra dimensions split nothing.
        dimensions: ['segment', 'subSeries', 'producer', 'brand'],
        filters: scope.filters,
        month: scope.month,
        measures: [
          { measure: 'qty', shift: dto.accumulate === 1 ? scope.shifts.yearToDate : scope.shifts.current, as: 'cur' },
          { measure: 'qty', shift: dto.accumulate === 1 ? scope.shifts.lastYearToDate : scope.shifts.lastYear, as: 'prev' },
        ],
      }),
    );
    const compared = top ?? [];
    const market = detailsMarket(rows);
    const mine = makerDetails(market, main);
    const others = compared.map((maker) => makerDetails(market, maker));
    return {
      type: main.kind === 'producer' ? 0 : 1,
      accumulate: dto.accumulate,
      ...mine,
      time: periodText(scope, dto.accumulate),
      tqTime: periodText({ ...scope, month: scope.month - 100 }, dto.accumulate),
      wholeHeJi2: marketTotal(market),
      hejis: [mine.wholeHeJi1, ...others.map((o) => o.wholeHeJi1)],
      compareHeJiList: others,
    };
  }

  /** The car-model details as the download writes them, with the file name. */
  async carDetailsDownload(dto: CompanyBrandCarDetailsDto): Promise<{ details: CarDetails; fileName: string; asOf: WorkbookAsOf; head: WorkbookHead }> {
    const scope = await this.scope(dto);
    const [details, asOf] = await Promise.all([this.carDetails(dto, scope), this.sales.asOf(dto)]);
    const head = await this.heading(dto, scope, details.name);
    return { details, fileName: `${PAGE_TITLE}-${details.name}-车型明细-${details.time}.xlsx`, asOf, head };
  }

  /**
   * The page's title and header tags (the sales filters', the region, then the view's: the ranking by producer or
   * brand, or the one `name`d): the deck's title slide and each workbook's header block, so they cannot drift apart
   * (decision 281).
   */
  private async heading(
    dto: SaleVolumeFilterDto & { area: AreaChoice | null; type: MakerKind },
    scope: MarketScope,
    name: string | null,
  ): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const node = areaNodeOf(dto.area, dto.source, await this.geography.geography());
    const label = MAKER_LABEL[dto.type];
    const view: HeaderTag = name === null ? { label: '排名', value: label } : { label, value: name };
    const tags = [...(await this.decks.tags({ ...dto, time: formatMonth(scope.month) })), { label: '区域', value: node.name }, view];
    return { title: name === null ? PAGE_TITLE : `${name} - ${PAGE_TITLE}`, tags };
  }

  /**
   * 导出PPT (issue 31, decision 211): either view as the page shows it, from the same calls as its panels. With
   * `id`, that producer or brand: its cards, its trend by year or against others, its car-model details. Without,
   * the overview: the market's cards, the ranking as its band chart or its list (the page's 数据列 and order),
   * and the details of the row clicked (none: the first row).
   */
  async deck(dto: ParamsOf<typeof COMPANY_BRAND.ppt>, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const label = MAKER_LABEL[dto.type];
    const [scope, maker, asOf] = await Promise.all([this.scope(dto), this.decks.maker(user), this.sales.asOf(dto)]);
    const view = dto.id === undefined ? await this.overviewSlides(dto, label) : await this.makerSlides({ ...dto, foreignId: dto.id });
    const heading = await this.heading(dto, scope, view.name);
    return {
      fileName: `${PAGE_TITLE}-${view.name ?? `${label}排名`}-${periodLabel(scope)}.pptx`,
      deck: { ...heading, asOf, maker, slides: [summarySlide(view.summary, dto.newYear), ...view.slides] },
    };
  }

  /** The overview's panels: the ranking (band chart or list up to the rows shown) and the details of the chosen or first row. */
  private async overviewSlides(dto: ParamsOf<typeof COMPANY_BRAND.ppt>, label: string): Promise<DeckPanels> {
    const market = { ...dto, foreignId: undefined };
    const listDto = { ...market, accumulate: dto.listAccumulate };
    const ranked: CompanyBrandListDto =
      dto.view === 'chart' ? { ...listDto, rank: dto.rank ?? 1, sort: undefined } : { ...listDto, rank: undefined, currentPage: 1 };
    const [summary, list, band] = await Promise.all([
      this.summary(market),
      this.list(ranked),
      dto.view === 'chart' ? this.listChart({ ...listDto, rank: dto.rank ?? 1, sort: undefined }) : null,
    ]);
    const chosen = dto.foreignId ?? list.list[0]?.id;
    const details =
      chosen === undefined
        ? null
        : await this.carDetails({ ...market, foreignId: chosen, accumulate: dto.accumulate, foreignIds: [], compareType: undefined, count: 0 });
    const ranking: DeckSlide = band
      ? trendSlide(`${label}销量排名`, band)
      : rankingSlide(`${label}销量排名`, list.list, {
          nameHeader: label,
          newYear: dto.newYear,
          tags: dto.tags,
          lead: [{ header: '排名', kind: 'count', value: (r: TendencyRow) => r.ranking }],
        });
    return {
      summary,
      name: null,
      slides: [ranking, ...(details ? [carDetailsSlide(`${details.name} 车型明细`, details, dto.detailSort)] : [])],
    };
  }

  /** One producer's or brand's panels: its trend (by year or compared) and its car-model details with the compared ones. */
  private async makerSlides(dto: ParamsOf<typeof COMPANY_BRAND.ppt> & { foreignId: number }): Promise<DeckPanels> {
    const [summary, chart, details] = await Promise.all([this.summary(dto), this.chart(dto), this.carDetails(dto)]);
    const name = details.name;
    const chartTitle = dto.compareType === 1 || dto.compareType === 2 ? `${name}与${dto.compareType === 1 ? '厂商' : '品牌'}对比` : `${name}销量走势`;
    return {
      summary,
      name,
      slides: [trendSlide(chartTitle, chart), carDetailsSlide(`${name} 车型明细`, details, dto.detailSort)],
    };
  }

  /** The producer or brand of an id the request named; an unknown id is the caller's mistake. */
  private async maker(kind: MakerKind, id: number): Promise<Maker> {
    const name = (await this.repository.names(kind, [id])).get(id);
    if (name === undefined) throw ApiException.badRequest(`参数 foreignId 没有 id 为 ${id} 的${MAKER_LABEL[kind]}`);
    return { kind, id, name };
  }

  /**
   * The producers or brands foreignIds compares with (foreignId itself left out), or null in time mode.
   * compareType 1 means producers, 2 brands, 0 time; absent, foreignIds given means the same type.
   */
  private async compared(dto: { type: MakerKind; foreignIds: number[]; compareType?: number }, main: MakerId | null): Promise<Maker[] | null> {
    const kind: MakerKind | null =
      dto.compareType === 1 ? 'producer' : dto.compareType === 2 ? 'brand' : dto.compareType === undefined && dto.foreignIds.length > 0 ? dto.type : null;
    if (kind === null) return null;
    const ids = dto.foreignIds.filter((id) => !(main && main.kind === kind && main.id === id));
    const names = await this.repository.names(kind, ids);
    const unknown = ids.find((id) => !names.has(id));
    if (unknown !== undefined) throw ApiException.badRequest(`参数 foreignIds 没有 id 为 ${unknown} 的${MAKER_LABEL[kind]}`);
    return ids.map((id) => ({ kind, id, name: names.get(id) as string }));
  }

  /**
   * The picked comparison plus the Top select's N (spec 000 §9 "Top select 1-5"): the N best sellers of the
   * compared kind in the same market and month (the month's volume, then January-to-date, as the ranking
   * list orders), other than the maker itself and the picked ones; at most MAX_COMPARED in all.
   */
  private async withTop(
    picks: Maker[] | null,
    dto: { type: MakerKind; count: number; compareType?: number },
    main: MakerId | null,
    scope: MarketScope,
  ): Promise<Maker[] | null> {
    if (picks === null || dto.count <= 0 || (dto.compareType !== 1 && dto.compareType !== 2)) return picks;
    const kind: MakerKind = dto.compareType === 1 ? 'producer' : 'brand';
    const taken = new Set(picks.map((m) => m.id));
    if (main && main.kind === kind) taken.add(main.id);
    const { rows } = await this.sales.rankedRows(scope, kind, 'month', { currentPage: 1, pageSize: dto.count + taken.size });
    const top = rows
      .filter((r) => !taken.has(r.id))
      .slice(0, dto.count)
      .map((r): Maker => ({ kind, id: r.id, name: r.name }));
    return [...picks, ...top].slice(0, MAX_COMPARED);
  }

  /** Monthly volume of the scope, narrowed further, from `from` to the chosen month. */
  private async monthly(scope: MarketScope, extra: Filters, from: number): Promise<Map<number, number>> {
    const rows = await this.analytics.query({
      source: scope.source,
      dimensions: ['month'],
      filters: { ...scope.filters, ...extra },
      measures: [{ measure: 'qty', span: { from, to: periodEnd(scope) }, as: 'qty' }],
    });
    return new Map(rows.map((r) => [r.key.month ?? 0, r.values.qty ?? 0]));
  }

  /** The chart's months: to the chosen month, or to February under 1-2月合计 (decision 199). */
  private window(scope: MarketScope): MonthWindow {
    return { first: scope.firstMonth, last: periodEnd(scope) };
  }
}

/** What a view of the page adds to the deck: its cards' answer, the producer or brand it shows (null: the ranking) and its slides. */
interface DeckPanels {
  summary: Summary;
  name: string | null;
  slides: DeckSlide[];
}

/** A producer or brand as a request names it, before its name is looked up. */
type MakerId = Pick<Maker, 'kind' | 'id'>;

/**
 * Independent look-ups of one request at once (fewer round trips one after another). Where several
 * fail, the first in argument order is reported, as when they ran one by one.
 */
async function together<T extends unknown[]>(...work: { [K in keyof T]: Promise<T[K]> | T[K] }): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as T;
}

function makerFilter(maker: MakerId): Filters {
  return { [MAKER_FILTER[maker.kind]]: [maker.id] };
}

/** A rank band is page `rank` of size 10; otherwise the spec's currentPage and pageSize. */
function pageOf(dto: { rank?: number; currentPage: number; pageSize: number }): { currentPage: number; pageSize: number } {
  return dto.rank === undefined ? { currentPage: dto.currentPage, pageSize: dto.pageSize } : { currentPage: dto.rank, pageSize: BAND_SIZE };
}

/** The list ranks by the month's sales (accumulate 0) or by January-to-date (1), the other breaking ties. */
function listOrder(accumulate: number): RankingOrder {
  return accumulate === 1 ? 'yearToDate' : 'month';
}

/** The period shown: the month, or January to it; under 1-2月合计 January and February (2026-01~02). */
function periodText(scope: Pick<MarketScope, 'month' | 'shifts'>, accumulate: number): string {
  const month = scope.month;
  if (scope.shifts.current !== 'current') return periodLabel(scope);
  return accumulate === 1 ? `${formatMonth(Math.floor(month / 100) * 100 + 1)}~${formatMonth(month)}` : formatMonth(month);
}
