/**
 * The settings form of the price-structure pair (the placeholder's 设置): month, the segment (细分市场
 * page only), body style, origin (厂商属性), family, brand attribute, the price range and band width in
 * 万, the band order; 重置 and 查询 (the spec's confirm) as every filter panel has. A GET form: the
 * settings land in the URL; the page's toggles ride along unchanged.
 */
import { useState } from 'react';

import { AttributeSelects } from '~/components/AttributeSelects';
import { bandSettingsGroup } from '~/components/BandRangeFields';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthField } from '~/components/MonthPicker';
import type { PriceStructureData } from '~/utils/price-structure.server';

export function PriceStructureFilters({ data, resetTo }: { data: PriceStructureData; resetTo: string }) {
  const s = data.state;
  const [month, setMonth] = useState(s.time);
  const [bodyShapes, setBodyShapes] = useState(s.bodyShapes);
  const [producerProperties, setProducerProperties] = useState(s.producerProperties);
  const [families, setFamilies] = useState(s.families);
  const [brandProperties, setBrandProperties] = useState(s.brandProperties);
  const months = data.lookups?.months ?? [];
  const lookups = data.lookups;
  const lists = [
    { name: 'bodyShapes', label: '车身形式', options: lookups?.bodyShapes, value: bodyShapes, onChange: setBodyShapes },
    { name: 'producerProperties', label: '厂商属性', options: lookups?.producerProperties, value: producerProperties, onChange: setProducerProperties },
    { name: 'families', label: '系别', options: lookups?.families, value: families, onChange: setFamilies },
    { name: 'brandProperties', label: '品牌属性', options: lookups?.brandProperties, value: brandProperties, onChange: setBrandProperties },
  ];
  const segmentName = data.table?.market;
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          <MonthField value={month} months={months} onChange={setMonth} />
          {data.kind === 'segment' ? (
            <label className="filter-field">
              细分市场
              <select name="detailId" className="ui fluid selection dropdown native-select" defaultValue={s.detailId} aria-label="细分市场">
                <option value={-1}>当期销量最大的细分市场{segmentName && s.detailId <= 0 ? `（${segmentName}）` : ''}</option>
                {(data.lookups?.segments ?? []).map((seg) => (
                  <option key={seg.id} value={seg.id}>
                    {seg.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <AttributeSelects lists={lists} />
        </div>
      ),
    },
    bandSettingsGroup('价格段设置', s),
  ];
  const keep = { data1: s.data1, averageMonth: s.averageMonth, view: s.view, chart: s.chart, tab: s.tab, data2: s.data2 };
  return <FilterPanel key={JSON.stringify(s)} groups={groups} keep={keep} resetTo={resetTo} />;
}
