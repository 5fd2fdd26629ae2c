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
import { MonthPicker } from '~/components/MonthPicker';
import { MultiSelect } from '~/components/MultiSelect';
import { PickerInput } from '~/components/PickerInput';
import type { PickItem } from '~/utils/pick-list';
import { keyOptions } from '~/utils/price-band-tags';
import type { CabModelPriceData } from '~/routes/_shell.pricevolume.cabmodelprice';

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
  const ppOptions = keyOptions(d.lookups?.producerProperties);
  const bpOptions = keyOptions(d.lookups?.brandProperties);
  const bodyOptions = keyOptions(d.lookups?.bodyShapes);
  const familyOptions = keyOptions(d.lookups?.families);
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          {month && months.length ? <MonthPicker name="time" value={month} months={months} onChange={setMonth} /> : <p className="filter-hint">暂无可选月份</p>}
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
          <div className="filter-field">
            厂商属性
            <MultiSelect name="producerProperties" label="厂商属性" options={ppOptions} value={producerProperties} onChange={setProducerProperties} />
          </div>
          <div className="filter-field">
            品牌属性
            <MultiSelect name="brandProperties" label="品牌属性" options={bpOptions} value={brandProperties} onChange={setBrandProperties} />
          </div>
          <div className="filter-field">
            品牌
            <PickerInput name="brand" kind="brand" label="品牌" value={brands} placeholder="全部品牌" title="选择品牌" onChange={setBrands} />
          </div>
          <div className="filter-field">
            车身形式
            <MultiSelect name="bodyShape" label="车身形式" options={bodyOptions} value={bodyShape} onChange={setBodyShape} />
          </div>
          <div className="filter-field">
            系别
            <MultiSelect name="series" label="系别" options={familyOptions} value={series} onChange={setSeries} />
          </div>
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
  return <FilterPanel key={JSON.stringify(f)} groups={groups} keep={{ chart: d.chartData2, data2: d.data2, type: d.type }} resetTo="/pricevolume/cabmodelprice" />;
}

