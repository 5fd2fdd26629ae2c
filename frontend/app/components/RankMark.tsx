import { type RankArrow } from '@car/contracts';
/** A rank with its arrow (spec: rankingStatus −2 none, −1 down, 0 flat, 1 up); the flat mark only where a table shows it. */
import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';

export function RankMark({ rank, arrow, showFlat = false }: { rank: ReactNode; arrow: RankArrow; showFlat?: boolean }) {
  return (
    <span className="rank">
      {rank}
      {arrow === 'up' ? <Icon name="caret up" className="is-up" aria-label="排名上升" /> : null}
      {arrow === 'down' ? <Icon name="caret down" className="is-down" aria-label="排名下降" /> : null}
      {arrow === 'flat' && showFlat ? (
        <span className="rank__flat" aria-label="排名持平" title="排名持平">
          –
        </span>
      ) : null}
    </span>
  );
}
