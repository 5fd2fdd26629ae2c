/**
 * 车系价格追踪's filter panel: the month, the city (the cards and the chart weigh TP over that city's sales) and the
 * own brand and series; choosing another brand drops the chosen series. The chart's measure (成交价, 优惠, 优惠率,
 * 厂商指导价) is the switch on the chart itself, which a search keeps (decision 275).
 */
import { useState } from 'react';

import { CitySelect, cityName } from '~/components/CitySelect';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { PickerInput } from '~/components/PickerInput';
import type { PickItem } from '~/utils/pick-list';
import type { PriceTraceData } from '~/utils/price-trace.server';

export function PriceTraceFilters({ data: d }: { data: PriceTraceData }) {
  const [month, setMonth] = useState(d.state.time);
  const [city, setCity] = useState(d.state.city === null ? '' : String(d.state.city));
  const [brand, setBrand] = useState<PickItem | null>(d.brand);
  const [series, setSeries] = useState<PickItem | null>(d.own);
  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: <MonthField value={month} months={d.months} onChange={setMonth} />,
    },
    {
      title: '城市',
      summary: cityName(d.provinces, city ? Number(city) : null) ?? '全国',
      content: (
        <div className="field">
          <CitySelect
            id="trace-city"
            name="city"
            label="城市"
            value={city ? Number(city) : null}
            provinces={d.provinces}
            onChange={(id) => setCity(id === null ? '' : String(id))}
          />
          <p className="filter-hint">卡片与走势图按该城市的销量加权成交价；区域表现与区域价格为全国。</p>
        </div>
      ),
    },
    {
      title: '本品车系',
      summary: series?.name,
      content: (
        <>
          <PickerInput
            name="brand"
            kind="currentBrand"
            label="品牌"
            value={brand ? [brand] : []}
            onChange={(items) => {
              setBrand(items[0] ?? null);
              setSeries(null);
            }}
          />
          <PickerInput
            name="modelSubId"
            kind="currentSeries"
            label="车系"
            value={series ? [series] : []}
            filters={brand ? { brandIds: [Number(brand.id)] } : undefined}
            onChange={(items) => setSeries(items[0] ?? null)}
          />
        </>
      ),
    },
  ];
  return (
    <FilterPanel
      key={JSON.stringify([d.state, d.own, d.brand])}
      groups={groups}
      keep={{ type: d.state.type, measure: d.state.measure }}
      resetTo="/price/cabmodelpricetrace"
    />
  );
}
