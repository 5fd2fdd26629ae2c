import { type RankArrow } from '@car/contracts';
/**
 * A rank with its arrow (spec: rankingStatus −2 none, −1 down, 0 flat, 1 up); the flat mark only where a table
 * shows it. The arrows are images named 排名上升 / 排名下降 (a name on a bare <i> or <span> is not allowed).
 */
import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';

export function RankMark({ rank, arrow, showFlat = false }: { rank: ReactNode; arrow: RankArrow; showFlat?: boolean }) {
  return (
    <span className="rank">
      {rank}
      {arrow === 'up' ? <Icon name="caret up" className="is-up" role="img" aria-label="排名上升" /> : null}
      {arrow === 'down' ? <Icon name="caret down" className="is-down" role="img" aria-label="排名下降" /> : null}
      {arrow === 'flat' && showFlat ? (
        <span className="rank__flat" role="img" aria-label="排名持平" title="排名持平">
          –
        </span>
      ) : null}
    </span>
  );
}
