/**
 * A sortable header cell of the kit tables (decision 171): a link that cycles the column descending,
 * ascending and back to the default order, kept in the URL under the table's key; `aria-sort` and an arrow
 * (▼ ▲, ↕ unsorted) say the order. A plain link, so it works before JavaScript and the order survives reload and sharing.
 */
import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

import { definitionTipProps } from '~/utils/definition-tip';

import { withParams } from '~/utils/sale-volume-query';
import { ariaSort, nextSort, SORT_KEY, sortParamText, type SortOrder } from '~/utils/table-sort';

interface SortHeaderProps {
  /** The column's key in the URL (`sales`, `yoy` …). */
  column: string;
  /** The table's order as the URL has it (null: the default order). */
  order: SortOrder | null;
  /** The URL key of the table's order. */
  urlKey?: string;
  /** Params reset with a new order (none by default). */
  reset?: Record<string, null>;
  className?: string;
  rowSpan?: number;
  colSpan?: number;
  /** The label whose 口径 the header shows, where its children are more than that text (a legend beside it). */
  label?: string;
  children: ReactNode;
}

export function SortHeader({ column, order, urlKey = SORT_KEY, reset, className, rowSpan, colSpan, label, children }: SortHeaderProps) {
  const location = useLocation();
  const sorted = ariaSort(order, column);
  const next = nextSort(order, column);
  // The column's 口径 as its tooltip, found by the header's text (decision 201).
  const text = label ?? (typeof children === 'string' ? children : null);
  const tip = text === null ? null : definitionTipProps(text);
  return (
    <th className={['sort-header', className].filter(Boolean).join(' ')} aria-sort={sorted === 'none' ? undefined : sorted} rowSpan={rowSpan} colSpan={colSpan}>
      <Link
        to={withParams(location.search, { ...reset, [urlKey]: sortParamText(next) })}
        replace
        preventScrollReset
        className={tip ? `sort-header__link ${tip.className}` : 'sort-header__link'}
        aria-describedby={tip?.['aria-describedby']}
        data-definition={tip?.['data-definition']}
        data-column={column}
        title={next ? (next.direction === 'desc' ? '点击降序排列' : '点击升序排列') : '点击恢复默认顺序'}
      >
        {children}
        {/* The arrow is drawn by the stylesheet (tables.css), so the header's text stays its label alone. */}
        <span className="sort-header__arrow" data-sort={sorted} aria-hidden="true" />
      </Link>
    </th>
  );
}
