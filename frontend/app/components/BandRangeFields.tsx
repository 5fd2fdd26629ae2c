/** The band settings of a GET filter form (万): price range low and high, band width, and the bands' order. */
import { BAND_ORDERS } from '@car/contracts';
import { ChoiceRadios } from '~/components/ChoiceRadios';

export function BandRangeFields({ priceLow, priceHigh, segment, orderBy }: { priceLow: string; priceHigh: string; segment: string; orderBy: 0 | 1 }) {
  return (
    <>
      <div className="price-range">
        <label className="filter-field">
          价格区间（万）
          <span className="price-range__inputs">
            <input className="price-input" name="priceLow" defaultValue={priceLow} inputMode="decimal" aria-label="价格下限（万）" />
            <span>-</span>
            <input className="price-input" name="priceHigh" defaultValue={priceHigh} inputMode="decimal" aria-label="价格上限（万）" />
          </span>
        </label>
        <label className="filter-field">
          价格段（万）
          <input className="price-input" name="segment" defaultValue={segment} inputMode="decimal" aria-label="价格段宽度（万）" />
        </label>
      </div>
      <ChoiceRadios name="orderBy" label="排序" options={BAND_ORDERS} value={orderBy} />
    </>
  );
}
