/**
 * 归因分析's filter panel: for the sales splits (销量拉动, 份额归因) the sales pages' panel — month, 零售/批发, fuels,
 * producer property, segment and, for retail, the area; for the price split (national prices) its month among the
 * price months. What the page chose itself (tab, comparison, split, drill steps, subject, 竞品组) rides along unchanged.
 */
import { useLocation } from '@remix-run/react';
import { useState } from 'react';

import { FilterPanel } from './FilterPanel';
import { MonthField } from './MonthPicker';
import { areaFilterGroup, SaleVolumeFilterPanel } from './SaleVolumeFilterPanel';
import type { AttributionData } from '~/utils/attribution.server';

/** The fields of each panel: the form sends these itself. */
const SALES_FIELDS = ['time', 'source', 'fuels', 'producerProperty', 'detailId', 'area', 'level', 'dimensionality', 'tags', 'newYear'];
const PRICE_FIELDS = ['time'];

/** The address's other keys, carried by the form as they are. */
function keptOf(search: string, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(search)].filter(([key]) => !fields.includes(key)));
}

export function AttributionFilters({ data }: { data: unknown }) {
  const d = data as AttributionData;
  const location = useLocation();
  if (d.tab === 'price') return <PriceMonthPanel data={d} keep={keptOf(location.search, PRICE_FIELDS)} />;
  const area = d.node ? [{ id: d.node.id, name: d.areaName, level: d.node.level }] : [];
  return (
    <SaleVolumeFilterPanel
      // A drill or the breadcrumb changes the filters from outside the panel: it starts again from the address.
      key={JSON.stringify([d.filters, d.node])}
      filters={d.filters}
      lookups={d.lookups}
      show={{ producerProperty: true, segment: true }}
      keep={keptOf(location.search, SALES_FIELDS)}
      resetTo={d.tab === 'volume' ? location.pathname : `${location.pathname}?tab=${d.tab}`}
      extraGroups={[areaFilterGroup(d.filters.source, d.areaName, area)]}
    />
  );
}

function PriceMonthPanel({ data, keep }: { data: AttributionData; keep: Record<string, string> }) {
  const [month, setMonth] = useState(data.filters.time);
  const location = useLocation();
  return (
    <FilterPanel
      key={data.filters.time ?? ''}
      keep={keep}
      resetTo={`${location.pathname}?tab=price`}
      groups={[
        {
          title: '时间',
          summary: month ?? undefined,
          content: (
            <>
              <MonthField value={month} months={data.lookups?.months ?? []} onChange={setMonth} />
              <p className="filter-hint">价格归因按全国成交价计算，不受数据来源、区域等销量筛选影响。</p>
            </>
          ),
        },
      ]}
    />
  );
}
