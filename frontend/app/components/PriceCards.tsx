/**
 * The four price cards (spec 001 §2.1): weighted MSRP; TP, discount and discount rate, each with its
 * change on the month before (环比) and since January (较1月). A rise is teal and a fall pink (§9); a
 * change the dash rule hides is '-'.
 */
import { Icon } from 'semantic-ui-react';

import { growthDirection, growthText, pointsCardText, type PriceWhole } from '@car/contracts';
import { PanelBusy } from './PanelBusy';
import { DefinedLabel } from './DefinedLabel';

/** A change of a price as a percent; of the discount rate (`points`) in percentage points, '+1.2个百分点'. */
function Change({ label, value, points = false }: { label: string; value: number | null; points?: boolean }) {
  const direction = growthDirection(value);
  return (
    <span className={`price-card__change${direction ? ` price-${direction}` : ''}`} data-change={label}>
      <DefinedLabel label={label} /> {direction ? <Icon name={direction === 'up' ? 'arrow up' : 'arrow down'} size="small" /> : null}
      {points ? pointsCardText(value) : growthText(value)}
    </span>
  );
}

export function PriceCards({ whole, loading = false }: { whole: PriceWhole | null; loading?: boolean }) {
  const month = whole?.time ? `${Number(whole.time.slice(5, 7))}月` : '当月';
  const cards = [
    { key: 'msrp', title: `${month}加权厂商指导价`, value: whole?.msrpStr ?? '-', changes: [] as Array<[string, number | null]> },
    {
      key: 'tp',
      title: `${month}加权成交价`,
      value: whole?.tpStr ?? '-',
      changes: [
        ['环比', whole?.tpMom ?? null],
        ['较1月', whole?.tpDown ?? null],
      ] as Array<[string, number | null]>,
    },
    {
      key: 'discount',
      title: `${month}优惠`,
      value: whole?.discountStr ?? '-',
      changes: [
        ['环比', whole?.discountMom ?? null],
        ['较1月', whole?.discountDown ?? null],
      ] as Array<[string, number | null]>,
    },
    {
      key: 'discountRate',
      title: `${month}优惠率`,
      value: whole?.discountRateStr ?? '-',
      changes: [
        ['环比', whole?.discountRateMom ?? null],
        ['较1月', whole?.discountRateDown ?? null],
      ] as Array<[string, number | null]>,
    },
  ];
  return (
    <section className="summary-cards price-cards" aria-label="价格概况" aria-busy={loading}>
      {cards.map((card) => (
        <div key={card.key} className="summary-card" data-card={card.key}>
          <div className="summary-card__title">
            <DefinedLabel label={card.title} />
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
