/**
 * Rank bands of ten (spec 000 §9, 001 §9): 1-10, 11-20 … 41-50, as links that set a URL param (`rank` on
 * the producer/brand ranking chart, another name where a page has several), so a band can be bookmarked
 * and works before JavaScript loads. The default band leaves the param out.
 */
import { Link, useLocation } from '@remix-run/react';
import { Button } from 'semantic-ui-react';

import { RANK_BANDS } from '@car/contracts';
import { withParams } from '~/utils/sale-volume-query';

export function RankBandSelect({ rank, label = '排名', param = 'rank', fallback = 1 }: { rank: number; label?: string; param?: string; fallback?: number }) {
  const location = useLocation();
  return (
    <div className="rank-bands" role="group" aria-label={`${label}区间`}>
      <span className="panel__label">{label}</span>
      <Button.Group size="mini" basic>
        {RANK_BANDS.map((band) => (
          <Button
            key={band.value}
            as={Link}
            to={withParams(location.search, { [param]: band.value === fallback ? null : band.value })}
            preventScrollReset
            active={rank === band.value}
            aria-pressed={rank === band.value}
          >
            {band.label}
          </Button>
        ))}
      </Button.Group>
    </div>
  );
}
