import { Injectable } from '@nestjs/common';
import {
  type ChartResult,
  formatMonth,
  type ParamsOf,
  type RankingSortColumn,
  SALES_DIMENSIONS,
  type SaleVolumeFilterDto,
  type SetFilter,
  setFilterOf,
  setTag,
  type SalesDimensionKey,
  type SortOrder,
  type TablePage,
  type TableRow,
  salesDimensionOfDownloadType,
  type WHOLE_MARKET,
} from '@car/contracts';
import type { DimensionKey } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import type { DeckDeclaration } from '../deck/deck.writer';
import type { SessionUser } from '../security/session-user';
import { pagedSort, rankingSlide, shownRows, summarySlide, trendSlide } from './sales.deck';
import { SalesDeckService } from './sales-deck.service';
import type { RankingWorkbook } from './table-columns';
import { isTotalRow, MarketScope, periodLabel, RowOptions, SaleVolumeService } from './sale-volume.service';

/** The whole-market page has every sales table (SALES_DIMENSIONS: codes 1-6, paths, labels, download types). */
export type WholeMarketTable = SalesDimensionKey;

export interface TableOptions {
  currentPage: number;
  pageSize: number;
  /** For the area table: 1 big region, 2 province. */
  dimensionality?: number;
  /** The paged tables' sort (decision 171). */
  sort?: SortOrder<RankingSortColumn>;
  /** The 车系 table narrowed to a 竞品组 (decision 300): its members, whole. */
  set?: SetFilter;
}

/** The name column's header of a table (its dimension's label; the area table's 省份 or 大区), in its workbook and its deck. */
function nameHeaderOf(table: WholeMarketTable, dimensionality: number): string {
  return table === 'area' ? (dimensionality === 2 ? '省份' : '大区') : SALES_DIMENSIONS[table].label;
}

/** The page's title: its deck's and its workbooks', and the start of their file names. */
const PAGE_TITLE = '整体市场表现';

/** 整体市场表现: the national market narrowed by month, source, segment, fuels and producer property. */
@Injectable()
export class WholeMarketService {
  constructor(
    private readonly sales: SaleVolumeService,
    private readonly decks: SalesDeckService,
  ) {}

  async chart(dto: SaleVolumeFilterDto, granularity: number, count: number): Promise<ChartResult> {
    return this.sales.chart(await this.sales.scope(dto), granularity, count);
  }

  async table(dto: SaleVolumeFilterDto, table: WholeMarketTable, options: TableOptions): Promise<TablePage> {
    const scope = await this.sales.scope(dto);
    // Segment, family and area tables are shown whole (with subtotals); the others page, in SQL.
    if (isWholeTable(table)) {
      const rows = await this.allRows(scope, table, options.dimensionality ?? 1);
      return { list: rows, total: rows.filter((r) => !isTotalRow(r)).length, currentPage: 1, pageSize: rows.length };
    }
    if (table === 'carSeries' && options.set) {
      const rows = await this.sales.setRows(scope, options.set, options.sort);
      return { list: rows, total: rows.length, currentPage: 1, pageSize: rows.length };
    }
    return this.sales.page(scope, rankedDimension(table), options.currentPage, options.pageSize, options.sort);
  }

  /** The rows of one table as the download writes them, with its file and sheet names. */
  async download(dto: SaleVolumeFilterDto, table: WholeMarketTable, dimensionality: number, set?: SetFilter): Promise<RankingWorkbook> {
    const scope = await this.sales.scope(dto);
    const rows = set ? await this.sales.setRows(scope, set) : await this.allRows(scope, table, dimensionality);
    const label = nameHeaderOf(table, dimensionality);
    const grouped = table === 'segment' || (table === 'area' && dimensionality === 2);
    return {
      rows,
      fileName: `${PAGE_TITLE}-${label}-${periodLabel(scope)}.xlsx`,
      nameHeader: label,
      groupHeader: grouped ? (table === 'segment' ? '类别' : '大区') : undefined,
      asOf: await this.sales.asOf(scope),
      head: await this.heading(dto, scope, set),
      set: set !== undefined,
    };
  }

  /**
   * 导出PPT (issue 31, decision 210): the page as it shows now, from the same calls as its cards, its chart and
   * its table — the title slide (its header tags, 数据截至, the user's producer or brand), the cards, the trend
   * chart and the ranking table.
   */
  async deck(dto: ParamsOf<typeof WHOLE_MARKET.ppt>, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const table = salesDimensionOfDownloadType(dto.type);
    const paged = !isWholeTable(table);
    const set = setFilterOf(dto);
    const [scope, summary, chart, rows, maker] = await Promise.all([
      this.sales.scope(dto),
      this.sales.summary(dto),
      this.chart(dto, dto.timeDimensionality, dto.count),
      this.table(dto, table, { ...dto, sort: paged ? pagedSort(dto.sort) : undefined, set }),
      this.decks.maker(user),
    ]);
    const heading = await this.heading(dto, scope, set);
    const nameHeader = nameHeaderOf(table, dto.dimensionality);
    return {
      fileName: `${heading.title}-${periodLabel(scope)}.pptx`,
      deck: {
        ...heading,
        asOf: await this.sales.asOf(scope),
        maker,
        slides: [
          summarySlide(summary, dto.newYear),
          trendSlide('销量走势', chart),
          rankingSlide(`销量排行（${nameHeader}）`, shownRows(rows.list, paged, dto.sort), {
            nameHeader,
            groupHeader: table === 'segment' ? '类别' : undefined,
            newYear: dto.newYear,
            tags: dto.tags,
            set: set !== undefined,
          }),
        ],
      },
    };
  }

  /**
   * The page's title and header tags (the sales filters', with its producer property and segment): the deck's title
   * slide and each workbook's header block, so the two cannot drift apart (decision 281).
   */
  private async heading(dto: SaleVolumeFilterDto, scope: MarketScope, set?: SetFilter): Promise<Pick<DeckDeclaration, 'title' | 'tags'>> {
    const tags = await this.decks.tags({ ...dto, time: formatMonth(scope.month) }, { producerProperty: true, segment: true });
    return { title: PAGE_TITLE, tags: set ? [...tags, setTag(set)] : tags };
  }

  private async allRows(scope: MarketScope, table: WholeMarketTable, dimensionality: number): Promise<TableRow[]> {
    switch (table) {
      case 'segment':
        return this.sales.segmentRows(scope);
      case 'family':
        return this.sales.rows(scope, 'family', { total: true });
      case 'area': {
        if (scope.source === 1) throw ApiException.badRequest('批发量数据没有地区维度，请选择零售量（数据来源 2）');
        if (dimensionality === 2) {
          const group: RowOptions['group'] = { of: (row) => ({ id: row.key.area ?? 0, name: row.name.area ?? '' }) };
          return this.sales.rows(scope, 'province', { group, total: true }, ['area']);
        }
        return this.sales.rows(scope, 'area', { total: true });
      }
      default:
        return (await this.sales.rankedRows(scope, rankedDimension(table), 'month')).rows;
    }
  }
}

/** Segment, family and area tables come whole (with subtotals) and sort in the page; the others page, in SQL. */
function isWholeTable(table: WholeMarketTable): table is 'segment' | 'family' | 'area' {
  return table === 'segment' || table === 'family' || table === 'area';
}

/** The dimension of a ranking table that pages (车系 ranks the sub-series). */
function rankedDimension(table: Exclude<WholeMarketTable, 'segment' | 'family' | 'area'>): DimensionKey {
  return SALES_DIMENSIONS[table].query;
}
