/**
 * 归因分析's three tabs (ATTRIBUTION_TABS: 销量拉动, 份额归因, 价格归因) as the ARIA tab pattern, as the phone page's
 * MpTabs: a tablist of links (`tab` in the address, so a view keeps its tab), the chosen one aria-selected and the only
 * one in the Tab order, the arrow keys, Home and End moving between them, each controlling the one panel below.
 */
import { Link, useLocation } from '@remix-run/react';
import type { KeyboardEvent } from 'react';

import { ATTRIBUTION_TABS, type AttributionTab } from '@car/contracts';
import { tabHref } from '~/utils/attribution';

/** The panel the tabs control. */
export const ATTRIBUTION_TAB_PANEL = 'attribution-tab-panel';

export const attributionTabId = (tab: AttributionTab) => `attribution-tab-${tab}`;

/** The tab the key moves focus to, from the tab at `index` of `count`, or null for another key. */
function movedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function AttributionTabs({ tab }: { tab: AttributionTab }) {
  const location = useLocation();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const next = movedTo(event.key, tabs.indexOf(document.activeElement as HTMLElement), tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next].focus();
  };
  return (
    <div className="ui tabular menu attribution-tabs" role="tablist" aria-label="归因分析" onKeyDown={onKeyDown}>
      {ATTRIBUTION_TABS.map((t) => (
        <Link
          key={t.key}
          id={attributionTabId(t.key)}
          className={`item${t.key === tab ? ' active' : ''}`}
          role="tab"
          aria-selected={t.key === tab}
          aria-controls={ATTRIBUTION_TAB_PANEL}
          tabIndex={t.key === tab ? 0 : -1}
          to={tabHref(location.search, t.key)}
          preventScrollReset
        >
          {t.label}
        </Link>
      ))}
    </div>
  );
}
