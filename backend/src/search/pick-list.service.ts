import { Injectable } from '@nestjs/common';
import {
  CarListQuery,
  ComplexQuery,
  share,
  shareText,
  thousands,
  ComplexResult,
  IdName,
  LetterGroup,
  MakerListQuery,
  SeriesItem,
  SeriesListQuery,
  SubModelQuery,
  SubSeriesCars,
  TrimItem,
} from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { KeptCalendar } from '../reference/calendar.repository';
import { CatalogFilter, CatalogLevel, CatalogRepository, CatalogRow } from './catalog.repository';
import { comparePickListEntries, groupByLetter } from './letter-groups';

/** Sub-series suggestions shown under a search box. */
export const SUB_MODEL_LIMIT = 50;
/** Trims in one complexBPs answer: beyond this the dialog should be narrowed by the levels above. */
export const TRIM_LIMIT = 1000;

/** complexBPs levels, top down (spec: 0 brand, 1 producer, 2 producer-brand, 3 series, 4 sub-series, 5 car). */
const COMPLEX_LEVELS: readonly CatalogLevel[] = ['brand', 'producer', 'producerBrand', 'series', 'subSeries'];

const toIdName = (row: CatalogRow): IdName => ({ id: row.id, name: row.name });

/**
 * The maker pick-lists: producers, brands and producer-brands grouped A-Z, series with their sub-series,
 * sub-series search, the trims of sub-series with their share, and the cascading lists of the export pages.
 */
@Injectable()
export class PickListService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly calendar: KeptCalendar,
  ) {}

  producers(query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.grouped('producer', makerFilter(query));
  }

  brands(query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.grouped('brand', makerFilter(query));
  }

  producerBrands(query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.grouped('producerBrand', makerFilter(query));
  }

  /** The report-download producer dialog: only producers with at least one report. */
  reportProducers(query: MakerListQuery): Promise<Array<LetterGroup<IdName>>> {
    return this.grouped('producer', { ...makerFilter(query), withReport: true });
  }

  /** Series grouped by the series' initial, each with its sub-series (those passing the filters). */
  async series(query: SeriesListQuery): Promise<Array<LetterGroup<SeriesItem>>> {
    const rows = await this.catalog.seriesWithSubSeries({
      ...makerFilter(query),
      producerIds: query.producerIds,
      brandIds: query.brandIds,
    });
    const series = new Map<number, { id: number; name: string; initial: string; subs: CatalogRow[] }>();
    for (const row of rows) {
      let entry = series.get(row.seriesId);
      if (!entry) {
        entry = { id: row.seriesId, name: row.seriesName, initial: row.seriesInitial, subs: [] };
        series.set(row.seriesId, entry);
      }
      entry.subs.push({ id: row.id, name: row.name, initial: '' });
    }
    return groupByLetter([...series.values()], (entry) => ({
      id: entry.id,
      name: entry.name,
      subList: [...entry.subs].sort(comparePickListEntries).map(toIdName),
    }));
  }

  /** Sub-series whose name contains the key (those starting with it first), at most 50. */
  async subModels(query: SubModelQuery): Promise<IdName[]> {
    const rows = await this.catalog.searchSubSeries(
      { ...makerFilter(query), producerIds: query.producerIds, brandIds: query.brandIds, seriesIds: query.modelIds },
      SUB_MODEL_LIMIT,
    );
    return rows.map(toIdName);
  }

  /**
   * The car-model dialog: for each sub-series asked for (in the order asked), its trims on sale in the
   * month (default: the latest retail month) by MSRP, each with its share of the sub-series' retail volume.
   */
  async cars(query: CarListQuery): Promise<SubSeriesCars[]> {
    const month = query.time ?? (await this.calendar.latestMonth('retail'));
    if (month === null) return [];
    if (query.time !== undefined && !(await this.calendar.hasMonth('retail', query.time))) {
      throw ApiException.badRequest('参数 time 不是有零售数据的月份');
    }
    const subSeries = await this.catalog.subSeriesByIds(query.subSeriesIds);
    if (subSeries.length === 0) return [];
    const trims = await this.catalog.trimSales(
      subSeries.map((sub) => sub.id),
      month,
    );
    return subSeries.map((sub) => {
      const own = trims.filter((trim) => trim.subSeriesId === sub.id);
      const total = own.reduce((sum, trim) => sum + trim.qty, 0);
      return {
        id: sub.id,
        name: sub.name,
        cars: own.map((trim) => ({ id: trim.id, name: trim.name, msrp: thousands(trim.msrp), mix: shareText(share(trim.qty, total)) })),
      };
    });
  }

  /**
   * The export pages' cascading pick-list. Each level is narrowed by the ids chosen on the levels above
   * it and by `condition` on its own name. Brands, producers and producer-brands come grouped A-Z like
   * the other maker dialogs; series and sub-series are flat lists in pick-list order; trims are a flat
   * list by sub-series and MSRP, at most 1000.
   */
  async complex(query: ComplexQuery): Promise<ComplexResult> {
    const filter: CatalogFilter = { name: query.condition };
    if (query.type > 0) filter.brandIds = query.brandIds;
    if (query.type > 1) filter.producerIds = query.producerIds;
    if (query.type > 2) filter.producerBrandIds = query.producerBrands;
    if (query.type > 3) filter.seriesIds = query.modelIds;
    if (query.type > 4) {
      filter.subSeriesIds = query.modelSubIds;
      const trims = await this.catalog.trims(filter, TRIM_LIMIT);
      return trims.map((trim): TrimItem => ({
        id: trim.id,
        name: trim.name,
        msrp: thousands(trim.msrp),
        modelSubId: trim.subSeriesId,
        modelSubName: trim.subSeriesName,
      }));
    }
    const level = COMPLEX_LEVELS[query.type];
    if (query.type <= 2) return this.grouped(level, filter);
    const rows = await this.catalog.entries(level, filter);
    return [...rows].sort(comparePickListEntries).map(toIdName);
  }

  private async grouped(level: CatalogLevel, filter: CatalogFilter): Promise<Array<LetterGroup<IdName>>> {
    return groupByLetter(await this.catalog.entries(level, filter), toIdName);
  }
}

/** The spec's maker filters: key (name contains), letter, detailId (-1 all), producer and brand properties. */
function makerFilter(query: MakerListQuery): CatalogFilter {
  return {
    name: query.key,
    letter: query.letter,
    segmentId: query.detailId === undefined || query.detailId === -1 ? undefined : query.detailId,
    producerProperties: query.producerProperties,
    brandProperties: query.brandProperties,
  };
}
