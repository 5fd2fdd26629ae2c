/**
 * The filter panel of 价格维度分析 (/pricevolume/pricedimension): the month, the own series and its trims
 * (a series choice clears the trims), TP / MSRP and the city. A GET form; the page's chart and table
 * views and the compared series ride along unchanged.
 */
import { useState } from 'react';

import { PRICE_BASES, type ProvinceCities } from '@car/contracts';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { CitySelect, cityName } from '~/components/CitySelect';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { PickerInput } from '~/components/PickerInput';
import type { PickItem } from '~/utils/pick-list';
import type { ModelPriceState } from '~/utils/price-volume-query';

/** The page's own controls, carried by the filter form so a query keeps the views. */
function keptParams(s: ModelPriceState) {
  const { time: _time, modelSubId: _series, carIds: _cars, data1: _basis, city: _city, modelSubIds, ...views } = s;
  return { ...views, modelSubIds: modelSubIds.join(',') };
}

/** What the panel shows: the page's state, the own series and trims chosen, the months and cities it offers. */
export interface PriceDimensionFiltersProps {
  state: ModelPriceState;
  own: PickItem | null;
  cars: PickItem[];
  months: string[];
  cities: readonly ProvinceCities[];
}

export function PriceDimensionFilters(d: PriceDimensionFiltersProps) {
  const [month, setMonth] = useState(d.state.time);
  const [series, setSeries] = useState<PickItem | null>(d.own);
  const [cars, setCars] = useState<PickItem[]>(d.cars);
  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: <MonthField value={month} months={d.months} onChange={setMonth} />,
    },
    {
      title: '车系与车型',
      summary: series?.name,
      content: (
        <div className="filter-stack">
          <PickerInput
            name="modelSubId"
            kind="currentSeries"
            label="本品车系"
            value={series ? [series] : []}
            onChange={(items) => {
              // A series choice clears the trims (spec §2.11).
              setSeries(items[0] ?? null);
              setCars([]);
            }}
          />
          <PickerInput
            key={series?.id ?? 'none'}
            name="carIds"
            kind="carModel"
            label="车型"
            series={series}
            value={cars}
            filters={{ time: month ?? undefined }}
            placeholder="全部车型"
            onChange={(items, selection) => {
              setCars(items);
              if (selection.series && selection.series.id !== series?.id) setSeries(selection.series);
            }}
          />
        </div>
      ),
    },
    {
      title: '价格口径',
      summary: PRICE_BASES[d.state.data1].label,
      content: <ChoiceRadios name="data1" label="价格口径" showLabel={false} options={PRICE_BASES} value={d.state.data1} />,
    },
    {
      title: '城市',
      summary: cityName(d.cities, d.state.city) ?? '全国',
      content: <CitySelect name="city" label="城市" value={d.state.city} provinces={d.cities} />,
    },
  ];
  return (
    <FilterPanel
      key={JSON.stringify([d.state.time, d.own, d.cars, d.state.data1, d.state.city])}
      groups={groups}
      keep={keptParams(d.state)}
      resetTo="/pricevolume/pricedimension"
    />
  );
}
