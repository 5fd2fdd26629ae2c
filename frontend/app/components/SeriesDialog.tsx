/**
 * 选择车系: car series by initial (getSeries), each with its sub-series; the sub-series are what is chosen
 * (their ids are the calls' `modelSubIds`). Multi-select by default, where the series' name chooses or
 * drops all its sub-series at once; `current` makes it the single-select 选择当前车系.
 */
import { memo, useCallback } from 'react';

import { type SeriesItem } from '@car/contracts';
import { PickListDialog, PickToggle, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import { isChosen, type PickItem, type Selection } from '~/utils/pick-list';
import { fetchPickList, seriesParams, type PickFilters } from '~/utils/pick-list-source';

/** A car series as getSeries answers it. */
export type SeriesEntry = SeriesItem;

export function loadSeries(filters: PickFilters | undefined) {
  return (key: string, signal: AbortSignal) => fetchPickList('series', { key, ...seriesParams(filters) }, signal);
}

export interface SeriesDialogProps extends PickDialogProps {
  /** The single-select 选择当前车系 of the page's own series. */
  current?: boolean;
  /** Default true; always false when `current`. */
  multiple?: boolean;
  /** detailId, producerProperties, brandProperties, producerIds, brandIds narrow the list. */
  filters?: PickFilters;
}

/** One series and its sub-series; re-rendered only when its own sub-series' choice changes. */
const SeriesRow = memo(function SeriesRow({
  series,
  chosenIds,
  multiple,
  onToggle,
  onToggleAll,
}: {
  series: SeriesEntry;
  /** The chosen ids among this series' sub-series, comma-joined. */
  chosenIds: string;
  multiple: boolean;
  onToggle: (item: PickItem) => void;
  onToggleAll: (items: readonly PickItem[]) => void;
}) {
  const chosen = new Set(chosenIds.split(','));
  const subs: PickItem[] = series.subList.map((sub) => ({ id: sub.id, name: sub.name }));
  const allChosen = subs.length > 0 && subs.every((sub) => chosen.has(String(sub.id)));
  return (
    <div className="pick-series">
      {multiple ? (
        <button
          type="button"
          className={`pick-series__name${allChosen ? ' is-chosen' : ''}`}
          aria-pressed={allChosen}
          title={allChosen ? '取消该车系的全部子车系' : '选择该车系的全部子车系'}
          onClick={() => onToggleAll(subs)}
        >
          {series.name}
        </button>
      ) : (
        <span className="pick-series__name">{series.name}</span>
      )}
      <div className="pick-series__subs">
        {subs.map((sub) => (
          <PickToggle key={sub.id} item={sub} chosen={chosen.has(String(sub.id))} onToggle={onToggle} />
        ))}
      </div>
    </div>
  );
});

function chosenAmong(series: SeriesEntry, draft: Selection): string {
  return series.subList
    .filter((sub) => isChosen(draft, sub.id))
    .map((sub) => sub.id)
    .join(',');
}

export function SeriesDialog({ current = false, multiple: several = true, filters, title, ...props }: SeriesDialogProps) {
  const multiple = several && !current;
  const { pick } = props;
  const { toggle, toggleAll } = pick;
  const onToggle = useCallback((item: PickItem) => toggle(item, multiple), [toggle, multiple]);
  return (
    <PickListDialog<SeriesEntry>
      {...props}
      title={title ?? (current ? '选择当前车系' : '选择车系')}
      hint={multiple ? '可多选子车系；点击车系名选择其全部子车系' : selectHint(false)}
      size="large"
      multiple={multiple}
      searchPlaceholder="输入车系名称，回车搜索"
      load={loadSeries(filters)}
      renderEntry={(series) => (
        <SeriesRow series={series} chosenIds={chosenAmong(series, pick.state.draft)} multiple={multiple} onToggle={onToggle} onToggleAll={toggleAll} />
      )}
    />
  );
}
