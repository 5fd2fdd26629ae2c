import { Injectable } from '@nestjs/common';
import {
  type AreaChoice,
  type AreaLevel,
  type AreaMarketFilterDto,
  type AreaTreePage,
  type AreaTreeRow,
  type ChartResult,
  type Summary,
  SALES_DIMENSIONS,
  type SalesDimensionKey,
  type TablePage,
  type TableRow,
  type RankingSortColumn,
  type SortOrder,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import type { DimensionKey } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { Geography, GeographyRepository } from '../reference/geography.repository';
import { comparisonsOf, sumVolumes, type Volumes, volumesOf } from '../analytics/comparisons';
import { type AreaNode, areaNodeOf, WHOLESALE_HAS_NO_AREA } from './area-node';
import type { RankingWorkbook } from './table-columns';
import { isTotalRow, MarketScope, periodLabel, SaleVolumeService, totalRow, VolumeRow } from './sale-volume.service';

/** The area-market page's tables: every sales table but 车系 (SALES_DIMENSIONS: codes, paths, labels, download types). */
export type AreaMarketTable = Exclude<SalesDimensionKey, 'carSeries'>;

const LEVEL_DIMENSION: Record<AreaLevel, DimensionKey> = { 1: 'area', 2: 'province', 3: 'city' };
const LEVEL_LABEL: Record<AreaLevel, string> = { 1: '大区', 2: '省份', 3: '城市' };

/** A place of the tree as the geography has it, with the children the tree shows under it. */
interface Place {
  id: number;
  name: string;
  level: AreaLevel;
  children?: Place[];
}

export interface AreaPaging {
  currentPage: number;
  pageSize: number;
  /** The paged tables' sort (decision 171). */
  sort?: SortOrder<RankingSortColumn>;
}

/**
 * 区域市场表现: the market of one region, province or city (or the nation), its cards, trend and
 * ranking tables, and the tree of its children that the table and the China map both read.
 */
@Injectable()
export class AreaMarketService {
  constructor(
    private readonly sales: SaleVolumeService,
    private readonly analytics: AnalyticsService,
    private readonly geography: GeographyRepository,
  ) {}

  async summary(dto: AreaMarketFilterDto): Promise<Summary> {
    const { scope } = await this.market(dto);
    return this.sales.summary(scope);
  }

  async chart(dto: AreaMarketFilterDto, granularity: number, count: number): Promise<ChartResult> {
    const { scope } = await this.market(dto);
    return this.sales.chart(scope, granularity, count);
  }

  /** Segment and family tables come whole (with subtotals and 合计); brand and producer tables page. */
  async table(dto: AreaMarketFilterDto, table: Exclude<AreaMarketTable, 'area'>, paging: AreaPaging): Promise<TablePage> {
    const { scope } = await this.market(dto);
    if (table === 'segment' || table === 'family') {
      const rows = await this.rankingRows(scope, table);
      return { list: rows, total: rows.filter((r) => !isTotalRow(r)).length, currentPage: 1, pageSize: rows.length };
    }
    return this.sales.page(scope, SALES_DIMENSIONS[table].query, paging.currentPage, paging.pageSize, paging.sort);
  }

  /** The children of the chosen node (and theirs, two levels deep), shares within the node; not paged. */
  async tree(dto: AreaMarketFilterDto): Promise<AreaTreePage> {
    if (dto.source === 1) throw ApiException.badRequest(WHOLESALE_HAS_NO_AREA);
    const { scope, node } = await this.market(dto);
    const rows = await this.treeRows(scope, node);
    return { list: rows, total: rows.length, currentPage: 1, pageSize: rows.length };
  }

  /** The rows of one table as the download writes them: the area tree flattened, parents as 小计 rows. */
  async download(dto: AreaMarketFilterDto, table: AreaMarketTable): Promise<RankingWorkbook> {
    if (table === 'area' && dto.source === 1) throw ApiException.badRequest(WHOLESALE_HAS_NO_AREA);
    const { scope, node } = await this.market(dto);
    const fileName = `区域市场表现-${node.name}-${SALES_DIMENSIONS[table].label}-${periodLabel(scope)}.xlsx`;
    const asOf = await this.sales.asOf(scope);
    if (table === 'area') {
      const tree = await this.treeRows(scope, node);
      const childLevel = node.level === 3 ? 3 : ((node.level + 1) as AreaLevel);
      const twoLevels = node.level < 2;
      return {
        rows: flatten(tree),
        fileName,
        nameHeader: twoLevels ? LEVEL_LABEL[(childLevel + 1) as AreaLevel] : LEVEL_LABEL[childLevel],
        groupHeader: twoLevels ? LEVEL_LABEL[childLevel] : undefined,
        asOf,
      };
    }
    return {
      rows: await this.rankingRows(scope, table),
      fileName,
      nameHeader: SALES_DIMENSIONS[table].label,
      groupHeader: table === 'segment' ? '类别' : undefined,
      asOf,
    };
  }

  /** The market a request means: the shared filters narrowed to the chosen node. */
  private async market(dto: AreaMarketFilterDto): Promise<{ scope: MarketScope; node: AreaNode }> {
    const node = await this.node(dto.area, dto.source);
    return { scope: await this.sales.scope(dto, node.filters), node };
  }

  /** Checks that the chosen region, province or city exists; wholesale figures have no geography. */
  private async node(choice: AreaChoice | null, source: number): Promise<AreaNode> {
    return areaNodeOf(choice, source, await this.geography.geography());
  }

  private async rankingRows(scope: MarketScope, table: Exclude<AreaMarketTable, 'area'>): Promise<TableRow[]> {
    switch (table) {
      case 'segment':
        return this.sales.segmentRows(scope);
      case 'family':
        return this.sales.rows(scope, 'family', { total: true });
      default:
        return (await this.sales.rankedRows(scope, SALES_DIMENSIONS[table].query, 'month')).rows;
    }
  }

  /**
   * Every child of the node from the geography, sold or not, so the map and the tree always show the
   * whole node. Children and grandchildren are ranked and shared each within the chosen node.
   */
  private async treeRows(scope: MarketScope, node: AreaNode): Promise<AreaTreeRow[]> {
    const places = placesUnder(node, await this.geography.geography());
    const leaves = places.flatMap((p) => p.children ?? [p]);
    if (leaves.length === 0) return [];
    const leafDimension = LEVEL_DIMENSION[leaves[0].level];
    const data = await this.analytics.query({
      source: scope.source,
      dimensions: [leafDimension],
      filters: scope.filters,
      month: scope.month,
      measures: comparisonsOf(scope.shifts),
    });
    const sold = new Map(data.map((r) => [r.key[leafDimension] ?? 0, volumesOf(r.values)]));
    const valuesOf = (place: Place): Volumes => (place.children ? sumVolumes(place.children.map(valuesOf)) : (sold.get(place.id) ?? sumVolumes([])));

    const childRows = this.levelRows(
      places.flatMap((p) => p.children ?? []),
      valuesOf,
    );
    return this.levelRows(places, valuesOf).map((row) => {
      const place = places.find((p) => p.id === row.id);
      if (!place?.children) return row;
      const ids = new Set(place.children.map((c) => c.id));
      const children = childRows.filter((c) => ids.has(c.id));
      return { ...row, hasChildren: children.length > 0, children };
    });
  }

  /** Table rows of places of one level, ranked by this month's sales. */
  private levelRows(places: Place[], valuesOf: (place: Place) => Volumes): AreaTreeRow[] {
    if (places.length === 0) return [];
    const level = places[0].level;
    const dimension = LEVEL_DIMENSION[level];
    const data: VolumeRow[] = places.map((p) => ({ key: { [dimension]: p.id }, name: { [dimension]: p.name }, values: valuesOf(p) }));
    // toRows leaves `children` unset; the tree sets it on the parents only.
    return this.sales.toRows(data, dimension).map((row): AreaTreeRow => ({ ...row, children: undefined, code: String(row.id), dimensionality: level }));
  }
}

/** What the tree shows under a node: nation → regions → provinces; region → provinces → cities; province → cities; a city itself. */
function placesUnder(node: AreaNode, geography: Geography): Place[] {
  const provinces = [...geography.provinces.values()];
  const cities = [...geography.cities.values()];
  const citiesOf = (provinceId: number): Place[] => cities.filter((c) => c.provinceId === provinceId).map((c) => ({ id: c.id, name: c.name, level: 3 }));
  const provincesOf = (areaId: number, withCities: boolean): Place[] =>
    provinces.filter((p) => p.areaId === areaId).map((p) => ({ id: p.id, name: p.name, level: 2, ...(withCities ? { children: citiesOf(p.id) } : {}) }));
  switch (node.level) {
    case 0:
      return [...geography.regions.values()].map((r) => ({ id: r.id, name: r.name, level: 1, children: provincesOf(r.id, false) }));
    case 1:
      return provincesOf(node.id, true);
    case 2:
      return citiesOf(node.id);
    case 3:
      return [{ id: node.id, name: node.name, level: 3 }];
  }
}

/** The tree as download rows: each parent's children, then the parent as a bold 小计 row. */
function flatten(rows: AreaTreeRow[]): TableRow[] {
  return rows.flatMap((row): TableRow[] => {
    if (!row.children?.length) return [{ ...row, children: undefined }];
    const children = row.children.map((c) => ({ ...c, groupName: row.name }));
    return [...children, totalRow({ ...row, name: `${row.name}小计`, groupName: row.name, children: undefined })];
  });
}
