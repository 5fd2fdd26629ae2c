import { type CarDetails, type DetailLine, detailLines, type DetailSortColumn, pointsHeader, rankArrow, type SortOrder } from '@car/contracts';
import type { DeckColumn, TableSlide } from '../deck/deck.writer';
import { MODEL_COLUMNS } from './company-brand.workbook';

/** The figures the page's detail table shows (CarDetailsTable), of the workbook's columns; the rank with its arrow. */
const PAGE_FIGURES: readonly string[] = ['销量', '去年同期销量', '同比', '细分市场份额', pointsHeader('份额变化'), '细分市场排名'];

const DETAIL_COLUMNS: ReadonlyArray<DeckColumn<DetailLine>> = [
  {
    header: '细分市场（占比）',
    kind: 'text',
    // The page merges a segment's cell down its lines: the deck names it on the first; a total's name spans the first two columns.
    value: (line) => (line.kind === 'total' ? line.row.name : line.segment ? `${line.segment.name}（${line.segment.mixStr}）` : ''),
  },
  { header: '车型', kind: 'text', value: (line) => (line.kind === 'total' ? '' : line.row.name) },
  ...MODEL_COLUMNS.flatMap((c): Array<DeckColumn<DetailLine>> =>
    c.kind === 'text' || !PAGE_FIGURES.includes(c.header)
      ? []
      : [
          {
            ...c,
            kind: c.kind,
            value: (line) => c.value(line.row),
            ...(c.header === '细分市场排名' ? { arrow: (line: DetailLine) => rankArrow(line.row) } : {}),
          },
        ],
  ),
];

/**
 * The car-model details as the page's table shows them (decision 211): each segment's models in the page's order
 * (`detailSort`, detailLines: one rule for both), its two subtotals, then the totals, subtotals and totals in bold.
 */
export function carDetailsSlide(title: string, details: CarDetails, order: SortOrder<DetailSortColumn> | undefined): TableSlide<DetailLine> {
  return {
    kind: 'table',
    title: `${title} ${details.time}（同期 ${details.tqTime}）`,
    columns: DETAIL_COLUMNS,
    rows: detailLines(details, order ?? null),
    strong: (line) => line.kind !== 'model',
  };
}
