/**
 * The five summary cards of the sales pages (spec 000 §2): monthly sales, year-on-year, month-on-month,
 * cumulative year sales, cumulative year-on-year. Growths follow the dash and colour rules.
 */
import { Icon } from 'semantic-ui-react';

import { type AlertRowKind, growthText, SUMMARY_CARD_MEASURES, summaryCardTitles, type Summary } from '@car/contracts';
import { type CardsAbout, summaryCardWhy } from '~/utils/attribution-links';
import { growthClass } from '~/utils/format';
import { DefinedLabel } from './DefinedLabel';
import { PanelBusy } from './PanelBusy';
import { SubscribeBell } from './SubscribeBell';
import { WhyLink } from './WhyLink';

function Growth({ value }: { value: number | null }) {
  const cls = growthClass(value);
  return (
    <span className={`summary-card__value ${cls}`}>
      {cls ? <Icon name={cls === 'is-up' ? 'arrow up' : 'arrow down'} size="small" /> : null}
      {growthText(value)}
    </span>
  );
}

export function SummaryCards({
  summary,
  loading = false,
  unit = '辆',
  newYear = false,
  subscribeRow = null,
  why = null,
}: {
  summary: Summary | null;
  loading?: boolean;
  unit?: string;
  /** 1-2月合计: the cards' titles say the period and what it compares with (decision 198). */
  newYear?: boolean;
  /**
   * The row the cards are the figures of (a producer's or brand's page): the cards an alert can watch carry a bell
   * (decision 279). None over 1-2月合计, whose figures are two months' and an alert's are one month's.
   */
  subscribeRow?: { rowKind: AlertRowKind; rowId: number; rowName: string } | null;
  /** What the cards are the figures of: their growths then carry a 为什么? to 归因分析 with that scope (issue 50). */
  why?: CardsAbout | null;
}) {
  const titles = summaryCardTitles(summary?.time, newYear);
  const cards: Array<{ key: string; title: string; body: JSX.Element }> = [
    {
      key: 'qty',
      title: titles.qty,
      body: (
        <span className="summary-card__value">
          {summary?.qtyStr ?? '-'}
          <small>{unit}</small>
        </span>
      ),
    },
    { key: 'yoy', title: titles.yoy, body: <Growth value={summary?.yoy ?? null} /> },
    { key: 'mom', title: titles.mom, body: <Growth value={summary?.mom ?? null} /> },
    {
      key: 'lj',
      title: titles.lj,
      body: (
        <span className="summary-card__value">
          {summary?.ljQtyStr ?? '-'}
          <small>{unit}</small>
        </span>
      ),
    },
    { key: 'yearYoy', title: titles.yearYoy, body: <Growth value={summary?.yearYoy ?? null} /> },
  ];
  return (
    <section className="summary-cards" aria-label="销量概况" aria-busy={loading}>
      {cards.map((card) => (
        <div key={card.key} className="summary-card" data-card={card.key}>
          <div className="summary-card__title">
            <DefinedLabel label={card.title} />
            <WhyLink target={why ? summaryCardWhy(card.key, summary, why, newYear) : null} />
            {subscribeRow && !newYear && SUMMARY_CARD_MEASURES[card.key] ? (
              <SubscribeBell figure={{ ...subscribeRow, measure: SUMMARY_CARD_MEASURES[card.key]! }} />
            ) : null}
          </div>
          {card.body}
        </div>
      ))}
      <PanelBusy active={loading} />
    </section>
  );
}
