import { Injectable } from '@nestjs/common';
import {
  addMonths,
  type ExportTagDef,
  formatMonth,
  PRICE_EXPORT_TAGS,
  PRICE_VOLUME_EXPORT_TAGS,
  type PriceExportForm,
  type PriceVolumeExportForm,
  REBATE_EXPORT_TAGS,
  type RebateExportForm,
} from '@car/contracts';
import { AnalyticsService, type AnalyticsRow } from '../analytics/analytics.service';
import type { MeasureKey, MonthSpan, PriceBands, QuerySource } from '../analytics/measures';
import type { DimensionKey, Filters } from '../analytics/model';
import type { AnalyticsQuery } from '../analytics/query';
import { bandsOf } from '../pricevolume/price-bands';
import { TRIM_CELLS, type TrimTag, trimText } from './city-retail.export';
import { CityRetailRepository, type CityNames, type TrimNames } from './city-retail.repository';
import type { Cell, ExportDefinition, ExportPlan } from './export-pipeline';
import type { ExportColumn } from './export-workbook';

type AnalyticsExportForm = PriceVolumeExportForm | PriceExportForm | RebateExportForm;

/** A figure column: a measure of the query layer (MEASURES) over the row's month. */
interface ValueColumnDef {
  header: string;
  measure: MeasureKey;
  kind: 'count' | 'yuan' | 'percent';
}

/**
 * An export whose rows come from the analytics query layer, declared as data: rows are month × trim
 * (× price band for the price-volume export, × city for the price export when its city tag is on), each
 * with the figures of `values`; the tags that are on add their trim attribute columns (decision 93).
 */
interface AnalyticsExportSpec<F extends AnalyticsExportForm> {
  kind: 'mix' | 'price' | 'fandian';
  source: QuerySource;
  tags: ReadonlyArray<ExportTagDef>;
  /** The price bands the rows are placed in (the price-band page's band path), if any. */
  bands?: (form: F) => PriceBands;
  /** Filters beyond the product filters' trims. */
  filters?: (form: F) => Filters;
  values: readonly ValueColumnDef[];
  /** A row is written when one of these figures is known and non-zero. */
  keepWhenAny: readonly MeasureKey[];
}

const MIX: AnalyticsExportSpec<PriceVolumeExportForm> = {
  kind: 'mix',
  source: 2,
  tags: PRICE_VOLUME_EXPORT_TAGS,
  bands: (form) => bandsOf({ priceLow: form.priceLow, priceHigh: form.priceHigh, segment: form.segment, data1: 0 }),
  values: [{ header: '零售量', measure: 'qty', kind: 'count' }],
  keepWhenAny: ['qty'],
};

const PRICE: AnalyticsExportSpec<PriceExportForm> = {
  kind: 'price',
  source: 'price',
  tags: PRICE_EXPORT_TAGS,
  filters: (form) => (form.city ? { cityIds: form.city } : {}),
  values: [
    { header: '厂商指导价（元）', measure: 'msrp', kind: 'yuan' },
    { header: '成交价TP（元）', measure: 'tp', kind: 'yuan' },
    { header: '优惠（元）', measure: 'discount', kind: 'yuan' },
    { header: '优惠率', measure: 'discountRate', kind: 'percent' },
  ],
  keepWhenAny: ['tp'],
};

const REBATE: AnalyticsExportSpec<RebateExportForm> = {
  kind: 'fandian',
  source: 'price',
  tags: REBATE_EXPORT_TAGS,
  values: [
    { header: '厂商指导价（元）', measure: 'msrp', kind: 'yuan' },
    { header: '返点（元）', measure: 'rebate', kind: 'yuan' },
  ],
  keepWhenAny: ['rebate'],
};

/** Tags whose column the fixed ones show, or that split the rows (city). */
const NOT_TRIM_COLUMNS = new Set(['car', 'city']);

const BAND_COLUMN: ExportColumn = { header: '价格段', width: 12, kind: 'text' };

/** The months of a range, in order. */
function monthsOf(range: MonthSpan): number[] {
  const months: number[] = [];
  for (let m = range.from; m <= range.to; m = addMonths(m, 1)) months.push(m);
  return months;
}

function cellOf(value: number | null, kind: ValueColumnDef['kind']): Cell {
  if (value === null) return null;
  return kind === 'yuan' ? Math.round(value) : value;
}

/** The price-volume, price and rebate exports: one definition each, one code path. */
@Injectable()
abstract class AnalyticsExport<F extends AnalyticsExportForm> implements ExportDefinition<F> {
  abstract readonly spec: AnalyticsExportSpec<F>;

  constructor(
    private readonly analytics: AnalyticsService,
    private readonly repository: CityRetailRepository,
  ) {}

  get kind() {
    return this.spec.kind;
  }

  /** The extra tags (engine, gearbox, drive, city) only with the car-model tag (spec §2.9). */
  refuse(form: F): string | null {
    const on = new Set<string>(form.titleKeys ?? []);
    if (on.has('car')) return null;
    const extra = this.spec.tags.filter((tag) => tag.withCar && (on.has(tag.key) || (form as Record<string, unknown>)[tag.field] !== undefined));
    return extra.length ? `${extra.map((tag) => tag.label).join('、')}需先选择车型标签` : null;
  }

  async plan(form: F): Promise<ExportPlan> {
    const on = new Set<string>(form.titleKeys ?? []);
    const bySplit = this.spec.tags.some((tag) => tag.key === 'city') && on.has('city');
    const trimTags = this.spec.tags.filter((tag) => on.has(tag.key) && !NOT_TRIM_COLUMNS.has(tag.key)).map((tag) => tag as ExportTagDef & { key: TrimTag });
    const [trimIds, trims, cities] = await Promise.all([
      this.repository.trimIds(form),
      this.repository.trimNames(),
      bySplit ? this.repository.cityNames() : new Map<number, CityNames>(),
    ]);
    const bands = this.spec.bands?.(form);
    const dimensions: DimensionKey[] = ['month', ...(bands ? (['priceBand'] as const) : []), 'car', ...(bySplit ? (['city'] as const) : [])];
    const filters: Filters = { ...this.spec.filters?.(form), ...(trimIds ? { carIds: trimIds } : {}) };
    const query = (span: MonthSpan): AnalyticsQuery => ({
      source: this.spec.source,
      dimensions,
      filters,
      priceBand: bands,
      measures: this.spec.values.map((v) => ({ measure: v.measure, span, as: v.measure })),
      keepWhenAny: this.spec.keepWhenAny,
      order: dimensions.filter((d) => d !== 'month').map((by) => ({ by, direction: 'asc' as const })),
    });
    const columns: ExportColumn[] = [
      { header: '月份', width: 10, kind: 'text' },
      ...(bands ? [BAND_COLUMN] : []),
      { header: '车型', width: 40, kind: 'text' },
      ...(bySplit ? [{ header: '城市', width: 12, kind: 'text' } as const] : []),
      ...trimTags.map((tag): ExportColumn => ({ header: tag.label, width: 16, kind: 'text' })),
      ...this.spec.values.map((v): ExportColumn => ({ header: v.header, width: v.kind === 'percent' ? 10 : 16, kind: v.kind })),
    ];
    const row = (r: AnalyticsRow): Cell[] => {
      const carId = r.key.car!;
      const trim: TrimNames | undefined = trims.get(carId);
      return [
        formatMonth(r.key.month!),
        ...(bands ? [r.name.priceBand ?? null] : []),
        trimText(carId, trim),
        ...(bySplit ? [cities.get(r.key.city!)?.name ?? String(r.key.city)] : []),
        ...trimTags.map((tag) => TRIM_CELLS[tag.key](trim)),
        ...this.spec.values.map((v) => cellOf(r.values[v.measure], v.kind)),
      ];
    };
    const analytics = this.analytics;
    const range = form.yyyyMm;
    // Product filters that match no trim match no row: the query layer reads an empty carIds as no filter at all.
    if (trimIds !== undefined && trimIds.length === 0) {
      return {
        columns,
        count: () => Promise.resolve(0),
        async *batches() {},
      };
    }
    return {
      columns,
      count: async () => {
        const [first] = await analytics.query({ ...query(range), windows: [{ fn: 'count', as: 'rows' }], order: [], limit: 1 });
        return first?.values.rows ?? 0;
      },
      // One month at a time: a month's rows (at most trims × cities priced) are one answer of the layer.
      async *batches() {
        for (const month of monthsOf(range)) yield (await analytics.query(query({ from: month, to: month }))).map(row);
      },
    };
  }
}

/** 价量数据导出 (spec §2.8): retail volume by month × price band × trim, the bands of the price-band page. */
@Injectable()
export class PriceVolumeExport extends AnalyticsExport<PriceVolumeExportForm> {
  readonly spec = MIX;
}

/** 价格数据导出 (spec §2.9): weighted MSRP, TP, discount and its rate by month × trim (× city). */
@Injectable()
export class PriceExport extends AnalyticsExport<PriceExportForm> {
  readonly spec = PRICE;
}

/** 返点数据导出 (spec §2.9): weighted MSRP and rebate by month × trim. */
@Injectable()
export class RebateExport extends AnalyticsExport<RebateExportForm> {
  readonly spec = REBATE;
}
