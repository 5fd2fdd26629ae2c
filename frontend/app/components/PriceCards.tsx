/**
 * The four price cards (spec 001 §2.1): weighted MSRP; TP, discount and discount rate, each with its
 * change on the month before (环比) and since January (较1月). A rise is teal and a fall pink (§9, the one
 * colour rule of a change, decision 269); a change the dash rule hides is '-'.
 */
import { Icon } from 'semantic-ui-react';

import { growthDirection, growthText, PRICE_CARD_CHANGES, priceCardTitles, pointsCardText, type PriceWhole } from '@car/contracts';
import { priceCardWhy } from '~/utils/attribution-links';
import { growthClass } from '~/utils/format';
import type { MarketPriceState } from '~/utils/price-query';
import { PanelBusy } from './PanelBusy';
import { DefinedLabel } from './DefinedLabel';
import { WhyLink } from './WhyLink';

/** A change of a price as a percent; of the discount rate (`points`) in percentage points, '+1.2个百分点'. */
function Change({ label, value, points = false }: { label: string; value: number | null; points?: boolean }) {
  const direction = growthDirection(value);
  return (
    <span className={`price-card__change ${growthClass(value)}`.trim()} data-change={label}>
      <DefinedLabel label={label} /> {direction ? <Icon name={direction === 'up' ? 'arrow up' : 'arrow down'} size="small" /> : null}
      {points ? pointsCardText(value) : growthText(value)}
    </span>
  );
}

export function PriceCards({
  whole,
  loading = false,
  market = null,
}: {
  whole: PriceWhole | null;
  loading?: boolean;
  /** 整体市场价格指数's filters: the TP and discount cards then carry a 为什么? to 价格归因 of their 环比 (issue 50). */
  market?: MarketPriceState | null;
}) {
  const titles = priceCardTitles(whole?.time);
  const [mom, sinceJanuary] = PRICE_CARD_CHANGES;
  const cards = [
    { key: 'msrp', title: titles.msrp, value: whole?.msrpStr ?? '-', changes: [] as Array<[string, number | null]> },
    {
      key: 'tp',
      title: titles.tp,
      value: whole?.tpStr ?? '-',
      changes: [
        [mom, whole?.tpMom ?? null],
        [sinceJanuary, whole?.tpDown ?? null],
      ] as Array<[string, number | null]>,
    },
    {
      key: 'discount',
      title: titles.discount,
      value: whole?.discountStr ?? '-',
      changes: [
        [mom, whole?.discountMom ?? null],
        [sinceJanuary, whole?.discountDown ?? null],
      ] as Array<[string, number | null]>,
    },
    {
      key: 'discountRate',
      title: titles.discountRate,
      value: whole?.discountRateStr ?? '-',
      changes: [
        [mom, whole?.discountRateMom ?? null],
        [sinceJanuary, whole?.discountRateDown ?? null],
      ] as Array<[string, number | null]>,
    },
  ];
  return (
    <section className="summary-cards price-cards" aria-label="价格概况" aria-busy={loading}>
      {cards.map((card) => (
        <div key={card.key} className="summary-card" data-card={card.key}>
          <div className="summary-card__title">
            <DefinedLabel label={card.title} />
            <WhyLink target={market ? priceCardWhy(card.key, whole, market) : null} />
          </div>
          <span className="summary-card__value">{card.value}</span>
          <div className="price-card__changes">
            {card.changes.map(([label, value]) => (
              <Change key={label} label={label} value={value} points={card.key === 'discountRate'} />
            ))}
          </div>
        </div>
      ))}
      <PanelBusy active={loading} />
    </section>
  );
}
