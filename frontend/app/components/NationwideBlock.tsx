/**
 * 区域表现 (spec 001 §2.2): the traced series' nation-wide average, lowest price, discounts and rates of the month;
 * the lowest price and the highest discount say in which province (issue 45 §2).
 */
import { type Nationwide, NATIONWIDE_ITEMS, nationwideItemText } from '@car/contracts';
import { DefinedLabel } from './DefinedLabel';
import { PanelBusy } from './PanelBusy';

export function NationwideBlock({ nationwide, loading = false }: { nationwide: Nationwide | null; loading?: boolean }) {
  const items: Array<[string, string]> = NATIONWIDE_ITEMS.map((item) => [item.label, nationwide ? nationwideItemText(nationwide, item) : '-']);
  return (
    <section className="panel" aria-busy={loading} aria-label="区域表现">
      <header className="panel__head">
        <h3 className="panel__title">区域表现</h3>
      </header>
      <div className="nationwide">
        {items.map(([label, value]) => (
          <div key={label} className="nationwide__item" data-item={label}>
            <DefinedLabel label={label} className="nationwide__label" />
            <span className="nationwide__value">{value}</span>
          </div>
        ))}
      </div>
      <PanelBusy active={loading} />
    </section>
  );
}
