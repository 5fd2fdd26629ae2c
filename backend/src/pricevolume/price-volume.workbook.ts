import type { Response } from 'express';
import { pointsHeader, PROPORTION_VIEW_COLUMNS, type ProportionRow, type ProportionTable, rankArrow, tenThousands } from '@car/contracts';
import type { DeckColumn } from '../deck/deck.writer';
import { exactShare, streamTableWorkbook, type TableColumn, type WorkbookAsOf, type WorkbookHead } from '../workbook/table-workbook';
import type { Periods } from './price-volume.scope';
import type { BandRow } from './price-band.types';

/**
 * The price-band detail's columns, for its workbook and its deck: 价格段, the member (left out in the deck's
 * subtotal view, as the page leaves it out, decision 174), then the period's and a year earlier's sales and
 * 同比, or their MIX (the workbook's unrounded, decision 286) and its change.
 */
export function bandColumns(dimensionLabel: string | null, periods: Periods, data2: 0 | 1): TableColumn<BandRow>[] {
  return [
    { header: '价格段', kind: 'text', width: 14, value: (r) => r.bandLabel },
    ...(dimensionLabel === null ? [] : [{ header: dimensionLabel, kind: 'text', value: (r) => r.name } satisfies TableColumn<BandRow>]),
    ...(data2 === 1
      ? ([
          { header: `${periods.currentLabel} MIX`, kind: 'percent', value: (r) => r.mix, exact: (r) => exactShare(r, 'mix') },
          { header: `${periods.lastYearLabel} MIX`, kind: 'percent', value: (r) => r.tqMix, exact: (r) => exactShare(r, 'tqMix') },
          { header: pointsHeader('MIX变化'), kind: 'points', value: (r) => r.mixYoy },
        ] satisfies TableColumn<BandRow>[])
      : ([
          { header: `${periods.currentLabel} 销量`, kind: 'count', value: (r) => r.sales },
          { header: `${periods.lastYearLabel} 销量`, kind: 'count', value: (r) => r.tqSales },
          { header: '同比', kind: 'growth', value: (r) => r.yoy },
        ] satisfies TableColumn<BandRow>[])),
  ];
}

/** The price-band detail as a sheet: every member of every band (none folded into 其他), sales or MIX columns. */
export function streamBandWorkbook(
  response: Response,
  rows: readonly BandRow[],
  dimensionLabel: string,
  periods: Periods,
  data2: 0 | 1,
  asOf: WorkbookAsOf,
  head?: WorkbookHead,
): Promise<void> {
  const name = `车型价格段销量_${dimensionLabel}_${periods.period}.xlsx`;
  return streamTableWorkbook(response, name, '车型价格段销量', bandColumns(dimensionLabel, periods, data2), rows, asOf, {
    highlight: (r) => r.kind === 'subtotal',
    head,
  });
}

/** A column of the sales-proportion tables, for the workbook (a MIX's fraction unrounded) and the deck (a rank's arrow). */
type ProportionColumn = DeckColumn<ProportionRow> & Pick<TableColumn<ProportionRow>, 'exact'>;

/**
 * A view column of the sales-proportion tables: its figure, by its kind's rule; the workbook stores a MIX unrounded
 * (decision 286); a deck shows a rank with its arrow, as the page.
 */
function proportionColumn(c: (typeof PROPORTION_VIEW_COLUMNS)[0 | 1 | 2 | 3][number]): ProportionColumn {
  const kind = c.kind === 'share' ? 'percent' : c.kind === 'rank' ? 'count' : c.kind;
  return {
    header: c.label,
    kind,
    value: (r) => r[c.field] as number | null,
    ...(c.kind === 'share' ? { exact: (r: ProportionRow) => exactShare(r, c.field) } : {}),
    ...(c.kind === 'rank' ? { arrow: (r: ProportionRow) => rankArrow(r) } : {}),
  };
}

/** A sales-proportion table's columns as the page shows them (车型, 价格 in 万元, the view's), for its workbook and its deck. */
export function proportionColumns(view: 0 | 1 | 2 | 3): ProportionColumn[] {
  return [
    { header: '车型', kind: 'text', width: 36, value: (r) => r.name },
    { header: '价格(万元)', kind: 'tenThousand', width: 12, value: (r) => (r.price === null ? null : tenThousands(r.price)) },
    ...PROPORTION_VIEW_COLUMNS[view].map(proportionColumn),
  ];
}

/** A sales-proportion table as a sheet: 车系, then the page's columns. */
export function streamProportionWorkbook(
  response: Response,
  table: ProportionTable,
  view: 0 | 1 | 2 | 3,
  title: string,
  asOf: WorkbookAsOf,
  head?: WorkbookHead,
): Promise<void> {
  const columns: TableColumn<ProportionRow>[] = [{ header: '车系', kind: 'text', value: (r) => r.seriesName }, ...proportionColumns(view)];
  const fileName = `${title}_${table.modelSubName}_${table.period}.xlsx`;
  return streamTableWorkbook(response, fileName, title, columns, table.rows, asOf, { highlight: (r) => r.subtotal, head });
}
