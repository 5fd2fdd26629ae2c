/**
 * The filter panel of a page (spec 000 §2 "Filter panel"): heading 筛选条件 with 重置 and 查询, and
 * collapsible groups of which one is open at a time (the first by default; clicking the open group
 * closes it). It is a GET form, so the query lands in the URL and works before JavaScript loads; closed
 * groups keep their fields in the form.
 */
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { Button, Icon } from 'semantic-ui-react';

export interface FilterGroupSpec {
  title: string;
  /** What is chosen, shown beside the title of a closed group. */
  summary?: string;
  content: ReactNode;
}

interface FilterPanelProps {
  groups: FilterGroupSpec[];
  /** Where 重置 leads: the page with its default filters (page-level params such as `type` kept). */
  resetTo: string;
  /** Params the form carries unchanged (chart and table settings); the table page is left out, so a query starts at page 1. */
  keep?: Record<string, string | number | null | undefined>;
}

export function FilterPanel({ groups, resetTo, keep = {} }: FilterPanelProps) {
  const [open, setOpen] = useState(0);
  const location = useLocation();
  const navigation = useNavigation();
  const querying = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;

  return (
    <Form method="get" action={location.pathname} className="filter-panel" preventScrollReset>
      <div className="filter-panel__head">
        <span className="filter-panel__title">筛选条件</span>
        <Button as={Link} to={resetTo} size="mini" basic type="button" preventScrollReset>
          重置
        </Button>
        <Button size="mini" primary type="submit" loading={querying} disabled={querying}>
          查询
        </Button>
      </div>
      {Object.entries(keep).map(([name, value]) =>
        value === null || value === undefined || value === '' ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {groups.map((group, index) => {
        const isOpen = open === index;
        const bodyId = `filter-group-${index}`;
        return (
          <section key={group.title} className={`filter-group${isOpen ? ' is-open' : ''}`}>
            <button type="button" className="filter-group__head" aria-expanded={isOpen} aria-controls={bodyId} onClick={() => setOpen(isOpen ? -1 : index)}>
              <Icon name={isOpen ? 'caret down' : 'caret right'} />
              <span className="filter-group__title">{group.title}</span>
              {group.summary ? <span className="filter-group__summary">{group.summary}</span> : null}
            </button>
            <div id={bodyId} className="filter-group__body" hidden={!isOpen}>
              {group.content}
            </div>
          </section>
        );
      })}
    </Form>
  );
}
