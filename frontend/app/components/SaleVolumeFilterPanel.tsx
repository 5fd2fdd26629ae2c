/**
 * The filter panel of the sales pages (spec 000 §2): month and data source on every page, fuels on all but 竞品监控,
 * producer property and segment on the whole market, and whatever a page adds (the area picker, the producer
 * or brand choice, the competitor set) as extra groups.
 */
import { useLocation } from '@remix-run/react';
import { useState } from 'react';

import { DATA_SOURCES } from '@car/contracts';
import { multiSelectText } from '~/utils/multi-select';
import type { PickItem } from '~/utils/pick-list';
import type { SaleVolumeLookups } from '~/utils/sale-volume-lookups.server';
import { type SaleVolumeFilters } from '~/utils/sale-volume-query';
import { ChoiceRadios } from './ChoiceRadios';
import { FilterPanel, type FilterGroupSpec } from './FilterPanel';
import { MonthField } from './MonthPicker';
import { MultiSelect } from './MultiSelect';
import { PickerInput } from './PickerInput';

interface SaleVolumeFilterPanelProps {
  filters: SaleVolumeFilters;
  lookups: SaleVolumeLookups | null;
  /** The groups beside month and data source: fuels (shown unless false), producer property, segment. */
  show?: { fuels?: boolean; producerProperty?: boolean; segment?: boolean };
  keep?: Record<string, string | number | null | undefined>;
  extraGroups?: FilterGroupSpec[];
  /** Where 重置 leads (default: the page with no params). */
  resetTo?: string;
}

export function SaleVolumeFilterPanel({ filters, lookups, show = {}, keep, extraGroups = [], resetTo }: SaleVolumeFilterPanelProps) {
  const location = useLocation();
  const [month, setMonth] = useState(filters.time);
  const [source, setSource] = useState(filters.source);
  const [fuels, setFuels] = useState(filters.fuels);
  const fuelOptions = (lookups?.fuels ?? []).map((f) => ({ value: f.key, label: f.value }));
  const months = lookups?.months ?? [];

  const groups: FilterGroupSpec[] = [
    {
      title: '时间',
      summary: month ?? undefined,
      content: <MonthField value={month} months={months} onChange={setMonth} />,
    },
    {
      title: '数据来源',
      summary: DATA_SOURCES.find((s) => s.value === source)?.label,
      content: <ChoiceRadios name="source" label="数据来源" showLabel={false} options={DATA_SOURCES} value={source} onChange={setSource} />,
    },
  ];
  if (show.fuels !== false) {
    groups.push({
      title: '燃料类型',
      summary: multiSelectText(fuels, fuelOptions),
      content: <MultiSelect name="fuels" label="燃料类型" options={fuelOptions} value={fuels} onChange={setFuels} />,
    });
  }
  if (show.producerProperty) {
    groups.push({
      title: '厂商属性',
      content: (
        <select name="producerProperty" className="ui fluid selection dropdown native-select" defaultValue={filters.producerProperty} aria-label="厂商属性">
          {(lookups?.producerProperties ?? [{ key: -1, value: '全部' }]).map((p) => (
            <option key={p.key} value={p.key}>
              {p.value}
            </option>
          ))}
        </select>
      ),
    });
  }
  if (show.segment) {
    groups.push({
      title: '细分市场',
      content: (
        <select name="detailId" className="ui fluid selection dropdown native-select" defaultValue={filters.detailId} aria-label="细分市场">
          {(lookups?.segments ?? [{ id: -1, name: '整体市场' }]).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      ),
    });
  }
  groups.push(...extraGroups);

  // The data columns are carried as the URL has them now (choosing them reloads no loader data).
  const kept = { ...keep, tags: new URLSearchParams(location.search).get('tags'), newYear: filters.newYear ? 1 : null };
  return <FilterPanel key={JSON.stringify(filters)} groups={groups} keep={kept} resetTo={resetTo ?? location.pathname} />;
}

/**
 * The 区域 group of the pages that narrow retail by a region, province or city (`area` + `level`): the area picker, or
 * with wholesale (no geography) the hint to choose retail.
 */
export function areaFilterGroup(source: number, summary: string, chosen: readonly PickItem[]): FilterGroupSpec {
  return {
    title: '区域',
    summary,
    content:
      source === 2 ? (
        <PickerInput name="area" levelName="level" kind="area" label="区域" value={chosen} placeholder="全国" />
      ) : (
        <p className="filter-hint">批发量数据没有地区维度，选择零售量后可选区域。</p>
      ),
  };
}
