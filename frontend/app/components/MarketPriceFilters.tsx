/**
 * The filter panel of 整体市场价格指数 (/price/marketpricetendency): the month, 细分市场, 厂商属性, 大区, 品牌类型 and
 * a search of the table's names. A GET form; the chart's measure and the table's toggles ride along unchanged.
 */
import { useState } from 'react';

import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import { bigAreaChoices, brandTypeChoices, type MarketChoice, type MarketPriceState } from '~/utils/price-query';

/** What the panel shows: the page's state and the lists it offers. */
export interface MarketPriceFiltersProps {
  state: MarketPriceState;
  months: string[];
  segments: ReadonlyArray<{ id: number; name: string }>;
  /** 厂商属性 (the API's `wholes`). */
  properties: ReadonlyArray<{ key: number | string; value: string }>;
}

function Choices({ name, label, value, options }: { name: string; label: string; value: number; options: readonly MarketChoice[] }) {
  return (
    <select name={name} className="ui fluid selection dropdown native-select" defaultValue={value} aria-label={label}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function MarketPriceFilters({ state, months, segments, properties }: MarketPriceFiltersProps) {
  const [month, setMonth] = useState(state.time);
  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: <MonthField value={month} months={months} onChange={setMonth} />,
    },
    {
      title: '细分市场',
      content: <Choices name="detailId" label="细分市场" value={state.detailId} options={segments.map((s) => ({ value: s.id, label: s.name }))} />,
    },
    {
      title: '厂商属性',
      content: (
        <Choices name="producerProperty" label="厂商属性" value={state.producerProperty} options={properties.map((p) => ({ value: p.key, label: p.value }))} />
      ),
    },
    { title: '大区', content: <Choices name="bigArea" label="大区" value={state.bigArea} options={bigAreaChoices()} /> },
    { title: '品牌类型', content: <Choices name="composite" label="品牌类型" value={state.composite} options={brandTypeChoices()} /> },
    {
      title: '搜索',
      summary: state.searchContent || undefined,
      content: (
        <input
          className="ui fluid input price-search"
          type="search"
          name="searchContent"
          maxLength={50}
          defaultValue={state.searchContent}
          placeholder="表格中的名称"
          aria-label="搜索名称"
        />
      ),
    },
  ];
  return (
    <FilterPanel
      key={JSON.stringify(state)}
      groups={groups}
      keep={{ dataType: state.dataType, type: state.type, type2: state.type2 }}
      resetTo="/price/marketpricetendency"
    />
  );
}
