/**
 * The rank bands of the producer/brand ranking chart (spec 000 §2, §9): 1-10, 11-20 … 41-50, as links
 * that set the URL's `rank`, so a band can be bookmarked and works before JavaScript loads.
 */
import { Link, useLocation } from '@remix-run/react';
import { Button } from 'semantic-ui-react';

import { RANK_BANDS } from '~/utils/company-brand-query';
import { withParams } from '~/utils/sale-volume-query';

export function RankBandSelect({ rank, label = '排名' }: { rank: number; label?: string }) {
  const location = useLocation();
  return (
    <div className="rank-bands" role="group" aria-label={`${label}区间`}>
      <span className="panel__label">{label}</span>
      <Button.Group size="mini" basic>
        {RANK_BANDS.map((band) => (
          <Button
            key={band.value}
            as={Link}
            to={withParams(location.search, { rank: band.value === 1 ? null : band.value })}
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
