/** 区域表现 (spec 001 §2.2): the traced series' nation-wide average, lowest price, discounts and rates of the month. */
import type { Nationwide } from '@car/contracts';
import { DefinedLabel } from './DefinedLabel';
import { PanelBusy } from './PanelBusy';

export function NationwideBlock({ nationwide, loading = false }: { nationwide: Nationwide | null; loading?: boolean }) {
  const items: Array<[string, string]> = [
    ['全国均价', nationwide?.avgPriceStr ?? '-'],
    ['最低价', nationwide?.lowPriceStr ?? '-'],
    ['平均优惠', nationwide?.avgDiscountStr ?? '-'],
    ['最高优惠', nationwide?.highDiscountStr ?? '-'],
    ['平均优惠率', nationwide?.avgDiscountRateStr ?? '-'],
    ['最高优惠率', nationwide?.highDiscountRateStr ?? '-'],
  ];
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
