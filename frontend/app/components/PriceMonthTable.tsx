/**
 * A price table by month (spec 001 §2.1, §2.2): row label, then one column per month; toggles for the
 * row dimension and the measure change the URL; the whole-scope row and the chosen segment are
 * highlighted; region rows are bold and their provinces indented; a link downloads the same table.
 * The unit (元, or % for the rate) is written once beside the title, not in every cell; wider than the page, the
 * table opens at its latest month beside the sticky first column (issue 45 §5, decision 283).
 */
import { Link, useLocation } from '@remix-run/react';
import { Button, Icon } from 'semantic-ui-react';

import { type PriceTable, priceTableCell, priceTableUnitText, sortPriceTable } from '@car/contracts';
import { withParams } from '~/utils/sale-volume-query';
import { readSort } from '~/utils/table-sort';
import { PanelBusy } from './PanelBusy';
import { SortHeader } from './SortHeader';
import { TableScroll } from './TableScroll';

export interface Toggle {
  /** The URL param the toggle writes. */
  param: string;
  value: number;
  options: ReadonlyArray<{ value: number; label: string }>;
  label: string;
}

interface PriceMonthTableProps {
  title: string;
  table: PriceTable | null;
  labelHeader: string;
  toggles: Toggle[];
  downloadHref: string;
  loading?: boolean;
}

export function PriceMonthTable({ title, table, labelHeader, toggles, downloadHref, loading = false }: PriceMonthTableProps) {
  const location = useLocation();
  // The table sorts here (it comes whole): by the row's name or a month's figure; the whole scope's row stays
  // first, a region's provinces move with it (decision 171).
  const months = table?.months ?? [];
  const order = readSort(new URLSearchParams(location.search), ['name', ...months]);
  const rows = table ? sortPriceTable(table, order) : [];
  return (
    <section className="panel price-table" aria-busy={loading}>
      <header className="panel__head">
        <h3 className="panel__title">
          {title}
          {table ? <span className="price-table__unit">{priceTableUnitText(table.measure)}</span> : null}
        </h3>
        <div className="panel__tools">
          {toggles.map((toggle) => (
            <Button.Group key={toggle.param} size="mini" basic aria-label={toggle.label}>
              {toggle.options.map((o) => (
                <Button
                  key={o.value}
                  as={Link}
                  to={withParams(location.search, { [toggle.param]: o.value })}
                  preventScrollReset
                  active={toggle.value === o.value}
                  aria-pressed={toggle.value === o.value}
                >
                  {o.label}
                </Button>
              ))}
            </Button.Group>
          ))}
          <Button size="mini" basic as="a" href={downloadHref} download aria-label="下载">
            <Icon name="download" />
            下载
          </Button>
        </div>
      </header>
      {table && table.rows.length > 0 ? (
        <TableScroll label={title} className="price-table__scroll" startAt="end">
          <table className="ui celled compact small unstackable table kit-table">
            <thead>
              <tr>
                <SortHeader column="name" order={order}>
                  {labelHeader}
                </SortHeader>
                {table.months.map((m) => (
                  <SortHeader key={m} column={m} order={order} className="right aligned">
                    {m}
                  </SortHeader>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.level}-${row.id}-${row.name}`}
                  className={
                    [row.total ? 'is-total' : '', row.current ? 'is-current' : '', row.level === 1 ? 'is-region' : '', row.level === 2 ? 'is-province' : '']
                      .join(' ')
                      .trim() || undefined
                  }
                  data-row={row.name}
                >
                  <td>{row.name}</td>
                  {row.values.map((value, i) => (
                    <td key={table.months[i]} className="right aligned">
                      {priceTableCell(table.measure, value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="price-table__empty">暂无数据</p>
      )}
      <PanelBusy active={loading} />
    </section>
  );
}
