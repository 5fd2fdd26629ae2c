import type { Response } from 'express';
import { pointsHeader, PROPORTION_VIEW_COLUMNS, type ProportionRow, type ProportionTable, tenThousands } from '@car/contracts';
import { streamTableWorkbook, type WorkbookAsOf, type WorkbookColumn } from '../workbook/table-workbook';
import type { Periods } from './price-volume.scope';
import type { BandRow } from './price-qty.service';

/** The price-band detail as a sheet: every member of every band (none folded into 其他), sales or MIX columns. */
export function streamBandWorkbook(
  response: Response,
  rows: readonly BandRow[],
  dimensionLabel: string,
  periods: Periods,
  data2: 0 | 1,
  asOf: WorkbookAsOf,
): Promise<void> {
  const columns: WorkbookColumn<BandRow>[] = [
    { header: '价格段', kind: 'text', width: 14, value: (r) => r.bandLabel },
    { header: dimensionLabel, kind: 'text', value: (r) => r.name },
    ...(data2 === 1
      ? ([
          { header: `${periods.currentLabel} MIX`, kind: 'percent', value: (r) => r.mix },
          { header: `${periods.lastYearLabel} MIX`, kind: 'percent', value: (r) => r.tqMix },
          { header: pointsHeader('MIX变化'), kind: 'points', value: (r) => r.mixYoy },
        ] satisfies WorkbookColumn<BandRow>[])
      : ([
          { header: `${periods.currentLabel} 销量`, kind: 'count', value: (r) => r.sales },
          { header: `${periods.lastYearLabel} 销量`, kind: 'count', value: (r) => r.tqSales },
          { header: '同比', kind: 'growth', value: (r) => r.yoy },
        ] satisfies WorkbookColumn<BandRow>[])),
  ];
  const name = `车型价格段销量_${dimensionLabel}_${periods.period}.xlsx`;
  return streamTableWorkbook(response, name, '车型价格段销量', columns, rows, asOf, (r) => r.kind === 'subtotal');
}

/** A view column of the sales-proportion tables as a workbook column: its figure, by its kind's rule. */
function proportionColumn(c: (typeof PROPORTION_VIEW_COLUMNS)[0 | 1 | 2 | 3][number]): WorkbookColumn<ProportionRow> {
  const kind = c.kind === 'share' ? 'percent' : c.kind === 'rank' ? 'count' : c.kind;
  return { header: c.label, kind, value: (r) => r[c.field] as number | null };
}

/** A sales-proportion table as a sheet: 车系, 车型, 价格 (万元) and the view's columns, as the page shows them. */
export function streamProportionWorkbook(response: Response, table: ProportionTable, view: 0 | 1 | 2 | 3, title: string, asOf: WorkbookAsOf): Promise<void> {
  const columns: WorkbookColumn<ProportionRow>[] = [
    { header: '车系', kind: 'text', value: (r) => r.seriesName },
    { header: '车型', kind: 'text', width: 36, value: (r) => r.name },
    { header: '价格(万元)', kind: 'tenThousand', width: 12, value: (r) => (r.price === null ? null : tenThousands(r.price)) },
    ...PROPORTION_VIEW_COLUMNS[view].map(proportionColumn),
  ];
  return streamTableWorkbook(response, `${title}_${table.modelSubName}_${table.period}.xlsx`, title, columns, table.rows, asOf, (r) => r.subtotal);
}
