/**
 * The phone page's 单月 / 1-2月合计 (decisions 197, 204): the sales pages' two choices (`newYearChoices`) drawn in
 * the phone's own style, without Semantic UI (decision 107), as two wide touch targets under the header; shown
 * only while the month shown is January or February. The state is `newYear=1` (with `time`) in the URL.
 */
import { Link, useLocation } from '@remix-run/react';

import { newYearChoices } from '~/utils/sale-volume-query';

export function MpNewYearToggle({ time, on }: { time: string; on: boolean }) {
  const location = useLocation();
  const options = newYearChoices(location.search, time);
  if (options.length === 0) return null;
  return (
    <nav className="mp-new-year" aria-label="春节口径">
      {options.map((o) => (
        <Link key={o.label} role="button" aria-pressed={on === o.on} className={on === o.on ? 'is-active' : ''} to={o.to} replace preventScrollReset>
          {o.label}
        </Link>
      ))}
    </nav>
  );
}
