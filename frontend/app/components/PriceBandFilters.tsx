/**
 * The filter panel of 车型价格段销量 (/pricevolume/cabmodelprice): 数据范围 (month, market, producer and
 * brand attributes, brands, body style, family) and 数据口径 (price range and band width, TP / MSRP, the
 * TP city, 月 / 累计). A GET form; the page's chart and table toggles ride along unchanged.
 */
import { useState } from 'react';

import { bandSettingsSummary, MONTH_OR_CUMULATIVE, PRICE_BASES } from '@car/contracts';
import { BandRangeFields } from '~/components/BandRangeFields';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { CitySelect } from '~/components/CitySelect';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { MultiSelect } from '~/components/MultiSelect';
import { PickerInput } from '~/components/PickerInput';
import type { PickItem } from '~/utils/pick-list';
import { keyOptions } from '~/utils/price-band-tags';
import type { CabModelPriceData } from '~/routes/_shell.pricevolume.cabmodelprice';

/** One attribute multi-select: its form field, its label, the lookup list it offers and its state. */
interface AttributeList {
  name: string;
  label: string;
  options: ReadonlyArray<{ key: number | string; value: string }> | undefined;
  value: number[];
  onChange: (value: number[]) => void;
}

export function PriceBandFilters({ data }: { data: unknown }) {
  const d = data as CabModelPriceData;
  const f = d.filters;
  const [month, setMonth] = useState(f.time);
  const [producerProperties, setProducerProperties] = useState(f.producerProperties);
  const [brandProperties, setBrandProperties] = useState(f.brandProperties);
  const [brands, setBrands] = useState<PickItem[]>(d.brands);
  const [bodyShape, setBodyShape] = useState(f.bodyShape);
  const [series, setSeries] = useState(f.series);
  const months = d.lookups?.months ?? [];
  const attributes = (lists: AttributeList[]) =>
    lists.map((list) => (
      <div className="filter-field" key={list.name}>
        {list.label}
        <MultiSelect name={list.name} label={list.label} options={keyOptions(list.options)} value={list.value} onChange={list.onChange} />
      </div>
    ));
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          <MonthField value={month} months={months} onChange={setMonth} />
          <label className="filter-field">
            细分市场
            <select name="detailId" className="ui fluid selection dropdown native-select" defaultValue={f.detailId} aria-label="细分市场">
              {(d.lookups?.segments ?? [{ id: -1, name: '整体市场' }]).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {attributes([
            {
              name: 'producerProperties',
              label: '厂商属性',
              options: d.lookups?.producerProperties,
              value: producerProperties,
              onChange: setProducerProperties,
            },
            { name: 'brandProperties', label: '品牌属性', options: d.lookups?.brandProperties, value: brandProperties, onChange: setBrandProperties },
          ])}
          <div className="filter-field">
            品牌
            <PickerInput name="brand" kind="brand" label="品牌" value={brands} placeholder="全部品牌" title="选择品牌" onChange={setBrands} />
          </div>
          {attributes([
            { name: 'bodyShape', label: '车身形式', options: d.lookups?.bodyShapes, value: bodyShape, onChange: setBodyShape },
            { name: 'series', label: '系别', options: d.lookups?.families, value: series, onChange: setSeries },
          ])}
        </div>
      ),
    },
    {
      title: '数据口径',
      summary: bandSettingsSummary(f),
      content: (
        <div className="filter-stack">
          <BandRangeFields priceLow={f.priceLow} priceHigh={f.priceHigh} segment={f.segment} orderBy={f.orderBy} />
          <ChoiceRadios name="data1" label="价格" options={PRICE_BASES} value={f.data1} />
          <CitySelect name="tpCity" label="TP城市" value={f.tpCity} provinces={d.lookups?.cities ?? []} />
          <ChoiceRadios name="accumulate" label="平均" options={MONTH_OR_CUMULATIVE} value={f.accumulate} />
        </div>
      ),
    },
  ];
  return (
    <FilterPanel
      key={JSON.stringify(f)}
      groups={groups}
      keep={{ chart: d.chartData2, data2: d.data2, type: d.type, rows: d.rows }}
      resetTo="/pricevolume/cabmodelprice"
    />
  );
}
