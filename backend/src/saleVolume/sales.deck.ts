import {
  type ChartResult,
  rankArrow,
  type RankingSortColumn,
  type SortOrder,
  sortRankingRows,
  type Summary,
  summaryCardTitles,
  type TableRow,
} from '@car/contracts';
import type { ChartSlide, DeckColumn, FiguresSlide, TableSlide } from '../deck/deck.writer';
import { isTotalRow } from './sale-volume.service';
import { tableColumns } from './table-columns';

/** The rank's data tag (累计排名): shown with its arrow, a dash on a total row, as the page's table. */
const RANK_TAG = 9;

/**
 * The slides of the sales pages (整体市场表现, 区域市场表现, 厂商品牌表现 declare theirs from these pieces): the
 * five cards, the trend chart and the ranking table, each from the answer the page shows.
 */
export function summarySlide(summary: Summary, newYear: boolean): FiguresSlide {
  const titles = summaryCardTitles(summary.time, newYear);
  return {
    kind: 'figures',
    title: '销量概况',
    figures: [
      { label: titles.qty, kind: 'count', value: summary.qty },
      { label: titles.yoy, kind: 'growth', value: summary.yoy },
      { label: titles.mom, kind: 'growth', value: summary.mom },
      { label: titles.lj, kind: 'count', value: summary.ljQty },
      { label: titles.yearYoy, kind: 'growth', value: summary.yearYoy },
    ],
  };
}

export function trendSlide(title: string, chart: ChartResult): ChartSlide {
  return { kind: 'chart', title, chart };
}

/** A ranking table's columns and headers as the page shows them. */
export interface RankingShown<Row extends TableRow> {
  nameHeader: string;
  /** The merged group column (类别, 大区), for tables whose rows carry `groupName`. */
  groupHeader?: string;
  newYear: boolean;
  /** The 数据列 the page shows (its `tags`; DEFAULT_TAGS unless the analyst chose others), in the spec's order. */
  tags: readonly number[];
  /** Columns before the group and name (the producer/brand list's place). */
  lead?: ReadonlyArray<DeckColumn<Row>>;
  /** The 车系 table narrowed to a 竞品组: its columns after the name. */
  set?: boolean;
}

/** The ranking table's columns (decisions 210, 211): the page's 数据列, totals in bold, the rank with its arrow. */
export function rankingSlide<Row extends TableRow>(title: string, rows: readonly Row[], shown: RankingShown<Row>): TableSlide<Row> {
  const columns: Array<DeckColumn<Row>> = [
    ...(shown.lead ?? []),
    ...tableColumns(shown.nameHeader, shown.groupHeader, shown.newYear, shown.tags, shown.set).map((column) =>
      column.tag === RANK_TAG
        ? {
            ...column,
            kind: 'count' as const,
            value: (r: Row) => (r.heji ? null : r.ljRanking),
            arrow: (r: Row) => (r.heji ? null : rankArrow({ ranking: r.ljRanking, rankingStatus: r.rankingStatus })),
          }
        : column,
    ),
  ];
  return { kind: 'table', title, columns, rows, strong: isTotalRow };
}

/**
 * The rows of a ranking table in the page's order: a whole table sorted as the page sorts it (sortRankingRows,
 * one rule for both); a paged table comes sorted from its call (SQL), so its order is the call's.
 */
export function shownRows<Row extends TableRow>(rows: readonly Row[], paged: boolean, sort: SortOrder | undefined): Row[] {
  return paged ? [...rows] : sortRankingRows(rows, sort);
}

/** A paged table's order for its call: its figures only (the deck schemas refuse a name, which sorts the whole tables alone). */
export function pagedSort(sort: SortOrder<RankingSortColumn | 'name'> | undefined): SortOrder<RankingSortColumn> | undefined {
  return sort?.column === 'name' ? undefined : (sort as SortOrder<RankingSortColumn> | undefined);
}
