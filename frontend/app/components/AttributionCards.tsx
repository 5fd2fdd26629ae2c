/**
 * 归因分析's cards: the split's levels and change (本期, 基期, 变化, 增速; the shares; the weighted prices) and, for the
 * share and price splits, each effect. The sales pages' summary cards' look; a change teal where it rose and pink where
 * it fell, with its arrow.
 */
import { Icon } from 'semantic-ui-react';

import { DefinedLabel } from './DefinedLabel';
import { PanelBusy } from './PanelBusy';
import { signClass } from '~/utils/format';

export interface AttributionCard {
  key: string;
  label: string;
  value: string;
  /** The unit after the figure ('辆', '元'). */
  unit?: string;
  /** The signed change the colour and arrow follow; none for a level. */
  change?: number | null;
  note?: string;
}

export function AttributionCards({ label, cards, loading }: { label: string; cards: readonly AttributionCard[]; loading: boolean }) {
  return (
    <section
      className="summary-cards attribution-cards"
      aria-label={label}
      aria-busy={loading}
      style={{ gridTemplateColumns: `repeat(${Math.min(cards.length, 5)}, minmax(0, 1fr))` }}
    >
      {cards.map((card) => {
        const cls = card.change === undefined ? '' : signClass(card.change);
        return (
          <div key={card.key} className="summary-card" data-card={card.key}>
            <div className="summary-card__title">
              <DefinedLabel label={card.label} />
            </div>
            <span className={`summary-card__value ${cls}`.trim()}>
              {cls ? <Icon name={cls === 'is-up' ? 'arrow up' : 'arrow down'} size="small" /> : null}
              {card.value}
              {card.unit && card.value !== '-' ? <small>{card.unit}</small> : null}
            </span>
            {card.note ? <div className="attribution-card__note">{card.note}</div> : null}
          </div>
        );
      })}
      <PanelBusy active={loading} />
    </section>
  );
}
