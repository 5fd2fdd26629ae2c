/**
 * 选择车型 (current car model): on the left the car series by initial, where one sub-series is chosen; on
 * the right that sub-series' models on sale (getCars) with name, 建议零售价 (thousand-separated, as the API
 * gives it) and mix (its share of the sub-series' retail that month, one decimal), each with a checkbox.
 * Choosing another sub-series clears the chosen models. The choice's items are the models, named
 * '<sub-series> <model>' because model names ('2026款 1.5T 舒适版') do not say their series; the chosen
 * sub-series is the selection's `series`.
 */
import { useEffect, useId } from 'react';

import { type SubSeriesCars } from '@car/contracts';
import { DefinedLabel } from '~/components/DefinedLabel';
import { LoadStatus, PickListDialog, PickToggle, type PickDialogProps } from '~/components/PickListDialog';
import { loadSeries, type SeriesEntry } from '~/components/SeriesDialog';
import { isChosen, sameId, type PickItem } from '~/utils/pick-list';
import { fetchPickList, useListRequest, type PickFilters } from '~/utils/pick-list-source';

export interface CarModelDialogProps extends PickDialogProps {
  /** Default true (checkboxes); false makes the checkboxes choose one model. */
  multiple?: boolean;
  /** Series list: detailId, producerProperties, brandProperties, producerIds, brandIds; models: time ('YYYY-MM'). */
  filters?: PickFilters;
}

export function CarModelDialog({ multiple = true, filters, title = '选择车型', ...props }: CarModelDialogProps) {
  const { pick } = props;
  const { open, draft } = pick.state;
  const series = draft.series;
  const cars = useListRequest<SubSeriesCars[]>();
  const { run, cancel } = cars;
  const time = filters?.time;
  const tableId = useId();

  useEffect(() => {
    if (!open || !series) {
      cancel();
      return;
    }
    void run((signal) => fetchPickList('cars', { modelSubIds: [series.id], time }, signal));
  }, [open, series, time, run, cancel]);

  const rows = series && !cars.loading ? (cars.data?.find((sub) => sameId(sub.id, series.id))?.cars ?? []) : [];
  const models: PickItem[] = rows.map((car) => ({ id: car.id, name: `${series?.name ?? ''} ${car.name}` }));
  const allChosen = models.length > 0 && models.every((model) => isChosen(draft, model.id));

  const aside = (
    <div className="pick-cars">
      <h4 className="pick-cars__title" id={tableId}>
        {series ? `${series.name} 的在售车型` : '车型'}
      </h4>
      {!series ? <p className="pick-dialog__empty">请先在左侧选择车系</p> : null}
      {series ? <LoadStatus loading={cars.loading} error={cars.error} onRetry={cars.retry} /> : null}
      {series && !cars.loading && !cars.error && cars.data ? (
        rows.length === 0 ? (
          <p className="pick-dialog__empty">该车系当月没有在售车型</p>
        ) : (
          <table className="ui very compact small unstackable table pick-cars__table" aria-labelledby={tableId}>
            <thead>
              <tr>
                <th className="collapsing">
                  {multiple ? <input type="checkbox" aria-label="全选" title="全选" checked={allChosen} onChange={() => pick.toggleAll(models)} /> : null}
                </th>
                <th>车型</th>
                <th className="right aligned">
                  <DefinedLabel label="建议零售价（元）" />
                </th>
                <th className="right aligned">占比</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((car, i) => {
                const model = models[i];
                const chosen = isChosen(draft, car.id);
                const inputId = `${tableId}-${car.id}`;
                return (
                  <tr key={car.id} className={chosen ? 'is-chosen' : undefined}>
                    <td className="collapsing">
                      <input id={inputId} type="checkbox" checked={chosen} onChange={() => pick.toggle(model, multiple)} />
                    </td>
                    <td>
                      <label htmlFor={inputId}>{car.name}</label>
                    </td>
                    <td className="right aligned">{car.msrp}</td>
                    <td className="right aligned">{car.mix}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )
      ) : null}
    </div>
  );

  return (
    <PickListDialog<SeriesEntry>
      {...props}
      title={title}
      hint={multiple ? '先选车系，再勾选车型（可多选）' : '先选车系，再勾选一个车型'}
      size="large"
      multiple={multiple}
      searchPlaceholder="输入车系名称，回车搜索"
      load={loadSeries(filters)}
      aside={aside}
      renderEntry={(entry) => (
        <div className="pick-series">
          <span className="pick-series__name">{entry.name}</span>
          <div className="pick-series__subs">
            {entry.subList.map((sub) => (
              <PickToggle key={sub.id} item={sub} chosen={series !== null && sameId(series.id, sub.id)} onToggle={pick.chooseSeries} />
            ))}
          </div>
        </div>
      )}
    />
  );
}
