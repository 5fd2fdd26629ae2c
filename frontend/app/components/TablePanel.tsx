/**
 * A panel of the page kit around one table: the head (title, a note or tools), the table in its scroll region (TableScroll)
 * and the panel's own veil while its data changes (PanelBusy). The tables of the analysis pages share this frame; each
 * draws its own head, header cells and rows.
 */
import type { ReactNode } from 'react';

import { PanelBusy } from './PanelBusy';
import { TableScroll } from './TableScroll';

interface TablePanelProps {
  /** The section's own class, beside `panel`. */
  className: string;
  /** The section's accessible name, where the panel has one. */
  label?: string;
  loading: boolean;
  /** What the head's title holds: the title, and a period or unit beside it. */
  title: ReactNode;
  /** A note in the head, after the title. */
  headNote?: ReactNode;
  /** The head's tools: toggles, pickers, 下载. */
  tools?: ReactNode;
  /** The scroll region's name and class, and where a wide table opens (TableScroll). */
  scroll: { label: string; className: string; startAt?: 'start' | 'end' };
  tableClassName: string;
  /** The header row's cells. */
  columns: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** Under the table in its scroll region (a note that it has no rows). */
  note?: ReactNode;
  /** Shown instead of the table when there is nothing to show. */
  empty?: ReactNode;
}

export function TablePanel({ className, label, loading, title, headNote, tools, scroll, tableClassName, columns, children, note, empty }: TablePanelProps) {
  return (
    <section className={`panel ${className}`} aria-busy={loading} aria-label={label}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        {headNote}
        {tools === undefined ? null : <div className="panel__tools">{tools}</div>}
      </header>
      {empty ?? (
        <TableScroll label={scroll.label} className={scroll.className} startAt={scroll.startAt}>
          <table className={tableClassName}>
            <thead>
              <tr>{columns}</tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
          {note}
        </TableScroll>
      )}
      <PanelBusy active={loading} />
    </section>
  );
}
