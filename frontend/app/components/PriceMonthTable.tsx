/**
 * A price table by month (spec 001 §2.1, §2.2): row label, then one column per month; toggles for the
 * row dimension and the measure change the URL; the whole-scope row and the chosen segment are
 * highlighted; region rows are bold and their provinces indented; a link downloads the same table.
 * The unit (元, or % for the rate) is written once beside the title, not in every cell; wider than the page, the
 * table opens at its latest month beside the sticky first column (issue 45 §5, decision 283).
 */
import { useLocation } from '@remix-run/react';
import { Button, Icon } from 'semantic-ui-react';

import { type PriceTable, priceTableCell, priceTableUnitText, sortPriceTable } from '@car/contracts';
import { readSort } from '~/utils/table-sort';
import { ParamToggle } from './ParamToggle';
import { SortHeader } from './SortHeader';
import { TablePanel } from './TablePanel';

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
    <TablePanel
      className="price-table"
      loading={loading}
      title={
        <>
          {title}
          {table ? <span className="price-table__unit">{priceTableUnitText(table.measure)}</span> : null}
        </>
      }
      tools={
        <>
          {toggles.map((toggle) => (
            <ParamToggle key={toggle.param} param={toggle.param} label={toggle.label} options={toggle.options} value={toggle.value} />
          ))}
          <Button size="mini" basic as="a" href={downloadHref} download aria-label="下载">
            <Icon name="download" />
            下载
          </Button>
        </>
      }
      scroll={{ label: title, className: 'price-table__scroll', startAt: 'end' }}
      tableClassName="ui celled compact small unstackable table kit-table"
      columns={
        <>
          <SortHeader column="name" order={order}>
            {labelHeader}
          </SortHeader>
          {months.map((m) => (
            <SortHeader key={m} column={m} order={order} className="right aligned">
              {m}
            </SortHeader>
          ))}
        </>
      }
      empty={table && table.rows.length > 0 ? null : <p className="price-table__empty">暂无数据</p>}
    >
      {table
        ? rows.map((row) => (
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
                <td key={months[i]} className="right aligned">
                  {priceTableCell(table.measure, value)}
                </td>
              ))}
            </tr>
          ))
        : null}
    </TablePanel>
  );
}
