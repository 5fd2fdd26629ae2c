/**
 * 竞品监控's map panel (issue 49 §2, decision 297): 本品's share within the set by province (or, in a province or a
 * city, by city) on the page kit's map with its table, and beside it the places where that share rose and fell most on
 * the month before. Wholesale has no geography: the panel says so. The server's markup asks the browser to fetch the
 * map's geometry as it reads the page (a preload), so the map does not wait for hydration to start fetching it.
 */
import { useMemo } from 'react';

import { type CompetitorMonitor, type MonitorPlace, pointsCardText, sharePercentText } from '@car/contracts';
import { type AreaNode, mapIdOfNode, mapNodeOf } from '~/utils/area-drill';
import { mapUrlOf } from '~/utils/china-map';
import { shareMap, shareMovers } from '~/utils/competitor-monitor';
import { ChinaMap } from './ChinaMap';
import { PanelBusy } from './PanelBusy';

const MAP_HEIGHT = 420;

export function MonitorShareMap({ data, node, loading }: { data: CompetitorMonitor; node: AreaNode | null; loading: boolean }) {
  const { rows, measure } = useMemo(() => shareMap(data.places?.rows ?? []), [data.places]);
  const movers = useMemo(() => shareMovers(data.places?.rows ?? []), [data.places]);
  const unit = data.places?.level === 3 ? '城市' : '省份';
  const mapId = mapIdOfNode(mapNodeOf(node));
  return (
    <section className="panel monitor-map" aria-busy={loading} aria-label="本品组内份额地图">
      <header className="panel__head">
        <h3 className="panel__title">
          本品组内份额（{data.time}，按{unit}）
        </h3>
      </header>
      {data.places ? (
        <div className="monitor-map__body">
          {/* The same request as the map's own fetch (same address, mode and credentials), so that one answers both. */}
          <link rel="preload" href={mapUrlOf(mapId)} as="fetch" crossOrigin="anonymous" />
          <ChinaMap mapId={mapId} rows={rows} height={MAP_HEIGHT} measure={measure} table />
          <div className="monitor-movers">
            <MoverList title={`份额上升最多的${unit}`} places={movers.gains} />
            <MoverList title={`份额下降最多的${unit}`} places={movers.losses} />
          </div>
        </div>
      ) : (
        <p className="monitor-map__note">批发量数据没有地区维度：地图只适用于零售量，请在筛选条件中选择零售量。</p>
      )}
      <PanelBusy active={loading} />
    </section>
  );
}

function MoverList({ title, places }: { title: string; places: readonly MonitorPlace[] }) {
  return (
    <div className="monitor-movers__list">
      <h4>{title}</h4>
      {places.length === 0 ? (
        <p className="monitor-movers__none">无</p>
      ) : (
        <ol>
          {places.map((p) => (
            <li key={p.id}>
              <span>{p.name}</span>
              <span className={(p.shareChange ?? 0) > 0 ? 'is-up' : 'is-down'}>{pointsCardText(p.shareChange)}</span>
              <span className="monitor-movers__share">{sharePercentText(p.share)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
