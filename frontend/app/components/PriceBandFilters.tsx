/**
 * The filter panel of 车型价格段销量 (/pricevolume/cabmodelprice): 数据范围 (month, market, producer and
 * brand attributes, brands, body style, family) and 数据口径 (price range and band width, TP / MSRP, the
 * TP city, 月 / 累计). A GET form; the page's chart and table toggles ride along unchanged.
 */
import { useState } from 'react';

import { MONTH_OR_CUMULATIVE, PRICE_BASES } from '@car/contracts';
import { AttributeSelects } from '~/components/AttributeSelects';
import { bandSettingsGroup } from '~/components/BandRangeFields';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { CitySelect } from '~/components/CitySelect';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { PickerInput } from '~/components/PickerInput';
import type { PickItem } from '~/utils/pick-list';
import type { PriceQtyLookups } from '~/utils/price-volume-lookups.server';
import type { PriceQtyFilters } from '~/utils/price-volume-query';

/** What the panel shows: the page's filters, the lists it offers, the picked brands' names and the toggles it carries. */
export interface PriceBandFiltersProps {
  filters: PriceQtyFilters;
  lookups: PriceQtyLookups | null | undefined;
  brands: PickItem[];
  /** The page's chart and table toggles (`chart`, `data2`, `type`, `rows`), carried unchanged by a query. */
  keep: Record<string, number>;
}

export function PriceBandFilters({ filters: f, lookups, brands: pickedBrands, keep }: PriceBandFiltersProps) {
  const [month, setMonth] = useState(f.time);
  const [producerProperties, setProducerProperties] = useState(f.producerProperties);
  const [brandProperties, setBrandProperties] = useState(f.brandProperties);
  const [brands, setBrands] = useState<PickItem[]>(pickedBrands);
  const [bodyShape, setBodyShape] = useState(f.bodyShape);
  const [series, setSeries] = useState(f.series);
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          <MonthField value={month} months={lookups?.months ?? []} onChange={setMonth} />
          <label className="filter-field">
            细分市场
            <select name="detailId" className="ui fluid selection dropdown native-select" defaultValue={f.detailId} aria-label="细分市场">
              {(lookups?.segments ?? [{ id: -1, name: '整体市场' }]).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <AttributeSelects
            lists={[
              {
                name: 'producerProperties',
                label: '厂商属性',
                options: lookups?.producerProperties,
                value: producerProperties,
                onChange: setProducerProperties,
              },
              { name: 'brandProperties', label: '品牌属性', options: lookups?.brandProperties, value: brandProperties, onChange: setBrandProperties },
            ]}
          />
          <div className="filter-field">
            品牌
            <PickerInput name="brand" kind="brand" label="品牌" value={brands} placeholder="全部品牌" title="选择品牌" onChange={setBrands} />
          </div>
          <AttributeSelects
            lists={[
              { name: 'bodyShape', label: '车身形式', options: lookups?.bodyShapes, value: bodyShape, onChange: setBodyShape },
              { name: 'series', label: '系别', options: lookups?.families, value: series, onChange: setSeries },
            ]}
          />
        </div>
      ),
    },
    bandSettingsGroup(
      '数据口径',
      f,
      <>
        <ChoiceRadios name="data1" label="价格" options={PRICE_BASES} value={f.data1} />
        <CitySelect name="tpCity" label="TP城市" value={f.tpCity} provinces={lookups?.cities ?? []} />
        <ChoiceRadios name="accumulate" label="平均" options={MONTH_OR_CUMULATIVE} value={f.accumulate} />
      </>,
    ),
  ];
  return <FilterPanel key={JSON.stringify(f)} groups={groups} keep={keep} resetTo="/pricevolume/cabmodelprice" />;
}
