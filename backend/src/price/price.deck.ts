import {
  type ChartResult,
  growthDirection,
  growthText,
  mapTableOrder,
  type Nationwide,
  NATIONWIDE_ITEMS,
  nationwideItemText,
  type PriceTraceGap,
  traceGapCellText,
  PRICE_CARD_CHANGES,
  priceCardTitles,
  priceChartAxes,
  priceSeriesLabel,
  pointsCardText,
  type PriceMap,
  type PriceTable,
  priceTableCell,
  type PriceTableRow,
  priceTableUnitText,
  type PriceWhole,
  type SortOrder,
  sortPriceTable,
  traceLineStyle,
} from '@car/contracts';
import type { ChartSlide, DeckColumn, DeckDeclaration, DeckSlide, TableSlide } from '../deck/deck.writer';
import { priceTableColumns } from './price-table.workbook';

/**
 * The slides of the price pages (整体市场价格指数, 车系价格追踪; issue 31, decision 215): the four cards, the
 * price chart on the page's axes, the map's table, 区域表现 and the month tables, each from the answer the page shows.
 */

/**
 * A price page's deck: its head (the page's title and tags, 数据截至, the user's producer or brand), the four cards of
 * the month, then the page's own slides.
 */
export function priceDeck(head: Omit<DeckDeclaration, 'slides'>, whole: PriceWhole, slides: readonly DeckSlide[]): DeckDeclaration {
  return { ...head, slides: [priceCardsSlide(whole), ...slides] };
}

/** A card as a row: its title, its figure's text, and its changes (a price's in percents, the rate's in points). */
interface CardRow {
  title: string;
  text: string;
  changes: Array<number | null> | null;
  points: boolean;
}

/** The four cards as the page shows them: a row each, its value and its 环比 and 较1月 with their arrow and colour. */
export function priceCardsSlide(whole: PriceWhole): TableSlide<CardRow> {
  const titles = priceCardTitles(whole.time);
  const rows: CardRow[] = [
    { title: titles.msrp, text: whole.msrpStr, changes: null, points: false },
    { title: titles.tp, text: whole.tpStr, changes: [whole.tpMom, whole.tpDown], points: false },
    { title: titles.discount, text: whole.discountStr, changes: [whole.discountMom, whole.discountDown], points: false },
    { title: titles.discountRate, text: whole.discountRateStr, changes: [whole.discountRateMom, whole.discountRateDown], points: true },
  ];
  const change = (label: string, index: number): DeckColumn<CardRow> => ({
    header: label,
    kind: 'growth',
    value: (r) => r.changes?.[index] ?? null,
    text: (r) => (r.changes === null ? '' : r.points ? pointsCardText(r.changes[index]) : growthText(r.changes[index])),
    arrow: (r) => (r.changes === null ? null : growthDirection(r.changes[index])),
  });
  return {
    kind: 'table',
    title: '价格概况',
    columns: [
      { header: '指标', kind: 'text', value: (r) => r.title },
      { header: '数值', kind: 'count', value: () => null, text: (r) => r.text },
      ...PRICE_CARD_CHANGES.map(change),
    ],
    rows,
  };
}

/** A price chart on the page's axes (contracts priceChartAxes: from zero, yuan or percent), its series named as its legend. */
export function priceChartSlide(title: string, chart: ChartResult): ChartSlide {
  const axes = priceChartAxes(chart);
  return {
    kind: 'chart',
    title,
    chart: { ...chart, series: chart.series.map((s) => ({ ...s, name: priceSeriesLabel(s) })) },
    axes: [axes[0], axes[1]],
  };
}

/** The trace's chart (decision 275): a line per car in its colour, the subject's (本品) thicker as the page draws it (traceLineStyle, decision 287). */
export function traceChartSlide(title: string, chart: ChartResult): ChartSlide {
  return { ...priceChartSlide(title, chart), lines: chart.series.map((_, index) => traceLineStyle(index)) };
}

/**
 * A month table as the page shows it: the label column and a month each as its bare figure (priceTableCell), the
 * unit once in the title (priceTableUnitText, decisions 283, 286), in the order the page's sort gives
 * (sortPriceTable); totals, the chosen segment and regions in bold.
 */
export function priceMonthTableSlide(title: string, labelHeader: string, table: PriceTable, order: SortOrder | undefined): TableSlide<PriceTableRow> {
  const columns: Array<DeckColumn<PriceTableRow>> = priceTableColumns(labelHeader, table).map((column, i) =>
    i === 0 ? column : { ...column, text: (r: PriceTableRow) => priceTableCell(table.measure, r.values[i - 1]) },
  );
  return {
    kind: 'table',
    title: `${title} · ${priceTableUnitText(table.measure)}`,
    columns,
    rows: sortPriceTable(table, order),
    strong: (r) => r.total || r.current || r.level === 1,
  };
}

/** 区域表现: its six figures in one row, as the page's block (the lowest price and the highest discount with their province). */
export function nationwideSlide(nationwide: Nationwide): TableSlide<Nationwide> {
  return {
    kind: 'table',
    title: '区域表现',
    columns: NATIONWIDE_ITEMS.map((item) => ({
      header: item.label,
      kind: 'count' as const,
      value: () => null,
      text: (n: Nationwide) => nationwideItemText(n, item),
    })),
    rows: [nationwide],
  };
}

/**
 * 成交价差 as the page's table (decision 276): a row per comparison, a column per month, each cell the gap in yuan
 * and its percent of the rival's TP, signed and without change colours (a gap is not a change).
 */
export function traceGapSlide(gap: PriceTraceGap): TableSlide<PriceTraceGap['rows'][number]> {
  return {
    kind: 'table',
    title: `成交价差（${gap.name} − 对比）`,
    columns: [
      { header: '对比车系/车型', kind: 'text', value: (r) => r.name },
      ...gap.months.map((month, i) => ({
        header: month,
        kind: 'count' as const,
        value: () => null,
        text: (r: PriceTraceGap['rows'][number]) => traceGapCellText(r, i),
      })),
    ],
    rows: gap.rows,
  };
}

/** 各省优惠率: the table beside the page's map, highest rate first. */
export function discountMapSlide(map: PriceMap): TableSlide<PriceMap['provinces'][number]> {
  const rows = [...map.provinces].sort((a, b) => mapTableOrder({ name: a.name, value: a.discountRate }, { name: b.name, value: b.discountRate }));
  return {
    kind: 'table',
    title: `各省优惠率（${map.time}）`,
    columns: [
      { header: '地区', kind: 'text', value: (p) => p.name },
      { header: '优惠率', kind: 'percent', value: (p) => p.discountRate },
    ],
    rows,
  };
}
