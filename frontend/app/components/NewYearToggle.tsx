/**
 * 春节口径 (decision 197): with a January or February month, 单月 or 1-2月合计 — January and February together
 * against the same two months a year earlier. Kept in the URL (`newYear=1`) with the month it applies to;
 * hidden for any other month.
 */
import { Link, useLocation } from '@remix-run/react';
import { Button } from 'semantic-ui-react';

import { newYearChoices } from '~/utils/sale-volume-query';

export function NewYearToggle({ time, on }: { time: string | null | undefined; on: boolean }) {
  const location = useLocation();
  const options = newYearChoices(location.search, time);
  if (options.length === 0) return null;
  return (
    <Button.Group size="mini" basic aria-label="春节口径" className="new-year-toggle">
      {options.map((o) => (
        <Button key={o.label} as={Link} to={o.to} preventScrollReset active={on === o.on} aria-pressed={on === o.on}>
          {o.label}
        </Button>
      ))}
    </Button.Group>
  );
}
