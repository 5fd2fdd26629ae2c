import { type PriceScatter, type ProportionRow, type ProportionTable, type SortOrder, sortProportionRows } from '@car/contracts';
import { type DeckColumn, type DrawnPoint, drawnPoints, type ScatterSlide, type TableSlide } from '../deck/deck.writer';
import type { BandRow, BandTable } from './price-band.types';
import { bandColumns, proportionColumns } from './price-volume.workbook';

/**
 * The slides of the price-volume pages (issue 31, decision 217): the price-band detail in the page's rows
 * view, the price × figure charts as the page draws them with a table of their points (decision 218), and
 * the sales-proportion tables in the page's view — each from the answer the page shows.
 */

/** The price-band detail as the page lists it: each band's subtotal alone (rows 1), or every member under its band (rows 0). */
export function bandTableSlide(table: BandTable, data2: 0 | 1, subtotalsOnly: boolean): TableSlide<BandRow> {
  return subtotalsOnly
    ? {
        kind: 'table',
        title: '价格段明细（价格段小计）',
        columns: bandColumns(null, table.periods, data2),
        rows: table.rows.filter((r) => r.kind === 'subtotal'),
      }
    : {
        kind: 'table',
        title: `价格段明细（${table.dimensionLabel}）`,
        columns: bandColumns(table.dimensionLabel, table.periods, data2),
        rows: table.rows,
        strong: (r) => r.kind === 'subtotal',
      };
}

/** A price × figure chart: bubbles (type 0) or points (type 1), as the page's ScatterChart draws it. */
export function scatterSlide(title: string, chart: PriceScatter, type: 0 | 1, data2: 0 | 1): ScatterSlide {
  return { kind: 'scatter', title, chart, drawn: type === 0 ? 'bubble' : 'scatter', percent: data2 === 1 };
}

/**
 * The points of a price × figure chart as a table on the slide after it (decision 218): the names the page
 * shows in each point's tooltip — series, 车型, price, figure and, where the figure is MIX, the sales.
 */
export function pointsSlide(title: string, chart: PriceScatter, data2: 0 | 1): TableSlide<DrawnPoint> {
  const columns: Array<DeckColumn<DrawnPoint>> = [
    { header: '系列', kind: 'text', value: (p) => chart.series[p.series]?.name ?? '' },
    { header: '车型', kind: 'text', value: (p) => p.name },
    { header: chart.xTitle, kind: 'tenThousand', value: (p) => p.x },
    { header: chart.yTitle, kind: data2 === 1 ? 'percent' : 'count', value: (p) => p.y },
    ...(data2 === 1 ? [{ header: '销量', kind: 'count', value: (p) => p.sales } satisfies DeckColumn<DrawnPoint>] : []),
  ];
  return { kind: 'table', title: `${title}（各点）`, columns, rows: drawnPoints(chart) };
}

/**
 * A sales-proportion table in the page's view and order (a header click, `sortProportionRows` as the page's): 车型,
 * 价格 and the view's columns, each series' subtotal in bold.
 */
export function proportionSlide(title: string, table: ProportionTable, view: 0 | 1 | 2 | 3, order?: SortOrder): TableSlide<ProportionRow> {
  return { kind: 'table', title, columns: proportionColumns(view), rows: sortProportionRows(table.rows, order), strong: (r) => r.subtotal };
}
