/** The band settings of a GET filter form (万): price range low and high, band width, and the bands' order. */
import type { ReactNode } from 'react';

import { BAND_ORDERS, bandSettingsSummary } from '@car/contracts';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import type { FilterGroupSpec } from '~/components/FilterPanel';

type BandRange = { priceLow: string; priceHigh: string; segment: string; orderBy: 0 | 1 };

export function BandRangeFields({ priceLow, priceHigh, segment, orderBy }: BandRange) {
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

/** A band page's filter group of the band settings, summarised as the tags say them; `more` fields follow the bands'. */
export function bandSettingsGroup(title: string, settings: Parameters<typeof bandSettingsSummary>[0] & BandRange, more?: ReactNode): FilterGroupSpec {
  return {
    title,
    summary: bandSettingsSummary(settings),
    content: (
      <div className="filter-stack">
        <BandRangeFields priceLow={settings.priceLow} priceHigh={settings.priceHigh} segment={settings.segment} orderBy={settings.orderBy} />
        {more}
      </div>
    ),
  };
}
