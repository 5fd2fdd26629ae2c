/**
 * The phone page's four tabs (厂商, 品牌, 厂商品牌, 车型; MP_TABS) as the ARIA tab pattern (decision 266): a tablist of
 * links, the chosen one aria-selected and the only one in the Tab order, the arrow keys, Home and End moving between
 * them, each controlling the one panel below. A tab is a link (`type` in the address, spec §4): Enter or a tap opens it.
 */
import { Link } from '@remix-run/react';
import type { KeyboardEvent } from 'react';
import { MP_TABS, type MpType } from '@car/contracts';

/** The panel the tabs control: the search bar and the result. */
export const MP_TAB_PANEL = 'mp-tab-panel';

export const mpTabId = (type: MpType) => `mp-tab-${type}`;

/** The tab the key moves focus to, from the tab at `index` of `count`, or null for another key. */
function movedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function MpTabs({ type, hrefOf }: { type: MpType; hrefOf: (type: MpType) => string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const next = movedTo(event.key, tabs.indexOf(document.activeElement as HTMLElement), tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next].focus();
  };
  return (
    <nav className="mp-tabs" role="tablist" aria-label="查询对象" onKeyDown={onKeyDown}>
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
