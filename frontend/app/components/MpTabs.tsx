/**
 * The phone page's four tabs (厂商, 品牌, 厂商品牌, 车型; MP_TABS) as the ARIA tab pattern (decision 266): a tablist of
 * links, the chosen one aria-selected and the only one in the Tab order, the arrow keys, Home and End moving between
 * them, each controlling the one panel below. A tab is a link (`type` in the address, spec §4): Enter or a tap opens it.
 */
import { Link } from '@remix-run/react';
import { MP_TABS, type MpType } from '@car/contracts';

import { onTablistKeyDown } from '~/utils/tab-keys';

/** The panel the tabs control: the search bar and the result. */
export const MP_TAB_PANEL = 'mp-tab-panel';

export const mpTabId = (type: MpType) => `mp-tab-${type}`;

export function MpTabs({ type, hrefOf }: { type: MpType; hrefOf: (type: MpType) => string }) {
  return (
    <nav className="mp-tabs" role="tablist" aria-label="查询对象" onKeyDown={onTablistKeyDown}>
      {MP_TABS.map((t) => (
        <Link
          key={t.value}
          id={mpTabId(t.value)}
          role="tab"
          aria-selected={t.value === type}
          aria-controls={MP_TAB_PANEL}
          tabIndex={t.value === type ? 0 : -1}
          to={hrefOf(t.value)}
          replace
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
