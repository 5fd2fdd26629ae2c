/**
 * The settings form of the price-structure pair (the placeholder's 设置): month, the segment (细分市场
 * page only), body style, origin (厂商属性), family, brand attribute, the price range and band width in
 * 万, the band order; 重置 and 查询 (the spec's confirm) as every filter panel has. A GET form: the
 * settings land in the URL; the page's toggles ride along unchanged.
 */
import { useState } from 'react';

import { BAND_ORDERS } from '@car/contracts';
import { ChoiceRadios } from '~/components/ChoiceRadios';
import { FilterPanel, type FilterGroupSpec } from '~/components/FilterPanel';
import { MonthPicker } from '~/components/MonthPicker';
import { MultiSelect } from '~/components/MultiSelect';
import type { PriceStructureData } from '~/utils/price-structure.server';
import type { KeyValue } from '~/utils/sale-volume-lookups.server';

const options = (list: readonly KeyValue[] | undefined) => (list ?? []).map((p) => ({ value: p.key, label: p.value }));

export function PriceStructureFilters({ data, resetTo }: { data: PriceStructureData; resetTo: string }) {
  const s = data.state;
  const [month, setMonth] = useState(s.time);
  const [bodyShapes, setBodyShapes] = useState(s.bodyShapes);
  const [producerProperties, setProducerProperties] = useState(s.producerProperties);
  const [families, setFamilies] = useState(s.families);
  const [brandProperties, setBrandProperties] = useState(s.brandProperties);
  const months = data.lookups?.months ?? [];
  const segmentName = data.table?.market;
  const groups: FilterGroupSpec[] = [
    {
      title: '数据范围',
      summary: month ?? undefined,
      content: (
        <div className="filter-stack">
          {month && months.length ? <MonthPicker name="time" value={month} months={months} onChange={setMonth} /> : <p className="filter-hint">暂无可选月份</p>}
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
          <div className="filter-field">
            车身形式
            <MultiSelect name="bodyShapes" label="车身形式" options={options(data.lookups?.bodyShapes)} value={bodyShapes} onChange={setBodyShapes} />
          </div>
          <div className="filter-field">
            厂商属性
            <MultiSelect name="producerProperties" label="厂商属性" options={options(data.lookups?.producerProperties)} value={producerProperties} onChange={setProducerProperties} />
          </div>
          <div className="filter-field">
            系别
            <MultiSelect name="families" label="系别" options={options(data.lookups?.families)} value={families} onChange={setFamilies} />
          </div>
          <div className="filter-field">
            品牌属性
            <MultiSelect name="brandProperties" label="品牌属性" options={options(data.lookups?.brandProperties)} value={brandProperties} onChange={setBrandProperties} />
          </div>
        </div>
      ),
    },
    {
      title: '价格段设置',
      summary: `${s.priceLow}-${s.priceHigh}万 / ${s.segment}万`,
      content: (
        <div className="filter-stack">
          <div className="price-range">
            <label className="filter-field">
              价格区间（万）
              <span className="price-range__inputs">
                <input className="price-input" name="priceLow" defaultValue={s.priceLow} inputMode="decimal" aria-label="价格下限（万）" />
                <span>-</span>
                <input className="price-input" name="priceHigh" defaultValue={s.priceHigh} inputMode="decimal" aria-label="价格上限（万）" />
              </span>
            </label>
            <label className="filter-field">
              价格段（万）
              <input className="price-input" name="segment" defaultValue={s.segment} inputMode="decimal" aria-label="价格段宽度（万）" />
            </label>
          </div>
          <ChoiceRadios name="orderBy" label="排序" options={BAND_ORDERS} value={s.orderBy} />
        </div>
      ),
    },
  ];
  const keep = { data1: s.data1, averageMonth: s.averageMonth, view: s.view, chart: s.chart, tab: s.tab, data2: s.data2 };
  return <FilterPanel key={JSON.stringify(s)} groups={groups} keep={keep} resetTo={resetTo} />;
}
