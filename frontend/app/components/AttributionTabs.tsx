/**
 * 归因分析's three tabs (ATTRIBUTION_TABS: 销量拉动, 份额归因, 价格归因) as the ARIA tab pattern, as the phone page's
 * MpTabs: a tablist of links (`tab` in the address, so a view keeps its tab), the chosen one aria-selected and the only
 * one in the Tab order, the arrow keys, Home and End moving between them, each controlling the one panel below.
 */
import { Link, useLocation } from '@remix-run/react';

import { ATTRIBUTION_TABS, type AttributionTab } from '@car/contracts';
import { tabHref } from '~/utils/attribution';
import { onTablistKeyDown } from '~/utils/tab-keys';

/** The panel the tabs control. */
export const ATTRIBUTION_TAB_PANEL = 'attribution-tab-panel';

export const attributionTabId = (tab: AttributionTab) => `attribution-tab-${tab}`;

export function AttributionTabs({ tab }: { tab: AttributionTab }) {
  const location = useLocation();
  return (
    <div className="ui tabular menu attribution-tabs" role="tablist" aria-label="归因分析" onKeyDown={onTablistKeyDown}>
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
