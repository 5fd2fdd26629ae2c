/**
 * 选择车系: car series by initial (getSeries), each with its sub-series; the sub-series are what is chosen
 * (their ids are the calls' `modelSubIds`). Multi-select by default, where the series' name chooses or
 * drops all its sub-series at once; CurrentSeriesDialog is the single-select one.
 */
import { memo, useCallback } from 'react';

import { type LetterGroup, type SeriesItem } from '@car/contracts';
import { PickListDialog, PickToggle, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import { isChosen, type PickItem, type Selection } from '~/utils/pick-list';
import { searchGet, seriesParams, type PickFilters } from '~/utils/search-client';

/** A car series as getSeries answers it. */
export type SeriesEntry = SeriesItem;

export function loadSeries(filters: PickFilters | undefined) {
  return (key: string, signal: AbortSignal) =>
    searchGet<LetterGroup<SeriesEntry>[]>('getSeries', { key, ...seriesParams(filters) }, { signal });
}

export interface SeriesDialogProps extends PickDialogProps {
  /** Default true. */
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

export function SeriesDialog({ multiple = true, filters, title = '选择车系', ...props }: SeriesDialogProps) {
  const { pick } = props;
  const { toggle, toggleAll } = pick;
  const onToggle = useCallback((item: PickItem) => toggle(item, multiple), [toggle, multiple]);
  return (
    <PickListDialog<SeriesEntry>
      {...props}
      title={title}
      hint={multiple ? '可多选子车系；点击车系名选择其全部子车系' : selectHint(false)}
      size="large"
      multiple={multiple}
      searchPlaceholder="输入车系名称，回车搜索"
      load={loadSeries(filters)}
      renderEntry={(series) => (
        <SeriesRow
          series={series}
          chosenIds={chosenAmong(series, pick.state.draft)}
          multiple={multiple}
          onToggle={onToggle}
          onToggleAll={toggleAll}
        />
      )}
    />
  );
}
