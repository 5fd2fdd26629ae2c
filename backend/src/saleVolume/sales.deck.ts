import { type ChartResult, DEFAULT_TAGS, rankArrow, type Summary, summaryCardTitles, type TableRow } from '@car/contracts';
import type { ChartSlide, DeckColumn, FiguresSlide, TableSlide } from '../deck/deck.writer';
import { isTotalRow } from './sale-volume.service';
import { tableColumns } from './table-columns';

/** The rank's data tag (累计排名): shown with its arrow, a dash on a total row, as the page's table. */
const RANK_TAG = 9;

/**
 * The slides of the sales pages (整体市场表现 now; 区域市场表现 and 厂商品牌表现 declare theirs from the same
 * pieces): the five cards, the trend chart and the ranking table, each from the answer the page shows.
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

/** The ranking table with the page's default columns (DEFAULT_TAGS, decision 210), totals in bold, the rank with its arrow. */
export function rankingSlide(
  title: string,
  rows: readonly TableRow[],
  nameHeader: string,
  groupHeader: string | undefined,
  newYear: boolean,
): TableSlide<TableRow> {
  const columns: Array<DeckColumn<TableRow>> = tableColumns(nameHeader, groupHeader, newYear, DEFAULT_TAGS).map((column) =>
    column.tag === RANK_TAG
      ? {
          ...column,
          kind: 'count',
          value: (r: TableRow) => (r.heji ? null : r.ljRanking),
          arrow: (r: TableRow) => (r.heji ? null : rankArrow({ ranking: r.ljRanking, rankingStatus: r.rankingStatus })),
        }
      : column,
  );
  return { kind: 'table', title, columns, rows, strong: isTotalRow };
}
