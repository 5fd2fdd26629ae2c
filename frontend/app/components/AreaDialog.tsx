/**
 * 选择区域: the region → province → city hierarchy in three columns (getAreas, getProvinces, getCities).
 * Clicking a node chooses it (single select: clicking it again clears it) and lists its children in the
 * next column. The chosen item is {id, name, level}: a region is its id 1-7 (level 1), a province or city
 * its 6-digit code (level 2 / 3), which is what the area-market form sends as `area` and `level`.
 */
import { useEffect, useRef, useState } from 'react';

import { type AreaLevel, type AreaNode, type CityNode, type ProvinceNode } from '@car/contracts';
import { LoadStatus, PickListDialog, PickToggle, type PickDialogProps } from '~/components/PickListDialog';
import { sameItem, type PickItem } from '~/utils/pick-list';
import { fetchPickList, useListRequest } from '~/utils/pick-list-source';

interface Regions {
  areas: AreaNode[];
  provinces: ProvinceNode[];
}

/** A city's province: its code with the last four digits zeroed (440100 → 440000; 110000 is both). */
function provinceCodeOf(cityCode: number): number {
  return Math.floor(cityCode / 10_000) * 10_000;
}

export type AreaDialogProps = PickDialogProps;

export function AreaDialog({ title = '选择区域', ...props }: AreaDialogProps) {
  const { pick } = props;
  const { open, draft, confirmed } = pick.state;
  const regions = useListRequest<Regions>();
  const cities = useListRequest<CityNode[]>();
  const [regionId, setRegionId] = useState<number | null>(null);
  const [provinceId, setProvinceId] = useState<number | null>(null);

  // On opening: all regions and provinces (41 rows), then unfold the path to the confirmed node.
  useEffect(() => {
    if (!open) {
      regions.cancel();
      cities.cancel();
      return;
    }
    const chosen = confirmed.items[0];
    void regions
      .run(async (signal) => {
        const [areas, provinces] = await Promise.all([fetchPickList('areas', {}, signal), fetchPickList('provinces', {}, signal)]);
        return { areas, provinces };
      })
      .then((loaded) => {
        if (!loaded) return;
        const id = chosen ? Number(chosen.id) : NaN;
        const level = chosen?.level;
        const province =
          level === 2 ? loaded.provinces.find((p) => p.id === id) : level === 3 ? loaded.provinces.find((p) => p.id === provinceCodeOf(id)) : undefined;
        setRegionId(level === 1 ? id : (province?.areaId ?? null));
        setProvinceId(province?.id ?? null);
      });
    // Only an opening loads; the confirmed choice cannot change while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const { run: runCities, cancel: cancelCities } = cities;
  useEffect(() => {
    if (!open || provinceId === null) {
      cancelCities();
      return;
    }
    void runCities((signal) => fetchPickList('cities', { provinceId }, signal));
  }, [open, provinceId, runCities, cancelCities]);

  // Keyboard users land on the chosen node (or the first region) once the columns are there.
  const columns = useRef<HTMLDivElement>(null);
  const loaded = regions.data !== null && !regions.loading;
  useEffect(() => {
    if (!open || !loaded) return;
    const frame = requestAnimationFrame(() => {
      const root = columns.current;
      const modal = root?.closest('.ui.modal');
      if (!root || (modal?.querySelector('.content')?.contains(document.activeElement) ?? false)) return;
      (root.querySelector<HTMLElement>('.pick-toggle.is-chosen') ?? root.querySelector<HTMLElement>('.pick-toggle'))?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, loaded]);

  const choose = (item: PickItem) => pick.toggle(item, false);
  const node = (id: number, name: string, level: AreaLevel, expanded: boolean, onExpand: () => void) => (
    <PickToggle
      key={id}
      item={{ id, name, level }}
      chosen={draft.items.some((chosen) => sameItem(chosen, { id, name, level }))}
      className={expanded ? 'is-expanded' : undefined}
      onToggle={(item) => {
        choose(item);
        onExpand();
      }}
    />
  );

  const data = regions.data;
  const region = data?.areas.find((a) => a.id === regionId);
  const province = data?.provinces.find((p) => p.id === provinceId);
  const provinces = data && regionId !== null ? data.provinces.filter((p) => p.areaId === regionId) : [];

  return (
    <PickListDialog {...props} title={title} hint="选择大区、省份或城市中的一项，再次点击取消" size="large" multiple={false}>
      <LoadStatus loading={regions.loading} error={regions.error} onRetry={regions.retry} />
      {data && !regions.loading ? (
        <div className="pick-area" ref={columns}>
          <section tabIndex={-1} className="pick-area__column" aria-label="大区">
            <h4 className="pick-area__heading">大区</h4>
            {data.areas.map((a) =>
              node(a.id, a.name, 1, a.id === regionId, () => {
                setRegionId(a.id);
                setProvinceId(null);
              }),
            )}
          </section>
          <section tabIndex={-1} className="pick-area__column" aria-label={region ? `${region.name}的省份` : '省份'}>
            <h4 className="pick-area__heading">{region ? `${region.name} · 省份` : '省份'}</h4>
            {region ? (
              provinces.map((p) => node(p.id, p.name, 2, p.id === provinceId, () => setProvinceId(p.id)))
            ) : (
              <p className="pick-dialog__empty">请先选择大区</p>
            )}
          </section>
          <section tabIndex={-1} className="pick-area__column" aria-label={province ? `${province.name}的城市` : '城市'}>
            <h4 className="pick-area__heading">{province ? `${province.name} · 城市` : '城市'}</h4>
            {province ? (
              <>
                <LoadStatus loading={cities.loading} error={cities.error} onRetry={cities.retry} />
                {!cities.loading && !cities.error ? (cities.data ?? []).map((c) => node(c.id, c.name, 3, false, () => undefined)) : null}
              </>
            ) : (
              <p className="pick-dialog__empty">请先选择省份</p>
            )}
          </section>
        </div>
      ) : null}
    </PickListDialog>
  );
}
