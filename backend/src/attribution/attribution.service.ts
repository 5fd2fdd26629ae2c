import { Injectable } from '@nestjs/common';
import {
  ATTRIBUTION_COMPARISONS,
  ATTRIBUTION_DIMENSIONS,
  ATTRIBUTION_MESSAGES,
  ATTRIBUTION_NOTES,
  ATTRIBUTION_SUBJECTS,
  type AttributionComparison,
  type AttributionDimension,
  fixedDimensions,
  formatMonth,
  type HeaderTag,
  monthTagText,
  multiSelectText,
  PRICE_MEASURES,
  type PriceAttribution,
  type PriceAttributionDto,
  type ReferenceKind,
  salesSourceKind,
  type SetFilter,
  setFilterOf,
  setTag,
  type ShareAttribution,
  SHARE_SUBJECT_TYPES,
  type ShareAttributionDto,
  TIER_LABELS,
  trimTitle,
  type VolumeAttribution,
  type VolumeAttributionDto,
  type VolumeAttributionRow,
  yearOf,
} from '@car/contracts';
import { type AnalyticsRow, AnalyticsService } from '../analytics/analytics.service';
import { requireNewYearMonths } from '../analytics/comparisons';
import { type MonthSpan, PRICE_BAND_DEFAULTS, SHIFTS, type ShiftKey } from '../analytics/measures';
import type { DataSource, DimensionKey, FilterKey, Filters } from '../analytics/model';
import type { MeasureRequest } from '../analytics/query';
import { ApiException } from '../common/api-codes';
import { PRICES_AS_SHOWN } from '../price/price.figures';
import { KeptCalendar } from '../reference/calendar.repository';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { GeographyRepository } from '../reference/geography.repository';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { requestedMonth } from '../reference/requested-month';
import { areaNodeOf } from '../saleVolume/area-node';
import type { SessionUser } from '../security/session-user';
import { type PriceItem, priceSplit, type SharePart, shareSplit, type VolumePart, volumeSplit } from './attribution.figures';

/** What a split compares (`compare`): the later period's shift and the base's, of the query's month (SHIFTS). */
const COMPARE_SHIFTS: Record<AttributionComparison, { current: ShiftKey; base: ShiftKey }> = {
  0: { current: 'current', base: 'lastYear' },
  1: { current: 'current', base: 'previousMonth' },
  2: { current: 'yearToDate', base: 'lastYearToDate' },
  3: { current: 'newYearToDate', base: 'lastYearNewYearToDate' },
};

/** The query layer's dimension each split dimension groups by. */
const GROUP_BY: Record<AttributionDimension, DimensionKey> = {
  segment: 'segment',
  fuel: 'fuel',
  family: 'family',
  producerProperty: 'producerProperty',
  region: 'area',
  province: 'province',
  tier: 'tier',
  producer: 'producer',
  brand: 'brand',
  subSeries: 'subSeries',
  priceBand: 'priceBand',
};

/** The filter a subject of a share or price split narrows by. */
const SUBJECT_FILTER = { segment: 'segmentIds', producer: 'producerIds', brand: 'brandIds', subSeries: 'subSeriesIds' } as const;

/** The parameters every volume and share split reads its scope from. */
type ScopeDto = Omit<VolumeAttributionDto, 'by'>;

/** A scope resolved: its month, the two periods, the filters of its market (null: a market of nothing) and its tags. */
interface Scope {
  source: DataSource;
  month: number;
  compare: AttributionComparison;
  shifts: { current: ShiftKey; base: ShiftKey };
  periods: VolumeAttribution['periods'];
  filters: Filters | null;
  set: SetFilter | undefined;
  /** The area's name, where one narrows the scope. */
  areaName: string | null;
}

/**
 * 归因分析 (issue 50, decision 302): the three splits of a change between two periods, read through the query layer
 * and worked by attribution.figures.ts. The volume: one read grouped by the split's dimension under both periods'
 * shifts. The share: the market's and the subject's volumes so grouped, at once. The price: the items' volumes and
 * weighted TP (or discount) under both shifts, and the subject's value as the price pages show it, at once. The scope's
 * names (its header tags, the subject) are the reference data's.
 */
@Injectable()
export class AttributionService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly calendar: KeptCalendar,
    private readonly geography: GeographyRepository,
    private readonly references: ReferenceIdsRepository,
    private readonly dictionaries: DictionaryRepository,
  ) {}

  /** §1: the scope's volume change split by `by`, every member sold in either period a row, with its drill. */
  async volume(dto: VolumeAttributionDto): Promise<VolumeAttribution> {
    const scope = await this.scopeOf(dto);
    const dimension = GROUP_BY[dto.by];
    const [rows, tags] = await Promise.all([this.volumesBy(scope, dto.by, scope.filters), this.scopeTags(dto, scope)]);
    const split = volumeSplit(rows.map((r) => volumePart(r, dimension)));
    const drillOf = drillRule(dto);
    return {
      ...answerHead(scope, tags),
      by: dto.by,
      byLabel: ATTRIBUTION_DIMENSIONS[dto.by].label,
      total: split.total,
      rows: split.rows.map((row) => ({ ...row, drill: drillOf(row.id) })),
      waterfall: split.waterfall,
      note: ATTRIBUTION_NOTES.volume,
    };
  }

  /**
   * §2: the subject's share of the scope's market split over `by` into mix, performance and interaction. The subject
   * is the one asked, else the caller's producer; with a 竞品组 the market is its members and the subject its 本品.
   */
  async share(dto: ShareAttributionDto, user: SessionUser): Promise<ShareAttribution> {
    const scope = await this.scopeOf(dto);
    const subject = shareSubject(dto, scope, user);
    const dimension = GROUP_BY[dto.by];
    const [market, own, tags, name] = await Promise.all([
      this.volumesBy(scope, dto.by, scope.filters),
      this.volumesBy(scope, dto.by, subject.filters),
      this.scopeTags(dto, scope),
      subject.name ?? this.nameOf(ATTRIBUTION_SUBJECTS[subject.type].kind, subject.id),
    ]);
    const ownById = new Map(own.map((r) => [r.key[dimension] ?? 0, r.values]));
    const parts: SharePart[] = market.map((r) => {
      const id = r.key[dimension] ?? 0;
      const mine = ownById.get(id);
      return {
        id,
        name: r.name[dimension] ?? String(id),
        marketBase: r.values.base ?? 0,
        marketCurrent: r.values.current ?? 0,
        subjectBase: mine?.base ?? 0,
        subjectCurrent: mine?.current ?? 0,
      };
    });
    if (!parts.some((p) => p.subjectBase > 0 || p.subjectCurrent > 0)) throw ApiException.badRequest(ATTRIBUTION_MESSAGES.subjectNoSales);
    return {
      ...answerHead(scope, tags),
      by: dto.by,
      byLabel: ATTRIBUTION_DIMENSIONS[dto.by].label,
      subject: { type: subject.type, id: subject.id, name, inSet: subject.inSet },
      ...shareSplit(parts),
      note: ATTRIBUTION_NOTES.share,
    };
  }

  /**
   * §3: the national weighted TP (or discount) of the subject split into price, mix, interaction, new and run-out
   * effects over its sub-series (a sub-series: its trims). Its two values are the price pages' figures for the subject
   * and the periods (whole yuan, the discount their MSRP less their TP), read beside the items.
   */
  async price(dto: PriceAttributionDto): Promise<PriceAttribution> {
    const months = await this.calendar.months('price');
    const month = requestedMonth(months, dto.time);
    requireNewYearMonths(dto.compare === 3, month, months);
    const shifts = COMPARE_SHIFTS[dto.compare];
    const type = dto.subjectType ?? 'market';
    const filters: Filters = type === 'market' || dto.subjectId === undefined ? {} : { [SUBJECT_FILTER[type]]: [dto.subjectId] };
    const item: DimensionKey = type === 'subSeries' ? 'car' : 'subSeries';
    const measures = (measure: 'tp' | 'discount'): MeasureRequest[] => [
      { measure: 'qty', shift: shifts.current, as: 'qtyCurrent' },
      { measure: 'qty', shift: shifts.base, as: 'qtyBase' },
      { measure, shift: shifts.current, as: 'valueCurrent' },
      { measure, shift: shifts.base, as: 'valueBase' },
    ];
    const [items, [total], name] = await Promise.all([
      this.analytics.query({ source: 'price', dimensions: [item], filters, month, measures: measures(dto.measure), keepWhenAny: ['qtyCurrent', 'qtyBase'] }),
      this.analytics.query({
        source: 'price',
        dimensions: [],
        filters,
        month,
        measures: measures(dto.measure),
        keepWhenAny: ['qtyCurrent', 'qtyBase'],
        ...PRICES_AS_SHOWN,
      }),
      type === 'market' ? Promise.resolve(ATTRIBUTION_SUBJECTS.market.label) : this.nameOf(ATTRIBUTION_SUBJECTS[type].kind, dto.subjectId),
    ]);
    const shown =
      total?.values.valueBase != null && total.values.valueCurrent != null ? { base: total.values.valueBase, current: total.values.valueCurrent } : undefined;
    const split = priceSplit(
      items.map((r) => priceItem(r, item, type === 'subSeries' ? name : '')),
      shown,
    );
    if (!split) throw ApiException.badRequest(ATTRIBUTION_MESSAGES.noPrices);
    return {
      time: formatMonth(month),
      compare: dto.compare,
      periods: periodsOf(month, dto.compare),
      measure: dto.measure,
      measureLabel: PRICE_MEASURES.find((m) => m.key === dto.measure)?.label ?? dto.measure,
      subject: { type, id: type === 'market' ? null : (dto.subjectId ?? null), name },
      itemLabel: item === 'car' ? '车型' : '车系',
      ...split,
      note: ATTRIBUTION_NOTES.price,
    };
  }

  /** The volumes of a market (none: a market of nothing) in both periods, grouped by a split's dimension. */
  private volumesBy(scope: Scope, by: AttributionDimension, filters: Filters | null): Promise<AnalyticsRow[]> {
    if (filters === null) return Promise.resolve([]);
    return this.analytics.query({
      source: scope.source,
      dimensions: [GROUP_BY[by]],
      filters,
      month: scope.month,
      measures: [
        { measure: 'qty', shift: scope.shifts.current, as: 'current' },
        { measure: 'qty', shift: scope.shifts.base, as: 'base' },
      ],
      // 价格段: the price-band page's default bands by TP.
      ...(by === 'priceBand' ? { priceBand: PRICE_BAND_DEFAULTS } : {}),
    });
  }

  /**
   * The scope of a volume or share split: the month of its source's calendar (1-2月合计 with its February), the
   * filters the sales pages' parameters, the drill's steps and a 竞品组 narrow by, and the header tags of what narrows it.
   */
  private async scopeOf(dto: ScopeDto): Promise<Scope> {
    const source = dto.source as DataSource;
    const [months, geography] = await Promise.all([this.calendar.months(salesSourceKind(source)), this.geography.geography()]);
    const month = requestedMonth(months, dto.time);
    requireNewYearMonths(dto.compare === 3, month, months);
    const node = areaNodeOf(dto.area, source, geography);
    const set = setFilterOf(dto);
    const base: Filters = { ...node.filters };
    if (dto.detailId > 0) base.segmentIds = [dto.detailId];
    if (dto.producerProperty > 0) base.producerProperties = [dto.producerProperty];
    if (dto.fuels.length > 0) base.fuels = dto.fuels;
    if (dto.familyId !== undefined) base.familyIds = [dto.familyId];
    if (dto.producerId !== undefined) base.producerIds = [dto.producerId];
    if (dto.brandId !== undefined) base.brandIds = [dto.brandId];
    if (dto.subSeriesId !== undefined) base.subSeriesIds = [dto.subSeriesId];
    if (dto.tier !== undefined) base.tiers = [dto.tier];
    const filters = set ? narrowed(base, 'subSeriesIds', [...set.own, ...set.rivals]) : base;
    const shifts = COMPARE_SHIFTS[dto.compare];
    return { source, month, compare: dto.compare, shifts, periods: periodsOf(month, dto.compare), filters, set, areaName: node.level > 0 ? node.name : null };
  }

  /** The header tags of what narrows a scope, in the filter panel's order, each named as the pages name it. */
  private async scopeTags(dto: ScopeDto, { areaName, set }: Scope): Promise<HeaderTag[]> {
    const one = (kind: ReferenceKind, id: number | undefined) => (id === undefined || id <= 0 ? Promise.resolve(null) : this.nameOf(kind, id));
    const [segment, fuels, property, family, producer, brand, subSeries] = await Promise.all([
      one('segment', dto.detailId),
      dto.fuels.length > 0 ? this.dictionaries.entries('dicFuel') : Promise.resolve(null),
      one('producerProperty', dto.producerProperty),
      one('family', dto.familyId),
      one('producer', dto.producerId),
      one('brand', dto.brandId),
      one('subSeries', dto.subSeriesId),
    ]);
    const label = (dimension: AttributionDimension) => ATTRIBUTION_DIMENSIONS[dimension].label;
    const tags: Array<HeaderTag | null> = [
      segment === null ? null : { label: label('segment'), value: segment },
      fuels === null
        ? null
        : {
            label: label('fuel'),
            value: multiSelectText(
              dto.fuels,
              fuels.map((f) => ({ value: Number(f.key), label: f.value })),
            ),
          },
      property === null ? null : { label: label('producerProperty'), value: property },
      areaName === null ? null : { label: '区域', value: areaName },
      dto.tier === undefined ? null : { label: label('tier'), value: TIER_LABELS[dto.tier] ?? String(dto.tier) },
      family === null ? null : { label: label('family'), value: family },
      producer === null ? null : { label: label('producer'), value: producer },
      brand === null ? null : { label: label('brand'), value: brand },
      subSeries === null ? null : { label: label('subSeries'), value: subSeries },
      set ? setTag(set) : null,
    ];
    return tags.filter((t): t is HeaderTag => t !== null);
  }

  private async nameOf(kind: ReferenceKind, id: number | undefined): Promise<string> {
    return id === undefined ? '' : ((await this.references.nameOf(kind, id)) ?? String(id));
  }
}

/** The scope's part of every volume and share answer. */
function answerHead(scope: Scope, tags: HeaderTag[]): Pick<VolumeAttribution, 'time' | 'source' | 'compare' | 'periods' | 'scope'> {
  return { time: formatMonth(scope.month), source: scope.source === 1 ? 1 : 2, compare: scope.compare, periods: scope.periods, scope: tags };
}

/** Whom a share split is about and the filters of its volume. */
interface ShareSubject {
  type: (typeof SHARE_SUBJECT_TYPES)[number];
  id: number;
  /** Known without a lookup: a 竞品组's 本品 is named by the set. */
  name?: string;
  inSet: boolean;
  filters: Filters | null;
}

/** Whose share a share split is: the 竞品组's 本品, the subject asked, or the caller's producer (none: a 400). */
function shareSubject(dto: ShareAttributionDto, scope: Scope, user: SessionUser): ShareSubject {
  if (scope.set) {
    const { own, name } = scope.set;
    // Several 本品 are one subject; the first names it where the set has no name.
    return { type: 'subSeries', id: own[0], name: name ?? '本品', inSet: true, filters: scope.filters && narrowed(scope.filters, 'subSeriesIds', own) };
  }
  const type = dto.subjectType ?? (user.producerId !== null ? 'producer' : undefined);
  const id = dto.subjectId ?? user.producerId ?? undefined;
  if (type === undefined || id === undefined) throw ApiException.badRequest(ATTRIBUTION_MESSAGES.subjectMissing);
  return { type, id, inSet: false, filters: scope.filters && narrowed(scope.filters, SUBJECT_FILTER[type], [id]) };
}

/**
 * The filters narrowed to `ids` of one kind, within the ids the scope already keeps of it; null when none is left
 * (a bare empty list would narrow nothing).
 */
function narrowed(
  filters: Filters,
  key: Extract<FilterKey, 'segmentIds' | 'producerIds' | 'brandIds' | 'subSeriesIds'>,
  ids: readonly number[],
): Filters | null {
  const given = filters[key] as readonly number[] | undefined;
  const kept = given ? ids.filter((id) => given.includes(id)) : [...ids];
  return kept.length > 0 ? { ...filters, [key]: kept } : null;
}

/** A month span as the page names it: 2026年10月, 2026年1-10月. */
function spanText(span: MonthSpan): string {
  return span.from === span.to ? monthTagText(formatMonth(span.to)) : `${yearOf(span.to)}年${span.from % 100}-${span.to % 100}月`;
}

/** The two periods compared and the comparison's name: 2026年10月 vs 2025年10月, 当月 vs 同期. */
function periodsOf(month: number, compare: AttributionComparison): VolumeAttribution['periods'] {
  const shifts = COMPARE_SHIFTS[compare];
  return {
    current: spanText(SHIFTS[shifts.current].span(month)),
    base: spanText(SHIFTS[shifts.base].span(month)),
    comparison: ATTRIBUTION_COMPARISONS.find((c) => c.value === compare)?.label ?? '',
  };
}

function volumePart(row: AnalyticsRow, dimension: DimensionKey): VolumePart {
  const id = row.key[dimension] ?? 0;
  return { id, name: row.name[dimension] ?? String(id), current: row.values.current ?? 0, base: row.values.base ?? 0 };
}

/** An item's volumes and Σ value × volume of each period (a trim named with its sub-series, the house rule). */
function priceItem(row: AnalyticsRow, dimension: DimensionKey, subSeriesName: string): PriceItem {
  const id = row.key[dimension] ?? 0;
  const name = row.name[dimension] ?? String(id);
  const [qtyBase, qtyCurrent] = [row.values.qtyBase ?? 0, row.values.qtyCurrent ?? 0];
  return {
    id,
    name: dimension === 'car' ? trimTitle(subSeriesName, name) : name,
    qtyBase,
    qtyCurrent,
    sumBase: (row.values.valueBase ?? 0) * qtyBase,
    sumCurrent: (row.values.valueCurrent ?? 0) * qtyCurrent,
  };
}

/**
 * A member's drill: the parameter and value that narrow the scope to it, the area level for a region or province, and
 * the split that follows — none where the scope fixes it already or it is retail's alone on wholesale.
 */
function drillRule(dto: VolumeAttributionDto): (id: number) => VolumeAttributionRow['drill'] {
  const dimension = ATTRIBUTION_DIMENSIONS[dto.by];
  if (dimension.param === null) return () => null;
  const next = dimension.next as AttributionDimension | null;
  const fixed = fixedDimensions(dto);
  const nextSplit = next !== null && !fixed.includes(next) && !(dto.source === 1 && ATTRIBUTION_DIMENSIONS[next].retailOnly) ? next : null;
  const level = dto.by === 'region' ? 1 : dto.by === 'province' ? 2 : undefined;
  return (id) => ({ param: dimension.param, value: id, ...(level === undefined ? {} : { level }), next: nextSplit });
}
