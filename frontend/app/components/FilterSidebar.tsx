/**
 * The right-hand side panel that holds a page's filter form. Collapsing only hides it, so the form keeps
 * what the user typed; on configquery it has no toggle (mode `fixed`).
 */
import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';

import type { FilterPanelMode } from '~/utils/filter-panel';

interface FilterSidebarProps {
  mode: Exclude<FilterPanelMode, 'none'>;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

export function FilterSidebar({ mode, open, onToggle, children }: FilterSidebarProps) {
  const shown = mode === 'fixed' || open;
  return (
    <aside className={`filter-sidebar${shown ? ' is-open' : ' is-closed'}`} aria-label="筛选条件">
      {mode === 'collapsible' ? (
        <button
          type="button"
          className="filter-sidebar__toggle"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls="filter-sidebar-body"
          title={open ? '收起筛选条件' : '展开筛选条件'}
        >
          <Icon name={open ? 'angle double right' : 'angle double left'} fitted />
          {open ? null : <span className="filter-sidebar__toggle-text">筛选</span>}
        </button>
      ) : null}
      <div id="filter-sidebar-body" className="filter-sidebar__body" aria-hidden={!shown}>
        {children}
      </div>
    </aside>
  );
}
