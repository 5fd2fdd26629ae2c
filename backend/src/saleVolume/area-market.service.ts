import { Injectable } from '@nestjs/common';
import {
  type AreaChoice,
  type AreaLevel,
  type AreaMarketFilterDto,
  type AreaTreePage,
  type AreaTreeRow,
  type ChartResult,
  formatMonth,
  type Summary,
  SALES_DIMENSIONS,
  type SalesDimensionKey,
  type TablePage,
  type TableRow,
  type RankingSortColumn,
  type SortOrder,
  type AREA_MARKET,
  type ParamsOf,
  salesDimensionOfDownloadType,
  sortRankingRows,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import type { DimensionKey } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import { Geography, GeographyRepository } from '../reference/geography.repository';
import { comparisonsOf, sumVolumes, type Volumes, volumesOf } from '../analytics/comparisons';
import { type AreaNode, areaNodeOf, WHOLESALE_HAS_NO_AREA } from './area-node';
import type { DeckDeclaration, DeckSlide } from '../deck/deck.writer';
import type { SessionUser } from '../security/session-user';
import { pagedSort, rankingSlide, shownRows, summarySlide, trendSlide } from './sales.deck';
import { SalesDeckService } from './sales-deck.service';
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

/** The page's title: its deck's and its workbooks', and the start of their file names. */
const PAGE_TITLE = '区域市场表现';

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
    private readonly decks: SalesDeckService,
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
    const fileName = `${PAGE_TITLE}-${node.name}-${SALES_DIMENSIONS[table].label}-${periodLabel(scope)}.xlsx`;
    const asOf = await this.sales.asOf(scope);
    const head = await this.heading(dto, scope, node);
    if (table === 'area') {
      const tree = await this.treeRows(scope, node);
      return { rows: flatten(tree), fileName, ...treeHeaders(node), asOf, head };
    }
    return {
      rows: await this.rankingRows(scope, table),
      fileName,
      nameHeader: SALES_DIMENSIONS[table].label,
      groupHeader: table === 'segment' ? '类别' : undefined,
      asOf,
      head,
    };
  }

  /**
   * 导出PPT (issue 31, decision 211): the page as it shows now, from the same calls as its cards, its map, its
   * chart and its table — the title slide (its header tags with the node, 数据截至, the user's producer or
   * brand), the cards, the map's figures (retail only: the map's units as a table), the trend chart and the
   * ranking table in the page's columns and order (the area tree as its download writes it, each parent a 小计).
   */
  async deck(dto: ParamsOf<typeof AREA_MARKET.ppt>, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const table = salesDimensionOfDownloadType(dto.type) as AreaMarketTable;
    if (table === 'area' && dto.source === 1) throw ApiException.badRequest(WHOLESALE_HAS_NO_AREA);
    const paged = table === 'brand' || table === 'producer';
    const { scope, node } = await this.market(dto);
    const [summary, chart, ranking, map, maker, asOf, heading] = await Promise.all([
      this.summary(dto),
      this.chart(dto, dto.timeDimensionality, dto.count),
      this.deckTable(dto, table, paged),
      dto.source === 2 ? this.tree({ ...dto, area: await this.mapChoice(dto.area) }) : null,
      this.decks.maker(user),
      this.sales.asOf(scope),
      this.heading(dto, scope, node),
    ]);
    // The map of the nation shows provinces: the nation's tree answers regions with their provinces.
    const mapRows = !map ? [] : dto.area === null ? map.list.flatMap((r) => r.children ?? []) : map.list;
    const slides: DeckSlide[] = [summarySlide(summary, dto.newYear)];
    if (mapRows.length > 0) {
      const units = mapRows.map((r) => ({ ...r, children: undefined }));
      slides.push(
        rankingSlide('区域分布', sortRankingRows(units, { column: 'sales', direction: 'desc' }), {
          nameHeader: LEVEL_LABEL[mapRows[0].dimensionality],
          newYear: dto.newYear,
          tags: MAP_TAGS,
        }),
      );
    }
    slides.push(
      trendSlide(`${node.name}销量走势`, chart),
      rankingSlide(`${node.name}销量排行（${ranking.label}）`, shownRows(ranking.rows, paged, dto.sort), {
        nameHeader: ranking.nameHeader,
        groupHeader: ranking.groupHeader,
        newYear: dto.newYear,
        tags: dto.tags,
      }),
    );
    return { fileName: `${heading.title}-${node.name}-${periodLabel(scope)}.pptx`, deck: { ...heading, asOf, maker, slides } };
  }

  /**
   * The page's title and header tags (the sales filters', then the chosen node): the deck's title slide and each
   * workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(dto: AreaMarketFilterDto, scope: MarketScope, node: AreaNode): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const tags = await this.decks.tags({ ...dto, time: formatMonth(scope.month) });
    return { title: PAGE_TITLE, tags: [...tags, { label: '区域', value: node.name }] };
  }

  /** The deck's ranking table as the page calls it: the area tree sorted as the page sorts it, then flattened as its download. */
  private async deckTable(
    dto: ParamsOf<typeof AREA_MARKET.ppt>,
    table: AreaMarketTable,
    paged: boolean,
  ): Promise<{ rows: TableRow[]; label: string; nameHeader: string; groupHeader?: string }> {
    const label = SALES_DIMENSIONS[table].label;
    if (table !== 'area') {
      const page = await this.table(dto, table, { ...dto, sort: paged ? pagedSort(dto.sort) : undefined });
      return { rows: page.list, label, nameHeader: label, groupHeader: table === 'segment' ? '类别' : undefined };
    }
    const { node } = await this.market(dto);
    const tree = sortRankingRows((await this.tree(dto)).list, dto.sort);
    // Sorted as the page sorts the tree (children under their parent), the flattened rows keep that order.
    return { rows: flatten(tree), label, ...treeHeaders(node) };
  }

  /** The node whose tree the page's map draws: a city's map is its province's. */
  private async mapChoice(choice: AreaChoice | null): Promise<AreaChoice | null> {
    if (choice?.level !== 3) return choice;
    const city = (await this.geography.geography()).cities.get(choice.id);
    return city ? { id: city.provinceId, level: 2 } : choice;
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

/** The map's figures on the deck: what a unit's tooltip shows (当月销量, 同比, 本年累计销量, 累计同比). */
const MAP_TAGS = [2, 5, 10, 12] as const;

/** The flattened tree's name and group headers: two levels under the nation or a region (its children the groups), one below. */
function treeHeaders(node: AreaNode): { nameHeader: string; groupHeader?: string } {
  const childLevel = node.level === 3 ? 3 : ((node.level + 1) as AreaLevel);
  return node.level < 2
    ? { nameHeader: LEVEL_LABEL[(childLevel + 1) as AreaLevel], groupHeader: LEVEL_LABEL[childLevel] }
    : { nameHeader: LEVEL_LABEL[childLevel] };
}

/** The tree as download rows: each parent's children, then the parent as a bold 小计 row. */
function flatten(rows: AreaTreeRow[]): TableRow[] {
  return rows.flatMap((row): TableRow[] => {
    if (!row.children?.length) return [{ ...row, children: undefined }];
    const children = row.children.map((c) => ({ ...c, groupName: row.name }));
    return [...children, totalRow({ ...row, name: `${row.name}小计`, groupName: row.name, children: undefined })];
  });
}
